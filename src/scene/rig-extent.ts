import { type Mesh, Sphere, Vector3 } from 'three';
import {
  type ClipBinding,
  createPose,
  createSampleCache,
  localToModel,
  poseSize,
  type Skeleton,
  sampleClip,
  setRestPose,
} from '../runtime/core.js';
import type { GltfBinding } from './gltf-binding.js';
import type { JointBounds } from './joint-bounds.js';

/** Poses sampled per clip to measure its extent (evenly spaced over the clip, both ends included). */
const SAMPLES_PER_CLIP = 16;
/** Slack on the measured radius: IK, blends between the samples, what the samples missed. */
const SLACK = 0.15;

/** Extents already measured, by model, the latest few: a crowd's thousand copies sample their clips once. */
const measured = new WeakMap<object, MeasuredExtent[]>();
/** Distinct clip sets remembered per model (a page that swaps clips again and again does not pile them up). */
const KEPT_PER_MODEL = 8;

interface MeasuredExtent {
  readonly clips: readonly ClipBinding[];
  readonly margin: number;
  readonly skinMargin: number;
  readonly extent: RigExtent;
}

/** A character's bounds in its own frame: every pose it may take, and its own size. */
export interface RigExtent {
  /** Holds every pose the clips take, wherever in them (what the stage culls by). */
  readonly sphere: Sphere;
  /** Half the character's height (what the tiers measure): its rest pose's joints' span plus the skin margin. */
  readonly size: number;
}

/**
 * The animated extent of a character in its own frame (the rig's model space, before the root's world
 * matrix): a sphere holding every joint of `joints` in the rest pose and in every clip sampled over its
 * length, grown by `margin` (how far the mesh reaches beyond its joints) and a slack for IK and blends;
 * its size grown by `skinMargin` (the skin's reach only: a long prop does not make a character taller).
 * Placed by the root's world matrix it bounds the character wherever root motion took it, whatever it is
 * playing: the conservative bounds the stage culls and measures characters by, posed or not.
 * Made at bind time and on each clip-library rebuild (it samples and runs FK: not a per-frame job).
 */
export function animatedExtent(
  skeleton: Skeleton,
  joints: readonly number[] | null,
  clips: readonly ClipBinding[],
  margin: number,
  skinMargin = margin,
): RigExtent {
  const count = skeleton.jointCount;
  const rest = createPose(count, 0, new Float32Array(poseSize(count)));
  setRestPose(skeleton, rest);
  const pose = createPose(count);
  const model = new Float32Array(count * 16);
  const min = new Vector3(Infinity, Infinity, Infinity);
  const max = new Vector3(-Infinity, -Infinity, -Infinity);
  const point = new Vector3();
  const points: Vector3[] = [];
  const cover = () => {
    localToModel(skeleton, pose, null, model);
    const n = joints ? joints.length : count;
    for (let i = 0; i < n; i++) {
      const j = joints ? joints[i] : i;
      point.fromArray(model, j * 16 + 12);
      if (!Number.isFinite(point.x + point.y + point.z)) continue;
      min.min(point);
      max.max(point);
      points.push(point.clone());
    }
  };
  pose.data.set(rest.data);
  cover();
  const restMin = min.clone();
  const restMax = max.clone();
  for (const binding of clips) {
    const cache = createSampleCache(binding);
    const duration = binding.clip.duration;
    for (let k = 0; k <= SAMPLES_PER_CLIP; k++) {
      pose.data.set(rest.data);
      sampleClip(binding, (duration * k) / SAMPLES_PER_CLIP, cache, pose);
      cover();
    }
  }
  const sphere = new Sphere();
  if (points.length === 0) return { sphere, size: 0 };
  const size = (restMax.y - restMin.y) / 2 + skinMargin;
  min.add(max).multiplyScalar(0.5);
  sphere.center.copy(min);
  let r = 0;
  for (const p of points) r = Math.max(r, p.distanceTo(min));
  sphere.radius = r * (1 + SLACK) + margin;
  return { sphere, size };
}

/**
 * A bound model's animated extent over `clips`: its skins' joints (every node without a skin), grown by the
 * farthest a skinned vertex lies from its joint or a rigid part's mesh from its node. Its size is half the
 * skinned meshes' bind-pose height when it has any (a cape skinned to the chest reaches far, yet adds no height).
 */
export function rigExtent(
  binding: GltfBinding,
  bounds: readonly (JointBounds | null)[],
  clips: readonly ClipBinding[],
): RigExtent {
  const { asset, rigid, skinned } = binding;
  let skinMargin = 0;
  for (const b of bounds) if (b) skinMargin = Math.max(skinMargin, b.margin);
  let margin = skinMargin;
  for (const { object } of rigid) {
    const geometry = (object as Partial<Mesh>).geometry;
    if (!geometry) continue;
    if (!geometry.boundingSphere) geometry.computeBoundingSphere();
    const b = geometry.boundingSphere;
    if (b) margin = Math.max(margin, b.center.length() + b.radius);
  }
  let known = measured.get(asset);
  if (!known) measured.set(asset, (known = []));
  let extent = known.find(
    (m) => m.margin === margin && m.skinMargin === skinMargin && sameItems(m.clips, clips),
  )?.extent;
  if (!extent) {
    const joints = asset.skins.length > 0 ? asset.skins.flatMap((skin) => Array.from(skin.joints)) : null;
    extent = animatedExtent(asset.skeleton, joints, clips, margin, skinMargin);
    if (known.unshift({ clips: [...clips], margin, skinMargin, extent }) > KEPT_PER_MODEL) known.pop();
  }
  // the skinned meshes' own height in the bind pose, when there are any: a cape's reach is not height
  let low = Infinity;
  let high = -Infinity;
  for (const { mesh } of skinned) {
    if (!mesh.geometry.boundingBox) mesh.geometry.computeBoundingBox();
    const box = mesh.geometry.boundingBox;
    if (!box || box.isEmpty()) continue;
    low = Math.min(low, box.min.y);
    high = Math.max(high, box.max.y);
  }
  return high > low ? { sphere: extent.sphere, size: (high - low) / 2 } : extent;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
