import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-ik.js';
import '../../src/elements/anim-model.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import { type AnimIk, ikCode } from '../../src/elements/anim-ik.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

const DT = 1 / 60;
const ARM = ['LeftUpperArm', 'LeftLowerArm', 'LeftHand'];

/**
 * A paused scene with two characters playing the same clip from the same spot: `subject` gets the IK under
 * test, `twin` never does, so the twin's bones are the subject's FK pose, frame for frame (and the twin is
 * the neighbour that must keep animating whatever the subject is given).
 */
async function twins(clip: string, place = 'position="0.4 0 -0.2" heading="35"') {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
  scene.innerHTML = `
    <anim-character id="subject" src="${MANNEQUIN}" clip="${clip}" ${place}></anim-character>
    <anim-character id="twin" src="${MANNEQUIN}" clip="${clip}" ${place}></anim-character>`;
  const subject = scene.querySelector<AnimCharacter>('#subject')!;
  const twin = scene.querySelector<AnimCharacter>('#twin')!;
  await Promise.all([subject.ready, twin.ready]);
  await settle();
  const errors = collectErrors(scene);
  /** Adds an `<anim-ik>` (attributes as markup) to the subject; resolves once it is bound. */
  const addIk = async (attributes: string): Promise<{ ik: AnimIk; errors: AnimErrorDetail[] }> => {
    subject.insertAdjacentHTML('beforeend', `<anim-ik ${attributes}></anim-ik>`);
    const ik = subject.lastElementChild as AnimIk;
    const own = collectErrors(ik);
    await ik.updateComplete;
    await settle();
    return { ik, errors: own };
  };
  return { scene, subject, twin, errors, addIk };
}

function position(character: AnimCharacter, bone: string): number[] {
  const m = character.boneMatrix(bone)!;
  return [m[12], m[13], m[14]];
}

function distance(a: number[], b: number[]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Largest difference between two characters' world matrices over every bone. */
function poseDifference(a: AnimCharacter, b: AnimCharacter): number {
  let most = 0;
  for (const bone of a.bones) {
    const ma = a.boneMatrix(bone)!;
    const mb = b.boneMatrix(bone)!;
    for (let i = 0; i < 16; i++) most = Math.max(most, Math.abs(ma[i] - mb[i]));
  }
  return most;
}

/** The angle (degrees) between bone's axis (column 0–2 of its world matrix) and the direction to a point. */
function aimError(character: AnimCharacter, bone: string, column: number, point: number[]): number {
  const m = character.boneMatrix(bone)!;
  const axis = [m[column * 4], m[column * 4 + 1], m[column * 4 + 2]];
  const to = [point[0] - m[12], point[1] - m[13], point[2] - m[14]];
  const cos =
    (axis[0] * to[0] + axis[1] * to[1] + axis[2] * to[2]) /
    (Math.hypot(axis[0], axis[1], axis[2]) * Math.hypot(to[0], to[1], to[2]));
  return (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI;
}

describe('<anim-ik>', () => {
  // first in this file: no chain has fetched the solvers' code yet
  it("fetches the solvers' code when a chain connects; a failed fetch is one load-failed, a new chain tries again", async () => {
    performance.clearResourceTimings();
    const fetched = () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('ik-chain-driver')).length;
    expect(ikCode.loaded, 'not loaded by a page without chains').to.equal(undefined);
    const { scene, subject, twin, addIk } = await twins('idle');
    const fetch = ikCode.fetch;
    ikCode.fetch = () => Promise.reject(new Error('offline'));
    const shoulder = position(twin, 'LeftUpperArm');
    const target = [shoulder[0] + 0.2, shoulder[1] - 0.25, shoulder[2] + 0.25];
    const { ik, errors } = await addIk(`chain="${ARM.join(' ')}" target="${target.join(' ')}"`);
    ikCode.fetch = fetch;
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
    expect(errors[0].message).to.contain('IK').and.to.contain('offline');
    const time = twin.time;
    for (let f = 0; f < 3; f++) scene.step(DT);
    expect(twin.time, 'the characters animate on').to.be.closeTo(time + 3 * DT, 1e-6);
    expect(poseDifference(subject, twin), 'no IK without its code').to.be.below(1e-6);
    expect(ikCode.loaded, 'not tried again by the frames').to.equal(undefined);

    ik.setAttribute('solver', 'fabrik');
    await ik.updateComplete;
    expect(fetched(), 'fetched for the new chain').to.equal(1);
    scene.step(DT);
    expect(distance(position(subject, 'LeftHand'), target), 'the hand reaches once bound').to.be.below(0.001);
    expect(errors).to.have.length(1);
  });

  describe('two-bone', () => {
    it('puts the mannequin’s hand on every reachable target within 1 mm, in a moved and turned character', async () => {
      const { scene, subject, twin, addIk } = await twins('idle');
      const { ik, errors } = await addIk(`chain="${ARM.join(' ')}" target="0 0 0"`);
      expect(errors).to.deep.equal([]);
      const offsets = [
        [0.2, -0.25, 0.25],
        [0.35, 0.1, 0.05],
        [-0.1, -0.3, 0.3],
        [0.15, 0.3, -0.2],
        [0.05, -0.45, 0.1],
      ];
      for (const offset of offsets) {
        scene.step(DT);
        // offsets from the animated shoulder (the twin's), so every target is within the arm's 0.53 m
        const shoulder = position(twin, 'LeftUpperArm');
        const target = shoulder.map((v, k) => v + offset[k]);
        ik.target = target;
        scene.step(DT);
        const hand = position(subject, 'LeftHand');
        expect(distance(hand, target), `hand to ${target.map((v) => v.toFixed(3))}`).to.be.below(0.001);
        expect(ik.reached).to.equal(true);
        expect(distance(position(twin, 'LeftHand'), target), 'the animated hand is elsewhere').to.be.above(0.05);
      }
    });

    it('follows an <anim-model> by selector as it moves, and keeps the bones’ lengths', async () => {
      const { scene, subject, twin, addIk } = await twins('idle', '');
      scene.insertAdjacentHTML('beforeend', '<anim-model id="ball" position="0.45 1.1 0.3"></anim-model>');
      const ball = scene.querySelector<AnimModel>('#ball')!;
      await ball.updateComplete;
      await addIk(`bones="LeftUpperArm..LeftHand" target="#ball" pole="0 -0.5 -1"`);
      for (const p of [
        [0.45, 1.1, 0.3],
        [0.3, 1.5, 0.35],
        [0.55, 1.3, -0.1],
      ]) {
        ball.position = p;
        await ball.updateComplete;
        scene.step(DT);
        expect(distance(position(subject, 'LeftHand'), p)).to.be.below(0.001);
        const upper = distance(position(subject, 'LeftUpperArm'), position(subject, 'LeftLowerArm'));
        const twinUpper = distance(position(twin, 'LeftUpperArm'), position(twin, 'LeftLowerArm'));
        expect(upper).to.be.closeTo(twinUpper, 1e-4);
      }
    });

    it('bends the elbow toward the pole direction, in the character’s own frame', async () => {
      const { scene, subject, twin, addIk } = await twins('idle', 'heading="90"');
      const { ik } = await addIk(`chain="${ARM.join(' ')}" target="0 0 0" pole="0 -1 0"`);
      scene.step(DT);
      const shoulder = position(twin, 'LeftUpperArm');
      // straight out to the character's left (world −Z once turned 90°), 0.4 m: the elbow must bend
      ik.target = [shoulder[0], shoulder[1], shoulder[2] - 0.4];
      scene.step(DT);
      expect(position(subject, 'LeftLowerArm')[1], 'elbow below the shoulder').to.be.below(shoulder[1] - 0.1);
      ik.pole = '0 1 0';
      scene.step(DT);
      expect(position(subject, 'LeftLowerArm')[1], 'elbow above the shoulder').to.be.above(shoulder[1] + 0.1);
    });

    for (const solver of ['fabrik', 'ccd']) {
      it(`a ${solver} chain bends toward its pole too`, async () => {
        const { scene, subject, twin, addIk } = await twins('idle', 'heading="90"');
        const { ik } = await addIk(`chain="${ARM.join(' ')}" solver="${solver}" target="0 0 0" pole="0 -1 0"`);
        scene.step(DT);
        const shoulder = position(twin, 'LeftUpperArm');
        ik.target = [shoulder[0], shoulder[1], shoulder[2] - 0.4];
        scene.step(DT);
        expect(position(subject, 'LeftLowerArm')[1], 'elbow below the shoulder').to.be.below(shoulder[1] - 0.1);
        expect(distance(position(subject, 'LeftHand'), ik.target as number[]), 'the hand on the target').to.be.below(
          0.01,
        );
        ik.pole = '0 1 0';
        scene.step(DT);
        expect(position(subject, 'LeftLowerArm')[1], 'elbow above the shoulder').to.be.above(shoulder[1] + 0.1);
      });
    }
  });

  describe('look-at', () => {
    it('turns the head toward a target it could not see in the animation', async () => {
      const { scene, subject, twin, addIk } = await twins('idle');
      const { ik } = await addIk('bones="Spine..Head" solver="look-at" target="0 0 0"');
      scene.step(DT);
      // up, out to the character's left and a little ahead, 2 m away
      const head = position(twin, 'Head');
      const m = twin.boneMatrix('Head')!;
      const target = [0, 1, 2].map((k) => head[k] + 1.6 * m[k] + 0.7 * m[4 + k] + 0.8 * m[8 + k]);
      ik.target = target;
      scene.step(DT);
      // the mannequin's head looks along its own +Z (column 2)
      expect(aimError(twin, 'Head', 2, target), 'the animated head looks elsewhere').to.be.above(30);
      expect(aimError(subject, 'Head', 2, target)).to.be.below(0.5);
      // the turn is spread over the spine: every joint of the chain moved
      for (const bone of ['Spine', 'Chest', 'Neck']) {
        const a = subject.boneMatrix(bone)!;
        const b = twin.boneMatrix(bone)!;
        expect(Math.abs(a[8] - b[8]) + Math.abs(a[10] - b[10]), `${bone} turned`).to.be.above(0.01);
      }
    });

    it('turns no further than max-angle from the animated aim', async () => {
      const { scene, subject, twin, addIk } = await twins('idle');
      const { ik } = await addIk('chain="Neck Head" solver="look-at" max-angle="20deg" target="0 0 0"');
      scene.step(DT);
      const head = position(twin, 'Head');
      const m = twin.boneMatrix('Head')!;
      // a target behind the head's left shoulder: far outside 20°
      ik.target = [head[0] - m[8] * 2 + m[0], head[1], head[2] - m[10] * 2 + m[2]];
      scene.step(DT);
      const a = subject.boneMatrix('Head')!;
      const b = twin.boneMatrix('Head')!;
      const cos = a[8] * b[8] + a[9] * b[9] + a[10] * b[10];
      expect((Math.acos(Math.min(1, cos)) * 180) / Math.PI).to.be.closeTo(20, 0.1);
      expect(ik.reached).to.equal(false);
    });

    it('aims another axis when told', async () => {
      const { scene, subject, addIk } = await twins('idle');
      const target = [1, 2.5, 0.5];
      await addIk(`chain="Head" solver="look-at" axis="y" target="${target.join(' ')}"`);
      scene.step(DT);
      expect(aimError(subject, 'Head', 1, target)).to.be.below(0.5);
    });
  });

  describe('weights and limits', () => {
    it('weight 0 leaves every bone matrix exactly as FK put it; 1 and 0.5 do not', async () => {
      const { scene, subject, twin, addIk } = await twins('wave');
      const { ik } = await addIk(`chain="${ARM.join(' ')}" target="0.6 1.2 0.3" weight="0"`);
      for (let i = 0; i < 5; i++) {
        scene.step(DT);
        expect(poseDifference(subject, twin)).to.equal(0);
      }
      ik.weight = 1;
      scene.step(DT);
      const full = poseDifference(subject, twin);
      expect(full).to.be.above(0.05);
      ik.setAttribute('weight', '0.5');
      scene.step(0);
      const half = poseDifference(subject, twin);
      expect(half).to.be.above(0.01).and.below(full);
      ik.removeAttribute('weight');
      expect(ik.weight).to.equal(1);
    });

    it('natural limits let the elbow flex forward and hold it near straight against a target behind', async () => {
      const { scene, subject, twin, addIk } = await twins('idle', '');
      const { ik, errors } = await addIk(`chain="${ARM.join(' ')}" limits="natural" target="0 0 0"`);
      expect(errors).to.deep.equal([]);
      scene.step(DT);
      const shoulder = position(twin, 'LeftUpperArm');
      /** The elbow's signed flexion (degrees) about its hinge (−Y of the upper arm), and how far off the hinge it bends. */
      const flexion = () => {
        const shoulder = position(subject, 'LeftUpperArm');
        const elbow = position(subject, 'LeftLowerArm');
        const hand = position(subject, 'LeftHand');
        const upper = elbow.map((v, k) => v - shoulder[k]);
        const fore = hand.map((v, k) => v - elbow[k]);
        const scale = Math.hypot(...upper) * Math.hypot(...fore);
        const cross = [
          upper[1] * fore[2] - upper[2] * fore[1],
          upper[2] * fore[0] - upper[0] * fore[2],
          upper[0] * fore[1] - upper[1] * fore[0],
        ];
        // the bend's axis in the upper arm's frame (the elbow's frame at rest, where the hinge is −Y)
        const u = subject.boneMatrix('LeftUpperArm')!;
        const local = [0, 1, 2].map(
          (k) => (u[k * 4] * cross[0] + u[k * 4 + 1] * cross[1] + u[k * 4 + 2] * cross[2]) / scale,
        );
        const dot = (upper[0] * fore[0] + upper[1] * fore[1] + upper[2] * fore[2]) / scale;
        return { degrees: (Math.atan2(-local[1], dot) * 180) / Math.PI, offHinge: Math.hypot(local[0], local[2]) };
      };
      ik.target = [shoulder[0] + 0.25, shoulder[1] - 0.1, shoulder[2] + 0.3];
      scene.step(DT);
      const forward = flexion();
      expect(forward.degrees, 'flexed forward').to.be.above(30);
      expect(forward.offHinge).to.be.below(1e-3);
      ik.target = [shoulder[0] + 0.2, shoulder[1] - 0.1, shoulder[2] - 0.3];
      scene.step(DT);
      const back = flexion();
      expect(back.degrees, 'held at the limit, not bent backwards').to.be.within(-5.01, 0);
      expect(back.offHinge).to.be.below(1e-3);
    });

    it('a custom hinge limit stops the elbow at its greatest angle', async () => {
      const { scene, subject, twin, addIk } = await twins('idle', '');
      const { errors } = await addIk(
        `chain="${ARM.join(' ')}" limits="LeftLowerArm: hinge -y 0 45; LeftUpperArm: cone 170deg" pole="0 0 -1" target="0.35 1.41 0.15"`,
      );
      expect(errors).to.deep.equal([]);
      scene.step(DT);
      const shoulder = position(subject, 'LeftUpperArm');
      const elbow = position(subject, 'LeftLowerArm');
      const hand = position(subject, 'LeftHand');
      const u = elbow.map((v, k) => v - shoulder[k]);
      const f = hand.map((v, k) => v - elbow[k]);
      const bend =
        (Math.acos((u[0] * f[0] + u[1] * f[1] + u[2] * f[2]) / (Math.hypot(...u) * Math.hypot(...f))) * 180) / Math.PI;
      expect(bend).to.be.at.most(45.01);
      expect(distance(hand, [0.35, 1.41, 0.15]), 'too close to reach with 45° of elbow').to.be.above(0.01);
      expect(twin.time).to.be.above(0);
    });
  });

  describe('bad input', () => {
    const cases: [string, string, string, string][] = [
      ['an unknown bone', `chain="LeftUpperArm Elbow LeftHand" target="0 1 1"`, 'unknown-bone', 'Elbow'],
      ['an unknown bone in A..B', 'bones="Spine..Skull" solver="look-at" target="0 1 1"', 'unknown-bone', 'Skull'],
      [
        'bones that are not a parent-child line',
        `chain="LeftUpperArm LeftHand RightFoot" target="0 1 1"`,
        'bad-chain',
        'LeftHand',
      ],
      ['a tip above its root', 'bones="LeftHand..LeftUpperArm" target="0 1 1"', 'bad-chain', 'LeftHand..LeftUpperArm'],
      ['a two-bone chain of four bones', 'bones="LeftShoulder..LeftHand" target="0 1 1"', 'bad-chain', 'exactly 3'],
      ['no bones at all', 'target="0 1 1"', 'bad-chain', 'no bones'],
      ['a target that matches nothing', `chain="${ARM.join(' ')}" target="#nowhere"`, 'missing-target', '#nowhere'],
      ['no target', `chain="${ARM.join(' ')}"`, 'missing-target', 'no target'],
      ['a target without a position', `chain="${ARM.join(' ')}" target="body"`, 'missing-target', '<body>'],
      ['an invalid selector', `chain="${ARM.join(' ')}" target="##"`, 'missing-target', '##'],
      [
        'a limit on a bone outside the chain',
        `chain="${ARM.join(' ')}" limits="Head: cone 30" target="0 1 1"`,
        'bad-constraint',
        'Head',
      ],
    ];
    for (const [what, attributes, code, mention] of cases) {
      it(`${what}: one ${code}, the FK pose untouched, the neighbour animating`, async () => {
        const { scene, subject, twin, addIk, errors: all } = await twins('wave');
        const { ik, errors } = await addIk(attributes);
        for (let i = 0; i < 4; i++) {
          const before = twin.time;
          scene.step(DT);
          expect(twin.time, `the neighbour keeps animating`).to.be.closeTo(before + DT, 1e-6);
          expect(poseDifference(subject, twin), 'the subject’s pose is its animation').to.equal(0);
        }
        await settle();
        expect(errors.map((e) => e.code)).to.deep.equal([code]);
        expect(errors[0].message).to.contain(mention);
        expect(errors[0].source).to.equal(ik);
        expect(all).to.have.length(1);
        expect(ik.reached).to.equal(false);
      });
    }

    it('a bad attribute value keeps the previous one and reports bad-attribute', async () => {
      const { addIk } = await twins('idle');
      const { ik, errors } = await addIk(`chain="${ARM.join(' ')}" target="0 1 1" weight="0.4"`);
      for (const [name, value] of [
        ['weight', '2'],
        ['solver', 'jacobian'],
        ['iterations', '2.5'],
        ['tolerance', '-1mm'],
        ['max-angle', '200deg'],
        ['axis', 'w'],
        ['limits', 'LeftLowerArm: hinge q 0 1'],
      ]) {
        ik.setAttribute(name, value);
      }
      await ik.updateComplete;
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(Array(7).fill('bad-attribute'));
      expect(errors.map((e) => e.message.split(':')[0])).to.deep.equal([
        'weight',
        'solver',
        'iterations',
        'tolerance',
        'max-angle',
        'axis',
        'limits',
      ]);
      expect([ik.weight, ik.solver, ik.iterations, ik.tolerance, ik.maxAngle, ik.axis, ik.limits]).to.deep.equal([
        0.4,
        'two-bone',
        16,
        0.001,
        180,
        null,
        null,
      ]);
    });

    it('a target that appears later is followed without another report', async () => {
      const { scene, subject, addIk } = await twins('idle', '');
      const { ik, errors } = await addIk(`chain="${ARM.join(' ')}" target="#late"`);
      scene.step(DT);
      scene.step(DT);
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(['missing-target']);
      scene.insertAdjacentHTML('beforeend', '<anim-model id="late" position="0.5 1.2 0.25"></anim-model>');
      await (scene.querySelector('#late') as AnimModel).updateComplete;
      scene.step(DT);
      expect(distance(position(subject, 'LeftHand'), [0.5, 1.2, 0.25])).to.be.below(0.001);
      expect(ik.reached).to.equal(true);
      await settle();
      expect(errors).to.have.length(1);
    });

    it('an <anim-ik> outside any character reports bad-chain', async () => {
      const el = document.createElement('anim-ik');
      const errors = collectErrors(el);
      document.body.append(el);
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-chain']);
      el.remove();
    });
  });

  it('rebinds to a new model when the character’s src changes, and lets go when removed', async () => {
    const { scene, subject, twin, addIk } = await twins('idle', '');
    const { ik } = await addIk(`chain="${ARM.join(' ')}" target="0.5 1.2 0.25"`);
    scene.step(DT);
    expect(distance(position(subject, 'LeftHand'), [0.5, 1.2, 0.25])).to.be.below(0.001);
    subject.src = `${MANNEQUIN}?again`;
    await new Promise((resolve) => subject.addEventListener('anim-load', resolve, { once: true }));
    scene.step(DT);
    expect(distance(position(subject, 'LeftHand'), [0.5, 1.2, 0.25])).to.be.below(0.001);
    ik.remove();
    scene.step(DT);
    subject.time = twin.time;
    scene.step(0);
    expect(poseDifference(subject, twin)).to.equal(0);
  });
});
