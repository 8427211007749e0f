import { expect } from '@open-wc/testing';
import { Quaternion } from 'three';
import {
  applyAdditive,
  blendLayers,
  buildSkeleton,
  createPose,
  makeAdditive,
  setRestPose,
} from '../../src/runtime/index.js';
import { expectClose, expectQuatClose, randomQuat, rng } from '../helpers/math.js';

const r = rng(3);
const J = 4;
const skeleton = buildSkeleton({ names: ['a', 'b', 'c', 'd'], parents: [-1, 0, 1, 2] });

function randomPose() {
  const p = createPose(J, 2);
  for (let i = 0; i < J * 3; i++) {
    p.translations[i] = r() * 2 - 1;
    p.scales[i] = 0.5 + r();
  }
  for (let j = 0; j < J; j++) p.rotations.set(randomQuat(r), j * 4);
  p.weights.set([r(), r()]);
  return p;
}

describe('runtime: layered and additive blending', () => {
  it('weights normalize; a single full-weight layer reproduces its pose', () => {
    const a = randomPose();
    const out = createPose(J, 2);
    const rest = createPose(J, 2);
    setRestPose(skeleton, rest);
    blendLayers([{ pose: a, weight: 1, mask: null }], 1, rest, out);
    expectClose(out.translations, a.translations, 1e-6);
    for (let j = 0; j < J; j++)
      expectQuatClose(out.rotations.subarray(j * 4, j * 4 + 4), a.rotations.subarray(j * 4, j * 4 + 4), 1e-6);
    blendLayers(
      [
        { pose: a, weight: 2, mask: null },
        { pose: a, weight: 2, mask: null },
      ],
      2,
      rest,
      out,
    );
    expectClose(out.translations, a.translations, 1e-6);
    expectClose(out.scales, a.scales, 1e-6);
    expectClose(out.weights, a.weights, 1e-6);
    for (let j = 0; j < J; j++)
      expectQuatClose(out.rotations.subarray(j * 4, j * 4 + 4), a.rotations.subarray(j * 4, j * 4 + 4), 1e-6);
  });

  it('two layers at 0.25/0.75 lerp translations and nlerp rotations', () => {
    const a = randomPose();
    const b = randomPose();
    const rest = createPose(J, 2);
    setRestPose(skeleton, rest);
    const out = createPose(J, 2);
    blendLayers(
      [
        { pose: a, weight: 0.25, mask: null },
        { pose: b, weight: 0.75, mask: null },
      ],
      2,
      rest,
      out,
    );
    for (let i = 0; i < J * 3; i++)
      expect(out.translations[i]).to.be.closeTo(a.translations[i] * 0.25 + b.translations[i] * 0.75, 1e-6);
    for (let j = 0; j < J; j++) {
      const qa = new Quaternion().fromArray(a.rotations, j * 4);
      const qb = new Quaternion().fromArray(b.rotations, j * 4);
      const s = qa.dot(qb) < 0 ? -1 : 1;
      const q = new Quaternion(
        qa.x * 0.25 + qb.x * 0.75 * s,
        qa.y * 0.25 + qb.y * 0.75 * s,
        qa.z * 0.25 + qb.z * 0.75 * s,
        qa.w * 0.25 + qb.w * 0.75 * s,
      ).normalize();
      expectQuatClose(out.rotations.subarray(j * 4, j * 4 + 4), q.toArray(), 1e-6, `joint ${j}`);
    }
  });

  it('per-joint masks: masked-out joints take the other layers, unreached joints the fallback', () => {
    const base = randomPose();
    const upper = randomPose();
    const rest = createPose(J, 2);
    setRestPose(skeleton, rest);
    const out = createPose(J, 2);
    const mask = Float32Array.from([0, 0, 1, 1]);
    blendLayers(
      [
        { pose: base, weight: 1, mask: Float32Array.from([1, 1, 0, 0]) },
        { pose: upper, weight: 1, mask },
      ],
      2,
      rest,
      out,
    );
    expectClose(out.translations.subarray(0, 6), base.translations.subarray(0, 6), 1e-6);
    expectClose(out.translations.subarray(6), upper.translations.subarray(6), 1e-6);
    blendLayers([{ pose: upper, weight: 1, mask }], 1, rest, out);
    expectClose(out.translations.subarray(0, 6), [0, 0, 0, 0, 0, 0], 1e-6);
    // A total below 1 is filled from the fallback.
    blendLayers([{ pose: upper, weight: 0.5, mask: null }], 1, rest, out);
    for (let i = 0; i < J * 3; i++) expect(out.translations[i]).to.be.closeTo(upper.translations[i] * 0.5, 1e-6);
  });

  it('makeAdditive then applyAdditive at weight 1 on the reference reproduces the pose; weight 0 leaves the base', () => {
    const ref = randomPose();
    const pose = randomPose();
    const diff = createPose(J, 2);
    makeAdditive(pose, ref, diff);
    const out = createPose(J, 2);
    applyAdditive(ref, diff, 1, null, out);
    expectClose(out.translations, pose.translations, 1e-5);
    expectClose(out.scales, pose.scales, 1e-5);
    expectClose(out.weights, pose.weights, 1e-5);
    for (let j = 0; j < J; j++)
      expectQuatClose(out.rotations.subarray(j * 4, j * 4 + 4), pose.rotations.subarray(j * 4, j * 4 + 4), 1e-5);
    applyAdditive(ref, diff, 0, null, out);
    expectClose(out.translations, ref.translations, 1e-6);
    expectClose(out.scales, ref.scales, 1e-6);
    expectClose(out.weights, ref.weights, 1e-6);
    for (let j = 0; j < J; j++)
      expectQuatClose(out.rotations.subarray(j * 4, j * 4 + 4), ref.rotations.subarray(j * 4, j * 4 + 4), 1e-6);
    // half weight: translation halfway, rotation on the arc between
    applyAdditive(ref, diff, 0.5, Float32Array.from([1, 1, 0, 0]), out);
    for (let i = 0; i < 6; i++)
      expect(out.translations[i]).to.be.closeTo((ref.translations[i] + pose.translations[i]) / 2, 1e-5);
    expectClose(out.translations.subarray(6), ref.translations.subarray(6), 1e-6);
  });
});
