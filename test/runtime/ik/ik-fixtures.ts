// Shared rigs for the IK tests: a random chain under a posed parent, and the committed mannequin.
import {
  buildSkeleton,
  createPose,
  importGltf,
  localToModel,
  type Pose,
  parseGlb,
  type Skeleton,
  setRestPose,
} from '../../../src/runtime/index.js';
import { randomQuat, rng } from '../../helpers/math.js';

export interface Rig {
  skeleton: Skeleton;
  pose: Pose;
  model: Float32Array;
  root: Float32Array;
  /** Chain joint names root to tip: b0 … b{bones}. */
  names: string[];
}

/**
 * A skeleton "base" → b0 → b1 → … → b{bones} → "leaf", plus a sibling branch "other" under base. Bone
 * offsets and rest rotations are random (seeded); bone lengths 0.2–0.5 m; the root matrix turns and moves
 * the whole rig, so solvers work in world space.
 */
export function chainRig(bones: number, seed: number): Rig {
  const r = rng(seed);
  const names = Array.from({ length: bones + 1 }, (_, i) => `b${i}`);
  const all = ['base', 'other', ...names, 'leaf'];
  const parents = all.map((n, i) => (n === 'base' ? -1 : n === 'other' || n === 'b0' ? 0 : i - 1));
  const translations = all.flatMap((n) => {
    if (n === 'base') return [0.3, 1, -0.2];
    const len = 0.2 + r() * 0.3;
    const d = [r() - 0.5, 0.6 + r(), r() - 0.5];
    const k = len / Math.hypot(d[0], d[1], d[2]);
    return d.map((v) => v * k);
  });
  const rotations = all.flatMap(() => randomQuat(r));
  const skeleton = buildSkeleton({ names: all, parents, translations, rotations });
  const pose = createPose(skeleton.jointCount);
  setRestPose(skeleton, pose);
  // a root matrix: turned 30° about an oblique axis, moved
  const c = Math.cos(Math.PI / 12);
  const s = Math.sin(Math.PI / 12);
  const q = [s * 0.6, s * 0.8, 0, c];
  const root = new Float32Array(16);
  const [x, y, z, w] = q;
  root.set([
    1 - 2 * (y * y + z * z),
    2 * (x * y + w * z),
    2 * (x * z - w * y),
    0,
    2 * (x * y - w * z),
    1 - 2 * (x * x + z * z),
    2 * (y * z + w * x),
    0,
    2 * (x * z + w * y),
    2 * (y * z - w * x),
    1 - 2 * (x * x + y * y),
    0,
    1,
    -0.5,
    2,
    1,
  ]);
  const model = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, pose, root, model);
  return { skeleton, pose, model, root, names };
}

export function jointPosition(rig: Rig, name: string, model = rig.model): number[] {
  const j = rig.skeleton.indexByName.get(name)!;
  return [model[j * 16 + 12], model[j * 16 + 13], model[j * 16 + 14]];
}

/** Model matrices recomputed from scratch: the oracle for a solver's own partial refresh. */
export function freshModel(rig: Rig): Float32Array {
  const out = new Float32Array(rig.model.length);
  localToModel(rig.skeleton, rig.pose, rig.root, out);
  return out;
}

export function distance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** A point the chain can reach: its tip after a random re-pose of the chain's joints. */
export function reachablePoint(rig: Rig, r: () => number, spread = 1): number[] {
  const pose = createPose(rig.skeleton.jointCount);
  pose.translations.set(rig.pose.translations);
  pose.scales.set(rig.pose.scales);
  pose.rotations.set(rig.pose.rotations);
  for (const name of rig.names) {
    const j = rig.skeleton.indexByName.get(name)!;
    const q = randomQuat(r);
    for (let k = 0; k < 4; k++) pose.rotations[j * 4 + k] += (q[k] - rig.pose.rotations[j * 4 + k]) * spread;
  }
  for (let j = 0; j < rig.skeleton.jointCount; j++) {
    const o = j * 4;
    const n = Math.hypot(pose.rotations[o], pose.rotations[o + 1], pose.rotations[o + 2], pose.rotations[o + 3]);
    for (let k = 0; k < 4; k++) pose.rotations[o + k] /= n;
  }
  const model = new Float32Array(rig.model.length);
  localToModel(rig.skeleton, pose, rig.root, model);
  return jointPosition(rig, rig.names[rig.names.length - 1], model);
}

export function snapshot(rig: Rig): { rotations: Float32Array; translations: Float32Array; model: Float32Array } {
  return {
    rotations: rig.pose.rotations.slice(),
    translations: rig.pose.translations.slice(),
    model: rig.model.slice(),
  };
}

let mannequin: Promise<ReturnType<typeof importGltf>> | undefined;

/** The committed mannequin through the runtime's own glTF import. */
export function loadMannequinAsset(): Promise<ReturnType<typeof importGltf>> {
  mannequin ??= fetch('/assets/mannequin.glb')
    .then((r) => r.arrayBuffer())
    .then((bytes) => {
      const { json, buffers } = parseGlb(bytes);
      return importGltf(json, buffers);
    });
  return mannequin;
}
