import type { AnimFootIk } from '../../src/elements/anim-foot-ik.js';
import '../../src/elements/anim-foot-ik.js';
import type { AnimIk } from '../../src/elements/anim-ik.js';
import '../../src/elements/anim-ik.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import '../../src/elements/anim-model.js';
import { heading, slider } from '../controls.js';
import { ballMesh, dragObject, dress, followPointer, terrainMesh, walkBackAndForth } from '../ik-scenery.js';
import type { DemoContext, DemoSection } from '../section.js';

const BALL_HOME: [number, number, number] = [0.45, 1.15, 0.35];

/**
 * IK: the head and spine look at the pointer, the left arm reaches for a ball you drag, and a walk over a
 * ramp and steps with the feet planted by foot IK. Everything is markup on the character (`<anim-ik>`,
 * `<anim-foot-ik>`) and the scenery (`<anim-model ground>`); this section only moves targets.
 */
export const ikSection: DemoSection = {
  id: 'ik',
  title: 'IK',
  enter({ scene, character, panel }: DemoContext) {
    const was = { clip: character.clip, position: character.position, heading: character.heading };
    const added: Element[] = [];
    const add = <T extends Element>(parent: Element, markup: string): T => {
      parent.insertAdjacentHTML('beforeend', markup);
      const el = parent.lastElementChild as T;
      added.push(el);
      return el;
    };

    const gaze = add<AnimModel>(scene, '<anim-model id="ik-gaze" position="0 1.5 1.2"></anim-model>');
    const ball = add<AnimModel>(scene, `<anim-model id="ik-ball" position="${BALL_HOME.join(' ')}"></anim-model>`);
    dress(ball.object3D, () => ballMesh());
    const terrain = add<AnimModel>(scene, '<anim-model id="ik-terrain" ground></anim-model>');
    const look = add<AnimIk>(
      character,
      '<anim-ik bones="Spine..Head" solver="look-at" target="#ik-gaze" limits="natural" max-angle="75deg"></anim-ik>',
    );
    const reach = add<AnimIk>(
      character,
      '<anim-ik chain="LeftUpperArm LeftLowerArm LeftHand" target="#ik-ball" pole="0 -0.6 -1"></anim-ik>',
    );
    const feet = add<AnimFootIk>(character, '<anim-foot-ik></anim-foot-ik>');

    const stopGaze = followPointer(scene, (x, y, z) => {
      gaze.position = [x, y, z];
    });
    const stopDrag = dragObject(scene, ball.object3D, (x, y, z) => {
      ball.position = [x, y, z];
    });

    let stopWalk: (() => void) | null = null;
    const walkToggle = document.createElement('label');
    walkToggle.className = 'control';
    const walkName = document.createElement('span');
    walkName.className = 'control-name';
    walkName.textContent = 'Walk the ramp and steps';
    const walkBox = document.createElement('input');
    walkBox.type = 'checkbox';
    walkBox.addEventListener('change', () => {
      stopWalk?.();
      stopWalk = null;
      terrain.object3D.clear();
      if (walkBox.checked) {
        terrain.object3D.add(terrainMesh());
        scene.stage?.contentChanged();
        ball.object3D.visible = false;
        reach.weight = 0;
        character.play('walk-inplace');
        stopWalk = walkBackAndForth(scene, character);
      } else {
        scene.stage?.contentChanged();
        ball.object3D.visible = true;
        reach.weight = reachWeight.input.valueAsNumber;
        character.play(was.clip ?? 'idle');
        character.position = was.position;
        character.heading = was.heading;
      }
    });
    walkToggle.append(walkName, walkBox);

    const lookWeight = slider({
      label: 'Look weight',
      min: 0,
      max: 1,
      step: 0.05,
      value: 1,
      format: (v) => v.toFixed(2),
      onInput: (v) => {
        look.weight = v;
      },
    });
    const reachWeight = slider({
      label: 'Reach weight',
      min: 0,
      max: 1,
      step: 0.05,
      value: 1,
      format: (v) => v.toFixed(2),
      onInput: (v) => {
        if (!walkBox.checked) reach.weight = v;
      },
    });
    const pelvis = slider({
      label: 'Pelvis drop limit',
      min: 0,
      max: 0.5,
      step: 0.01,
      value: feet.pelvisLimit,
      format: (v) => `${Math.round(v * 100)} cm`,
      onInput: (v) => {
        feet.pelvisLimit = v;
      },
    });
    const hint = document.createElement('p');
    hint.className = 'section-hint';
    hint.textContent = 'The head follows the pointer; drag the red ball and the left hand follows it.';

    panel.append(
      heading('Look and reach'),
      hint,
      lookWeight.root,
      reachWeight.root,
      heading('Foot IK'),
      walkToggle,
      pelvis.root,
    );
    return () => {
      stopWalk?.();
      stopGaze();
      stopDrag();
      for (const el of added) el.remove();
      scene.stage?.contentChanged();
      character.play(was.clip ?? 'idle');
      character.position = was.position;
      character.heading = was.heading;
    };
  },
};
