import type { Matrix4, Mesh, Object3D, Skeleton as ThreeSkeleton } from 'three';
import { type Skin, skinningMatrices } from '../runtime/core.js';
import { identity } from '../runtime/mat4.js';
import type { GltfBinding } from './gltf-binding.js';
import type { InstancedSkins, SkinMember, WrittenMark } from './instanced-skin.js';
import { placeInWorld, type SkinOutput } from './skin-output.js';

/** Whether a character's model can be drawn instanced: every skinned mesh one material, no morph targets. */
export function canInstance(binding: GltfBinding): boolean {
  if (binding.skinned.length === 0 || binding.morphs.length > 0) return false;
  return binding.skinned.every(({ mesh }) => !Array.isArray(mesh.material) && !mesh.morphTargetInfluences?.length);
}

interface Slot {
  readonly skin: Skin;
  readonly index: number;
  readonly member: SkinMember;
  /** Its group's mark, set on each frame the row is written. */
  readonly written: WrittenMark;
  /**
   * The skin's three Skeleton: its boneMatrices is the row itself while the character is instanced (what
   * scripts and debug views read, at no copy), and `own`, its array before, again after.
   */
  readonly skeleton: ThreeSkeleton | null;
  readonly own: Float32Array | null;
}

/**
 * Instanced GPU skinning: the character's skinning matrices go into its row of the stage's matrix texture
 * for its model (see InstancedSkins), and its skinned meshes are drawn by one instanced draw per primitive
 * shared with every character of the same model. Its own skinned meshes stay in its scene graph, kept out
 * of every render by their layers (whoever hides one, as cloth hides the mesh it replaces, hides its copy in
 * the batch too).
 */
export class InstancedSkinOutput implements SkinOutput {
  /**
   * Set by view culling: the character is not drawn (its matrices are not written either while it is
   * not posed). A culled character that is posed again is drawn again.
   */
  culled = false;
  readonly drawsMeshes = false;
  readonly #skins: InstancedSkins;
  readonly #model: object;
  readonly #slots: Slot[] = [];
  readonly #hidden: { mesh: Mesh; mask: number }[] = [];
  /** Whether the rows' carry matrices hold a held frame's carry (a posed frame sets them back to identity). */
  #carried = false;

  constructor(binding: GltfBinding, skins: InstancedSkins, root: Object3D) {
    this.#skins = skins;
    this.#model = binding.asset;
    const drawn = () => !this.culled && root.visible && root.parent !== null;
    binding.skeletons.forEach((_, s) => {
      const sources = binding.skinned.filter((p) => p.skin === s).map((p) => p.mesh);
      if (sources.length === 0) return;
      const skin = binding.asset.skins[s];
      const skeleton = binding.skeletons[s];
      const own = skeleton?.boneMatrices ?? null;
      const placed = () => {
        if (skeleton) skeleton.boneMatrices = member.view;
      };
      const member: SkinMember = { view: new Float32Array(0), carry: new Float32Array(0), row: -1, placed, drawn };
      const written = skins.join(this.#model, s, skin.joints.length, member, sources);
      this.#slots.push({ skin, index: s, member, written, skeleton, own });
    });
    for (const { mesh } of binding.skinned) {
      placeInWorld(mesh);
      mesh.visible = true;
      this.#hidden.push({ mesh, mask: mesh.layers.mask });
      mesh.layers.disableAll();
    }
  }

  /** The instanced draws the character is part of (for tests). */
  get skins(): InstancedSkins {
    return this.#skins;
  }

  /** The character's rows, one per skin: its skinning matrices and their carry (for tests). */
  get members(): readonly SkinMember[] {
    return this.#slots.map((slot) => slot.member);
  }

  write(model: Float32Array): void {
    const slots = this.#slots;
    for (let i = 0; i < slots.length; i++) {
      const { skin, member, written } = slots[i];
      skinningMatrices(skin, model, member.view);
      if (this.#carried) identity(member.carry, 0);
      written.dirty = true;
    }
    this.#carried = false;
  }

  /**
   * A held frame (RigTiers): the row keeps the last posed skinning and its carry matrix becomes `held` (from
   * the root it was posed at to the root now), which the shader applies to every joint: a reduced-rate
   * character moves smoothly between poses for 16 floats a frame, whatever its joint count.
   */
  hold(held: Matrix4): void {
    const slots = this.#slots;
    const elements = held.elements;
    // element by element: a typed array's set() from a plain array costs more than the copy itself
    for (let i = 0; i < slots.length; i++) {
      const carry = slots[i].member.carry;
      for (let k = 0; k < 16; k++) carry[k] = elements[k];
      slots[i].written.dirty = true;
    }
    this.#carried = true;
  }

  dispose(): void {
    for (const { index, member, skeleton, own } of this.#slots) {
      // the skeleton takes back its own array (a GPU output's texture reads it) with the last pose in it
      if (skeleton && own) {
        own.set(member.view);
        skeleton.boneMatrices = own;
      }
      this.#skins.leave(this.#model, index, member);
    }
    this.#slots.length = 0;
    for (const { mesh, mask } of this.#hidden) mesh.layers.mask = mask;
    this.#hidden.length = 0;
  }
}
