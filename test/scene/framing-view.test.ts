import { expect } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-scene.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { blobUrl } from '../helpers/glb.js';
import { boxGlb } from '../helpers/shape-glb.js';
import { itIf, MODELS, SHARED, sharedModelsPresent } from '../helpers/shared-models.js';
import { type Silhouette, silhouette } from '../helpers/silhouette.js';

let mounted: { scene: AnimScene; hero: AnimCharacter } | undefined;

/**
 * The README's quick-start scene (the `<anim-scene>` and its `<anim-character>`), with `src` and `clip`
 * swapped; one scene for the whole file (a new stage would compile every shader again).
 */
async function quickStartScene(src: string, clip: string | null): Promise<{ scene: AnimScene; hero: AnimCharacter }> {
  if (mounted) {
    mounted.hero.clip = clip;
    mounted.hero.src = src;
    await mounted.hero.ready;
    return mounted;
  }
  const readme = await (await fetch('/README.md')).text();
  const section = readme.slice(readme.indexOf('## Quick start'));
  const markup = /<anim-scene[\s\S]*?<\/anim-scene>/.exec(section)![0];
  const host = document.createElement('div');
  host.style.width = '760px';
  document.body.append(host);
  host.innerHTML = markup;
  const scene = host.querySelector<AnimScene>('anim-scene')!;
  const hero = host.querySelector<AnimCharacter>('anim-character')!;
  scene.paused = true;
  hero.src = src;
  hero.clip = clip;
  await hero.ready;
  mounted = { scene, hero };
  return mounted;
}

/** The view must hold the model: 30–95% of the height (or, for a wide model, of the width), no edge touched. */
function expectFramed(shape: Silhouette | null, what: string): void {
  expect(shape, `${what}: nothing drawn`).to.not.equal(null);
  const fill = Math.max(shape!.height, shape!.width);
  expect(fill, `${what}: fill ${fill.toFixed(2)}`).to.be.within(0.3, 0.95);
  expect(shape!.touchesEdge, `${what}: touches an edge ${JSON.stringify(shape)}`).to.equal(false);
}

/**
 * Plays every clip of the model in the quick-start markup and checks the framing at several moments of each
 * (and past its loop seam); returns the smallest and largest height fill seen.
 */
async function checkModel(src: string, name: string): Promise<{ min: number; max: number; fitMs: number }> {
  const start = performance.now();
  const { scene, hero } = await quickStartScene(src, null);
  const fitMs = performance.now() - start;
  const stage = scene.stage!;
  scene.step(0);
  expectFramed(silhouette(stage), `${name} at rest`);
  let min = 1;
  let max = 0;
  for (const clip of hero.clips) {
    hero.play(clip, { fade: 0 });
    const duration = hero.duration || 1;
    scene.step(0);
    for (let i = 0; i < 4; i++) {
      scene.step((duration * 1.25) / 4);
      const shape = silhouette(stage);
      expectFramed(shape, `${name} "${clip}" at step ${i}`);
      min = Math.min(min, shape!.height);
      max = Math.max(max, shape!.height);
    }
  }
  return { min, max, fitMs };
}

const shared = await sharedModelsPresent();

describe('framing: any model fits the quick-start view', () => {
  const figures: Record<string, unknown> = {};
  after(() => {
    console.log('framing figures', JSON.stringify(figures));
    mounted?.scene.parentElement?.remove();
  });

  const cases: [string, () => string][] = [
    ['mannequin (metres)', () => MODELS.mannequin],
    ['mixamo-style rig (centimetres under a 0.01 armature)', () => MODELS.mixamo],
    ['unreal-style rig (centimetres)', () => MODELS.unreal],
    ['Fox (centimetre-like units)', () => MODELS.fox],
    ['RobotExpressive', () => MODELS.robot],
    ['a morph-only mesh', () => blobUrl(boxGlb({ size: [0.5, 0.4, 0.5], morph: 3 }))],
    ['a tall thin model', () => blobUrl(boxGlb({ size: [0.1, 6, 0.1] }))],
    ['a wide flat model', () => blobUrl(boxGlb({ size: [8, 0.3, 3] }))],
    [
      'a centimetre box centred on the origin',
      () => blobUrl(boxGlb({ size: [40, 120, 30], scale: 0.01, standing: false })),
    ],
    ['a 200 m tower', () => blobUrl(boxGlb({ size: [30, 200, 30] }))],
  ];
  for (const [name, url] of cases) {
    it(name, async () => {
      figures[name] = await checkModel(url(), name);
    });
  }

  itIf(shared)('the shared models: horse (morph-only), soldier (0.01 armature), Xbot, the fox take', async () => {
    for (const file of ['HorseMorph.glb', 'Soldier.glb', 'Xbot.glb', 'FoxTake.glb']) {
      figures[file] = await checkModel(`${SHARED}${file}`, file);
    }
  });

  it('a morph-only mesh is framed at its largest morph, not at rest', async () => {
    const { scene } = await quickStartScene(blobUrl(boxGlb({ size: [0.5, 0.4, 0.5], morph: 3 })), null);
    const bounds = scene.stage!.frameBounds;
    // rest height 0.4 m, stretched by 3 × 0.4 m more at the clip's peak
    expect(bounds.max.y).to.be.closeTo(1.6, 1e-3);
  });
});
