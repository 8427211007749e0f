// IK cost per character: foot IK on both legs plus a head-and-neck look-at, on the mannequin posed by its
// walk clip over a 15° slope (so the legs, the pelvis and the soles all move every frame).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  bindClip,
  buildChain,
  buildFootIk,
  copyPose,
  createPose,
  createSampleCache,
  type FootIk,
  type IkChain,
  importGltf,
  localToModel,
  type Pose,
  PROBE_STRIDE,
  parseGlb,
  sampleClip,
  setRestPose,
  solveFootIk,
  solveLookAt,
} from '../src/runtime/index.js';

interface IkCharacter {
  animated: Pose;
  animatedModel: Float32Array;
  pose: Pose;
  model: Float32Array;
  footIk: FootIk;
  look: IkChain;
}

const SLOPE = Math.tan((15 * Math.PI) / 180);
const ROOT = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
const TARGET = new Float64Array([0.6, 1.5, 2]);

function makeCharacters(count: number): IkCharacter[] {
  const file = readFileSync(resolve(process.cwd(), 'assets/mannequin.glb'));
  const { json, buffers } = parseGlb(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const asset = importGltf(json, buffers);
  const skeleton = asset.skeleton;
  const walk = asset.clips.find((c) => c.name === 'walk-inplace') ?? asset.clips[0];
  const binding = bindClip(walk, skeleton);
  const cache = createSampleCache(binding);
  return Array.from({ length: count }, (_, i) => {
    const animated = createPose(skeleton.jointCount);
    setRestPose(skeleton, animated);
    sampleClip(binding, ((i * 0.37) % 1) * walk.duration, cache, animated);
    const animatedModel = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, animated, ROOT, animatedModel);
    const footIk = buildFootIk(skeleton);
    for (let k = 0; k < 4; k++) {
      const z = animatedModel[skeleton.indexByName.get(k < 2 ? 'LeftFoot' : 'RightFoot')! * 16 + 14];
      footIk.ground.set([1, 0, z * SLOPE, z, 0, 0.966, -0.259], k * PROBE_STRIDE);
    }
    return {
      animated,
      animatedModel,
      pose: createPose(skeleton.jointCount),
      model: new Float32Array(animatedModel.length),
      footIk,
      look: buildChain(skeleton, 'Neck..Head', { solver: 'look-at', maxAngle: 1.2 }),
    };
  });
}

function restore(c: IkCharacter): void {
  copyPose(c.animated, c.pose);
  c.model.set(c.animatedModel);
}

/** µs per character for foot IK (two legs) + look-at, with the per-frame restore of the animated pose taken out. */
export function benchIk(measure: (count: number, frame: () => void) => number): number {
  const count = 200;
  const characters = makeCharacters(count);
  const restoreOnly = measure(count, () => {
    for (const c of characters) restore(c);
  });
  const withIk = measure(count, () => {
    for (const c of characters) {
      restore(c);
      solveFootIk(c.footIk, c.pose, c.model, ROOT, 1 / 60, 1);
      solveLookAt(c.look, c.pose, c.model, ROOT, TARGET, 1);
    }
  });
  const ik = withIk - restoreOnly;
  console.log(
    `  IK per character (mannequin, 15° slope): foot IK on two legs + neck-and-head look-at ${ik.toFixed(2)} µs`,
  );
  return ik;
}
