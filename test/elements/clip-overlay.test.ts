// <anim-clip mask> and <anim-clip additive>: clips that play as overlays over the clip below.
import { expect, oneEvent } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import {
  applyAdditive,
  createPose,
  createSampleCache,
  makeAdditive,
  type Pose,
  sampleClip,
  setRestPose,
} from '../../src/runtime/index.js';
import { collect, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';
import { expectQuatClose } from '../helpers/math.js';

const DT = 1 / 64;

/** A character clip sampled at `time` seconds of its own timeline, over the rest pose: the oracle. */
function sampled(character: AnimCharacter, clip: string, time: number): Pose {
  const rig = internals(character).rig!;
  const { skeleton, defaultWeights } = rig.binding.asset;
  const logical = rig.library.clips.find((c) => c.name === clip)!;
  const pose = createPose(skeleton.jointCount, defaultWeights.length);
  setRestPose(skeleton, pose, defaultWeights);
  const binding = logical.playback.binding;
  sampleClip(binding, logical.start + time, createSampleCache(binding), pose);
  return pose;
}

function rotation(character: AnimCharacter, pose: Pose, joint: string): Float32Array {
  const j = internals(character).rig!.binding.asset.skeleton.indexByName.get(joint)!;
  return pose.rotations.subarray(j * 4, j * 4 + 4);
}

function step(scene: { step(dt: number): void }, seconds: number): void {
  for (let t = 0; t < seconds - 1e-9; t += DT) scene.step(DT);
}

describe('<anim-clip> overlays', () => {
  it('mask: the upper body waves over the walking legs; the walk plays on; a once overlay gives the joints back', async () => {
    const { scene, character, errors } = await mountCharacter(
      `src="${MANNEQUIN}" clip="walk" fade="0.25"`,
      '<anim-clip name="wave-upper" from="wave" mask="upper-body" loop="once"></anim-clip>',
    );
    step(scene, 0.25);
    const plays = collect<{ clip: string }>(character, 'anim-play');
    character.play('wave-upper', { fade: 0 });
    step(scene, 0.5);
    const pose = internals(character).rig!.source.pose;
    expect(character.time, 'the walk plays on').to.be.closeTo(0.75, 1e-9);
    const wave = sampled(character, 'wave-upper', 0.5);
    const walk = sampled(character, 'walk', 0.75);
    for (const joint of ['RightUpperArm', 'RightLowerArm', 'Head', 'Chest'])
      expectQuatClose(rotation(character, pose, joint), rotation(character, wave, joint), 1e-5, joint);
    for (const joint of ['LeftUpperLeg', 'RightLowerLeg', 'Hips'])
      expectQuatClose(rotation(character, pose, joint), rotation(character, walk, joint), 1e-5, joint);
    // to its end, then the fade: the arm walks again
    const finished = oneEvent(character, 'anim-finish');
    const duration = internals(character).rig!.library.clips.find((c) => c.name === 'wave-upper')!;
    step(scene, duration.end - duration.start);
    expect((await finished).detail.clip).to.equal('wave-upper');
    step(scene, 0.3);
    const time = character.time;
    expectQuatClose(
      rotation(character, internals(character).rig!.source.pose, 'RightUpperArm'),
      rotation(character, sampled(character, 'walk', time), 'RightUpperArm'),
      1e-5,
      'after the overlay',
    );
    await settle();
    expect(plays.map((p) => p.clip)).to.deep.equal(['wave-upper']);
    expect(errors).to.deep.equal([]);
  });

  it('a base clip played meanwhile crossfades below the overlay, which keeps playing', async () => {
    const { scene, character } = await mountCharacter(
      `src="${MANNEQUIN}" clip="walk" fade="0"`,
      '<anim-clip name="wave-upper" from="wave" mask="upper-body"></anim-clip>',
    );
    character.play('wave-upper', { fade: 0 });
    step(scene, 0.25);
    character.play('idle', { fade: 0 });
    step(scene, 0.25);
    const pose = internals(character).rig!.source.pose;
    expectQuatClose(
      rotation(character, pose, 'RightUpperArm'),
      rotation(character, sampled(character, 'wave-upper', 0.5), 'RightUpperArm'),
      1e-5,
      'the wave went on',
    );
    expectQuatClose(
      rotation(character, pose, 'LeftUpperLeg'),
      rotation(character, sampled(character, 'idle', 0.25), 'LeftUpperLeg'),
      1e-5,
      'the legs idle',
    );
  });

  it('additive: the clip’s motion from its first frame is added to the clip below', async () => {
    const { scene, character, errors } = await mountCharacter(
      `src="${MANNEQUIN}" clip="idle" fade="0"`,
      '<anim-clip name="wave-add" from="wave" additive></anim-clip>',
    );
    character.play('wave-add', { fade: 0 });
    step(scene, 0.5);
    const base = sampled(character, 'idle', 0.5);
    const difference = sampled(character, 'wave-add', 0.5);
    makeAdditive(difference, sampled(character, 'wave-add', 0), difference);
    const expected = createPose(base.rotations.length / 4, base.weights.length);
    applyAdditive(base, difference, 1, null, expected);
    const pose = internals(character).rig!.source.pose;
    for (const joint of ['RightUpperArm', 'RightLowerArm', 'Spine', 'LeftUpperLeg'])
      expectQuatClose(rotation(character, pose, joint), rotation(character, expected, joint), 1e-5, joint);
    // it is not the wave itself: the idle shows through where the wave holds still
    expect(errors).to.deep.equal([]);
  });

  it('a mask naming a bone the model lacks gives one unknown-bone; the character animates on', async () => {
    const { scene, character, errors } = await mountCharacter(
      `src="${MANNEQUIN}" clip="walk" fade="0"`,
      '<anim-clip name="tail-wag" from="wave" mask="Tail LeftHand"></anim-clip>',
    );
    character.play('tail-wag', { fade: 0 });
    step(scene, 0.25);
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-bone']);
    expect(errors[0].message).to.contain('"Tail"');
    expect(character.time).to.be.closeTo(0.25, 1e-9);
    const clip = character.querySelector('anim-clip')!;
    expect([clip.mask, clip.additive]).to.deep.equal(['Tail LeftHand', false]);
  });
});
