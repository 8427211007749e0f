import { Box3, type BufferAttribute, type BufferGeometry, Matrix4, Vector3 } from 'three';
import {
  bindClip,
  type Clip,
  createPose,
  createSampleCache,
  localToModel,
  type SkinnedGeometry,
  sampleClip,
  setRestPose,
  skinningMatrices,
  skinVertices,
} from '../runtime/index.js';
import type { GltfBinding } from './gltf-binding.js';

/** The space a model's animation sweeps, in the character root's frame (before its position, heading, scale). */
export interface AnimatedBounds {
  /** Every pose of every clip as played with the root's motion left in the skeleton. */
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
const _matrix = new Matrix4();
const _start = new Vector3();

/** A skinned mesh's bind-time data as flat arrays, plus how far its morph targets can push any vertex. */
interface SkinnedSource {
  readonly skin: number;
  readonly geometry: SkinnedGeometry;
  readonly morphReach: number;
  readonly out: Float32Array;
}

/** Reads any (interleaved, normalized, integer) attribute as a flat Float32Array. */
function flatten(attribute: BufferAttribute, width: number): Float32Array {
  const out = new Float32Array(attribute.count * width);
  for (let i = 0; i < attribute.count; i++)
    for (let k = 0; k < width; k++) out[i * width + k] = attribute.getComponent(i, k);
  return out;
}

/** The largest distance any morph target mix (weights 0..1) can move one vertex: the sum of its deltas' lengths. */
function morphReach(geometry: BufferGeometry): number {
  const targets = geometry.morphAttributes.position ?? [];
  if (targets.length === 0) return 0;
  const base = geometry.getAttribute('position');
  let reach = 0;
  for (let v = 0; v < base.count; v++) {
    let sum = 0;
    for (const target of targets) {
      const bx = geometry.morphTargetsRelative ? 0 : base.getX(v);
      const by = geometry.morphTargetsRelative ? 0 : base.getY(v);
      const bz = geometry.morphTargetsRelative ? 0 : base.getZ(v);
      sum += Math.hypot(target.getX(v) - bx, target.getY(v) - by, target.getZ(v) - bz);
    }
    if (sum > reach) reach = sum;
  }
  return reach;
}

function skinnedSources(binding: GltfBinding): SkinnedSource[] {
  const sources: SkinnedSource[] = [];
  for (const { mesh, skin } of binding.skinned) {
    const g = mesh.geometry;
    const position = g.getAttribute('position') as BufferAttribute | undefined;
    const joints = g.getAttribute('skinIndex') as BufferAttribute | undefined;
    const weights = g.getAttribute('skinWeight') as BufferAttribute | undefined;
    if (!position || !joints || !weights) continue;
    const geometry: SkinnedGeometry = {
      positions: flatten(position, 3),
      normals: null,
      joints: Uint32Array.from(flatten(joints, 4)),
      weights: flatten(weights, 4),
    };
    sources.push({ skin, geometry, morphReach: morphReach(g), out: new Float32Array(position.count * 3) });
  }
  return sources;
}

/** Grows `box` by `positions` (3 per vertex) padded by `pad` on every side. */
function expandByPositions(box: Box3, positions: Float32Array, pad: number): void {
  const { min, max } = box;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    if (x - pad < min.x) min.x = x - pad;
    if (y - pad < min.y) min.y = y - pad;
    if (z - pad < min.z) min.z = z - pad;
    if (x + pad > max.x) max.x = x + pad;
    if (y + pad > max.y) max.y = y + pad;
    if (z + pad > max.z) max.z = z + pad;
  }
}

/**
 * The bounds a model's animation sweeps: every clip is posed at evenly spaced times (and the rest pose),
 * skinned meshes are skinned vertex by vertex on the CPU (exact at each sample, plus the largest reach of
 * their morph targets), and meshes that follow a joint rigidly add their geometry's box (three's box covers
 * morph targets, so a morph-only mesh is covered whatever its weights). Load-time work: it allocates.
 */
export function animatedBounds(
  binding: GltfBinding,
  clips: readonly Clip[] = binding.asset.clips,
  options: AnimatedBoundsOptions = {},
): AnimatedBounds {
  const { asset } = binding;
  const { skeleton } = asset;
  const rootJoint = options.rootJoint ?? -1;
  const pose = createPose(skeleton.jointCount, asset.defaultWeights.length);
  const model = new Float32Array(skeleton.jointCount * 16);
  const sources = skinnedSources(binding);
  const matrices = asset.skins.map((skin) => new Float32Array(skin.joints.length * 16));
  const rigid = binding.rigid.flatMap(({ object, joint }) => {
    const geometry = (object as { geometry?: BufferGeometry; isSkinnedMesh?: boolean }).geometry;
    if (!geometry || (object as { isSkinnedMesh?: boolean }).isSkinnedMesh) return [];
    if (!geometry.boundingBox) geometry.computeBoundingBox();
    return geometry.boundingBox!.isEmpty() ? [] : [{ box: geometry.boundingBox!, joint }];
  });

  const vertices = sources.reduce((n, s) => n + s.out.length / 3, 0);
  const totalSeconds = clips.reduce((t, c) => t + c.duration, 0);
  const rate = Math.min(options.rate ?? 12, (options.budget ?? 1.5e6) / Math.max(1, vertices * totalSeconds));
  const moving = new Box3();
  const inPlace = new Box3();

  const measure = (shiftX: number, shiftZ: number): void => {
    localToModel(skeleton, pose, null, model);
    _box.makeEmpty();
    for (const source of sources) {
      skinningMatrices(asset.skins[source.skin], model, matrices[source.skin]);
      skinVertices(source.geometry, matrices[source.skin], source.out, null);
      expandByPositions(_box, source.out, source.morphReach);
    }
    for (const { box, joint } of rigid) _box.union(movedBox(box, _matrix.fromArray(model, joint * 16)));
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

  setRestPose(skeleton, pose, asset.defaultWeights);
  measure(0, 0);
  for (const clip of clips) {
    const clipBinding = bindClip(clip, skeleton, asset.morphs);
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

const _corner = new Box3();
/** `box` moved by `matrix` (the box of its eight moved corners). */
function movedBox(box: Box3, matrix: Matrix4): Box3 {
  return _corner.copy(box).applyMatrix4(matrix);
}
