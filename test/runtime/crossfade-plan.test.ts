import { expect } from '@open-wc/testing';
import { crossfadePlan } from '../../src/runtime/crossfade-plan.js';
import {
  bindClip,
  blendPoses,
  buildClip,
  buildSkeleton,
  createPose,
  createSampleCache,
  type Pose,
} from '../../src/runtime/index.js';
import { posePathOffsets } from '../../src/runtime/pose.js';
import { ScratchPoses } from '../../src/runtime/scratch-poses.js';
import { expectClose } from '../helpers/math.js';

// a skeleton of its own: its scratch set is this file's alone
const skeleton = buildSkeleton({ names: ['hips', 'leg', 'foot', 'toe'], parents: [-1, 0, 1, 2] });
const at = posePathOffsets(skeleton.jointCount);
const turn = (angle: number) => [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)];

/** Moves the hips and turns the leg; still tracks: the leg's offset, the foot's scale, the toe's offset. */
const walk = bindClip(
  buildClip({
    name: 'walk',
    tracks: [
      { target: 'hips', path: 'translation', times: [0, 1], values: [0, 1, 0, 0.5, 1.1, 0.2] },
      { target: 'leg', path: 'rotation', times: [0, 1], values: [...turn(0), ...turn(1)] },
      { target: 'leg', path: 'translation', times: [0], values: [0, 1, 0] },
      { target: 'foot', path: 'scale', times: [0], values: [2, 2, 2] },
      { target: 'toe', path: 'translation', times: [0], values: [0, 0.1, 0] },
    ],
  }),
  skeleton,
);
/**
 * Moves nothing the walk does not; its leg sits higher; its foot's scale and toe's offset differ by float noise
 * only (the toe's by more than a millionth of its own offset or of 1, less than a millionth of the clips'
 * largest translation, the leg's 3).
 */
const stand = bindClip(
  buildClip({
    name: 'stand',
    tracks: [
      { target: 'hips', path: 'translation', times: [0], values: [0, 1, 0] },
      { target: 'leg', path: 'rotation', times: [0], values: turn(0.3) },
      { target: 'leg', path: 'translation', times: [0], values: [0, 3, 0] },
      { target: 'foot', path: 'scale', times: [0], values: [2, 2, 2.0000016] },
      { target: 'toe', path: 'translation', times: [0], values: [0, 0.100002, 0] },
    ],
  }),
  skeleton,
);

const scratch = ScratchPoses.of(skeleton, 0, undefined, 2);

/** The two clips sampled into the scratch set, as a playback does before it blends them. */
function sampleBoth(tWalk: number, tStand: number): [Pose, Pose] {
  scratch.begin();
  const a = scratch.poses[scratch.sample(walk, tWalk, createSampleCache(walk))];
  const b = scratch.poses[scratch.sample(stand, tStand, createSampleCache(stand))];
  return [a, b];
}

describe('runtime: crossfade plans (blending only what two clips can differ in)', () => {
  it('lists the floats either clip moves and the still values that differ, not float noise', () => {
    const plan = crossfadePlan(walk, stand, scratch.rest);
    expect(plan, 'most of the pose is equal in both: a plan').to.not.equal(null);
    const hips = at.translation;
    const legY = at.translation + 3 + 1;
    expect(Array.from(plan!.linear), "the hips' translation (moving), the leg's height (differs)").to.deep.equal([
      hips,
      hips + 1,
      hips + 2,
      legY,
    ]);
    expect(Array.from(plan!.rotations), "the leg's rotation").to.deep.equal([at.rotation + 4]);
    // the same pair the other way round blends the same floats
    const back = crossfadePlan(stand, walk, scratch.rest)!;
    expect(Array.from(back.linear)).to.deep.equal(Array.from(plan!.linear));
    expect(Array.from(back.rotations)).to.deep.equal(Array.from(plan!.rotations));
  });

  it('gives none for clips that move most of the pose (every float is blended then)', () => {
    const everything = (name: string, phase: number) =>
      bindClip(
        buildClip({
          name,
          tracks: skeleton.names.flatMap((target) => [
            { target, path: 'translation' as const, times: [0, 1], values: [phase, 0, 0, phase + 1, 0, 0] },
            { target, path: 'rotation' as const, times: [0, 1], values: [...turn(phase), ...turn(phase + 1)] },
            { target, path: 'scale' as const, times: [0, 1], values: [1, 1, 1, 2, 2, 2] },
          ]),
        }),
        skeleton,
      );
    expect(crossfadePlan(everything('a', 0), everything('b', 1), scratch.rest)).to.equal(null);
  });

  it('blends by the plan to blendPoses within float noise, copying what is equal in both', () => {
    for (const [tWalk, tStand, w] of [
      [0.25, 0, 0.5],
      [0.8, 0.4, 0.1],
      [0.5, 0.9, 0.97],
    ]) {
      const [a, b] = sampleBoth(tWalk, tStand);
      const expected = createPose(skeleton.jointCount);
      blendPoses(a, b, w, expected);
      const out = createPose(skeleton.jointCount);
      scratch.blendTwo(a, b, w, out);
      // within a millionth of the values (the foot's scale is 2)
      expectClose(out.data, expected.data, 2e-6, `walk ${tWalk}, stand ${tStand}, weight ${w}`);
      // the plan's floats exactly as blendPoses has them; the foot's noisy scale copied from the first pose
      for (const f of [at.translation, at.translation + 4, at.rotation + 4, at.rotation + 7])
        expect(out.data[f], `float ${f}`).to.equal(expected.data[f]);
      const footZ = at.scale + 2 * 3 + 2;
      expect(out.data[footZ], "the foot's scale: the walk's, not blended").to.equal(a.data[footZ]);
      expect(expected.data[footZ]).to.not.equal(a.data[footZ]);
    }
  });

  it('blends every float of a pose changed since it was sampled (spoiled)', () => {
    const [a, b] = sampleBoth(0.3, 0.6);
    a.scales.fill(3);
    scratch.spoil(scratch.poses.indexOf(a));
    const expected = createPose(skeleton.jointCount);
    blendPoses(a, b, 0.4, expected);
    const out = createPose(skeleton.jointCount);
    scratch.blendTwo(a, b, 0.4, out);
    expectClose(out.data, expected.data, 0, 'a spoiled pose: the plain blend');
  });
});
