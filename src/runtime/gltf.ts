import { buildClip, type Clip, type Interpolation, type MorphSlot, type RawTrack, type TrackPath } from './clip.js';
import { AnimError } from './errors.js';
import { checkNodeHierarchy, nodeLabel } from './gltf-hierarchy.js';
import { length3 } from './length.js';
import { fromMatrix } from './quat.js';
import { buildSkeleton, type Skeleton } from './skeleton.js';
import { buildSkin, type Skin } from './skinning.js';

/** The parts of a glTF document's JSON the runtime reads. */
export interface GltfJson {
  asset?: { version?: string };
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: GltfNode[];
  meshes?: { name?: string; weights?: number[]; primitives: { targets?: unknown[] }[] }[];
  skins?: { joints: number[]; inverseBindMatrices?: number; skeleton?: number; name?: string }[];
  animations?: GltfAnimation[];
  accessors?: GltfAccessor[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number }[];
  buffers?: { byteLength: number; uri?: string }[];
}

export interface GltfNode {
  name?: string;
  children?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
  matrix?: number[];
  mesh?: number;
  skin?: number;
  weights?: number[];
}

interface GltfAnimation {
  name?: string;
  channels: { sampler: number; target: { node?: number; path: string } }[];
  samplers: { input: number; output: number; interpolation?: string }[];
  extras?: Record<string, unknown>;
}

interface GltfAccessor {
  bufferView?: number;
  byteOffset?: number;
  componentType: number;
  normalized?: boolean;
  count: number;
  type: string;
  sparse?: {
    count: number;
    indices: { bufferView: number; byteOffset?: number; componentType: number };
    values: { bufferView: number; byteOffset?: number };
  };
}

/** What the runtime takes from a glTF: one skeleton over the scene's nodes, skins, clips and morph slots. */
export interface GltfAsset {
  /** Every node of the scene (joints, their ancestors, meshes), parent-first; names made unique. */
  readonly skeleton: Skeleton;
  /** Skeleton joint per glTF node index, -1 for nodes outside the scene. */
  readonly nodeToJoint: Int32Array;
  /** One per glTF skin, slots in the skin's joint order (three's bone order). */
  readonly skins: readonly Skin[];
  readonly clips: readonly Clip[];
  /** Morph weight slots by node name, laid out in the pose's weights. */
  readonly morphs: ReadonlyMap<string, MorphSlot>;
  /** Default morph weights (the mesh's or node's `weights`), one per morph weight slot. */
  readonly defaultWeights: Float32Array;
  /**
   * What the file gets wrong that loading survives, one error each: a clip left out (`bad-clip` naming it;
   * `bad-gltf` naming the accessor for negative key times), a skin listing a joint twice (`bad-gltf`, kept
   * as written: each slot has its own inverse bind). A clip's problem's message starts `clip "<name>":`.
   */
  readonly problems: readonly AnimError[];
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const PATHS: Record<string, TrackPath> = {
  translation: 'translation',
  rotation: 'rotation',
  scale: 'scale',
  weights: 'weights',
};
const GLB_MAGIC = 0x46546c67;

// Present in browsers, workers and Node; declared here because the pure layers compile without the DOM lib.
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

function bad(message: string): never {
  throw new AnimError('bad-gltf', message);
}

/**
 * Splits a GLB container into its JSON and binary chunk.
 * @throws AnimError `bad-gltf` when the bytes are not a GLB or are truncated.
 */
export function parseGlb(data: ArrayBuffer): { json: GltfJson; buffers: ArrayBuffer[] } {
  if (data.byteLength < 20) bad(`${data.byteLength} bytes is too short for a GLB`);
  const view = new DataView(data);
  if (view.getUint32(0, true) !== GLB_MAGIC) bad('not a GLB file (bad magic)');
  const length = view.getUint32(8, true);
  if (length > data.byteLength) bad(`GLB is truncated: header says ${length} bytes, got ${data.byteLength}`);
  let json: GltfJson | undefined;
  const buffers: ArrayBuffer[] = [];
  let offset = 12;
  while (offset + 8 <= length) {
    const chunkLength = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length) bad('GLB is truncated inside a chunk');
    if (type === 0x4e4f534a) {
      try {
        json = JSON.parse(new TextDecoder().decode(new Uint8Array(data, start, chunkLength)));
      } catch {
        bad('GLB JSON chunk does not parse');
      }
    } else if (type === 0x004e4942) buffers.push(data.slice(start, start + chunkLength));
    offset = start + chunkLength;
  }
  if (!json) bad('GLB has no JSON chunk');
  return { json, buffers };
}

function componentReader(view: DataView, type: number, normalized: boolean): (o: number) => number {
  switch (type) {
    case 5126:
      return (o) => view.getFloat32(o, true);
    case 5125:
      return (o) => view.getUint32(o, true);
    case 5123:
      return normalized ? (o) => view.getUint16(o, true) / 65535 : (o) => view.getUint16(o, true);
    case 5122:
      return normalized ? (o) => Math.max(view.getInt16(o, true) / 32767, -1) : (o) => view.getInt16(o, true);
    case 5121:
      return normalized ? (o) => view.getUint8(o) / 255 : (o) => view.getUint8(o);
    case 5120:
      return normalized ? (o) => Math.max(view.getInt8(o) / 127, -1) : (o) => view.getInt8(o);
    default:
      return bad(`unknown accessor componentType ${type}`);
  }
}

const COMPONENT_BYTES: Record<number, number> = { 5126: 4, 5125: 4, 5123: 2, 5122: 2, 5121: 1, 5120: 1 };

/** Reads an accessor into a Float32Array (normalized integers scaled, sparse values applied). */
export function readAccessor(json: GltfJson, buffers: readonly ArrayBuffer[], index: number): Float32Array {
  const accessor = json.accessors?.[index];
  if (!accessor) bad(`accessor ${index} does not exist`);
  const width = COMPONENTS[accessor.type];
  if (!width) bad(`accessor ${index} has unknown type ${accessor.type}`);
  const out = new Float32Array(accessor.count * width);
  const bytes = COMPONENT_BYTES[accessor.componentType];
  if (!bytes) bad(`accessor ${index} has unknown componentType ${accessor.componentType}`);
  if (accessor.bufferView !== undefined) {
    const { view, stride } = viewOf(json, buffers, accessor.bufferView, accessor.byteOffset ?? 0, width * bytes);
    const read = componentReader(view, accessor.componentType, accessor.normalized ?? false);
    const needed = accessor.count > 0 ? (accessor.count - 1) * stride + width * bytes : 0;
    if (needed > view.byteLength) bad(`accessor ${index} reads past the end of its buffer view`);
    for (let i = 0; i < accessor.count; i++) {
      for (let c = 0; c < width; c++) out[i * width + c] = read(i * stride + c * bytes);
    }
  }
  if (accessor.sparse) {
    const s = accessor.sparse;
    const indexBytes = COMPONENT_BYTES[s.indices.componentType];
    const iv = viewOf(json, buffers, s.indices.bufferView, s.indices.byteOffset ?? 0, indexBytes);
    const vv = viewOf(json, buffers, s.values.bufferView, s.values.byteOffset ?? 0, width * bytes);
    const readIndex = componentReader(iv.view, s.indices.componentType, false);
    const readValue = componentReader(vv.view, accessor.componentType, accessor.normalized ?? false);
    for (let i = 0; i < s.count; i++) {
      const target = readIndex(i * indexBytes);
      for (let c = 0; c < width; c++) out[target * width + c] = readValue(i * width * bytes + c * bytes);
    }
  }
  return out;
}

function viewOf(json: GltfJson, buffers: readonly ArrayBuffer[], index: number, byteOffset: number, packed: number) {
  const bv = json.bufferViews?.[index];
  if (!bv) bad(`buffer view ${index} does not exist`);
  const buffer = buffers[bv.buffer];
  if (!buffer) bad(`buffer ${bv.buffer} is missing`);
  const start = (bv.byteOffset ?? 0) + byteOffset;
  if (start + (bv.byteLength - byteOffset) > buffer.byteLength) bad(`buffer view ${index} lies outside its buffer`);
  return { view: new DataView(buffer, start, bv.byteLength - byteOffset), stride: bv.byteStride ?? packed };
}

/** Local TRS of a node (a `matrix` is decomposed). */
function nodeTrs(node: GltfNode): { t: number[]; r: number[]; s: number[] } {
  if (node.matrix && node.matrix.length === 16) return decompose(node.matrix);
  return { t: node.translation ?? [0, 0, 0], r: node.rotation ?? [0, 0, 0, 1], s: node.scale ?? [1, 1, 1] };
}

function decompose(m: number[]): { t: number[]; r: number[]; s: number[] } {
  let sx = length3(m[0], m[1], m[2]);
  const sy = length3(m[4], m[5], m[6]);
  const sz = length3(m[8], m[9], m[10]);
  const det =
    m[0] * (m[5] * m[10] - m[6] * m[9]) - m[4] * (m[1] * m[10] - m[2] * m[9]) + m[8] * (m[1] * m[6] - m[2] * m[5]);
  // a mirroring matrix: one negative scale (on x), the rest a proper rotation
  const rotation = det < 0 ? [-m[0], -m[1], -m[2], ...m.slice(3)] : m;
  if (det < 0) sx = -sx;
  const r = [0, 0, 0, 1];
  fromMatrix(r, 0, rotation, 0);
  return { t: [m[12], m[13], m[14]], r, s: [sx, sy, sz] };
}

/** Nodes reachable from the document's scene(s), each once. */
function sceneNodes(json: GltfJson): number[] {
  const nodes = json.nodes ?? [];
  const roots = json.scenes?.length
    ? json.scenes.flatMap((s) => s.nodes ?? [])
    : nodes.map((_, i) => i).filter((i) => !nodes.some((n) => n.children?.includes(i)));
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (seen.has(i)) continue;
    if (!nodes[i]) bad(`node ${i} does not exist`);
    seen.add(i);
    for (const c of nodes[i].children ?? []) stack.push(c);
  }
  return [...seen].sort((a, b) => a - b);
}

/** Makes names unique the way a page author can still guess: a repeated name gets `_2`, `_3`, … */
function uniqueNames(raw: (string | undefined)[]): string[] {
  const used = new Set<string>();
  return raw.map((name, i) => {
    const base = name && name.length > 0 ? name : `node_${i}`;
    let unique = base;
    for (let k = 2; used.has(unique); k++) unique = `${base}_${k}`;
    used.add(unique);
    return unique;
  });
}

/**
 * Imports a parsed glTF (its JSON and binary buffers; for a GLB, parseGlb's output) into runtime data: a
 * skeleton over every scene node (so joints, their ancestors and animated nodes share one model space:
 * the glTF scene's), the skins, the morph weight layout and the clips, bound to nodes by index and named
 * by node name. A bad clip does not stop the import: it is left out and listed in `problems`.
 * @throws AnimError `bad-gltf` for a document that cannot be read (a cycle in the node hierarchy, an
 * accessor outside its buffer, …), or the skeleton's own codes.
 */
export function importGltf(json: GltfJson, buffers: readonly ArrayBuffer[]): GltfAsset {
  if (typeof json !== 'object' || json === null) bad('not a glTF JSON object');
  const nodes = json.nodes ?? [];
  checkNodeHierarchy(json);
  const problems: AnimError[] = [];
  const included = sceneNodes(json);
  const local = new Int32Array(nodes.length).fill(-1);
  included.forEach((node, i) => {
    local[node] = i;
  });
  const parentOf = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((n, i) => {
    for (const c of n.children ?? []) {
      parentOf[c] = i;
    }
  });
  const names = uniqueNames(included.map((i) => nodes[i].name));
  const translations: number[] = [];
  const rotations: number[] = [];
  const scales: number[] = [];
  for (const i of included) {
    const { t, r, s } = nodeTrs(nodes[i]);
    translations.push(...t);
    rotations.push(...r);
    scales.push(...s);
  }
  const skeleton = buildSkeleton({
    names,
    parents: included.map((i) => (parentOf[i] >= 0 && local[parentOf[i]] >= 0 ? local[parentOf[i]] : -1)),
    translations,
    rotations,
    scales,
  });
  const nodeToJoint = new Int32Array(nodes.length).fill(-1);
  for (const i of included) nodeToJoint[i] = skeleton.builtIndex[local[i]];

  const skins = (json.skins ?? []).map((skin, s) => {
    const joints = skin.joints.map((node) => {
      const j = nodeToJoint[node];
      if (j === undefined || j < 0) bad(`skin ${s} uses node ${node}, which is not in the scene`);
      return j;
    });
    const twice = skin.joints.findIndex((node, slot) => skin.joints.indexOf(node) !== slot);
    if (twice >= 0) {
      const node = skin.joints[twice];
      const label = skin.name ? `skin ${s} "${skin.name}"` : `skin ${s}`;
      problems.push(
        new AnimError(
          'bad-gltf',
          `${label} lists joint ${nodeLabel(nodes, node)} twice (slots ${skin.joints.indexOf(node)} and ${twice}); a joint is listed once`,
        ),
      );
    }
    const binds =
      skin.inverseBindMatrices !== undefined ? readAccessor(json, buffers, skin.inverseBindMatrices) : undefined;
    return buildSkin(skeleton, joints, binds);
  });

  const morphs = new Map<string, MorphSlot>();
  const defaults: number[] = [];
  for (const i of included) {
    const node = nodes[i];
    if (node.mesh === undefined) continue;
    const mesh = json.meshes?.[node.mesh];
    if (!mesh) bad(`node ${i} uses mesh ${node.mesh}, which does not exist`);
    const count = mesh.primitives[0]?.targets?.length ?? 0;
    if (count === 0) continue;
    morphs.set(skeleton.names[nodeToJoint[i]], { offset: defaults.length, count });
    const weights = node.weights ?? mesh.weights ?? [];
    for (let k = 0; k < count; k++) defaults.push(weights[k] ?? 0);
  }

  // One bad clip is left out and reported; the model and its other clips load.
  const clips: Clip[] = [];
  (json.animations ?? []).forEach((anim, a) => {
    const clip = importAnimation(json, buffers, anim, a, skeleton, nodeToJoint, morphs);
    if (clip instanceof AnimError) problems.push(clip);
    else clips.push(clip);
  });
  return { skeleton, nodeToJoint, skins, clips, morphs, defaultWeights: Float32Array.from(defaults), problems };
}

function importAnimation(
  json: GltfJson,
  buffers: readonly ArrayBuffer[],
  anim: GltfAnimation,
  index: number,
  skeleton: Skeleton,
  nodeToJoint: Int32Array,
  morphs: ReadonlyMap<string, MorphSlot>,
): Clip | AnimError {
  const name = anim.name ?? `animation_${index}`;
  const tracks: RawTrack[] = [];
  for (const channel of anim.channels) {
    const path = PATHS[channel.target.path];
    const node = channel.target.node;
    // Channels on other paths (KHR_animation_pointer) or on nodes outside the scene are not joint tracks.
    if (!path || node === undefined || nodeToJoint[node] === undefined || nodeToJoint[node] < 0) continue;
    const sampler = anim.samplers[channel.sampler];
    if (!sampler)
      return new AnimError(
        'bad-clip',
        `clip "${name}": a channel uses sampler ${channel.sampler}, which does not exist`,
      );
    const target = skeleton.names[nodeToJoint[node]];
    const times = readAccessor(json, buffers, sampler.input);
    if (times[0] < 0) {
      return new AnimError(
        'bad-gltf',
        `clip "${name}": accessor ${sampler.input} (the key times of ${target}.${path}) has a negative key time ${times[0]}; times start at 0 or later`,
      );
    }
    const values = readAccessor(json, buffers, sampler.output);
    const slot = morphs.get(target);
    if (path === 'weights' && slot) {
      const perKey = sampler.interpolation === 'CUBICSPLINE' ? 3 : 1;
      if (values.length !== times.length * perKey * slot.count) {
        return new AnimError(
          'bad-clip',
          `clip "${name}": weights track on "${target}" has ${values.length} values for ${times.length} keys, the mesh has ${slot.count} morph targets`,
        );
      }
    }
    tracks.push({ target, path, interpolation: (sampler.interpolation ?? 'LINEAR') as Interpolation, times, values });
  }
  try {
    return buildClip({ name, tracks, extras: anim.extras });
  } catch (error) {
    if (error instanceof AnimError && error.code === 'bad-clip') return error;
    throw error;
  }
}
