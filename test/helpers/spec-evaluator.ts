/**
 * A second oracle, written from the glTF 2.0 specification's text alone (no three.js, no runtime code):
 * reads a GLB's JSON and binary chunk directly and evaluates an animation at a time, giving every node's
 * global matrix, every mesh node's morph weights and every skin's joint matrices.
 *
 * Spec sections used: GLB layout; accessors (byte stride, the normalized-integer decoding table of
 * "Animations" with its clamp max(c / 127, −1)); "Transformations" (local = T · R · S, or `matrix`; global =
 * parent global · local); "Animations" (output clamped to the nearest end of the input range, duration
 * from the input accessors' `max`); Appendix C (STEP, LINEAR, slerp, CUBICSPLINE, a key time used as is);
 * "Skins" (joint matrix = inverse(global of the mesh node) · global of the joint · inverse bind matrix,
 * inverse binds identity when absent); "Morph Targets" (weights from the animation, else the node's,
 * else the mesh's, else zero).
 *
 * Where the spec is silent this follows common practice, and says so: a rotation key decoded from
 * normalized integers is not exactly unit, but Appendix C's slerp takes "unit quaternions", so rotation
 * keys are normalized after decoding; a node's rotation becomes a matrix by the usual unit-quaternion
 * formula, on the normalized quaternion.
 */

type M4 = Float64Array;

interface Json {
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: {
    name?: string;
    children?: number[];
    translation?: number[];
    rotation?: number[];
    scale?: number[];
    matrix?: number[];
    mesh?: number;
    skin?: number;
    weights?: number[];
  }[];
  meshes?: { weights?: number[]; primitives: { targets?: unknown[] }[] }[];
  skins?: { joints: number[]; inverseBindMatrices?: number }[];
  animations?: {
    name?: string;
    channels: { sampler: number; target: { node?: number; path: string } }[];
    samplers: { input: number; output: number; interpolation?: string }[];
  }[];
  accessors?: {
    bufferView?: number;
    byteOffset?: number;
    componentType: number;
    normalized?: boolean;
    count: number;
    type: string;
    max?: number[];
    sparse?: unknown;
  }[];
  bufferViews?: { byteOffset?: number; byteLength: number; byteStride?: number }[];
}

export interface SpecState {
  /** Global (scene-space) matrix per node, column-major; null for nodes outside the scene. */
  readonly globals: (M4 | null)[];
  /** Morph weights per node with a mesh that has targets, else null. */
  readonly weights: (number[] | null)[];
}

export interface SpecModel {
  readonly json: Json;
  readonly animationCount: number;
  /** Every key time of an animation's samplers, ascending, each once. */
  keyTimes(animation: number): number[];
  /** The animation's duration: the largest `max` of its samplers' input accessors. */
  duration(animation: number): number;
  /** The scene at time t of an animation (−1: no animation, the nodes as written). */
  evaluate(animation: number, t: number): SpecState;
  /** A skin's joint matrices for the mesh node that uses it, one 16-float matrix per joint, in the skin's order. */
  jointMatrices(state: SpecState, meshNode: number): M4[];
}

const SIZES: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

function readGlb(data: ArrayBuffer): { json: Json; bin: DataView } {
  const view = new DataView(data);
  if (view.getUint32(0, true) !== 0x46546c67) throw new Error('not a GLB');
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(data, 20, jsonLength))) as Json;
  const binAt = 20 + jsonLength;
  const bin = new DataView(data, binAt + 8, view.getUint32(binAt, true));
  return { json, bin };
}

/** One component: the spec's int-to-float table for normalized integers. */
function component(view: DataView, at: number, type: number, normalized: boolean): number {
  switch (type) {
    case 5126:
      return view.getFloat32(at, true);
    case 5120:
      return normalized ? Math.max(view.getInt8(at) / 127, -1) : view.getInt8(at);
    case 5121:
      return normalized ? view.getUint8(at) / 255 : view.getUint8(at);
    case 5122:
      return normalized ? Math.max(view.getInt16(at, true) / 32767, -1) : view.getInt16(at, true);
    case 5123:
      return normalized ? view.getUint16(at, true) / 65535 : view.getUint16(at, true);
    case 5125:
      return view.getUint32(at, true);
    default:
      throw new Error(`componentType ${type}`);
  }
}

function accessorValues(json: Json, bin: DataView, index: number): number[] {
  const a = json.accessors![index];
  if (a.sparse) throw new Error('the spec evaluator reads no sparse accessors');
  const size = SIZES[a.type];
  const bytes = BYTES[a.componentType];
  const out: number[] = [];
  if (a.bufferView === undefined) return new Array(a.count * size).fill(0);
  const bv = json.bufferViews![a.bufferView];
  // elements are byteStride apart, else tightly packed
  const stride = bv.byteStride ?? size * bytes;
  const start = (bv.byteOffset ?? 0) + (a.byteOffset ?? 0);
  for (let i = 0; i < a.count; i++) {
    for (let c = 0; c < size; c++) {
      out.push(component(bin, start + i * stride + c * bytes, a.componentType, a.normalized ?? false));
    }
  }
  return out;
}

// ——— 4×4 matrices, column-major, float64 ———

function identity(): M4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

export function multiply(a: M4, b: M4): M4 {
  const out = new Float64Array(16);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row] * b[col * 4 + k];
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

/** The inverse by cofactors (Cramer's rule). */
export function invert(m: ArrayLike<number>): M4 {
  const inv = new Float64Array(16);
  const minor = (r0: number, r1: number, r2: number, c0: number, c1: number, c2: number) => {
    const e = (r: number, c: number) => m[c * 4 + r];
    return (
      e(r0, c0) * (e(r1, c1) * e(r2, c2) - e(r1, c2) * e(r2, c1)) -
      e(r0, c1) * (e(r1, c0) * e(r2, c2) - e(r1, c2) * e(r2, c0)) +
      e(r0, c2) * (e(r1, c0) * e(r2, c1) - e(r1, c1) * e(r2, c0))
    );
  };
  const others = (i: number) => [0, 1, 2, 3].filter((x) => x !== i) as [number, number, number];
  let det = 0;
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 4; col++) {
      const [r0, r1, r2] = others(row);
      const [c0, c1, c2] = others(col);
      const cofactor = ((row + col) % 2 === 0 ? 1 : -1) * minor(r0, r1, r2, c0, c1, c2);
      // inverse = adjugate / det: the adjugate is the transposed cofactor matrix
      inv[row * 4 + col] = cofactor;
      if (row === 0) det += m[col * 4 + row] * cofactor;
    }
  }
  for (let i = 0; i < 16; i++) inv[i] /= det;
  return inv;
}

/** T · R · S from a translation, a quaternion (normalized here) and a scale. */
function trs(t: number[], q: number[], s: number[]): M4 {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  const [x, y, z, w] = [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
  const m = new Float64Array(16);
  m[0] = (1 - 2 * (y * y + z * z)) * s[0];
  m[1] = 2 * (x * y + z * w) * s[0];
  m[2] = 2 * (x * z - y * w) * s[0];
  m[4] = 2 * (x * y - z * w) * s[1];
  m[5] = (1 - 2 * (x * x + z * z)) * s[1];
  m[6] = 2 * (y * z + x * w) * s[1];
  m[8] = 2 * (x * z + y * w) * s[2];
  m[9] = 2 * (y * z - x * w) * s[2];
  m[10] = (1 - 2 * (x * x + y * y)) * s[2];
  m[12] = t[0];
  m[13] = t[1];
  m[14] = t[2];
  m[15] = 1;
  return m;
}

// ——— Appendix C ———

interface Sampler {
  input: number[];
  output: number[];
  interpolation: string;
  width: number;
  rotation: boolean;
}

function keyValue(s: Sampler, k: number, part: 0 | 1 | 2): number[] {
  const w = s.width;
  const at = s.interpolation === 'CUBICSPLINE' ? (3 * k + part) * w : k * w;
  return s.output.slice(at, at + w);
}

function normalized(q: number[]): number[] {
  const n = Math.hypot(...q);
  return q.map((v) => v / n);
}

function sample(s: Sampler, tc: number): number[] {
  const { input } = s;
  const n = input.length;
  const value = (k: number) => (s.rotation ? normalized(keyValue(s, k, 1)) : keyValue(s, k, 1));
  // before and after the input range, output is clamped to the nearest end
  if (tc <= input[0]) return value(0);
  if (tc >= input[n - 1]) return value(n - 1);
  let k = 0;
  while (input[k + 1] <= tc) k++;
  // a requested time that is a key time takes that key's value as is
  if (tc === input[k]) return value(k);
  const td = input[k + 1] - input[k];
  const t = (tc - input[k]) / td;
  const vk = value(k);
  const vk1 = value(k + 1);
  if (s.interpolation === 'STEP') return vk;
  if (s.interpolation === 'LINEAR' && !s.rotation) return vk.map((v, c) => (1 - t) * v + t * vk1[c]);
  if (s.interpolation === 'LINEAR') {
    const dot = vk.reduce((sum, v, c) => sum + v * vk1[c], 0);
    const a = Math.acos(Math.min(1, Math.abs(dot)));
    const sign = dot < 0 ? -1 : 1;
    // "when a is close to zero, spherical linear interpolation turns into regular linear interpolation"
    if (Math.sin(a) < 1e-9) return vk.map((v, c) => (1 - t) * v + sign * t * vk1[c]);
    return vk.map(
      (v, c) => (Math.sin(a * (1 - t)) / Math.sin(a)) * v + sign * (Math.sin(a * t) / Math.sin(a)) * vk1[c],
    );
  }
  const bk = keyValue(s, k, 2);
  const ak1 = keyValue(s, k + 1, 0);
  const t2 = t * t;
  const t3 = t2 * t;
  const out = vk.map(
    (v, c) =>
      (2 * t3 - 3 * t2 + 1) * v +
      td * (t3 - 2 * t2 + t) * bk[c] +
      (-2 * t3 + 3 * t2) * vk1[c] +
      td * (t3 - t2) * ak1[c],
  );
  // a cubic rotation is normalized before it is applied
  return s.rotation ? normalized(out) : out;
}

/** Reads a GLB into the spec evaluator. */
export function specModel(data: ArrayBuffer): SpecModel {
  const { json, bin } = readGlb(data);
  const nodes = json.nodes ?? [];
  const targetCount = (node: number) => {
    const mesh = nodes[node].mesh;
    return mesh === undefined ? 0 : (json.meshes![mesh].primitives[0].targets?.length ?? 0);
  };
  const animations = (json.animations ?? []).map((anim) =>
    anim.channels
      .filter((c) => c.target.node !== undefined)
      .map((c) => {
        const def = anim.samplers[c.sampler];
        const node = c.target.node!;
        const output = accessorValues(json, bin, def.output);
        const input = accessorValues(json, bin, def.input);
        const width = c.target.path === 'weights' ? targetCount(node) : c.target.path === 'rotation' ? 4 : 3;
        return {
          node,
          path: c.target.path,
          inputAccessor: def.input,
          sampler: {
            input,
            output,
            interpolation: def.interpolation ?? 'LINEAR',
            width,
            rotation: c.target.path === 'rotation',
          } satisfies Sampler,
        };
      }),
  );
  const scene = json.scenes?.[json.scene ?? 0];

  function evaluate(animation: number, t: number): SpecState {
    // non-animated properties keep their values
    const local = nodes.map((n) => ({
      t: n.translation ?? [0, 0, 0],
      r: n.rotation ?? [0, 0, 0, 1],
      s: n.scale ?? [1, 1, 1],
    }));
    const weights: (number[] | null)[] = nodes.map((n, i) => {
      const count = targetCount(i);
      if (count === 0) return null;
      const defaults = n.weights ?? json.meshes![n.mesh!].weights ?? [];
      return Array.from({ length: count }, (_, k) => defaults[k] ?? 0);
    });
    for (const channel of animation >= 0 ? animations[animation] : []) {
      const value = sample(channel.sampler, t);
      if (channel.path === 'weights') weights[channel.node] = value;
      else if (channel.path === 'translation') local[channel.node].t = value;
      else if (channel.path === 'rotation') local[channel.node].r = value;
      else if (channel.path === 'scale') local[channel.node].s = value;
    }
    const globals: (M4 | null)[] = nodes.map(() => null);
    const visit = (node: number, parent: M4) => {
      const n = nodes[node];
      const l = local[node];
      const m = n.matrix ? Float64Array.from(n.matrix) : trs(l.t, l.r, l.s);
      globals[node] = multiply(parent, m);
      for (const child of n.children ?? []) visit(child, globals[node]!);
    };
    for (const root of scene?.nodes ?? []) visit(root, identity());
    return { globals, weights };
  }

  return {
    json,
    animationCount: animations.length,
    keyTimes: (a) => [...new Set(animations[a].flatMap((c) => c.sampler.input))].sort((x, y) => x - y),
    duration: (a) => Math.max(0, ...animations[a].map((c) => json.accessors![c.inputAccessor].max![0])),
    evaluate,
    jointMatrices(state, meshNode) {
      const skin = json.skins![nodes[meshNode].skin!];
      const binds = skin.inverseBindMatrices === undefined ? null : accessorValues(json, bin, skin.inverseBindMatrices);
      const toMesh = invert(state.globals[meshNode]!);
      return skin.joints.map((joint, i) =>
        multiply(
          multiply(toMesh, state.globals[joint]!),
          binds ? Float64Array.from(binds.slice(i * 16, i * 16 + 16)) : identity(),
        ),
      );
    },
  };
}
