import type { Matrix4, Mesh, Object3D, Skeleton as ThreeSkeleton } from 'three';
import { type Skin, skinningMatrices } from '../runtime/core.js';
import { identity, multiply } from '../runtime/mat4.js';
import { drawsItself, type GltfBinding } from './gltf-binding.js';
import type { RigidMarks, RigidMember } from './instanced-rigid.js';
import type { InstancedSkins, RowMarks, SkinMember } from './instanced-skin.js';
import { placeInWorld, type SkinOutput } from './skin-output.js';

/** The rigid parts of a model that draw (a robot's head under its bone, a helmet), each with its joint. */
function drawnRigidParts(binding: GltfBinding): { mesh: Mesh; joint: number }[] {
  return binding.rigid
    .filter(({ object }) => drawsItself(object))
    .map(({ object, joint }) => ({ mesh: object as Mesh, joint }));
}

/**
 * Whether a character's model can be drawn instanced: it draws something; every skinned mesh has one
 * material; every rigid part that draws is a plain mesh. Morph targets are fine: each instance draws its
 * own weights.
 */
export function canInstance(binding: GltfBinding): boolean {
  const rigid = drawnRigidParts(binding);
  if (binding.skinned.length === 0 && rigid.length === 0) return false;
  const plain = ({ mesh }: { mesh: Mesh }) => mesh.isMesh && !(mesh as { isInstancedMesh?: boolean }).isInstancedMesh;
  return binding.skinned.every(({ mesh }) => !Array.isArray(mesh.material)) && rigid.every(plain);
}

interface Slot {
  readonly skin: Skin;
  readonly index: number;
  readonly member: SkinMember;
  /** Its group's marks: the row written, the character drawn. */
  readonly marks: RowMarks;
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
 * shared with every character of the same model; so are its rigid meshes, each at its joint's world matrix
 * (instanced-rigid.ts). Its own meshes stay in its scene graph, kept out of every render by their layers
 * (whoever hides one, as cloth hides the mesh it replaces, hides its copy in the batch too).
 */
export class InstancedSkinOutput implements SkinOutput {
  /**
   * Set by view culling: the character is not drawn (its matrices are not written either while it is
   * not posed). A culled character that is posed again is drawn again.
   */
  culled = false;
  readonly drawsMeshes = false;
  readonly drawsRigidParts = true;
  readonly #skins: InstancedSkins;
  readonly #model: object;
  readonly #slots: Slot[] = [];
  /** The rigid parts' world matrices, drawn by the model's rigid group; null for a model without any. */
  readonly #rigid: RigidMember | null = null;
  /** The rigid group's marks (set with `#rigid`). */
  readonly #rigidMarks: RigidMarks | null = null;
  /** Per rigid part, its joint (its matrix is the joint's world matrix). */
  readonly #rigidJoints: Int32Array;
  /** The joint matrices last written (the rig's own array): a held frame carries the rigid parts from them. */
  #posed: Float32Array | null = null;
  readonly #hidden: { mesh: Mesh; mask: number }[] = [];
  readonly #root: Object3D;
  /** Whether the rows' carry matrices hold a held frame's carry (a posed frame sets them back to identity). */
  #carried = false;

  constructor(binding: GltfBinding, skins: InstancedSkins, root: Object3D) {
    this.#skins = skins;
    this.#model = binding.asset;
    this.#root = root;
    binding.skeletons.forEach((_, s) => {
      const sources = binding.skinned.filter((p) => p.skin === s).map((p) => p.mesh);
      if (sources.length === 0) return;
      const skin = binding.asset.skins[s];
      const skeleton = binding.skeletons[s];
      const own = skeleton?.boneMatrices ?? null;
      const placed = () => {
        if (skeleton) skeleton.boneMatrices = member.view;
      };
      const member: SkinMember = { view: new Float32Array(0), carry: new Float32Array(0), row: -1, placed };
      const marks = skins.join(this.#model, s, skin.joints.length, member, sources);
      this.#slots.push({ skin, index: s, member, marks, skeleton, own });
    });
    const rigid = drawnRigidParts(binding);
    this.#rigidJoints = Int32Array.from(rigid, (part) => part.joint);
    if (rigid.length > 0) {
      this.#rigid = { matrices: new Float32Array(rigid.length * 16), drawnAt: 0 };
      this.#rigidMarks = skins.joinRigid(
        this.#model,
        this.#rigid,
        rigid.map((part) => part.mesh),
      );
    }
    for (const { mesh } of binding.skinned) {
      placeInWorld(mesh);
      mesh.visible = true;
    }
    for (const { mesh } of [...binding.skinned, ...rigid]) {
      this.#hidden.push({ mesh, mask: mesh.layers.mask });
      mesh.layers.disableAll();
    }
  }

  /** The character's rigid parts as its model's rigid group draws them: their world matrices (for tests). */
  get rigid(): RigidMember | null {
    return this.#rigid;
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
      const { skin, member, marks } = slots[i];
      skinningMatrices(skin, model, member.view);
      if (this.#carried) identity(member.carry, 0);
      marks.dirty = true;
    }
    this.#carried = false;
    this.#posed = model;
    const rigid = this.#rigid;
    if (rigid === null) return;
    const joints = this.#rigidJoints;
    const matrices = rigid.matrices;
    for (let i = 0; i < joints.length; i++) {
      const from = joints[i] * 16;
      const to = i * 16;
      for (let k = 0; k < 16; k++) matrices[to + k] = model[from + k];
    }
  }

  /**
   * Tells the groups that the character's rows are drawn this frame if it is (on the stage, visible, not
   * culled). Called by its rig in each update, while the objects read here are in cache: the groups' pass over
   * their members at the end of the frame reads none of them.
   */
  markDrawn(): void {
    const root = this.#root;
    if (this.culled || !root.visible || root.parent === null) return;
    const slots = this.#slots;
    for (let i = 0; i < slots.length; i++) slots[i].marks.shows(slots[i].member.row);
    if (this.#rigid !== null) this.#rigidMarks!.shows(this.#rigid);
  }

  /**
   * A held frame (RigTiers): the row keeps the last posed skinning and its carry matrix becomes `held` (from
   * the root it was posed at to the root now), which the shader applies to each vertex's blended joints: a
   * reduced-rate character moves smoothly between poses for 16 floats a frame, whatever its joint count.
   */
  hold(held: Matrix4): void {
    const slots = this.#slots;
    const elements = held.elements;
    // element by element: a typed array's set() from a plain array costs more than the copy itself
    for (let i = 0; i < slots.length; i++) {
      const carry = slots[i].member.carry;
      for (let k = 0; k < 16; k++) carry[k] = elements[k];
      slots[i].marks.dirty = true;
    }
    this.#carried = true;
    const rigid = this.#rigid;
    const posed = this.#posed;
    if (rigid === null || posed === null) return;
    const joints = this.#rigidJoints;
    for (let i = 0; i < joints.length; i++) multiply(rigid.matrices, i * 16, elements, 0, posed, joints[i] * 16);
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
    if (this.#rigid) this.#skins.leaveRigid(this.#model, this.#rigid);
    for (const { mesh, mask } of this.#hidden) mesh.layers.mask = mask;
    this.#hidden.length = 0;
  }
}
