import {
  Box3,
  type BufferGeometry,
  DataTexture,
  DynamicDrawUsage,
  FloatType,
  Group,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  type Material,
  Mesh,
  RGBAFormat,
} from 'three';
import type { Actor, StageCore } from './actor.js';
import { setFrameBounds } from './frame-bounds.js';
import { type InstancedSkinUniforms, instancedShadowMaterials, instancedSkinning } from './instanced-material.js';
import { RigidGroup, type RigidMarks, type RigidMember } from './instanced-rigid.js';
import { morphTexture, PrimitiveBatches, primitiveKey, worldBatchMesh, writeMorphRow } from './primitive-batches.js';

/** Texels per row of the matrix texture (a matrix is four texels); rows grow with the characters. */
const TEXTURE_WIDTH = 1024;
/** Characters a skin group makes room for at first; it doubles when full. */
const FIRST_CAPACITY = 16;
/** A carry matrix that moves nothing: a posed row's. */
export const IDENTITY: readonly number[] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/**
 * One character in a skin group: its row of skinning matrices and the carry matrix that follows them (applied
 * by the shader: identity on a posed frame, the held pose's carry on a held one).
 */
export interface SkinMember {
  /** Its row's skinning matrices in the group's data (replaced when the group grows or the rows are compacted). */
  view: Float32Array;
  /** The row's carry matrix, 16 floats after `view` (replaced with it). */
  carry: Float32Array;
  row: number;
  /** Called after `view` and `carry` are replaced (the owner may show the row elsewhere). */
  placed(): void;
}

/** One primitive (a geometry and a material) of a skinned model, drawn once for every member that shows it. */
class PrimitiveBatch {
  readonly mesh: Mesh;
  readonly #geometry: InstancedBufferGeometry;
  #rows: InstancedBufferAttribute;
  readonly #entries: { member: SkinMember; source: Mesh }[] = [];
  /** Morph targets the primitive has; with any, each member's weights in `#morphs`, a row per member row. */
  readonly #targets: number;
  readonly #morphs: { value: DataTexture | null } = { value: null };

  constructor(source: Mesh, uniforms: InstancedSkinUniforms, capacity: number) {
    const geometry = new InstancedBufferGeometry();
    // the source's attributes themselves: one upload serves every copy and the batch
    const from = source.geometry as BufferGeometry;
    geometry.index = from.index;
    for (const name of Object.keys(from.attributes)) geometry.setAttribute(name, from.getAttribute(name));
    for (const group of from.groups) geometry.addGroup(group.start, group.count, group.materialIndex);
    geometry.setDrawRange(from.drawRange.start, from.drawRange.count);
    geometry.morphAttributes = from.morphAttributes;
    geometry.morphTargetsRelative = from.morphTargetsRelative;
    this.#rows = new InstancedBufferAttribute(new Float32Array(capacity), 1).setUsage(DynamicDrawUsage);
    geometry.setAttribute('instanceRow', this.#rows);
    geometry.instanceCount = 0;
    this.#geometry = geometry;
    this.#targets = source.morphTargetInfluences?.length ?? 0;
    const morphs = this.#targets > 0 ? this.#morphs : undefined;
    if (morphs) morphs.value = morphTexture(this.#targets, capacity);
    const material = instancedSkinning((source.material as Material).clone(), uniforms, morphs);
    const mesh = worldBatchMesh(new Mesh(geometry, material), source);
    const shadows = instancedShadowMaterials(uniforms, morphs);
    mesh.customDepthMaterial = shadows.depth;
    mesh.customDistanceMaterial = shadows.distance;
    this.mesh = mesh;
  }

  get size(): number {
    return this.#entries.length;
  }

  add(member: SkinMember, source: Mesh): void {
    this.#entries.push({ member, source });
  }

  remove(member: SkinMember): void {
    const entries = this.#entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      if (entries[i].member !== member) continue;
      entries[i] = entries[entries.length - 1];
      entries.pop();
    }
  }

  grow(capacity: number): void {
    if (this.#rows.count >= capacity) return;
    // three caps a geometry's instances by its instanced attributes' size when it first draws it, and keeps
    // that cap until the geometry is disposed: without this, rows past the first capacity would not draw
    this.#geometry.dispose();
    this.#rows = new InstancedBufferAttribute(new Float32Array(capacity), 1).setUsage(DynamicDrawUsage);
    this.#geometry.setAttribute('instanceRow', this.#rows);
    if (this.#targets === 0) return;
    this.#morphs.value?.dispose();
    this.#morphs.value = morphTexture(this.#targets, capacity);
  }

  /**
   * The rows drawn this frame: every member that is drawn (`shown`, by row: told once per member, not
   * once per primitive) and whose copy of this primitive is visible.
   */
  flush(shown: Uint8Array): void {
    const rows = this.#rows.array as Float32Array;
    const entries = this.#entries;
    let count = 0;
    for (let i = 0; i < entries.length; i++) {
      const { member, source } = entries[i];
      if (shown[member.row] !== 1 || !source.visible) continue;
      rows[count++] = member.row;
      if (this.#targets > 0) this.#writeMorphs(member.row, source);
    }
    if (this.#morphs.value) this.#morphs.value.needsUpdate = true;
    this.#geometry.instanceCount = count;
    this.mesh.visible = count > 0;
    // uploaded whole, as the matrix texture is: an update range is an object a frame (three keeps a list)
    this.#rows.needsUpdate = true;
  }

  dispose(): void {
    this.mesh.removeFromParent();
    (this.mesh.material as Material).dispose();
    this.mesh.customDepthMaterial?.dispose();
    this.mesh.customDistanceMaterial?.dispose();
    // the attributes are the model's: only the instanced geometry's own state goes
    this.#geometry.dispose();
    this.#morphs.value?.dispose();
  }

  /** The member's weights (its copy's, which its rig writes) in its row of the morph texture. */
  #writeMorphs(row: number, source: Mesh): void {
    const data = this.#morphs.value!.image.data as Float32Array;
    const relative = this.#geometry.morphTargetsRelative;
    writeMorphRow(data, row * (this.#targets + 1), source.morphTargetInfluences!, this.#targets, relative);
  }
}

/**
 * What a member tells its group each frame (held by the member, so a frame need not look its group up): that it
 * wrote its row, and that it is drawn.
 */
export interface RowMarks {
  /** Set when a member wrote matrices since the last upload. */
  dirty: boolean;
  /**
   * The member at `row` is drawn this frame (on the stage, visible, not culled): told by its rig's update while
   * its objects are at hand. A member not told is left out of the frame's draws.
   */
  shows(row: number): void;
}

/**
 * Every character of one skin of one model on a stage: their skinning matrices in one float texture (a row
 * of `joints` matrices per character), and one instanced draw per primitive of the model.
 */
class SkinGroup implements RowMarks {
  readonly #joints: number;
  readonly #members: SkinMember[] = [];
  readonly #batches = new PrimitiveBatches<SkinMember, PrimitiveBatch>();
  readonly #uniforms: InstancedSkinUniforms = { crowdBones: { value: null }, crowdJoints: { value: 0 } };
  readonly #parent: Group;
  #data = new Float32Array(0);
  #texture: DataTexture | null = null;
  #capacity = 0;
  /** Per row, whether its member is drawn this frame (1) or not (0): filled by `flush`. */
  #shown = new Uint8Array(0);
  /** Per row, the last frame (`#frame`) its member said it is drawn. */
  #drawnAt = new Int32Array(0);
  /** Counts the flushes: a frame's `shows` stamp its row with the count the coming flush reads. */
  #frame = 1;
  /** Whether a member wrote matrices since the last upload. */
  dirty = false;

  constructor(joints: number, parent: Group) {
    this.#joints = joints;
    this.#uniforms.crowdJoints.value = joints;
    this.#parent = parent;
    this.#grow(FIRST_CAPACITY);
  }

  get size(): number {
    return this.#members.length;
  }

  /** Draw calls this group makes per pass (one per primitive shown). */
  get batches(): number {
    return this.#batches.size;
  }

  add(member: SkinMember, sources: readonly Mesh[]): void {
    if (this.#members.length === this.#capacity) this.#grow(this.#capacity * 2);
    member.row = this.#members.length;
    this.#drawnAt[member.row] = 0;
    this.#place(member);
    member.carry.set(IDENTITY);
    this.#members.push(member);
    for (const source of sources) this.#batchFor(source).add(member, source);
  }

  remove(member: SkinMember): void {
    const members = this.#members;
    const row = members.indexOf(member);
    if (row < 0) return;
    // the last row moves into the gap: rows stay packed, the mover rewrites its matrices next frame
    const last = members.pop()!;
    if (last !== member) {
      members[row] = last;
      last.row = row;
      const stride = this.#stride;
      this.#data.copyWithin(row * stride, members.length * stride, (members.length + 1) * stride);
      this.#drawnAt[row] = this.#drawnAt[members.length];
      this.#place(last);
      this.dirty = true;
    }
    this.#batches.remove(member);
  }

  flush(): void {
    if (this.dirty && this.#texture) this.#texture.needsUpdate = true;
    this.dirty = false;
    const shown = this.#shown;
    const drawnAt = this.#drawnAt;
    const frame = this.#frame++;
    for (let i = 0; i < this.#members.length; i++) shown[i] = drawnAt[i] === frame ? 1 : 0;
    const list = this.#batches.list;
    for (let i = 0; i < list.length; i++) list[i].flush(shown);
  }

  shows(row: number): void {
    this.#drawnAt[row] = this.#frame;
  }

  dispose(): void {
    this.#batches.dispose();
    this.#texture?.dispose();
  }

  #batchFor(source: Mesh): PrimitiveBatch {
    return this.#batches.get(primitiveKey(source), () => {
      const batch = new PrimitiveBatch(source, this.#uniforms, this.#capacity);
      this.#parent.add(batch.mesh);
      return batch;
    });
  }

  /** Floats per row: the joints' matrices and the carry. */
  get #stride(): number {
    return (this.#joints + 1) * 16;
  }

  /** Points the member's views at its row. */
  #place(member: SkinMember): void {
    const start = member.row * this.#stride;
    const carry = start + this.#joints * 16;
    member.view = this.#data.subarray(start, carry);
    member.carry = this.#data.subarray(carry, carry + 16);
    member.placed();
  }

  #grow(capacity: number): void {
    const floats = capacity * this.#stride;
    const height = Math.ceil(floats / 4 / TEXTURE_WIDTH);
    const data = new Float32Array(TEXTURE_WIDTH * 4 * height);
    data.set(this.#data);
    this.#data = data;
    this.#capacity = capacity;
    this.#shown = new Uint8Array(capacity);
    const drawnAt = new Int32Array(capacity);
    drawnAt.set(this.#drawnAt);
    this.#drawnAt = drawnAt;
    this.#texture?.dispose();
    const texture = new DataTexture(data, TEXTURE_WIDTH, height, RGBAFormat, FloatType);
    texture.needsUpdate = true;
    this.#texture = texture;
    this.#uniforms.crowdBones.value = texture;
    for (let i = 0; i < this.#members.length; i++) this.#place(this.#members[i]);
    for (const batch of this.#batches.list) batch.grow(capacity);
  }
}

/**
 * A stage's instanced skins: one SkinGroup per skin of each shared model (keyed by the model's runtime
 * import, which every copy of a file shares), and one RigidGroup per model for its rigid primitives. Runs
 * last in every frame (a `follow` actor): uploads the matrices the characters wrote and picks the rows and
 * instances each primitive draws.
 */
export class InstancedSkins implements Actor {
  readonly #groups = new Map<object, SkinGroup[]>();
  readonly #rigid = new Map<object, RigidGroup>();
  readonly #parent = new Group();
  readonly #stage: StageCore;
  readonly #watchers = new Set<() => void>();
  /** The characters showing each file (by its resolved URL), and whether they are drawn together. */
  readonly #shares = new Map<string, { members: Set<() => void>; together: boolean }>();
  #actor = false;
  #enabled = true;

  constructor(stage: StageCore) {
    this.#stage = stage;
    this.#parent.name = 'anim-instanced-skins';
    // the batches draw the characters, whose roots frame them: a batch's own box (bind pose at the origin, or
    // wherever its instances were when three first measured it) says nothing of where they are
    setFrameBounds(this.#parent, noBounds);
  }

  /** Whether characters of this stage are drawn instanced (`<anim-scene instancing="off">` turns it off). */
  get enabled(): boolean {
    return this.#enabled;
  }
  set enabled(value: boolean) {
    if (value === this.#enabled) return;
    this.#enabled = value;
    for (const watcher of [...this.#watchers]) watcher();
  }

  /** Calls `changed` whenever `enabled` changes; returns the function that stops it. */
  watch(changed: () => void): () => void {
    this.#watchers.add(changed);
    return () => this.#watchers.delete(changed);
  }

  /**
   * Counts a character as showing the file `key` (from the start of its load, so characters loading together
   * are instanced from their first frame). Once a second one shows it, every one showing it is drawn
   * instanced (`changed` is called for those counted before) and stays so until all have withdrawn: batches
   * are not rebuilt as characters come and go, and a character alone with its file draws its own meshes.
   * Returns the function that withdraws it.
   */
  share(key: string, changed: () => void): () => void {
    let share = this.#shares.get(key);
    if (!share) {
      share = { members: new Set(), together: false };
      this.#shares.set(key, share);
    }
    const joined = share;
    joined.members.add(changed);
    if (!joined.together && joined.members.size > 1) {
      joined.together = true;
      for (const member of [...joined.members]) if (member !== changed) member();
    }
    return () => {
      joined.members.delete(changed);
      if (joined.members.size === 0 && this.#shares.get(key) === joined) this.#shares.delete(key);
    };
  }

  /** Whether the characters showing the file `key` are drawn instanced (see `share`). */
  instancesOf(key: string): boolean {
    return this.#shares.get(key)?.together ?? false;
  }

  /**
   * Adds `member` to the group of (`model`, `skin`), drawing `sources` (that skin's meshes in its copy).
   * Returns the group's marks, for the member to tell it what it wrote and that it is drawn.
   */
  join(model: object, skin: number, joints: number, member: SkinMember, sources: readonly Mesh[]): RowMarks {
    let groups = this.#groups.get(model);
    if (!groups) {
      groups = [];
      this.#groups.set(model, groups);
    }
    const group = (groups[skin] ??= new SkinGroup(joints, this.#parent));
    group.add(member, sources);
    this.#start();
    return group;
  }

  /** Adds `member` to the rigid group of `model`, drawing `sources` (its copy's rigid primitives, in its matrices' order). */
  joinRigid(model: object, member: RigidMember, sources: readonly Mesh[]): RigidMarks {
    let group = this.#rigid.get(model);
    if (!group) {
      group = new RigidGroup(this.#parent);
      this.#rigid.set(model, group);
    }
    group.add(member, sources);
    this.#start();
    return group;
  }

  leaveRigid(model: object, member: RigidMember): void {
    const group = this.#rigid.get(model);
    if (!group) return;
    group.remove(member);
    if (group.size > 0) return;
    group.dispose();
    this.#rigid.delete(model);
    this.#stopWhenEmpty();
  }

  /** The rigid group of `model` (for tests). */
  rigidGroup(model: object): RigidGroup | undefined {
    return this.#rigid.get(model);
  }

  leave(model: object, skin: number, member: SkinMember): void {
    const groups = this.#groups.get(model);
    const group = groups?.[skin];
    if (!groups || !group) return;
    group.remove(member);
    if (group.size > 0) return;
    group.dispose();
    delete groups[skin];
    if (groups.every((g) => g === undefined)) this.#groups.delete(model);
    this.#stopWhenEmpty();
  }

  #start(): void {
    if (this.#actor) return;
    this.#actor = true;
    this.#stage.content.add(this.#parent);
    this.#stage.addLateActor(this);
  }

  #stopWhenEmpty(): void {
    if (this.#groups.size > 0 || this.#rigid.size > 0 || !this.#actor) return;
    this.#actor = false;
    this.#parent.removeFromParent();
    this.#stage.removeActor(this);
  }

  /** Instanced draws per pass over every group (for tests and the stats). */
  get batchCount(): number {
    let count = 0;
    for (const groups of this.#groups.values()) for (const g of groups) count += g?.batches ?? 0;
    for (const group of this.#rigid.values()) count += group.batches;
    return count;
  }

  update(): void {
    this.#groups.forEach(flushGroups);
    this.#rigid.forEach(flushRigid);
  }
}

const noBounds = (): Box3 => EMPTY_BOX;
const EMPTY_BOX = new Box3();

const flushGroups = (groups: SkinGroup[]): void => {
  for (let s = 0; s < groups.length; s++) groups[s]?.flush();
};

const flushRigid = (group: RigidGroup): void => group.flush();

const skinsOfStage = new WeakMap<StageCore, InstancedSkins>();

/** The stage's instanced skins (made on first use). */
export function instancedSkinsOf(stage: StageCore): InstancedSkins {
  let skins = skinsOfStage.get(stage);
  if (!skins) {
    skins = new InstancedSkins(stage);
    skinsOfStage.set(stage, skins);
  }
  return skins;
}
