import { expect, fixture, html } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collectErrors, MANNEQUIN, settle } from './character.js';
import { internals } from './internals.js';
import { imagePixels } from './pixels.js';

/**
 * A paused, shadowed scene with `count` characters of `src` in a row, a metre apart, instanced where they
 * can be; resolves when all are posed. `clip` is what they play (the mannequin's walk by default).
 */
export async function mountRow(count: number, attributes = '', sceneAttributes = '', src = MANNEQUIN, clip = 'walk') {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused shadows ground style="width: 320px; height: 240px"></anim-scene>`,
  );
  for (const [name, value] of sceneAttributes ? [sceneAttributes.split('=')] : []) scene.setAttribute(name, value);
  const errors = collectErrors(scene);
  scene.cameraOrbit = '0deg 10deg 9m';
  scene.innerHTML = Array.from(
    { length: count },
    (_, i) =>
      `<anim-character src="${src}" clip="${clip}" position="${i - (count - 1) / 2} 0 0" ${attributes} instancing="auto"></anim-character>`,
  ).join('');
  const characters = [...scene.querySelectorAll('anim-character')] as AnimCharacter[];
  await Promise.all(characters.map((c) => c.ready));
  await settle();
  // a redraw with every character on the stage (the batches pick their rows in a frame)
  scene.step(0);
  return { scene, characters, errors };
}

/**
 * Every character below the level-of-detail thresholds: the nearest is posed every frame, the others every
 * 4th. Returns one of those, on a frame it was posed.
 */
export function quarterRate(scene: AnimScene, characters: readonly AnimCharacter[]): AnimCharacter {
  scene.stage!.setLod({ enabled: true, full: 1, half: 1 });
  scene.step(1 / 60);
  const far = characters.find((c) => internals(c).rig!.tier === 'quarter')!;
  const rig = internals(far).rig!;
  for (let f = 0; f < 4 && !rig.posed; f++) scene.step(1 / 60);
  return far;
}

/** The draw calls of a redraw of the scene. */
export function drawCalls(scene: AnimScene): number {
  scene.step(0);
  return scene.stage!.renderer.info.render.calls;
}

/**
 * The same pose drawn both ways: a picture with only `instanced` shown, one with only `alone`, compared.
 * `covered` counts the pixels where the second differs from its background (its top-left pixel), `differing`
 * those where the two pictures differ by more than 24 in a channel.
 */
async function compareDrawn(
  scene: AnimScene,
  instanced: AnimCharacter,
  alone: AnimCharacter,
): Promise<{ covered: number; differing: number }> {
  const rootOf = (character: AnimCharacter) => internals(character).rig!.root;
  rootOf(alone).visible = false;
  scene.step(0);
  const a = await imagePixels(scene.screenshot());
  rootOf(alone).visible = true;
  rootOf(instanced).visible = false;
  scene.step(0);
  const b = await imagePixels(scene.screenshot());
  rootOf(instanced).visible = true;
  let differing = 0;
  let covered = 0;
  const background = [b.data[0], b.data[1], b.data[2]];
  for (let i = 0; i < b.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i] - b.data[i]),
      Math.abs(a.data[i + 1] - b.data[i + 1]),
      Math.abs(a.data[i + 2] - b.data[i + 2]),
    );
    if (Math.abs(b.data[i] - background[0]) + Math.abs(b.data[i + 2] - background[2]) > 30) covered++;
    if (d > 24) differing++;
  }
  return { covered, differing };
}

/**
 * Expects `instanced` and `alone` (posed alike) to draw the same picture: no more than 0.2% of the pixels
 * `alone` covers differ (measured: none; a pixel on a silhouette may still round differently between two draws).
 */
export async function expectDrawnAlike(scene: AnimScene, instanced: AnimCharacter, alone: AnimCharacter, what: string) {
  const { covered, differing } = await compareDrawn(scene, instanced, alone);
  expect(covered, `${what} shows`).to.be.greaterThan(200);
  console.log(`${what} instanced vs alone: ${differing} of ${covered} covered pixels differ by more than 24`);
  expect(differing / covered, 'pixels that differ').to.be.lessThan(0.002);
}
