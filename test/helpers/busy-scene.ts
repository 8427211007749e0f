/**
 * A scene with every per-frame part running (a state graph, foot IK, an IK chain, cloth, a ragdoll-ready
 * character, a third-person controller with its spring arm, a scenery collider): what the allocation tests
 * step through steady frames.
 */
import { fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-controller.js';
import '../../src/elements/anim-foot-ik.js';
import '../../src/elements/anim-ik.js';
import '../../src/elements/anim-cloth.js';
import '../../src/elements/anim-model.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimCloth } from '../../src/elements/anim-cloth.js';
import type { AnimController } from '../../src/elements/anim-controller.js';
import type { AnimIk } from '../../src/elements/anim-ik.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { startPhysics } from '../../src/scene/physics.js';
import { collectErrors, MANNEQUIN, settle } from './character.js';

export async function busyScene() {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused ground camera-orbit="0deg 20deg 9m" style="width: 48px; height: 32px"></anim-scene>`,
  );
  const errors = collectErrors(scene);
  scene.innerHTML = `
    <anim-model src="${MANNEQUIN}" collider position="-3 0 3"></anim-model>
    <anim-character id="player" src="${MANNEQUIN}">
      <anim-controller></anim-controller>
      <anim-foot-ik></anim-foot-ik>
    </anim-character>
    <anim-character id="dancer" src="${MANNEQUIN}" graph="locomotion" position="1.5 0 0">
      <anim-foot-ik></anim-foot-ik>
      <anim-ik bones="LeftUpperArm..LeftHand" target="2 1.5 0.5"></anim-ik>
      <anim-cloth mesh="Cape" pin="top 0.05"></anim-cloth>
    </anim-character>
    <anim-character id="faller" src="${MANNEQUIN}" clip="idle" position="-1.5 0 0"></anim-character>`;
  const characters = [...scene.querySelectorAll('anim-character')] as AnimCharacter[];
  await Promise.all(characters.map((c) => c.ready));
  const controller = scene.querySelector<AnimController>('anim-controller')!;
  await controller.ready;
  const physics = await startPhysics(scene.stage!);
  await settle();
  // the cloth and the chain bind once their code has arrived
  for (const part of scene.querySelectorAll<AnimCloth | AnimIk>('anim-cloth, anim-ik')) await part.updateComplete;
  return { scene, errors, characters, controller, physics };
}
