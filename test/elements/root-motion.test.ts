import { expect, oneEvent } from '@open-wc/testing';
import { SOLE_POINTS } from '../../scripts/mannequin/skeleton.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import { compileGraph, locomotionGraph, MANNEQUIN_WALK_SPEED } from '../../src/graph/index.js';
import { bindClip, Playback, RootMotion } from '../../src/runtime/index.js';
import { GraphSource } from '../../src/scene/graph-source.js';
import { MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';

/** The runtime alone: a Playback with root motion on the Hips, playing `clip` from its start. */
async function oracle(clip: string, options: { planar?: boolean; yaw?: boolean } = {}) {
  const asset = await mannequinAsset();
  const { skeleton } = asset;
  const bindings = asset.clips.map((c) => bindClip(c, skeleton, asset.morphs));
  const playback = new Playback(
    skeleton,
    bindings.map((binding) => ({ binding })),
    asset.defaultWeights.length,
    asset.defaultWeights,
  );
  const motion = new RootMotion(skeleton, bindings, { joint: skeleton.indexByName.get('Hips')!, ...options });
  playback.rootMotion = motion;
  playback.play(
    asset.clips.findIndex((c) => c.name === clip),
    { fade: 0 },
  );
  playback.update(0);
  return { playback, motion };
}

/** Irregular frame times, so nothing depends on a lucky step. */
const STEPS = Array.from({ length: 150 }, (_, i) => [1 / 60, 1 / 30, 1 / 144, 0.021][i % 4]);

function worldOf(character: AnimCharacter, bone: string): [number, number, number] {
  const m = character.boneMatrix(bone)!;
  return [m[12], m[13], m[14]];
}

describe('<anim-character> root motion', () => {
  it('expose: leaves the transform alone and reports the runtime’s deltas', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk" root-motion="expose"`);
    const { motion, playback } = await oracle('walk');
    expect(character.rootMotion).to.equal('expose');
    let travelled = 0;
    for (const dt of STEPS) {
      scene.step(dt);
      playback.update(dt);
      const d = character.rootMotionDelta();
      expect(d.dx).to.be.closeTo(motion.delta[0], 1e-6);
      expect(d.dy).to.be.closeTo(motion.delta[1], 1e-6);
      expect(d.dz).to.be.closeTo(motion.delta[2], 1e-6);
      travelled += d.dz;
    }
    const { position } = internals(character).rig!.root;
    expect([position.x, position.y, position.z]).to.deep.equal([0, 0, 0]);
    // walking at its authored pace (1.3 m per 1.1 s cycle) while the hips stay over the origin
    const seconds = STEPS.reduce((a, b) => a + b, 0);
    expect(travelled / seconds).to.be.closeTo(1.3 / 1.1, 0.01);
    const hips = worldOf(character, 'Hips');
    expect(Math.hypot(hips[0], hips[2])).to.be.below(0.05);
  });

  it('apply: moves the character by the runtime’s deltas, turned by its heading', async () => {
    const { scene, character } = await mountCharacter(
      `src="${MANNEQUIN}" clip="walk" root-motion="apply" heading="90"`,
    );
    const { motion, playback } = await oracle('walk');
    let x = 0;
    let z = 0;
    for (const dt of STEPS) {
      scene.step(dt);
      playback.update(dt);
      // heading 90° turns the character's +Z (its front) onto world +X
      x += motion.delta[2];
      z -= motion.delta[0];
    }
    const { position } = internals(character).rig!.root;
    expect(position.x).to.be.closeTo(x, 1e-5);
    expect(position.z).to.be.closeTo(z, 1e-5);
    expect(position.x).to.be.above(2);
    // the hips ride with the character: over its new place, not back at the origin
    const hips = worldOf(character, 'Hips');
    expect(hips[0]).to.be.closeTo(position.x, 0.05);
  });

  it('position and heading read where root motion has taken the character; setting one leaves the other', async () => {
    const { scene, character, errors } = await mountCharacter(
      `src="${MANNEQUIN}" clip="walk" root-motion="apply yaw" position="1 0 2" heading="90"`,
    );
    for (const dt of STEPS.slice(0, 60)) scene.step(dt);
    const root = internals(character).rig!.root;
    const walked = character.position;
    expect(walked).to.deep.equal([root.position.x, root.position.y, root.position.z]);
    expect(walked[0]).to.be.above(1.5);
    // turning by hand keeps the place the walk reached (not the markup's "1 0 2")
    character.heading = 180;
    expect(character.position).to.deep.equal(walked);
    expect(character.heading).to.be.closeTo(180, 1e-9);
    scene.step(0.1);
    // heading 180° walks toward −Z
    expect(character.position[2]).to.be.below(walked[2]);
    expect(character.position[0]).to.be.closeTo(walked[0], 0.01);
    // a bad value is reported and moves nothing
    const before = character.position;
    character.setAttribute('position', '1 nope 2');
    await settle();
    expect(character.position).to.deep.equal(before);
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
    // the same heading as before, set again, turns it back; removing the attribute brings it home
    root.rotation.y = 0.5; // as a controller turns it
    expect(character.heading).to.be.closeTo((0.5 * 180) / Math.PI, 1e-9);
    character.heading = 180;
    expect(character.heading).to.be.closeTo(180, 1e-9);
    character.removeAttribute('position');
    await character.updateComplete;
    expect(root.position.toArray()).to.deep.equal([0, 0, 0]);
    character.position = [0, 0, 0];
    expect(root.position.toArray()).to.deep.equal([0, 0, 0]);
    // a new model stands where the old one had got to
    scene.step(0.5);
    const reached = character.position;
    const loaded = oneEvent(character, 'anim-load');
    character.src = `${MANNEQUIN}?again`;
    await loaded;
    expect(internals(character).rig!.root).to.not.equal(root);
    expect(character.position).to.deep.equal(reached);
    expect(character.heading).to.be.closeTo(180, 1e-6);
  });

  it('planar keeps the vertical in the skeleton; without it the rise moves the character', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="jump" root-motion="apply planar"`);
    let highestHips = 0;
    for (let i = 0; i < 45; i++) {
      scene.step(1 / 60);
      expect(internals(character).rig!.root.position.y).to.equal(0);
      highestHips = Math.max(highestHips, worldOf(character, 'Hips')[1]);
    }
    expect(highestHips).to.be.above(1.2);

    character.rootMotion = 'apply';
    character.time = 0;
    let highestRoot = 0;
    for (let i = 0; i < 45; i++) {
      scene.step(1 / 60);
      highestRoot = Math.max(highestRoot, internals(character).rig!.root.position.y);
      // the skeleton's hips are held at their start height: the rise is the character's now
      expect(worldOf(character, 'Hips')[1] - internals(character).rig!.root.position.y).to.be.closeTo(0.94, 0.02);
    }
    expect(highestRoot).to.be.above(0.3);
  });

  it('yaw: a turning clip turns the character (90° per turn-left), the skeleton keeps facing its front', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="turn-left" root-motion="apply yaw"`);
    const { motion, playback } = await oracle('turn-left', { yaw: true });
    let turned = 0;
    for (let i = 0; i < 54; i++) {
      scene.step(1 / 60);
      playback.update(1 / 60);
      turned += motion.delta[3];
      expect(character.rootMotionDelta().dyaw).to.be.closeTo((motion.delta[3] * 180) / Math.PI, 1e-6);
    }
    // 0.9 s: one whole turn of the clip
    expect((turned * 180) / Math.PI).to.be.closeTo(90, 0.5);
    expect((internals(character).rig!.root.rotation.y * 180) / Math.PI).to.be.closeTo(90, 0.5);
  });

  it('vertical hand-off flattens the clip’s pelvis rise (and flags foot IK off)', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="jump" vertical-handoff`);
    expect(internals(character).rig!.verticalHandoff).to.equal(true);
    let highest = 0;
    let lowest = 10;
    for (let i = 0; i < 80; i++) {
      scene.step(1 / 60);
      const y = worldOf(character, 'Hips')[1];
      highest = Math.max(highest, y);
      lowest = Math.min(lowest, y);
    }
    // never above the hips' rest height (0.95 m): the take-off's rise is gone
    expect(highest).to.be.below(0.951);
    // the crouch before the take-off stays
    expect(lowest).to.be.below(0.8);
    character.setRootMotionVertical(true);
    expect(character.verticalHandoff).to.equal(false);
    expect(internals(character).rig!.verticalHandoff).to.equal(false);
  });

  it('stride: an in-place walk keeps its planted feet still while the character moves at any speed', async () => {
    const { scene, character } = await mountCharacter(
      // root motion off: a stride paces the clip only then (auto takes the root's motion out and shows it in place)
      `src="${MANNEQUIN}" clip="steady" root-motion="off"`,
      '<anim-clip name="steady" from="walk-inplace" stride="1.3"></anim-clip>',
    );
    await settle();
    scene.step(0);
    // the first frame measures nothing yet (a character that never moved plays at its own rate);
    // after that, every frame follows the speed
    for (const [speed, measured, ownRate] of [
      [0.8, 119, 1],
      [1.6, 120, 0],
    ]) {
      const rig = internals(character).rig!;
      const points = ['Left', 'Right'].flatMap((side) =>
        Object.values(SOLE_POINTS).map((p) => ({ bone: `${side}${p.joint}`, offset: p.offset })),
      );
      const contact = points.map(() => null as number[] | null);
      let worst = 0;
      let contacts = 0;
      const dt = 1 / 60;
      const startTime = character.time;
      for (let i = 0; i < 120; i++) {
        rig.root.position.z += speed * dt;
        scene.step(dt);
        points.forEach(({ bone, offset }, k) => {
          const m = character.boneMatrix(bone)!;
          const x = m[0] * offset[0] + m[4] * offset[1] + m[8] * offset[2] + m[12];
          const y = m[1] * offset[0] + m[5] * offset[1] + m[9] * offset[2] + m[13];
          const z = m[2] * offset[0] + m[6] * offset[1] + m[10] * offset[2] + m[14];
          if (y > 0.002) {
            contact[k] = null;
            return;
          }
          if (!contact[k]) contacts++;
          contact[k] ??= [x, z];
          worst = Math.max(worst, Math.hypot(x - contact[k]![0], z - contact[k]![1]));
        });
      }
      // the clip runs at speed ÷ (1.3 m per 1.1 s)
      const advanced = (character.time - startTime + 1.1 * 10) % 1.1;
      const expected = ((speed / (1.3 / 1.1)) * dt * measured + ownRate * dt) % 1.1;
      expect(advanced).to.be.closeTo(expected, 1e-3);
      expect(contacts).to.be.above(2);
      console.log(`stride at ${speed} m/s: worst planted-foot drift ${(worst * 1000).toFixed(1)} mm per contact`);
      expect(worst).to.be.below(0.02);
    }
  });

  it('an explicit ground speed sets the stride rate; zero holds the clip; never moved, it plays as authored', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk-inplace" root-motion="off"`);
    scene.step(0.3);
    expect(character.time).to.be.closeTo(0.3, 1e-6);
    character.groundSpeed = 0;
    const t0 = character.time;
    scene.step(0.5);
    expect(character.time).to.equal(t0);
    character.groundSpeed = 1.3 / 1.1;
    scene.step(0.25);
    expect(character.time).to.be.closeTo(t0 + 0.25, 1e-6);
  });

  it('works with a state graph as the pose source: the locomotion blend walks the character', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" root-motion="apply"`);
    const rig = internals(character).rig!;
    const { asset } = rig.binding;
    const clips = rig.library.clips.map((c) => ({ name: c.name, binding: c.playback.binding }));
    const source = new GraphSource(compileGraph(locomotionGraph()), asset.skeleton, clips, {
      weightCount: asset.defaultWeights.length,
      defaultWeights: asset.defaultWeights,
    });
    rig.source = source;
    source.setParam('speed', MANNEQUIN_WALK_SPEED);
    for (let i = 0; i < 60; i++) scene.step(1 / 60);
    const z0 = rig.root.position.z;
    let seam = 0;
    for (let i = 0; i < 240; i++) {
      const before = rig.root.position.z;
      scene.step(1 / 60);
      seam = Math.max(seam, Math.abs(rig.root.position.z - before));
    }
    // 4 s at the walk's pace, never a jump back at a loop seam
    expect((rig.root.position.z - z0) / 4).to.be.closeTo(MANNEQUIN_WALK_SPEED, 0.03);
    expect(seam).to.be.below((MANNEQUIN_WALK_SPEED / 60) * 1.6);
    const hips = worldOf(character, 'Hips');
    expect(hips[2]).to.be.closeTo(rig.root.position.z, 0.1);
  });

  it('bad input: an unknown root bone and a bad mode each report once; the character walks on', async () => {
    const { scene, character, errors } = await mountCharacter(`src="${MANNEQUIN}" clip="walk" root-motion="apply"`);
    character.rootBone = 'Tail';
    character.rootMotion = 'sideways';
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-bone', 'bad-attribute']);
    expect(errors[0].message).to.contain('Tail');
    expect(errors[1].message).to.contain('sideways');
    expect(character.rootMotion).to.equal('apply');
    scene.step(0.5);
    expect(internals(character).rig!.root.position.z).to.be.above(0.4);
    character.groundSpeed = -1;
    await settle();
    expect(errors.at(-1)!.code).to.equal('bad-attribute');
  });
});
