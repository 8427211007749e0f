import { expect } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-scene.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { bindClip } from '../../src/runtime/index.js';
import { animatedBounds } from '../../src/scene/animated-bounds.js';
import { blobUrl } from '../helpers/glb.js';
import { internals } from '../helpers/internals.js';
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

/** Grows `union` (null at first) by one frame's silhouette, after checking that it touches no edge. */
function unite(union: Silhouette | null, shape: Silhouette | null, what: string): Silhouette {
  expect(shape, `${what}: nothing drawn`).to.not.equal(null);
  expect(shape!.touchesEdge, `${what}: touches an edge ${JSON.stringify(shape)}`).to.equal(false);
  if (!union) return { ...shape! };
  const top = Math.min(union.top, shape!.top);
  const bottom = Math.max(union.bottom, shape!.bottom);
  const left = Math.min(union.left, shape!.left);
  const right = Math.max(union.right, shape!.right);
  return { ...union, top, bottom, left, right, height: bottom - top, width: right - left };
}

/** Clips checked per model (evenly picked), and moments per clip (the last past its loop seam). */
const MAX_CLIPS = 8;
const STEPS = 3;

/**
 * Plays the model's clips in the quick-start markup and checks the framing: no frame touches an edge, and
 * the model's projected bounds over its animation (the union of every frame's) fill 30–95% of the view's
 * height (of its width, for a model wider than the view's shape). Returns the fill and the time the
 * animated bounds took.
 */
async function checkModel(src: string, name: string): Promise<{ height: number; width: number; boundsMs: number }> {
  const { scene, hero } = await quickStartScene(src, null);
  const stage = scene.stage!;
  const rig = internals(hero).rig!;
  const { asset } = rig.binding;
  const start = performance.now();
  const bound = asset.clips.map((clip) => bindClip(clip, asset.skeleton, asset.morphs));
  animatedBounds(rig.binding, bound, { rootJoint: rig.rootMotion.joint });
  const boundsMs = performance.now() - start;
  scene.step(0);
  let union = unite(null, silhouette(stage), `${name} at rest`);
  const clips = hero.clips;
  const picked = clips.filter((_, i) => clips.length <= MAX_CLIPS || i % Math.ceil(clips.length / MAX_CLIPS) === 0);
  for (const clip of picked) {
    hero.play(clip, { fade: 0 });
    const duration = hero.duration || 1;
    scene.step(0);
    for (let i = 0; i < STEPS; i++) {
      scene.step((duration * 1.2) / STEPS);
      union = unite(union, silhouette(stage), `${name} "${clip}" at step ${i}`);
    }
  }
  const fill = Math.max(union.height, union.width);
  expect(fill, `${name}: fill ${fill.toFixed(2)} ${JSON.stringify(union)}`).to.be.within(0.3, 0.95);
  return { height: round(union.height), width: round(union.width), boundsMs: round(boundsMs) };
}

const round = (v: number) => Math.round(v * 1000) / 1000;

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

  for (const file of ['HorseMorph.glb', 'Soldier.glb', 'Xbot.glb', 'FoxTake.glb']) {
    itIf(shared)(`the shared ${file}`, async () => {
      figures[file] = await checkModel(`${SHARED}${file}`, file);
    });
  }

  it('a morph-only mesh is framed at its largest morph once its clip plays (at rest before)', async () => {
    const { scene, hero } = await quickStartScene(blobUrl(boxGlb({ size: [0.5, 0.4, 0.5], morph: 3 })), null);
    expect(scene.stage!.frameBounds.max.y, 'at rest').to.be.closeTo(0.4, 1e-3);
    hero.play(hero.clips[0]);
    // rest height 0.4 m, stretched by 3 × 0.4 m more at the clip's peak
    expect(scene.stage!.frameBounds.max.y).to.be.closeTo(1.6, 1e-3);
  });
});
