import { Box3, type BufferAttribute, type BufferGeometry, type Mesh, Vector3 } from 'three';
import {
  type ClipBinding,
  createPose,
  createSampleCache,
  localToModel,
  type SkinnedGeometry,
  sampleClip,
  setRestPose,
  skinningMatrices,
  skinVertices,
} from '../runtime/core.js';
import type { GltfBinding } from './gltf-binding.js';

/** The space a model's animation sweeps, in the character root's frame (before its position, heading, scale). */
export interface AnimatedBounds {
  /** Every pose of the clips as played with the root's motion left in the skeleton. */
  readonly moving: Box3;
  /** The same poses with the root joint's horizontal motion taken out (root motion shown in place). */
  readonly inPlace: Box3;
}

export interface AnimatedBoundsOptions {
  /** The joint whose horizontal motion `inPlace` takes out (-1: none). */
  rootJoint?: number;
  /** Poses sampled per second of clip (at least 4 per clip, at most 64). Default 12. */
  rate?: number;
  /** Vertex skinnings the whole sampling may cost; fewer samples per clip beyond it. Default 1.5 million. */
  budget?: number;
}

const _box = new Box3();
const _start = new Vector3();
const _vertex = new Vector3();

/** A mesh's bind-time positions and morph deltas as flat arrays, and where its morph weights sit in the pose. */
interface MeshSource {
  /** The glTF skin deforming it, or -1 for a mesh that follows `joint` rigidly. */
  readonly skin: number;
  readonly joint: number;
  readonly base: Float32Array;
  readonly deltas: readonly Float32Array[];
  /** Where its weights start in the pose's weights (-1: not animated, the mesh's own influences hold). */
  readonly weightOffset: number;
  readonly influences: readonly number[];
  /** Morphed bind positions, then skinned ones. */
  readonly morphed: Float32Array;
  readonly out: Float32Array;
  readonly skinning: SkinnedGeometry | null;
}

/** Reads any (interleaved, normalized, integer) attribute as a flat Float32Array. */
function flatten(attribute: BufferAttribute, width: number): Float32Array {
  const out = new Float32Array(attribute.count * width);
  for (let i = 0; i < attribute.count; i++)
    for (let k = 0; k < width; k++) out[i * width + k] = attribute.getComponent(i, k);
  return out;
}

/** Morph deltas of a geometry (absolute targets turned into deltas). */
function morphDeltas(geometry: BufferGeometry, base: Float32Array): Float32Array[] {
  return (geometry.morphAttributes.position ?? []).map((target) => {
    const delta = flatten(target as BufferAttribute, 3);
    if (!geometry.morphTargetsRelative) for (let i = 0; i < delta.length; i++) delta[i] -= base[i];
    return delta;
  });
}

function meshSources(binding: GltfBinding): MeshSource[] {
  const sources: MeshSource[] = [];
  const add = (mesh: Mesh, skin: number, joint: number) => {
    const g = mesh.geometry;
    const position = g.getAttribute('position') as BufferAttribute | undefined;
    if (!position) return;
    const base = flatten(position, 3);
    const morph = binding.morphs.find((m) => m.mesh === mesh);
    let skinning: SkinnedGeometry | null = null;
    if (skin >= 0) {
      const joints = g.getAttribute('skinIndex') as BufferAttribute | undefined;
      const weights = g.getAttribute('skinWeight') as BufferAttribute | undefined;
      if (!joints || !weights) return;
      skinning = {
        positions: base,
        normals: null,
        joints: Uint32Array.from(flatten(joints, 4)),
        weights: flatten(weights, 4),
      };
    }
    const morphed = new Float32Array(base.length);
    sources.push({
      skin,
      joint,
      base,
      deltas: morphDeltas(g, base),
      weightOffset: morph ? morph.offset : -1,
      influences: [...(mesh.morphTargetInfluences ?? [])],
      morphed,
      out: new Float32Array(base.length),
      skinning: skinning && { ...skinning, positions: morphed },
    });
  };
  for (const { mesh, skin } of binding.skinned) add(mesh, skin, -1);
  for (const { object, joint } of binding.rigid) {
    const mesh = object as Mesh;
    if (mesh.isMesh && !(mesh as { isSkinnedMesh?: boolean }).isSkinnedMesh) add(mesh, -1, joint);
  }
  return sources;
}

/** Bind positions plus each morph target's delta times its weight now. */
function morph(source: MeshSource, weights: Float32Array): void {
  const { base, deltas, morphed } = source;
  morphed.set(base);
  for (let k = 0; k < deltas.length; k++) {
    const w = source.weightOffset >= 0 ? weights[source.weightOffset + k] : source.influences[k];
    if (!w) continue;
    const delta = deltas[k];
    for (let i = 0; i < morphed.length; i++) morphed[i] += w * delta[i];
  }
}

/** Grows `box` by `positions` (3 per vertex). */
function expandByPositions(box: Box3, positions: Float32Array): void {
  const { min, max } = box;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    if (x < min.x) min.x = x;
    if (y < min.y) min.y = y;
    if (z < min.z) min.z = z;
    if (x > max.x) max.x = x;
    if (y > max.y) max.y = y;
    if (z > max.z) max.z = z;
  }
}

/**
 * The bounds a model's animation sweeps: each clip (bound to the model's skeleton) is posed at evenly spaced
 * times, or the rest pose alone when `clips` is empty; each mesh's morph targets are mixed by the sampled
 * weights, skinned meshes are skinned vertex by vertex on the CPU and rigid ones moved by their joint: exact
 * at each sample, so a morph-only mesh is framed at its largest shape and a 0.01-scaled armature at its true
 * size. Load-time work: it allocates.
 */
export function animatedBounds(
  binding: GltfBinding,
  clips: readonly ClipBinding[],
  options: AnimatedBoundsOptions = {},
): AnimatedBounds {
  const { asset } = binding;
  const { skeleton } = asset;
  const rootJoint = options.rootJoint ?? -1;
  const pose = createPose(skeleton.jointCount, asset.defaultWeights.length);
  const model = new Float32Array(skeleton.jointCount * 16);
  const sources = meshSources(binding);
  const matrices = asset.skins.map((skin) => new Float32Array(skin.joints.length * 16));
  const vertices = sources.reduce((n, s) => n + s.out.length / 3, 0);
  const totalSeconds = clips.reduce((t, c) => t + c.clip.duration, 0);
  const rate = Math.min(options.rate ?? 12, (options.budget ?? 1.5e6) / Math.max(1, vertices * totalSeconds));
  const moving = new Box3();
  const inPlace = new Box3();

  const measure = (shiftX: number, shiftZ: number): void => {
    localToModel(skeleton, pose, null, model);
    _box.makeEmpty();
    for (const source of sources) {
      morph(source, pose.weights);
      if (source.skinning) {
        skinningMatrices(asset.skins[source.skin], model, matrices[source.skin]);
        skinVertices(source.skinning, matrices[source.skin], source.out, null);
      } else {
        const o = source.joint * 16;
        const { morphed, out } = source;
        for (let i = 0; i < morphed.length; i += 3) {
          _vertex.fromArray(morphed, i);
          const { x, y, z } = _vertex;
          out[i] = model[o] * x + model[o + 4] * y + model[o + 8] * z + model[o + 12];
          out[i + 1] = model[o + 1] * x + model[o + 5] * y + model[o + 9] * z + model[o + 13];
          out[i + 2] = model[o + 2] * x + model[o + 6] * y + model[o + 10] * z + model[o + 14];
        }
      }
      expandByPositions(_box, source.out);
    }
    if (_box.isEmpty()) return;
    moving.union(_box);
    _box.min.x -= shiftX;
    _box.max.x -= shiftX;
    _box.min.z -= shiftZ;
    _box.max.z -= shiftZ;
    inPlace.union(_box);
  };
  const jointX = () => model[rootJoint * 16 + 12];
  const jointZ = () => model[rootJoint * 16 + 14];

  if (clips.length === 0) {
    setRestPose(skeleton, pose, asset.defaultWeights);
    measure(0, 0);
  }
  for (const clipBinding of clips) {
    const { clip } = clipBinding;
    const cache = createSampleCache(clipBinding);
    const samples = Math.max(4, Math.min(64, Math.ceil(clip.duration * rate)));
    for (let k = 0; k <= samples; k++) {
      setRestPose(skeleton, pose, asset.defaultWeights);
      sampleClip(clipBinding, (clip.duration * k) / samples, cache, pose);
      if (rootJoint < 0) {
        measure(0, 0);
        continue;
      }
      if (k === 0) {
        localToModel(skeleton, pose, null, model);
        _start.set(jointX(), 0, jointZ());
      }
      localToModel(skeleton, pose, null, model);
      measure(jointX() - _start.x, jointZ() - _start.z);
    }
  }
  return { moving, inPlace };
}
