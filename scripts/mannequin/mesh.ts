// The mannequin's skin: a few closed "lathe" surfaces (rings of a rounded cross-section swept along a straight
// axis in the T-pose) for the torso and neck, each limb from root to wrist or ankle, hands, feet and head.
// A limb is one continuous tube across its elbow or knee, its vertices weighted by their place along the axis
// with a smooth blend zone at each joint, so it bends like a sleeve instead of hinging like a puppet's parts.
import { DIMENSIONS, JOINT_INDEX, type JointName, restWorldPositions, type Vec3 } from './skeleton';

export interface MeshData {
  positions: Float32Array;
  normals: Float32Array;
  /** Four joint indices per vertex (into JOINT_NAMES), unused slots 0 with weight 0. */
  joints: Uint8Array;
  weights: Float32Array;
  indices: Uint16Array;
}

/** A cross-section along a part's axis: `s` metres along it, half-extents across it, the centre's offset. */
interface Station {
  s: number;
  ru: number;
  rv: number;
  du?: number;
  dv?: number;
}

type Influences = Array<[JointName, number]>;

interface Part {
  origin: Vec3;
  axis: Vec3;
  /** The first cross axis (ru, du along it); the second is axis × u. */
  u: Vec3;
  stations: Station[];
  sides: number;
  /** Superellipse exponent of the cross-section: 2 is an ellipse, higher is boxier. */
  squareness?: number;
  /** Rings added so that no gap between rings is longer than this. */
  maxGap: number;
  /** Rings in each rounded end cap, and how far it reaches past the end station (default: its smaller radius). */
  capRings?: number;
  capLength?: number;
  weights: (s: number, p: Vec3) => Influences;
}

const REST = restWorldPositions();
const D = DIMENSIONS;

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** Influences along a chain: `[joint, s]` boundaries in order; each boundary blends over ±half its width. */
function chain(s: number, first: JointName, boundaries: Array<[JointName, number, number]>): Influences {
  const out: Influences = [[first, 1]];
  for (const [joint, at, width] of boundaries) {
    const w = smoothstep(at - width / 2, at + width / 2, s);
    if (w <= 0) break;
    for (const entry of out) entry[1] *= 1 - w;
    out.push([joint, w]);
  }
  return out.filter(([, w]) => w > 1e-4);
}

/** Moves a share of every influence to another joint. */
function share(influences: Influences, joint: JointName, amount: number): Influences {
  if (amount <= 0) return influences;
  return [...influences.map(([j, w]) => [j, w * (1 - amount)] as [JointName, number]), [joint, amount]];
}

class MeshBuilder {
  private positions: number[] = [];
  private joints: number[] = [];
  private weights: number[] = [];
  private indices: number[] = [];

  get vertexCount(): number {
    return this.positions.length / 3;
  }

  private vertex(p: Vec3, influences: Influences): number {
    this.positions.push(...p);
    // Merge duplicates, keep the four strongest, normalize.
    const merged = new Map<JointName, number>();
    for (const [j, w] of influences) merged.set(j, (merged.get(j) ?? 0) + w);
    const top = [...merged].sort((a, b) => b[1] - a[1] || JOINT_INDEX[a[0]] - JOINT_INDEX[b[0]]).slice(0, 4);
    const total = top.reduce((sum, [, w]) => sum + w, 0);
    for (let i = 0; i < 4; i++) {
      this.joints.push(top[i] ? JOINT_INDEX[top[i][0]] : 0);
      this.weights.push(top[i] ? top[i][1] / total : 0);
    }
    return this.vertexCount - 1;
  }

  addPart(part: Part): void {
    const a = part.axis;
    const u = part.u;
    const v: Vec3 = [a[1] * u[2] - a[2] * u[1], a[2] * u[0] - a[0] * u[2], a[0] * u[1] - a[1] * u[0]];
    const rings = ringStations(part);
    const n = part.sides;
    const exponent = 2 / (part.squareness ?? 2);
    const at = (st: Station, cu: number, cv: number): Vec3 => {
      const pu = (st.du ?? 0) + cu;
      const pv = (st.dv ?? 0) + cv;
      return [0, 1, 2].map((k) => part.origin[k] + a[k] * st.s + u[k] * pu + v[k] * pv) as unknown as Vec3;
    };
    const ringStart: number[] = [];
    for (const st of rings) {
      if (st.ru === 0 && st.rv === 0) {
        const p = at(st, 0, 0);
        ringStart.push(this.vertex(p, part.weights(st.s, p)));
        continue;
      }
      ringStart.push(this.vertexCount);
      for (let i = 0; i < n; i++) {
        const angle = (2 * Math.PI * i) / n;
        const c = Math.cos(angle);
        const s = Math.sin(angle);
        const p = at(
          st,
          st.ru * Math.sign(c) * Math.abs(c) ** exponent,
          st.rv * Math.sign(s) * Math.abs(s) ** exponent,
        );
        this.vertex(p, part.weights(st.s, p));
      }
    }
    for (let r = 0; r + 1 < rings.length; r++) {
      const poleA = rings[r].ru === 0;
      const poleB = rings[r + 1].ru === 0;
      const a0 = ringStart[r];
      const b0 = ringStart[r + 1];
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        // Counter-clockwise seen from outside: rings advance along the axis, angle turns from u to v.
        if (poleA) this.indices.push(a0, b0 + j, b0 + i);
        else if (poleB) this.indices.push(a0 + i, a0 + j, b0);
        else this.indices.push(a0 + i, a0 + j, b0 + j, a0 + i, b0 + j, b0 + i);
      }
    }
  }

  build(): MeshData {
    const positions = new Float32Array(this.positions);
    const indices = new Uint16Array(this.indices);
    return {
      positions,
      normals: smoothNormals(positions, indices),
      joints: new Uint8Array(this.joints),
      weights: new Float32Array(this.weights),
      indices,
    };
  }
}

/** The part's stations plus rounded end caps and in-between rings (Catmull-Rom through the stations). */
function ringStations(part: Part): Station[] {
  const st = part.stations;
  const out: Station[] = [];
  const capRings = part.capRings ?? 3;
  const cap = (end: Station, dir: -1 | 1): Station[] => {
    const length = part.capLength ?? Math.min(end.ru, end.rv);
    const ring: Station[] = [];
    for (let k = capRings; k >= 1; k--) {
      const theta = (Math.PI / 2) * (k / (capRings + 1));
      const f = Math.cos(theta);
      ring.push({ ...end, s: end.s + dir * length * Math.sin(theta), ru: end.ru * f, rv: end.rv * f });
    }
    ring.reverse();
    const pole = { ...end, s: end.s + dir * length, ru: 0, rv: 0 };
    return dir < 0 ? [pole, ...ring.reverse()] : [...ring, pole];
  };
  out.push(...cap(st[0], -1));
  for (let i = 0; i < st.length; i++) {
    out.push(st[i]);
    if (i + 1 === st.length) break;
    const steps = Math.ceil((st[i + 1].s - st[i].s) / part.maxGap - 1e-9);
    for (let k = 1; k < steps; k++)
      out.push(catmullRom(st[Math.max(0, i - 1)], st[i], st[i + 1], st[Math.min(st.length - 1, i + 2)], k / steps));
  }
  out.push(...cap(st[st.length - 1], 1));
  return out;
}

function catmullRom(p0: Station, p1: Station, p2: Station, p3: Station, t: number): Station {
  const f = (a: number, b: number, c: number, d: number) =>
    0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (-a + 3 * b - 3 * c + d) * t * t * t);
  return {
    s: p1.s + (p2.s - p1.s) * t,
    ru: f(p0.ru, p1.ru, p2.ru, p3.ru),
    rv: f(p0.rv, p1.rv, p2.rv, p3.rv),
    du: f(p0.du ?? 0, p1.du ?? 0, p2.du ?? 0, p3.du ?? 0),
    dv: f(p0.dv ?? 0, p1.dv ?? 0, p2.dv ?? 0, p3.dv ?? 0),
  };
}

/** Area-weighted vertex normals of an indexed surface. */
export function smoothNormals(positions: Float32Array, indices: Uint16Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const [i, j, k] = [indices[t] * 3, indices[t + 1] * 3, indices[t + 2] * 3];
    const e1 = [0, 1, 2].map((c) => positions[j + c] - positions[i + c]);
    const e2 = [0, 1, 2].map((c) => positions[k + c] - positions[i + c]);
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    for (const idx of [i, j, k]) for (let c = 0; c < 3; c++) normals[idx + c] += n[c];
  }
  for (let i = 0; i < normals.length; i += 3) {
    const len = Math.hypot(normals[i], normals[i + 1], normals[i + 2]) || 1;
    for (let c = 0; c < 3; c++) normals[i + c] /= len;
  }
  return normals;
}

// --- the body -------------------------------------------------------------------------------------------

function torso(): Part {
  const chestY = REST.Chest[1];
  return {
    origin: [0, 0, 0],
    axis: [0, 1, 0],
    u: [0, 0, 1],
    // u is depth (+Z), v = Y × Z = +X is width.
    stations: [
      { s: 0.83, ru: 0.1, rv: 0.158, du: -0.005 },
      { s: 0.9, ru: 0.112, rv: 0.168, du: -0.01 },
      { s: 0.98, ru: 0.105, rv: 0.16, du: -0.005 },
      { s: 1.07, ru: 0.095, rv: 0.135 },
      { s: 1.16, ru: 0.1, rv: 0.142 },
      { s: 1.25, ru: 0.112, rv: 0.162, du: 0.008 },
      { s: 1.34, ru: 0.11, rv: 0.172, du: 0.005 },
      { s: 1.41, ru: 0.095, rv: 0.175 },
      { s: 1.46, ru: 0.07, rv: 0.12, du: -0.01 },
      { s: 1.5, ru: 0.05, rv: 0.055, du: -0.01 },
      { s: 1.59, ru: 0.045, rv: 0.045, du: 0 },
    ],
    sides: 18,
    squareness: 2.4,
    maxGap: 0.06,
    capRings: 4,
    capLength: 0.03,
    weights: (s, p) => {
      const spine = chain(s, 'Hips', [
        ['Spine', REST.Spine[1] + 0.02, 0.12],
        ['Chest', chestY + 0.02, 0.12],
        ['Neck', REST.Neck[1] + 0.01, 0.05],
        ['Head', REST.Head[1], 0.03],
      ]);
      const side = p[0] >= 0 ? 'Left' : 'Right';
      const shoulder = smoothstep(0.09, 0.17, Math.abs(p[0])) * smoothstep(1.3, 1.4, s) * 0.8;
      const thigh = smoothstep(0.94, 0.84, s) * smoothstep(0.02, 0.12, Math.abs(p[0])) * 0.5;
      return share(share(spine, `${side}Shoulder`, shoulder), `${side}UpperLeg`, thigh);
    },
  };
}

function leg(side: 1 | -1): Part {
  const name = side > 0 ? 'Left' : 'Right';
  const knee = REST[`${name}LowerLeg`][1];
  return {
    origin: [side * D.hipJointX, 0, 0],
    axis: [0, -1, 0],
    u: [0, 0, 1],
    // s = −y; u is depth (+Z), v = (−Y) × Z = −X is width.
    stations: [
      { s: -0.97, ru: 0.055, rv: 0.05 },
      { s: -0.9, ru: 0.075, rv: 0.07 },
      { s: -0.84, ru: 0.086, rv: 0.082 },
      { s: -0.76, ru: 0.078, rv: 0.075 },
      { s: -0.62, ru: 0.064, rv: 0.06 },
      { s: -0.5, ru: 0.055, rv: 0.053, du: 0.006 },
      { s: -0.42, ru: 0.06, rv: 0.053, du: -0.008 },
      { s: -0.32, ru: 0.055, rv: 0.048, du: -0.012 },
      { s: -0.2, ru: 0.04, rv: 0.037, du: -0.006 },
      { s: -0.12, ru: 0.034, rv: 0.032 },
    ],
    sides: 14,
    maxGap: 0.055,
    capRings: 2,
    weights: (s) =>
      chain(s, 'Hips', [
        [`${name}UpperLeg`, -REST[`${name}UpperLeg`][1] - 0.02, 0.08],
        [`${name}LowerLeg`, -knee, 0.1],
        [`${name}Foot`, -D.ankleHeight - 0.02, 0.06],
      ]),
  };
}

function foot(side: 1 | -1): Part {
  const name = side > 0 ? 'Left' : 'Right';
  const toesZ = D.ballForward;
  // The cross-section's centre is as high as its half-height, so the sole is flat on y = 0.
  const st = (s: number, ru: number, rv: number): Station => ({ s, ru, rv, dv: rv });
  return {
    origin: [side * D.hipJointX, 0, 0],
    axis: [0, 0, 1],
    u: [-1, 0, 0],
    // s = z; u = −X, v = Z × (−X) = −Y... so centre offsets and heights go along −Y: flip with negative dv below.
    stations: [
      st(-0.05, 0.036, 0.045),
      st(-0.015, 0.042, 0.058),
      st(0.035, 0.045, 0.048),
      st(0.09, 0.048, 0.032),
      st(toesZ + 0.025, 0.046, 0.022),
      st(toesZ + 0.06, 0.036, 0.017),
    ].map((x) => ({ ...x, dv: -(x.dv ?? 0) })),
    sides: 10,
    squareness: 3,
    maxGap: 0.045,
    capRings: 2,
    weights: (s, p) => {
      const base = chain(s, `${name}Foot`, [[`${name}Toes`, toesZ, 0.04]]);
      return share(base, `${name}LowerLeg`, 0.6 * smoothstep(0.075, 0.11, p[1]) * smoothstep(0.06, 0.0, s));
    },
  };
}

function arm(side: 1 | -1): Part {
  const name = side > 0 ? 'Left' : 'Right';
  const y = REST[`${name}UpperArm`][1];
  const z = REST[`${name}UpperArm`][2];
  const elbow = Math.abs(REST[`${name}LowerArm`][0]);
  const wrist = Math.abs(REST[`${name}Hand`][0]);
  const shoulder = Math.abs(REST[`${name}UpperArm`][0]);
  return {
    origin: [0, y, z],
    axis: [side, 0, 0],
    u: [0, 1, 0],
    stations: [
      { s: 0.1, ru: 0.05, rv: 0.05 },
      { s: 0.17, ru: 0.058, rv: 0.056 },
      { s: 0.25, ru: 0.05, rv: 0.049 },
      { s: 0.37, ru: 0.042, rv: 0.043 },
      { s: elbow, ru: 0.037, rv: 0.039 },
      { s: elbow + 0.08, ru: 0.039, rv: 0.043 },
      { s: wrist - 0.07, ru: 0.03, rv: 0.034 },
      { s: wrist - 0.01, ru: 0.025, rv: 0.03 },
    ],
    sides: 10,
    maxGap: 0.05,
    capRings: 2,
    weights: (s) =>
      chain(s, `${name}Shoulder`, [
        [`${name}UpperArm`, shoulder - 0.01, 0.1],
        [`${name}LowerArm`, elbow, 0.09],
        [`${name}Hand`, wrist, 0.03],
      ]),
  };
}

function hand(side: 1 | -1): Part[] {
  const name = side > 0 ? 'Left' : 'Right';
  const [wx, wy, wz] = REST[`${name}Hand`];
  const palm: Part = {
    origin: [0, wy, wz],
    axis: [side, 0, 0],
    u: [0, 1, 0],
    stations: [
      { s: Math.abs(wx) - 0.015, ru: 0.022, rv: 0.03 },
      { s: Math.abs(wx) + 0.04, ru: 0.025, rv: 0.043 },
      { s: Math.abs(wx) + 0.1, ru: 0.02, rv: 0.045 },
      { s: Math.abs(wx) + 0.155, ru: 0.015, rv: 0.038 },
    ],
    sides: 10,
    squareness: 2.6,
    maxGap: 0.05,
    capRings: 2,
    weights: (s) => chain(s, `${name}LowerArm`, [[`${name}Hand`, Math.abs(wx) - 0.01, 0.03]]),
  };
  const dir: Vec3 = [side * 0.55, -0.15, 0.82];
  const len = Math.hypot(...dir);
  const thumb: Part = {
    origin: [wx + side * 0.035, wy - 0.005, wz + 0.025],
    axis: dir.map((c) => c / len) as unknown as Vec3,
    u: [0, 1, 0],
    stations: [
      { s: 0, ru: 0.014, rv: 0.016 },
      { s: 0.045, ru: 0.012, rv: 0.013 },
    ],
    sides: 6,
    maxGap: 0.05,
    capRings: 2,
    weights: () => [[`${name}Hand`, 1]],
  };
  return [palm, thumb];
}

function head(): Part {
  const base = REST.Head[1];
  const centre = base + 0.075;
  const rings = 10;
  const stations: Station[] = [];
  // An egg: a little narrower at the chin than at the crown.
  for (let i = 1; i < rings; i++) {
    const phi = (Math.PI * i) / rings;
    const y = -Math.cos(phi) * 0.108;
    const taper = y < 0 ? 1 + y * 0.9 : 1;
    stations.push({ s: centre + y, ru: Math.sin(phi) * 0.098 * taper, rv: Math.sin(phi) * 0.084 * taper, du: 0.012 });
  }
  return {
    origin: [0, 0, 0],
    axis: [0, 1, 0],
    u: [0, 0, 1],
    stations,
    sides: 18,
    maxGap: 1,
    capRings: 0,
    capLength: 0.006,
    weights: (s) => chain(s, 'Neck', [['Head', base + 0.02, 0.05]]),
  };
}

function visor(): Part {
  const y = REST.Head[1] + 0.09;
  return {
    origin: [0, 0, 0.078],
    axis: [0, 1, 0],
    u: [0, 0, 1],
    stations: [
      { s: y - 0.004, ru: 0.03, rv: 0.062 },
      { s: y + 0.004, ru: 0.03, rv: 0.062 },
    ],
    sides: 16,
    maxGap: 1,
    capRings: 2,
    capLength: 0.012,
    weights: () => [['Head', 1]],
  };
}

/** The body in its two materials: the light shell, and the darker hands, feet and face. */
export function buildBody(): { shell: MeshData; accent: MeshData } {
  const shell = new MeshBuilder();
  shell.addPart(torso());
  shell.addPart(head());
  for (const side of [1, -1] as const) {
    shell.addPart(leg(side));
    shell.addPart(arm(side));
  }
  const accent = new MeshBuilder();
  accent.addPart(visor());
  for (const side of [1, -1] as const) {
    accent.addPart(foot(side));
    for (const part of hand(side)) accent.addPart(part);
  }
  return { shell: shell.build(), accent: accent.build() };
}
