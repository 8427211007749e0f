import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimPlayDetail } from '../../src/elements/character-events.js';
import { collect, MANNEQUIN } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const DT = 1 / 60;
/** Frames the get-up clip takes to fade in from the lying pose (0.3 s), and a few more. */
const FADE_FRAMES = 24;

/** The way a bone's front (+Z at rest: the mannequin's joints rest unrotated) points, world space. */
function forwardOf(character: AnimCharacter, bone: string): [number, number, number] {
  const m = character.boneMatrix(bone)!;
  const length = Math.hypot(m[8], m[9], m[10]);
  return [m[8] / length, m[9] / length, m[10] / length];
}

/** A mannequin on the ground knocked down with `velocity`, stepped until its ragdoll has settled. */
async function knockedDown(velocity: [number, number, number]) {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused ground camera-orbit="0deg 20deg 8m" style="width: 320px; height: 240px"></anim-scene>`,
  );
  scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="idle"></anim-character>`;
  const character = scene.querySelector('anim-character')!;
  await character.ready;
  // a second of idle first, so that the fall starts from a pose in motion as it would in a game
  for (let f = 0; f < 60; f++) scene.step(DT);
  await character.ragdoll({ velocity });
  const ragdoll = internals(character).ragdoll!;
  for (let f = 0; f < 600 && ragdoll.status === 'active'; f++) scene.step(DT);
  expect(ragdoll.status, 'settled').to.equal('settled');
  return { scene, character };
}

/** Gets up and records, frame by frame over the fade, how far up the chest and the pelvis face. */
function getUpAndWatch(scene: AnimScene, character: AnimCharacter) {
  const plays = collect<AnimPlayDetail>(character, 'anim-play');
  character.getUp();
  const clip = internals(character).rig!.currentClip;
  const chestUp: number[] = [];
  const hipsUp: number[] = [];
  for (let f = 0; f < FADE_FRAMES; f++) {
    scene.step(DT);
    chestUp.push(forwardOf(character, 'Chest')[1]);
    hipsUp.push(forwardOf(character, 'Hips')[1]);
  }
  return { clip, plays: plays.map((p) => p.clip), chestUp, hipsUp };
}

describe('getting up from a ragdoll, face down or face up', () => {
  it('lands face down when tripped forward, plays get-up-front, and never rolls over while it fades in', async () => {
    // thrown forward (the mannequin faces +Z) and down: the feet catch, the body pitches onto its front
    const { scene, character } = await knockedDown([0, -1, 3]);
    const lying = { chest: forwardOf(character, 'Chest')[1], hips: forwardOf(character, 'Hips')[1] };
    expect(lying.chest, 'the chest faces the ground').to.be.below(-0.5);
    expect(lying.hips, 'the pelvis faces the ground').to.be.below(-0.5);
    const { clip, plays, chestUp, hipsUp } = getUpAndWatch(scene, character);
    expect(clip).to.equal('get-up-front');
    expect(plays).to.deep.equal(['get-up-front']);
    // get-up (lying face up) would turn the chest from the ground to the sky over these frames
    const worst = Math.max(...chestUp);
    console.log(
      `face down: lying chest·up ${lying.chest.toFixed(2)}; over the fade the chest·up stays ≤ ${worst.toFixed(2)}, the pelvis ≤ ${Math.max(...hipsUp).toFixed(2)}`,
    );
    for (const [f, up] of chestUp.entries()) expect(up, `chest at fade frame ${f}`).to.be.below(-0.3);
    for (const [f, up] of hipsUp.entries()) expect(up, `pelvis at fade frame ${f}`).to.be.below(-0.3);
  });

  it('lands face up when pushed backward and plays get-up, the chest facing the sky over the fade', async () => {
    const { scene, character } = await knockedDown([0, 0, -2.5]);
    expect(forwardOf(character, 'Chest')[1], 'the chest faces the sky').to.be.above(0.5);
    const { clip, plays, chestUp } = getUpAndWatch(scene, character);
    expect(clip).to.equal('get-up');
    expect(plays).to.deep.equal(['get-up']);
    for (const [f, up] of chestUp.entries()) expect(up, `chest at fade frame ${f}`).to.be.above(0.3);
  });
});
