import { expect } from '@open-wc/testing';
import {
  type Interpolant,
  InterpolateDiscrete,
  type KeyframeTrack,
  QuaternionKeyframeTrack,
  VectorKeyframeTrack,
} from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { importGltf } from '../../src/runtime/gltf.js';
import {
  bindClip,
  buildClip,
  buildSkeleton,
  type ClipBinding,
  createPose,
  createSampleCache,
  sampleClip,
  setRestPose,
} from '../../src/runtime/index.js';
import { ScratchPoses } from '../../src/runtime/scratch-poses.js';
import { makeGltf } from '../helpers/gltf-fixture.js';
import { expectClose, expectQuatClose, randomQuat, rng } from '../helpers/math.js';

/** three builds each track's interpolant at run time; its types leave the factory out. */
function interpolantOf(track: KeyframeTrack): Interpolant {
  return (track as unknown as { createInterpolant(): Interpolant }).createInterpolant();
}

const r = rng(7);
const KEYS = 12;
const times = Array.from({ length: KEYS }, (_, k) => k * 0.1 + (k > 0 ? r() * 0.05 : 0));
const vec3 = times.flatMap(() => [r() * 4 - 2, r() * 4 - 2, r() * 4 - 2]);
const quats = times.flatMap(() => randomQuat(r));
const skeleton = buildSkeleton({ names: ['a', 'b'], parents: [-1, 0] });

/** Query times: forward, backward, jumping, and beyond both ends (clamped). */
const queries = [
  ...Array.from({ length: 60 }, (_, i) => -0.1 + i * 0.025),
  ...Array.from({ length: 60 }, (_, i) => 1.4 - i * 0.025),
  ...Array.from({ length: 60 }, () => r() * 1.6 - 0.1),
];

function ours(
  path: 'translation' | 'rotation',
  interpolation: 'LINEAR' | 'STEP',
  values: number[],
  keyTimes: number[] = times,
) {
  const clip = buildClip({ name: 'c', tracks: [{ target: 'b', path, interpolation, times: keyTimes, values }] });
  const binding = bindClip(clip, skeleton);
  const cache = createSampleCache(binding);
  const pose = createPose(2);
  setRestPose(skeleton, pose);
  return (t: number) => {
    sampleClip(binding, t, cache, pose);
    return path === 'rotation' ? pose.rotations.subarray(4, 8) : pose.translations.subarray(3, 6);
  };
}

describe('runtime: sampling matches three.js interpolants', () => {
  it('LINEAR translation matches VectorKeyframeTrack to 1e-5', () => {
    const oracle = interpolantOf(new VectorKeyframeTrack('b.position', times, vec3));
    const sample = ours('translation', 'LINEAR', vec3);
    for (const t of queries) expectClose(sample(t), oracle.evaluate(t), 1e-5, `t=${t}`);
  });

  it('LINEAR rotation (shortest-arc slerp) matches QuaternionKeyframeTrack to 1e-5', () => {
    const oracle = interpolantOf(new QuaternionKeyframeTrack('b.quaternion', times, quats));
    const sample = ours('rotation', 'LINEAR', quats);
    for (const t of queries) expectQuatClose(sample(t), oracle.evaluate(t), 1e-5, `t=${t}`);
  });

  it('LINEAR rotation between near keys (the series weights, up to 36° apart, and the exact slerp past it) matches to 1e-6', () => {
    // each key turns on from the last by a growing angle about a tilted axis
    const steps = [0, 1, 4, 9, 17, 26, 35, 37, 50, 70, 3, 0.5];
    const axis = [0.48, 0.6, 0.64];
    const near: number[] = [];
    let q = [0, 0, 0, 1];
    for (const degrees of steps) {
      const half = (degrees * Math.PI) / 360;
      const s = Math.sin(half);
      const [x, y, z] = axis.map((a) => a * s);
      const w = Math.cos(half);
      q = [
        w * q[0] + x * q[3] + y * q[2] - z * q[1],
        w * q[1] - x * q[2] + y * q[3] + z * q[0],
        w * q[2] + x * q[1] - y * q[0] + z * q[3],
        w * q[3] - x * q[0] - y * q[1] - z * q[2],
      ];
      near.push(...q);
    }
    const oracle = interpolantOf(new QuaternionKeyframeTrack('b.quaternion', times, near));
    const sample = ours('rotation', 'LINEAR', near);
    for (const t of queries) expectQuatClose(sample(t), oracle.evaluate(t), 1e-6, `t=${t}`);
  });

  it('finds keys from the time on evenly spaced keys (each within a quarter step of a grid), as three does', () => {
    // 30 keys a second, each but the ends moved by up to a fifth of a step: the key is guessed, then corrected
    const even = (jitter: number) =>
      Array.from({ length: KEYS }, (_, k) => (k + (k > 0 && k < KEYS - 1 ? (r() - 0.5) * 2 * jitter : 0)) / 30);
    const rateOf = (keyTimes: number[]) =>
      buildClip({ name: 'c', tracks: [{ target: 'b', path: 'translation', times: keyTimes, values: vec3 }] })
        .keyRates[0];
    expect(rateOf(even(0))).to.be.closeTo(30, 1e-3);
    expect(rateOf(even(0.2))).to.be.closeTo(30, 1e-3);
    expect(rateOf(times), 'keys off the grid by up to half a step are searched').to.equal(0);
    const keyTimes = even(0.2);
    const oracle = interpolantOf(new QuaternionKeyframeTrack('b.quaternion', keyTimes, quats));
    const sample = ours('rotation', 'LINEAR', quats, keyTimes);
    // forward, backward, jumping, on every key, and past both ends
    const span = keyTimes[KEYS - 1];
    const at = [...queries.map((t) => (t / 1.2) * span), ...keyTimes, ...keyTimes.map((t) => Math.fround(t) - 1e-7)];
    for (const t of at) expectQuatClose(sample(t), oracle.evaluate(t), 1e-5, `t=${t}`);
  });

  it('STEP matches the discrete interpolant to 1e-5', () => {
    const oracle = interpolantOf(new VectorKeyframeTrack('b.position', times, vec3, InterpolateDiscrete));
    const sample = ours('translation', 'STEP', vec3);
    for (const t of queries) expectClose(sample(t), oracle.evaluate(t), 1e-5, `t=${t}`);
  });

  it('CUBICSPLINE translation and rotation match GLTFLoader’s cubic-spline interpolants to 1e-5', async () => {
    const cubicVec = times.flatMap(() => [
      r() - 0.5,
      r() - 0.5,
      r() - 0.5,
      ...[0, 1, 2].map(() => r() * 4 - 2),
      r() - 0.5,
      r() - 0.5,
      r() - 0.5,
    ]);
    const cubicQuat = times.flatMap(() => [
      ...randomQuat(r).map((v) => v * 0.3),
      ...randomQuat(r),
      ...randomQuat(r).map((v) => v * 0.3),
    ]);
    const doc = makeGltf(
      [{ name: 'root', children: [1] }, { name: 'b' }],
      [
        {
          name: 'cubic',
          samplers: [
            { node: 1, path: 'translation', interpolation: 'CUBICSPLINE', times, values: cubicVec },
            { node: 1, path: 'rotation', interpolation: 'CUBICSPLINE', times, values: cubicQuat },
          ],
        },
      ],
    );
    const gltf = await new GLTFLoader().parseAsync(doc.text, '');
    const [posTrack, rotTrack] = gltf.animations[0].tracks;
    const posOracle = interpolantOf(posTrack);
    const rotOracle = interpolantOf(rotTrack);
    const asset = importGltf(doc.json, doc.buffers);
    const binding = bindClip(asset.clips[0], asset.skeleton);
    const cache = createSampleCache(binding);
    const pose = createPose(asset.skeleton.jointCount);
    setRestPose(asset.skeleton, pose);
    const j = asset.skeleton.indexByName.get('b')!;
    for (const t of queries) {
      sampleClip(binding, t, cache, pose);
      expectClose(pose.translations.subarray(j * 3, j * 3 + 3), posOracle.evaluate(t), 1e-5, `translation t=${t}`);
      expectQuatClose(pose.rotations.subarray(j * 4, j * 4 + 4), rotOracle.evaluate(t), 1e-5, `rotation t=${t}`);
    }
  });

  it('leaves joints the clip does not drive at their rest pose, and ignores a non-finite time', () => {
    const skel = buildSkeleton({ names: ['a', 'b'], parents: [-1, 0], translations: [1, 2, 3, 4, 5, 6] });
    const clip = buildClip({
      name: 'c',
      tracks: [{ target: 'b', path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 1, 1] }],
    });
    const binding = bindClip(clip, skel);
    const pose = createPose(2);
    setRestPose(skel, pose);
    const cache = createSampleCache(binding);
    sampleClip(binding, 0.5, cache, pose);
    expectClose(pose.translations, [1, 2, 3, 0.5, 0.5, 0.5], 1e-7);
    sampleClip(binding, Number.NaN, cache, pose);
    expectClose(pose.translations, [1, 2, 3, 0.5, 0.5, 0.5], 1e-7);
  });

  it('samples morph weights for the mesh they target', () => {
    const skel = buildSkeleton({ names: ['face'], parents: [-1] });
    const clip = buildClip({
      name: 'smile',
      tracks: [{ target: 'face', path: 'weights', times: [0, 2], values: [0, 1, 1, 0] }],
    });
    const binding = bindClip(clip, skel, new Map([['face', { offset: 1, count: 2 }]]));
    const pose = createPose(1, 3);
    sampleClip(binding, 0.5, createSampleCache(binding), pose);
    expectClose(pose.weights, [0, 0.25, 0.75], 1e-6);
    expect(binding.unbound).to.deep.equal([]);
  });
});

describe('runtime: still tracks', () => {
  const skel = buildSkeleton({ names: ['hips', 'leg', 'foot'], parents: [-1, 0, 1] });
  const keyTimes = [0, 0.5, 1];
  /** Three keys at `value` plus `noise` on the middle key's first component. */
  const keyed = (value: number[], noise: number) =>
    keyTimes.flatMap((_, k) => value.map((v, c) => v + (k === 1 && c === 0 ? noise : 0)));

  it('samples a track whose keys stray less than a millionth of the clip’s size as its first key, and one that strays more as keyed', () => {
    // translations judged at the clip's largest translation (100 here), the rest at their own size (at least 1)
    const clip = buildClip({
      name: 'noisy',
      tracks: [
        { target: 'hips', path: 'translation', times: keyTimes, values: [0, 100, 0, 0, 101, 0, 0, 102, 0] },
        { target: 'leg', path: 'translation', times: keyTimes, values: keyed([3, 40, 0], 9e-5) },
        { target: 'foot', path: 'translation', times: keyTimes, values: keyed([3, 40, 0], 2e-4) },
        { target: 'leg', path: 'scale', times: keyTimes, values: keyed([1, 1, 1], 9e-7) },
        { target: 'foot', path: 'scale', times: keyTimes, values: keyed([1, 1, 1], 2e-6) },
        { target: 'leg', path: 'rotation', times: keyTimes, values: keyed([0, 0, 0, 1], 5e-7) },
        { target: 'foot', path: 'rotation', times: keyTimes, values: keyed([0, 0.6, 0, 0.8], 3e-3) },
      ],
    });
    expect(clip.tracks.map((t) => t.times.length)).to.deep.equal([3, 1, 3, 1, 3, 1, 3]);
    expect(clip.duration, 'the authored range stays').to.equal(1);
    const binding = bindClip(clip, skel);
    const pose = createPose(3);
    sampleClip(binding, 0.5, createSampleCache(binding), pose);
    expectClose(pose.translations, [0, 101, 0, 3, 40, 0, 3 + 2e-4, 40, 0], 1e-6);
    expectClose(pose.scales.subarray(3), [1, 1, 1, 1 + 2e-6, 1, 1], 1e-7);
  });

  it('puts still tracks first in the binding’s plan and keeps the last of two tracks writing one place', () => {
    const clip = buildClip({
      name: 'c',
      tracks: [
        { target: 'leg', path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 1, 1] },
        { target: 'hips', path: 'translation', times: [0], values: [5, 5, 5] },
        { target: 'leg', path: 'translation', times: [0], values: [7, 7, 7] },
        { target: 'foot', path: 'rotation', times: [0, 1], values: [0, 0, 0, 1, 0, 1, 0, 0] },
      ],
    });
    const binding = bindClip(clip, skel);
    const tracksInPlan = Array.from({ length: binding.ops.length / 5 }, (_, i) => binding.ops[i * 5 + 4]);
    expect(tracksInPlan).to.deep.equal([1, 2, 3]);
    expect(binding.moving).to.equal(10);
    const pose = createPose(3);
    sampleClip(binding, 0.5, createSampleCache(binding), pose);
    expectClose(pose.translations, [5, 5, 5, 7, 7, 7, 0, 0, 0], 1e-7);
  });

  it('a shared scratch pose writes a clip’s still tracks when it changes clips, and samples as sampleClip does', () => {
    const still = (name: string, value: number) =>
      buildClip({
        name,
        tracks: [
          { target: 'hips', path: 'translation', times: [0], values: [value, value, value] },
          { target: 'leg', path: 'translation', times: [0, 1], values: [0, 0, 0, value, 0, 0] },
        ],
      });
    const a = bindClip(still('a', 2), skel);
    const b = bindClip(still('b', 3), skel);
    const none = bindClip(
      buildClip({
        name: 'none',
        tracks: [{ target: 'foot', path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 0, 0] }],
      }),
      skel,
    );
    const scratch = ScratchPoses.of(skel, 0, undefined, 1);
    const expected = createPose(3);
    for (const [binding, t] of [
      [a, 0.25],
      [a, 0.5],
      [b, 0.5],
      [none, 0.75],
      [a, 1],
    ] as const) {
      const cache = createSampleCache(binding);
      scratch.begin();
      const pose = scratch.poses[scratch.sample(binding, t, cache)];
      setRestPose(skel, expected);
      sampleClip(binding, t, cache, expected);
      expectClose(pose.data, expected.data, 0, `${binding.clip.name} at ${t}`);
    }
    // a pose made a difference in place is spoiled: the next sample starts again from the rest and still tracks
    expect(scratch.poses.length, 'one pose: the next sample takes the spoiled one').to.equal(1);
    scratch.begin();
    const e = scratch.sample(a, 0.25, createSampleCache(a));
    scratch.poses[e].translations.fill(9);
    scratch.spoil(e);
    scratch.begin();
    const pose = scratch.poses[scratch.sample(a, 0.5, createSampleCache(a))];
    setRestPose(skel, expected);
    sampleClip(a, 0.5, createSampleCache(a), expected);
    expectClose(pose.data, expected.data, 0, 'after spoil');
  });

  it('a scratch set gives each clip its own pose within a set of samples, and the same one again whatever the order', () => {
    // a skeleton of its own: its scratch set has the poses asked for here, no more
    const skel = buildSkeleton({ names: ['hips', 'leg', 'foot'], parents: [-1, 0, 1] });
    const moving = (name: string, value: number) =>
      bindClip(
        buildClip({
          name,
          tracks: [
            { target: 'hips', path: 'translation', times: [0], values: [value, 0, 0] },
            { target: 'leg', path: 'translation', times: [0, 1], values: [0, value, 0, value, 0, 0] },
          ],
        }),
        skel,
      );
    const [a, b, c] = [moving('a', 1), moving('b', 2), moving('c', 3)];
    // room for the three clips and a second sample of one: no clip's pose is needed for another
    const scratch = ScratchPoses.of(skel, 0, undefined, 4);
    const expected = (binding: ClipBinding, t: number) => {
      const pose = createPose(3);
      setRestPose(skel, pose);
      sampleClip(binding, t, createSampleCache(binding), pose);
      return pose.data;
    };
    const own = new Map<ClipBinding, number>();
    // a blend space's entries come in the order of its points' weights: the clips swap places between
    // characters; a crossfade between two states of one clip samples it twice, at two times
    const sets = [
      [a, b],
      [b, a],
      [a, b, c],
      [c, b],
      [a, a],
      [b, a, c],
      [a, c],
    ];
    sets.forEach((set, k) => {
      const time = (i: number) => 0.1 + k * 0.1 + i * 0.05;
      scratch.begin();
      const taken = set.map((binding, i) => scratch.sample(binding, time(i), createSampleCache(binding)));
      expect(new Set(taken).size, `set ${k}: one pose each`).to.equal(set.length);
      set.forEach((binding, i) => {
        // every pose of the set still holds its own sample once the set is taken (none was written over)
        expectClose(scratch.poses[taken[i]].data, expected(binding, time(i)), 0, `set ${k}, ${binding.clip.name}`);
        if (set.indexOf(binding) < i) return;
        expect(taken[i], `${binding.clip.name} keeps its pose`).to.equal(own.get(binding) ?? taken[i]);
        own.set(binding, taken[i]);
      });
    });
  });
});
