import { expect } from '@open-wc/testing';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-scene.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collectErrors } from '../helpers/character.js';
import { blobUrl } from '../helpers/glb.js';
import { boxGlb } from '../helpers/shape-glb.js';
import { silhouette } from '../helpers/silhouette.js';

/** A fully metallic, fairly smooth box in the README's quick-start markup. */
async function metalScene(): Promise<{ scene: AnimScene; hero: AnimCharacter }> {
  const host = document.createElement('div');
  host.style.width = '320px';
  document.body.append(host);
  host.innerHTML = `<anim-scene shadows ground controls style="height: 240px"><anim-character></anim-character></anim-scene>`;
  const scene = host.querySelector<AnimScene>('anim-scene')!;
  const hero = host.querySelector<AnimCharacter>('anim-character')!;
  scene.paused = true;
  hero.src = blobUrl(boxGlb({ size: [0.6, 0.6, 0.6], metalness: 1, roughness: 0.3, color: [0.9, 0.9, 0.9] }));
  await hero.ready;
  return { scene, hero };
}

/** Mean brightness (0–255) below which a surface reads as black. */
const LIT = 40;

describe('light: a neutral environment by default', () => {
  it('lights a fully metallic model (metalness 1, roughness 0.3); without the environment it is near black', async () => {
    const { scene } = await metalScene();
    scene.step(0);
    const lit = silhouette(scene.stage!)!.brightness;
    scene.environmentImage = 'none';
    await scene.updateComplete;
    scene.step(0);
    const bare = silhouette(scene.stage!)!.brightness;
    console.log('metal brightness', JSON.stringify({ neutral: lit, none: bare }));
    expect(lit).to.be.above(LIT);
    // the check above is one that fails without the environment: metal reflects only what surrounds it
    expect(bare).to.be.below(LIT);
    scene.environmentImage = null;
    await scene.updateComplete;
    scene.step(0);
    expect(silhouette(scene.stage!)!.brightness).to.be.closeTo(lit, 1);
    scene.parentElement!.remove();
  });

  it('a bad environment-image URL (missing, or no URL): one load-failed naming it, and the scene keeps drawing with the neutral room', async () => {
    const { scene } = await metalScene();
    const errors = collectErrors(scene);
    const warn = console.warn;
    console.warn = () => {};
    try {
      for (const url of ['/no/such/sky.hdr', 'http://[']) {
        const before = errors.length;
        scene.environmentImage = url;
        await scene.updateComplete;
        for (let i = 0; i < 50 && errors.length === before; i++) await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      console.warn = warn;
    }
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed', 'load-failed']);
    expect(errors[0].message).to.include('/no/such/sky.hdr');
    expect(errors[1].message).to.include('http://[');
    scene.step(0);
    expect(scene.stage!.scene.environment).to.not.equal(null);
    expect(silhouette(scene.stage!)!.brightness).to.be.above(LIT);
    scene.parentElement!.remove();
  });

  it('tone-mapping, exposure and shadow-intensity reach the stage look and the key light', async () => {
    const { scene } = await metalScene();
    const { look, lights } = scene.stage!;
    scene.toneMapping = 'aces';
    scene.exposure = 1.4;
    scene.shadowIntensity = 0.25;
    await scene.updateComplete;
    expect(look.toneMapping).to.equal(4); // ACESFilmicToneMapping
    expect(look.exposure).to.equal(1.4);
    expect(lights.key.shadow.intensity).to.equal(0.25);
    scene.removeAttribute('tone-mapping');
    scene.toneMapping = null;
    await scene.updateComplete;
    expect(look.toneMapping).to.equal(7); // NeutralToneMapping
    scene.parentElement!.remove();
  });
});
