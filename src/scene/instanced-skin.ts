import {
  type BufferGeometry,
  DataTexture,
  DynamicDrawUsage,
  FloatType,
  Group,
  InstancedBufferAttribute,
  InstancedBufferGeometry,
  type Material,
  Mesh,
  type Object3D,
  RGBAFormat,
} from 'three';
import type { Actor, StageCore } from './actor.js';
import { type InstancedSkinUniforms, instancedShadowMaterials, instancedSkinning } from './instanced-material.js';
import { contextRestores } from './shared-renderer.js';

/** Texels per line of the matrix texture (a matrix is four texels); lines are added as the characters grow. */
const TEXTURE_WIDTH = 1024;
/** Rows a skin group makes room for in each band at first; they double when a band is full. */
const FIRST_CAPACITY = 16;
/** A carry matrix that moves nothing: a posed row's. */
export const IDENTITY: readonly number[] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/**
 * Bands of rows, by stagger slot (lod.ts): a reduced-rate character is posed on the frames of its slot's
 * cycle, so those posed together sit together and a frame uploads their rows, not every row. Four bands
 * match the longest cycle (every 4th frame); a half-rate frame poses two of them.
 */
export const ROW_BANDS = 4;

/**
 * One character in a skin group: its row of skinning matrices and the carry matrix that follows them (applied
 * to every one of them by the shader: identity on a posed frame, the held pose's carry on a held one).
 */
export interface SkinMember {
  /** Its row's skinning matrices in the group's data (replaced when the group grows or the rows are compacted). */
  view: Float32Array;
  /** The row's carry matrix, in the group's block of carries (replaced with `view`). */
  carry: Float32Array;
  row: number;
  /** Its band of rows (0 to ROW_BANDS - 1): its stagger slot's place in the cycle. */
  readonly band: number;
  /** The texture lines its matrices span (first and last) and the one its carry is on: what a write marks. */
  lines: { first: number; last: number; carry: number };
  /** Called after `view` and `carry` are replaced (the owner may show the row elsewhere). */
  placed(): void;
}

/** One primitive (a geometry and a material) of a skinned model, drawn once for every member that shows it. */
class PrimitiveBatch {
  readonly mesh: Mesh;
  readonly #geometry: InstancedBufferGeometry;
  #rows: InstancedBufferAttribute;
  readonly #entries: { member: SkinMember; source: Object3D }[] = [];

  constructor(source: Mesh, uniforms: InstancedSkinUniforms, capacity: number) {
    const geometry = new InstancedBufferGeometry();
    // the source's attributes themselves: one upload serves every copy and the batch
    const from = source.geometry as BufferGeometry;
    geometry.index = from.index;
    for (const name of Object.keys(from.attributes)) geometry.setAttribute(name, from.getAttribute(name));
    for (const group of from.groups) geometry.addGroup(group.start, group.count, group.materialIndex);
    geometry.setDrawRange(from.drawRange.start, from.drawRange.count);
    this.#rows = new InstancedBufferAttribute(new Float32Array(capacity), 1).setUsage(DynamicDrawUsage);
    geometry.setAttribute('instanceRow', this.#rows);
    geometry.instanceCount = 0;
    this.#geometry = geometry;
    const material = instancedSkinning((source.material as Material).clone(), uniforms);
    const mesh = new Mesh(geometry, material);
    mesh.name = `${source.name || 'skinned'} (instanced)`;
    const shadows = instancedShadowMaterials(uniforms);
    mesh.customDepthMaterial = shadows.depth;
    mesh.customDistanceMaterial = shadows.distance;
    mesh.castShadow = source.castShadow;
    mesh.receiveShadow = source.receiveShadow;
    // world-space skinning: the mesh itself stays at the origin; its draw covers wherever the members are
    mesh.matrixAutoUpdate = false;
    mesh.matrixWorldAutoUpdate = false;
    mesh.frustumCulled = false;
    this.mesh = mesh;
  }

  get size(): number {
    return this.#entries.length;
  }

  add(member: SkinMember, source: Object3D): void {
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
    this.#rows = new InstancedBufferAttribute(new Float32Array(capacity), 1).setUsage(DynamicDrawUsage);
    this.#geometry.setAttribute('instanceRow', this.#rows);
  }

  /**
   * The rows drawn this frame: every member that is drawn (`shown`, by row, as each member marked it in its
   * update) and whose copy of this primitive is visible.
   */
  flush(shown: Uint8Array): void {
    const rows = this.#rows.array as Float32Array;
    const entries = this.#entries;
    let count = 0;
    for (let i = 0; i < entries.length; i++) {
      const { member, source } = entries[i];
      if (shown[member.row] === 1 && source.visible) rows[count++] = member.row;
    }
    this.#geometry.instanceCount = count;
    this.mesh.visible = count > 0;
    this.#rows.clearUpdateRanges();
    this.#rows.addUpdateRange(0, Math.max(1, count));
    this.#rows.needsUpdate = true;
  }

  dispose(): void {
    this.mesh.removeFromParent();
    (this.mesh.material as Material).dispose();
    this.mesh.customDepthMaterial?.dispose();
    this.mesh.customDistanceMaterial?.dispose();
    // the attributes are the model's: only the instanced geometry's own state goes
    this.#geometry.dispose();
  }
}

/**
 * What a group's members mark in their own update, so that its frame reads none of them: the texture lines
 * they wrote since the last upload, and by row whether the member is drawn this frame (1 for either).
 */
export interface WrittenMark {
  readonly lines: Uint8Array;
  readonly shown: Uint8Array;
}

/** Floats per line of the matrix texture. */
const LINE_FLOATS = TEXTURE_WIDTH * 4;

/**
 * Every character of one skin of one model on a stage: their skinning matrices in one float texture (a row
 * of `joints` matrices per character, in bands by stagger slot, then every row's carry matrix in a block of
 * their own), and one instanced draw per primitive of the model. A frame uploads the lines written: on a
 * frame that poses a band, its rows and the carries (held characters write only their carry).
 */
class SkinGroup implements WrittenMark {
  readonly #joints: number;
  /** Members by band: band b's are rows b·capacity onward, packed. */
  readonly #bands: SkinMember[][] = Array.from({ length: ROW_BANDS }, () => []);
  readonly #batches = new Map<string, PrimitiveBatch>();
  /** The batches again, for the per-frame loop (a Map's iterator would allocate). */
  readonly #list: PrimitiveBatch[] = [];
  readonly #uniforms: InstancedSkinUniforms = {
    crowdBones: { value: null },
    crowdJoints: { value: 0 },
    crowdCarries: { value: 0 },
  };
  readonly #parent: Group;
  #data = new Float32Array(0);
  #texture: DataTexture | null = null;
  /** Rows per band. */
  #capacity = 0;
  /** Per row, whether its member is drawn this frame (1): marked by the member's update, cleared by `flush`. */
  shown = new Uint8Array(0);
  /** Per line of the texture, 1 when a member wrote on it since the last upload. */
  lines = new Uint8Array(0);
  /** The context's restores at the last upload: after one, three.js uploads the texture anew, every line. */
  #restores = contextRestores();
  /** A whole upload asked for and not yet made (three.js calls the texture's onUpdate when it has). */
  #wholePending = false;

  constructor(joints: number, parent: Group) {
    this.#joints = joints;
    this.#uniforms.crowdJoints.value = joints;
    this.#parent = parent;
    this.#grow(FIRST_CAPACITY);
  }

  get size(): number {
    let size = 0;
    for (const band of this.#bands) size += band.length;
    return size;
  }

  /** Draw calls this group makes per pass (one per primitive shown). */
  get batches(): number {
    return this.#batches.size;
  }

  /** The matrix texture and the data it uploads. */
  get matrices(): { texture: DataTexture; data: Float32Array } {
    return { texture: this.#texture!, data: this.#data };
  }

  add(member: SkinMember, sources: readonly Mesh[]): void {
    const band = this.#bands[member.band];
    if (band.length === this.#capacity) this.#grow(this.#capacity * 2);
    member.row = member.band * this.#capacity + band.length;
    band.push(member);
    this.#place(member);
    member.carry.set(IDENTITY);
    this.lines[member.lines.carry] = 1;
    for (const source of sources) this.#batchFor(source).add(member, source);
  }

  remove(member: SkinMember): void {
    const band = this.#bands[member.band];
    const index = band.indexOf(member);
    if (index < 0) return;
    // the band's last row moves into the gap: rows stay packed
    const last = band.pop()!;
    if (last !== member) {
      band[index] = last;
      const from = last.row;
      last.row = member.row;
      const size = this.#joints * 16;
      this.#data.copyWithin(last.row * size, from * size, (from + 1) * size);
      const carries = this.#carriesAt;
      this.#data.copyWithin(carries + last.row * 16, carries + from * 16, carries + from * 16 + 16);
      this.shown[last.row] = this.shown[from];
      this.#place(last);
      this.#markAll(last);
    }
    for (const [key, batch] of this.#batches) {
      batch.remove(member);
      if (batch.size > 0) continue;
      batch.dispose();
      this.#batches.delete(key);
      this.#list.splice(this.#list.indexOf(batch), 1);
    }
  }

  flush(): void {
    this.#upload();
    const shown = this.shown;
    const list = this.#list;
    for (let i = 0; i < list.length; i++) list[i].flush(shown);
    shown.fill(0);
  }

  dispose(): void {
    for (const batch of this.#batches.values()) batch.dispose();
    this.#batches.clear();
    this.#list.length = 0;
    this.#texture?.dispose();
  }

  /**
   * The lines written since the last upload go up: all at once when every line was (or three.js must upload
   * the whole texture: a new one, or the context came back), else line by line. What was asked for and not yet
   * uploaded (no render since) is asked for again with this frame's lines.
   */
  #upload(): void {
    const lines = this.lines;
    const texture = this.#texture;
    if (texture === null) return;
    if (this.#restores !== contextRestores()) {
      this.#restores = contextRestores();
      lines.fill(1);
    }
    if (this.#wholePending) lines.fill(1);
    const ranges = texture.updateRanges;
    for (let i = 0; i < ranges.length; i++) lines[ranges[i].start / LINE_FLOATS] = 1;
    texture.clearUpdateRanges();
    let written = 0;
    for (let l = 0; l < lines.length; l++) written += lines[l];
    if (written === 0) return;
    if (written === lines.length) this.#wholePending = true;
    else
      for (let l = 0; l < lines.length; l++) if (lines[l] === 1) texture.addUpdateRange(l * LINE_FLOATS, LINE_FLOATS);
    texture.needsUpdate = true;
    lines.fill(0);
  }

  #markAll(member: SkinMember): void {
    const { first, last, carry } = member.lines;
    this.lines.fill(1, first, last + 1);
    this.lines[carry] = 1;
  }

  #batchFor(source: Mesh): PrimitiveBatch {
    const key = `${source.geometry.uuid}/${(source.material as Material).uuid}`;
    let batch = this.#batches.get(key);
    if (!batch) {
      batch = new PrimitiveBatch(source, this.#uniforms, this.#capacity * ROW_BANDS);
      this.#batches.set(key, batch);
      this.#list.push(batch);
      this.#parent.add(batch.mesh);
    }
    return batch;
  }

  /** Where the carries start in the data: after every band's rows of matrices. */
  get #carriesAt(): number {
    return ROW_BANDS * this.#capacity * this.#joints * 16;
  }

  /** Points the member's views at its row and its carry. */
  #place(member: SkinMember): void {
    const size = this.#joints * 16;
    const start = member.row * size;
    const carry = this.#carriesAt + member.row * 16;
    member.view = this.#data.subarray(start, start + size);
    member.carry = this.#data.subarray(carry, carry + 16);
    const lines = member.lines;
    lines.first = Math.floor(start / LINE_FLOATS);
    lines.last = Math.floor((start + size - 1) / LINE_FLOATS);
    lines.carry = Math.floor(carry / LINE_FLOATS);
    member.placed();
  }

  /** Room for `capacity` rows a band: the rows keep their place in their band, the carries move to the new block. */
  #grow(capacity: number): void {
    const rows = ROW_BANDS * capacity;
    const height = Math.ceil((rows * (this.#joints + 1) * 16) / LINE_FLOATS);
    const data = new Float32Array(LINE_FLOATS * height);
    const old = this.#data;
    const oldCarries = this.#carriesAt;
    this.#data = data;
    this.#capacity = capacity;
    this.#uniforms.crowdCarries.value = ROW_BANDS * capacity * this.#joints;
    const oldShown = this.shown;
    this.shown = new Uint8Array(rows);
    this.lines = new Uint8Array(height).fill(1);
    const size = this.#joints * 16;
    for (let b = 0; b < ROW_BANDS; b++) {
      const band = this.#bands[b];
      for (let i = 0; i < band.length; i++) {
        const member = band[i];
        const from = member.row;
        member.row = b * capacity + i;
        this.shown[member.row] = oldShown[from];
        data.set(old.subarray(from * size, (from + 1) * size), member.row * size);
        data.set(old.subarray(oldCarries + from * 16, oldCarries + from * 16 + 16), this.#carriesAt + member.row * 16);
        this.#place(member);
      }
    }
    this.#texture?.dispose();
    const texture = new DataTexture(data, TEXTURE_WIDTH, height, RGBAFormat, FloatType);
    texture.onUpdate = () => {
      this.#wholePending = false;
    };
    texture.needsUpdate = true;
    this.#texture = texture;
    this.#uniforms.crowdBones.value = texture;
    for (const batch of this.#batches.values()) batch.grow(rows);
  }
}

/**
 * A stage's instanced skins: one SkinGroup per skin of each shared model (keyed by the model's runtime
 * import, which every copy of a file shares). Runs last in every frame (a `follow` actor): uploads the
 * matrices the characters wrote and picks the rows each primitive draws.
 */
export class InstancedSkins implements Actor {
  readonly #groups = new Map<object, SkinGroup[]>();
  readonly #parent = new Group();
  readonly #stage: StageCore;
  readonly #watchers = new Set<() => void>();
  #actor = false;
  #enabled = true;

  constructor(stage: StageCore) {
    this.#stage = stage;
    this.#parent.name = 'anim-instanced-skins';
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
   * Adds `member` to the group of (`model`, `skin`), drawing `sources` (that skin's meshes in its copy).
   * Returns the group's mark: the member marks the texture lines it wrote (it holds the mark, so a frame
   * need not look its group up).
   */
  join(model: object, skin: number, joints: number, member: SkinMember, sources: readonly Mesh[]): WrittenMark {
    let groups = this.#groups.get(model);
    if (!groups) {
      groups = [];
      this.#groups.set(model, groups);
    }
    const group = (groups[skin] ??= new SkinGroup(joints, this.#parent));
    group.add(member, sources);
    if (!this.#actor) {
      this.#actor = true;
      this.#stage.content.add(this.#parent);
      this.#stage.addLateActor(this);
    }
    return group;
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
    if (this.#groups.size === 0 && this.#actor) {
      this.#actor = false;
      this.#parent.removeFromParent();
      this.#stage.removeActor(this);
    }
  }

  /** Instanced draws per pass over every group (for tests and the stats). */
  get batchCount(): number {
    let count = 0;
    for (const groups of this.#groups.values()) for (const g of groups) count += g?.batches ?? 0;
    return count;
  }

  /** The matrix texture of skin `skin` of `model` and the data it uploads (for tests). */
  matricesOf(model: object, skin: number): { texture: DataTexture; data: Float32Array } | null {
    return this.#groups.get(model)?.[skin]?.matrices ?? null;
  }

  update(): void {
    this.#groups.forEach(flushGroups);
  }
}

const flushGroups = (groups: SkinGroup[]): void => {
  for (let s = 0; s < groups.length; s++) groups[s]?.flush();
};

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
