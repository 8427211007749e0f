import type { Mesh, Object3D, SkinnedMesh, Skeleton as ThreeSkeleton } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { AnimError, type GltfAsset, type GltfJson, importGltf } from '../runtime/core.js';
import { CodedError } from './coded-error.js';

/** A skinned mesh of the loaded scene and the glTF skin that deforms it. */
export interface SkinnedPart {
  readonly mesh: SkinnedMesh;
  readonly skin: number;
}

/** A mesh whose morph weights come from the pose: `count` weights from `offset` of the pose's weights. */
export interface MorphPart {
  readonly mesh: Mesh;
  readonly offset: number;
  readonly count: number;
}

/** An object that follows one joint rigidly (a prop under a bone, a mesh node): its world matrix is the joint's. */
export interface RigidPart {
  readonly object: Object3D;
  readonly joint: number;
}

/**
 * Whether a rigid part draws by itself: a mesh that is not skinned, points, lines, a sprite. The glTF's
 * plain nodes (an armature, the group three makes of a mesh's primitives) are rigid parts that draw nothing.
 */
export function drawsItself(object: Object3D): boolean {
  const o = object as Partial<Record<'isMesh' | 'isSkinnedMesh' | 'isPoints' | 'isLine' | 'isSprite', boolean>>;
  return (
    (o.isMesh === true && o.isSkinnedMesh !== true) || o.isPoints === true || o.isLine === true || o.isSprite === true
  );
}

/** How a GLTFLoader result maps onto the runtime's import of the same file. */
export interface GltfBinding {
  readonly asset: GltfAsset;
  /** One three Skeleton per glTF skin (GLTFLoader shares it between the meshes of that skin), or null. */
  readonly skeletons: readonly (ThreeSkeleton | null)[];
  readonly skinned: readonly SkinnedPart[];
  readonly morphs: readonly MorphPart[];
  readonly rigid: readonly RigidPart[];
  /** What the file gets wrong that loading survived (a clip left out, a joint listed twice), each naming `url`. */
  readonly problems: readonly CodedError[];
}

type Association = { nodes?: number; meshes?: number; primitives?: number };

/**
 * Imports a GLTFLoader result into the runtime (skeleton over every scene node, skins, clips, morph slots)
 * and finds, through `parser.associations`, the three objects each part drives. Accessor data is read
 * through the parser's own buffer views, so meshopt-compressed animation data arrives decoded.
 * A bad clip is left out and listed in `problems` (`bad-clip`), like the file's other survivable faults.
 * `imported` is the same file's import made before (a copy of a shared model binds without importing again).
 * @throws CodedError `bad-gltf` when the runtime rejects the document (the message names `url`).
 */
export async function bindGltf(gltf: GLTF, url: string, imported?: GltfAsset): Promise<GltfBinding> {
  const json = gltf.parser.json as GltfJson;
  const asset = imported ?? (await importAsset(gltf, json, url));

  const associations = gltf.parser.associations as Map<Object3D, Association>;
  const nodeOf = (object: Object3D | null): number => {
    // primitives of a multi-primitive mesh sit in a group: the node is the nearest ancestor with a node index
    for (let o = object; o; o = o.parent) {
      const index = associations.get(o)?.nodes;
      if (index !== undefined) return index;
    }
    return -1;
  };

  const skeletons: (ThreeSkeleton | null)[] = (json.skins ?? []).map(() => null);
  const skinned: SkinnedPart[] = [];
  const morphs: MorphPart[] = [];
  const rigid: RigidPart[] = [];
  gltf.scene.traverse((object) => {
    const node = nodeOf(object);
    if (node < 0) return;
    const own = associations.get(object)?.nodes === node;
    const joint = asset.nodeToJoint[node];
    const mesh = object as SkinnedMesh;
    if (mesh.isSkinnedMesh) {
      const skin = json.nodes?.[node]?.skin;
      if (skin !== undefined && skin < skeletons.length) {
        skeletons[skin] ??= mesh.skeleton;
        skinned.push({ mesh, skin });
      }
    } else if ((own && !(object as { isBone?: boolean }).isBone) || (!own && mesh.isMesh)) {
      rigid.push({ object, joint });
    }
    if (mesh.isMesh && mesh.morphTargetInfluences && mesh.morphTargetInfluences.length > 0) {
      const slot = asset.morphs.get(asset.skeleton.names[joint]);
      if (slot)
        morphs.push({ mesh, offset: slot.offset, count: Math.min(slot.count, mesh.morphTargetInfluences.length) });
    }
  });
  const problems = asset.problems.map(
    (error) => new CodedError(error.code === 'bad-clip' ? 'bad-clip' : 'bad-gltf', `${url}: ${error.message}`),
  );
  return { asset, skeletons, skinned, morphs, rigid, problems };
}

async function importAsset(gltf: GLTF, json: GltfJson, url: string): Promise<GltfAsset> {
  const { views, buffers } = await resolvedBufferViews(gltf, json);
  try {
    return importGltf({ ...json, bufferViews: views }, buffers);
  } catch (error) {
    if (error instanceof AnimError) {
      throw new CodedError('bad-gltf', `${url}: ${error.message} (${error.code})`, { cause: error });
    }
    throw error;
  }
}

/**
 * Every buffer view an accessor reads, as the loader decoded it (the parser caches them, so this costs no
 * second copy), each in a buffer of its own; views nothing reads stay empty.
 */
export async function resolvedBufferViews(
  gltf: GLTF,
  json: GltfJson,
): Promise<{ views: NonNullable<GltfJson['bufferViews']>; buffers: ArrayBuffer[] }> {
  const used = new Set<number>();
  for (const accessor of json.accessors ?? []) {
    if (accessor.bufferView !== undefined) used.add(accessor.bufferView);
    if (accessor.sparse) used.add(accessor.sparse.indices.bufferView).add(accessor.sparse.values.bufferView);
  }
  const views = (json.bufferViews ?? []).map((view, i) => ({
    ...view,
    buffer: i,
    byteOffset: 0,
    byteLength: used.has(i) ? view.byteLength : 0,
  }));
  const buffers = await Promise.all(
    views.map((_, i) =>
      used.has(i) ? (gltf.parser.getDependency('bufferView', i) as Promise<ArrayBuffer>) : new ArrayBuffer(0),
    ),
  );
  return { views, buffers };
}
