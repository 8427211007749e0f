import { expect } from '@open-wc/testing';
import { DiscreteInterpolant, LinearInterpolant, Quaternion } from 'three';
import {
  AnimError,
  importPropertyClips,
  type PropertyTrack,
  parseGlb,
  samplePropertyTrack,
} from '../../src/runtime/index.js';
import { expectClose, expectQuatClose } from '../helpers/math.js';
import { pointerGlb } from '../helpers/pointer-glb.js';

const COLOR = '/materials/0/pbrMetallicRoughness/baseColorFactor';
const INTENSITY = '/extensions/KHR_lights_punctual/lights/0/intensity';

async function clipsOf(curves: Parameters<typeof pointerGlb>[1]) {
  const { json, buffers } = parseGlb(await pointerGlb('pulse', curves));
  return importPropertyClips(json, buffers);
}

function sample(track: PropertyTrack, time: number): number[] {
  const out = new Float32Array(track.size);
  samplePropertyTrack(track, time, out);
  return [...out];
}

describe('property tracks (KHR_animation_pointer)', () => {
  it('imports pointer channels from a GLB made with @gltf-transform', async () => {
    const [clip] = await clipsOf([
      { pointer: COLOR, times: [0, 1, 2], values: [1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0.5] },
      { pointer: INTENSITY, times: [0, 0.5], values: [0, 8], interpolation: 'STEP' },
    ]);
    expect(clip.name).to.equal('pulse');
    expect(clip.duration).to.equal(2);
    expect(clip.tracks.map((t) => [t.pointer, t.size, t.interpolation])).to.deep.equal([
      [COLOR, 4, 'LINEAR'],
      [INTENSITY, 1, 'STEP'],
    ]);
  });

  it("LINEAR and STEP agree with three's interpolants, clamped at both ends", async () => {
    const times = [0, 0.4, 1.5, 2];
    const values = [0, 0, 0, 1, 2, 3, -1, 0.5, 4, 2, 2, 2];
    const [clip] = await clipsOf([
      { pointer: '/materials/0/emissiveFactor', times, values },
      { pointer: '/materials/0/emissiveFactor', times, values, interpolation: 'STEP' },
    ]);
    // the oracle reads the keys as the file stores them, in single precision
    const [keyTimes, keyValues] = [Float32Array.from(times), Float32Array.from(values)];
    const linear = new LinearInterpolant(keyTimes, keyValues, 3, new Float32Array(3));
    const step = new DiscreteInterpolant(keyTimes, keyValues, 3, new Float32Array(3));
    for (const t of [-1, 0, 0.1, keyTimes[1], 0.9, 1.5, 1.99, 2, 5]) {
      const tc = Math.min(Math.max(t, 0), 2);
      expectClose(sample(clip.tracks[0], t), [...linear.evaluate(tc)], 1e-6, `linear at ${t}`);
      expectClose(sample(clip.tracks[1], t), [...step.evaluate(tc)], 1e-6, `step at ${t}`);
    }
  });

  it('CUBICSPLINE reproduces a cubic exactly (Hermite with its own derivatives as tangents)', async () => {
    const f = (t: number) => t * t * t - 2 * t + 1;
    const df = (t: number) => 3 * t * t - 2;
    const times = [0, 0.5, 2];
    // glTF tangents are per second: in-tangent, value, out-tangent per key
    const values = times.flatMap((t) => [df(t), f(t), df(t)]);
    const [clip] = await clipsOf([{ pointer: INTENSITY, times, values, interpolation: 'CUBICSPLINE' }]);
    for (const t of [0, 0.2, 0.5, 1, 1.7, 2]) expect(sample(clip.tracks[0], t)[0]).to.be.closeTo(f(t), 1e-5);
  });

  it('a rotation pointer slerps', async () => {
    const a = new Quaternion().setFromAxisAngle({ x: 0, y: 1, z: 0 } as never, 0.2);
    const b = new Quaternion().setFromAxisAngle({ x: 1, y: 0, z: 0 } as never, 2.5);
    const [clip] = await clipsOf([
      { pointer: '/nodes/0/rotation', times: [0, 1], values: [...a.toArray(), ...b.toArray()] },
    ]);
    for (const t of [0.25, 0.5, 0.8]) expectQuatClose(sample(clip.tracks[0], t), a.clone().slerp(b, t).toArray(), 1e-6);
  });

  it('refuses a pointer channel without a pointer, or whose values do not fit its keys', () => {
    const json = {
      accessors: [
        { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR' },
        { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR' },
        { bufferView: 1, componentType: 5126, count: 3, type: 'SCALAR' },
      ],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: 8 },
        { buffer: 0, byteOffset: 0, byteLength: 12 },
      ],
      buffers: [{ byteLength: 16 }],
      animations: [
        { name: 'x', samplers: [{ input: 0, output: 1 }], channels: [{ sampler: 0, target: { path: 'pointer' } }] },
      ],
    };
    const buffers = [new Float32Array([0, 1, 2, 3]).buffer];
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return [(error as AnimError).code, (error as Error).message];
      }
      return [];
    };
    const [code, message] = codeOf(() => importPropertyClips(json as never, buffers));
    expect(code).to.equal('bad-gltf');
    expect(message).to.contain('without a JSON pointer');
    const pointer = { KHR_animation_pointer: { pointer: '/materials/0/alphaCutoff' } };
    const misfit = {
      ...json,
      animations: [
        {
          name: 'y',
          samplers: [{ input: 0, output: 2 }],
          channels: [{ sampler: 0, target: { path: 'pointer', extensions: pointer } }],
        },
      ],
    };
    expect(codeOf(() => importPropertyClips(misfit as never, buffers))[1]).to.contain('3 values do not fit 2 keys');
    expect(new AnimError('bad-gltf', 'x')).to.be.instanceOf(Error);
  });
});
