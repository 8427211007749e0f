import {
  BufferAttribute,
  DetachedBindMode,
  DynamicDrawUsage,
  type Matrix4,
  Mesh,
  type SkinnedMesh,
  type Skeleton as ThreeSkeleton,
} from 'three';
import { type Skin, type SkinnedGeometry, skinningMatrices, skinVertices } from '../runtime/core.js';
import type { GltfBinding } from './gltf-binding.js';
import type { JointBounds } from './joint-bounds.js';

/** The last stage of a rig's frame: world-space joint matrices in, deformed meshes out. */
export interface SkinOutput {
  /** Set each frame from the character's tier: a culled character is out of view (an output may skip drawing it). */
  culled?: boolean;
  /**
   * Whether three draws the rig's own skinned meshes (and culls them by their bounds): the rig then fits
   * the bounds to each posed frame. An instanced output draws copies elsewhere, so nobody reads them.
   */
  readonly drawsMeshes: boolean;
  /**
   * Whether the output draws the rig's rigid parts itself (instanced, from the matrices it is given): the rig
   * then need not write their world matrices, nor keep them in three's walks.
   */
  readonly drawsRigidParts: boolean;
  write(model: Float32Array): void;
  /** A frame not posed whose meshes ride `held` (see RigTiers.hold); outputs whose meshes the rig moves need not. */
  hold?(held: Matrix4): void;
  /** Called by the rig in each update (its tier set) and whenever the output is made (see InstancedSkinOutput). */
  markDrawn?(): void;
  dispose(): void;
}

/**
 * Puts a skinned mesh in world space: identity world and bind matrices, so three's shader computes
 * `Σ weight × boneMatrix × vertex` and the bone matrices can be the runtime's skinning matrices as they are.
 */
export function placeInWorld(mesh: SkinnedMesh | Mesh): void {
  mesh.matrixAutoUpdate = false;
  mesh.matrixWorldAutoUpdate = false;
  mesh.matrix.identity();
  mesh.matrixWorld.identity();
  if ((mesh as SkinnedMesh).isSkinnedMesh) {
    const skinned = mesh as SkinnedMesh;
    skinned.bindMode = DetachedBindMode;
    skinned.bindMatrix.identity();
    skinned.bindMatrixInverse.identity();
  }
}

/** Three calls this every frame for each visible skeleton; the rig has written the matrices already. */
function keepRigMatrices(): void {}

/**
 * GPU skinning (`skinning="gpu"`): each frame the skinning matrices go straight into the bone texture of
 * the skin's one three Skeleton, and three's per-frame `skeleton.update()` (which would recompute them
 * from the never-moved Bone objects) is switched off for it. No Bone object is touched.
 */
export class GpuSkinOutput implements SkinOutput {
  readonly drawsMeshes = true;
  readonly drawsRigidParts = false;
  readonly #skins: { skin: Skin; skeleton: ThreeSkeleton }[] = [];

  constructor(binding: GltfBinding, bounds: readonly (JointBounds | null)[]) {
    binding.skeletons.forEach((skeleton, s) => {
      if (!skeleton) return;
      skeleton.update = keepRigMatrices;
      // made now, not by the first render, so boneMatrices is already the texture's own array
      if (!skeleton.boneTexture) skeleton.computeBoneTexture();
      this.#skins.push({ skin: binding.asset.skins[s], skeleton });
    });
    for (const { mesh, skin } of binding.skinned) {
      placeInWorld(mesh);
      mesh.visible = true;
      const b = bounds[skin];
      if (b) {
        mesh.boundingSphere = b.sphere;
        mesh.boundingBox = b.box;
      }
    }
  }

  write(model: Float32Array): void {
    for (let i = 0; i < this.#skins.length; i++) {
      const { skin, skeleton } = this.#skins[i];
      skinningMatrices(skin, model, skeleton.boneMatrices!);
      skeleton.boneTexture!.needsUpdate = true;
    }
  }

  dispose(): void {
    // back to three's own update (from the prototype) for whoever uses the skeleton next
    for (const { skeleton } of this.#skins) delete (skeleton as Partial<ThreeSkeleton>).update;
  }
}

interface CpuPart {
  readonly source: SkinnedMesh;
  readonly mesh: Mesh;
  readonly geometry: SkinnedGeometry;
  readonly skin: number;
  readonly positions: BufferAttribute;
  readonly normals: BufferAttribute | null;
}

/**
 * CPU skinning (`skinning="cpu"`): each skinned mesh is shown as a plain mesh whose positions and normals
 * the runtime deforms every frame (bind-pose data read once), uploaded with `needsUpdate`. The skinned
 * originals stay in the scene, hidden, for a switch back to the GPU. Morph targets are applied by three's
 * shader after the CPU deformation, so on a moving mesh they are approximate in this mode.
 */
export class CpuSkinOutput implements SkinOutput {
  readonly drawsMeshes = true;
  readonly drawsRigidParts = false;
  readonly #parts: CpuPart[] = [];
  readonly #skins: readonly Skin[];
  readonly #matrices: (Float32Array | null)[];

  constructor(binding: GltfBinding, bounds: readonly (JointBounds | null)[]) {
    this.#skins = binding.asset.skins;
    this.#matrices = this.#skins.map(() => null);
    for (const { mesh: source, skin } of binding.skinned) {
      this.#matrices[skin] ??= new Float32Array(this.#skins[skin].joints.length * 16);
      const geometry = source.geometry.clone();
      geometry.deleteAttribute('skinIndex');
      geometry.deleteAttribute('skinWeight');
      const bind = bindGeometry(source);
      const positions = new BufferAttribute(new Float32Array(bind.positions.length), 3).setUsage(DynamicDrawUsage);
      geometry.setAttribute('position', positions);
      let normals: BufferAttribute | null = null;
      if (bind.normals) {
        normals = new BufferAttribute(new Float32Array(bind.normals.length), 3).setUsage(DynamicDrawUsage);
        geometry.setAttribute('normal', normals);
      }
      const b = bounds[skin];
      if (b) {
        geometry.boundingSphere = b.sphere;
        geometry.boundingBox = b.box;
      }
      const mesh = new Mesh(geometry, source.material);
      mesh.name = source.name;
      mesh.castShadow = source.castShadow;
      mesh.receiveShadow = source.receiveShadow;
      // one influences array for both: the rig's morph stage writes the original's
      mesh.morphTargetInfluences = source.morphTargetInfluences;
      mesh.morphTargetDictionary = source.morphTargetDictionary;
      placeInWorld(mesh);
      source.visible = false;
      source.parent?.add(mesh);
      this.#parts.push({ source, mesh, geometry: bind, skin, positions, normals });
    }
  }

  /** The plain meshes drawn in place of the skinned ones. */
  get meshes(): readonly Mesh[] {
    return this.#parts.map((p) => p.mesh);
  }

  write(model: Float32Array): void {
    for (let s = 0; s < this.#skins.length; s++) {
      const out = this.#matrices[s];
      if (out) skinningMatrices(this.#skins[s], model, out);
    }
    for (let i = 0; i < this.#parts.length; i++) {
      const part = this.#parts[i];
      const normals = part.normals;
      skinVertices(
        part.geometry,
        this.#matrices[part.skin]!,
        part.positions.array as Float32Array,
        normals ? (normals.array as Float32Array) : null,
      );
      part.positions.needsUpdate = true;
      if (normals) normals.needsUpdate = true;
    }
  }

  dispose(): void {
    for (const part of this.#parts) {
      part.mesh.removeFromParent();
      part.mesh.geometry.dispose();
      part.source.visible = true;
    }
    this.#parts.length = 0;
  }
}

/** A skinned mesh's bind-pose data as flat arrays (whatever the attributes' storage: interleaved, normalized). */
function bindGeometry(mesh: SkinnedMesh): SkinnedGeometry {
  const g = mesh.geometry;
  const position = g.getAttribute('position');
  const normal = g.getAttribute('normal');
  const index = g.getAttribute('skinIndex');
  const weight = g.getAttribute('skinWeight');
  const n = position.count;
  const positions = new Float32Array(n * 3);
  const normals = normal ? new Float32Array(n * 3) : null;
  const joints = new Uint16Array(n * 4);
  const weights = new Float32Array(n * 4);
  for (let v = 0; v < n; v++) {
    for (let k = 0; k < 3; k++) {
      positions[v * 3 + k] = position.getComponent(v, k);
      if (normals) normals[v * 3 + k] = normal.getComponent(v, k);
    }
    for (let k = 0; k < 4; k++) {
      joints[v * 4 + k] = index.getComponent(v, k);
      weights[v * 4 + k] = weight.getComponent(v, k);
    }
  }
  return { positions, normals, joints, weights };
}
