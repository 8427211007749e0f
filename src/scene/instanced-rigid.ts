import { DynamicDrawUsage, type Group, InstancedMesh, type Mesh } from 'three';
import { morphTexture, PrimitiveBatches, primitiveKey, worldBatchMesh, writeMorphRow } from './primitive-batches.js';

/** Characters a rigid batch makes room for at first; it doubles when full. */
const FIRST_CAPACITY = 16;

/**
 * One character's rigid parts in a rigid group: their world matrices, 16 floats a part in the order its
 * parts joined, written by the character (posed or held), and the last frame it was drawn.
 */
export interface RigidMember {
  readonly matrices: Float32Array;
  /** The group's frame count when the character last said it is drawn (see RigidMarks). */
  drawnAt: number;
}

/** What a member tells its rigid group each frame. */
export interface RigidMarks {
  /**
   * `member` is drawn this frame (on the stage, visible, not culled): told by its rig's update while its
   * objects are at hand. A member not told is left out of the frame's draws.
   */
  shows(member: RigidMember): void;
}

interface RigidEntry {
  readonly member: RigidMember;
  /** The character's own copy of the primitive: its visibility and morph weights are the instance's. */
  readonly source: Mesh;
  /** Where the part's matrix starts in the member's matrices. */
  readonly offset: number;
}

/**
 * One rigid primitive (a mesh that follows a joint: a robot's head, a helmet on a bone) of a shared model,
 * drawn once for every character that shows it: three's InstancedMesh, its instance matrices the parts'
 * world matrices and, for a mesh with morph targets, its morph texture each instance's weights.
 */
class RigidBatch {
  #mesh: InstancedMesh;
  readonly #source: Mesh;
  readonly #parent: Group;
  readonly #entries: RigidEntry[] = [];
  /** Morph targets the primitive has (0: no morph texture). */
  readonly #targets: number;

  constructor(source: Mesh, parent: Group) {
    this.#source = source;
    this.#parent = parent;
    this.#targets = source.morphTargetInfluences?.length ?? 0;
    this.#mesh = this.#instanced(FIRST_CAPACITY);
    parent.add(this.#mesh);
  }

  get mesh(): InstancedMesh {
    return this.#mesh;
  }

  get size(): number {
    return this.#entries.length;
  }

  add(member: RigidMember, source: Mesh, offset: number): void {
    this.#entries.push({ member, source, offset });
    const capacity = this.#mesh.instanceMatrix.count;
    if (this.#entries.length > capacity) this.#replace(this.#instanced(capacity * 2));
  }

  remove(member: RigidMember): void {
    const entries = this.#entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].member !== member) continue;
      entries[i] = entries[entries.length - 1];
      entries.pop();
    }
  }

  /** The instances drawn this frame: every entry whose member was drawn at `frame` and whose primitive is visible. */
  flush(frame: number): void {
    const mesh = this.#mesh;
    const matrices = mesh.instanceMatrix.array as Float32Array;
    const entries = this.#entries;
    let count = 0;
    for (let i = 0; i < entries.length; i++) {
      const { member, source, offset } = entries[i];
      if (member.drawnAt !== frame || !source.visible) continue;
      const from = member.matrices;
      const to = count * 16;
      for (let k = 0; k < 16; k++) matrices[to + k] = from[offset + k];
      if (this.#targets > 0) {
        const data = mesh.morphTexture!.image.data as Float32Array;
        const relative = this.#source.geometry.morphTargetsRelative;
        writeMorphRow(data, count * (this.#targets + 1), source.morphTargetInfluences!, this.#targets, relative);
      }
      count++;
    }
    mesh.count = count;
    mesh.visible = count > 0;
    // uploaded whole, as the skin groups' textures are: an update range is an object a frame (three keeps a list)
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.morphTexture) mesh.morphTexture.needsUpdate = true;
  }

  dispose(): void {
    this.#mesh.removeFromParent();
    // frees the instance buffers and the morph texture; geometry and material are the model's
    this.#mesh.dispose();
  }

  #instanced(capacity: number): InstancedMesh {
    const source = this.#source;
    const mesh = worldBatchMesh(new InstancedMesh(source.geometry, source.material, capacity), source);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    if (this.#targets > 0) mesh.morphTexture = morphTexture(this.#targets, capacity);
    mesh.customDepthMaterial = source.customDepthMaterial;
    mesh.customDistanceMaterial = source.customDistanceMaterial;
    mesh.count = 0;
    return mesh;
  }

  /** A bigger mesh in place of the full one, casting and receiving shadows as the stage set it to. */
  #replace(mesh: InstancedMesh): void {
    mesh.castShadow = this.#mesh.castShadow;
    mesh.receiveShadow = this.#mesh.receiveShadow;
    this.dispose();
    this.#mesh = mesh;
    this.#parent.add(mesh);
  }
}

/**
 * Every character of one shared model on a stage whose model has rigid primitives: one instanced draw per
 * primitive (keyed by geometry and material, which every copy of the model shares).
 */
export class RigidGroup implements RigidMarks {
  readonly #members: RigidMember[] = [];
  readonly #batches = new PrimitiveBatches<RigidMember, RigidBatch>();
  readonly #parent: Group;
  /** Counts the flushes: a frame's `shows` stamp its members with the count the coming flush reads. */
  #frame = 1;

  constructor(parent: Group) {
    this.#parent = parent;
  }

  get size(): number {
    return this.#members.length;
  }

  /** Draw calls this group makes per pass (one per primitive). */
  get batches(): number {
    return this.#batches.size;
  }

  /** The instanced meshes (for tests). */
  get meshes(): InstancedMesh[] {
    return this.#batches.list.map((batch) => batch.mesh);
  }

  /** Adds `member`, whose part `i` (matrix at `i * 16`) is drawn as `sources[i]`. */
  add(member: RigidMember, sources: readonly Mesh[]): void {
    this.#members.push(member);
    for (let i = 0; i < sources.length; i++) this.#batchFor(sources[i]).add(member, sources[i], i * 16);
  }

  remove(member: RigidMember): void {
    const at = this.#members.indexOf(member);
    if (at < 0) return;
    this.#members.splice(at, 1);
    this.#batches.remove(member);
  }

  shows(member: RigidMember): void {
    member.drawnAt = this.#frame;
  }

  flush(): void {
    const frame = this.#frame++;
    const list = this.#batches.list;
    for (let i = 0; i < list.length; i++) list[i].flush(frame);
  }

  dispose(): void {
    this.#batches.dispose();
  }

  #batchFor(source: Mesh): RigidBatch {
    return this.#batches.get(primitiveKey(source), () => new RigidBatch(source, this.#parent));
  }
}
