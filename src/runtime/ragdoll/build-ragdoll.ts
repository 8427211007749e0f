import { length3 } from '../length.js';
import { conjugateMultiply, fromMatrix, rotateVectorAt } from '../quat.js';
import { type HumanoidMap, mapHumanoid } from '../retarget/humanoid-map.js';
import type { Skeleton } from '../skeleton.js';
import { quatFromAxes } from './frames.js';
import { RAGDOLL_SLOTS, type RagdollSlot, ragdollBones } from './humanoid-bones.js';
import type { RagdollLimits } from './limits.js';

type JointKind = 'spine' | 'neck' | 'shoulder' | 'elbow' | 'hip' | 'knee';

/** One rigid body: a capsule on a bone. Lengths in metres; `a`, `b` in the body's frame (the bone's). */
export interface RagdollBody {
  readonly name: string;
  /** The skeleton joint this body drives. */
  readonly joint: number;
  /** The parent body (-1 for the pelvis). */
  readonly parent: number;
  readonly a: Float32Array;
  readonly b: Float32Array;
  readonly radius: number;
}

/**
 * A joint between a body and its parent, at the child's bone origin. The joint frames (x: twist along the
 * child's bone, y: the hinge or first swing axis, z: the second swing axis) coincide at the rest pose, so
 * `limits` (radians, min/max about x, y, z: Rapier's spherical-joint axes) read as anatomical angles.
 */
export interface RagdollJoint {
  readonly kind: JointKind;
  readonly parent: number;
  readonly child: number;
  /** Joint frame in the parent body's frame and in the child's, x y z w. */
  readonly frameParent: Float32Array;
  readonly frameChild: Float32Array;
  readonly limits: Float32Array;
}

export interface RagdollLayout {
  readonly bodies: readonly RagdollBody[];
  readonly joints: readonly RagdollJoint[];
  /** The body each skeleton joint belongs to (its nearest body ancestor or itself), -1 above the pelvis. */
  readonly jointBody: Int16Array;
  /** The body driving each skeleton joint, -1 for joints that follow their parent. */
  readonly drivenBy: Int16Array;
}

/** Skinned vertices in model space at the rest pose, for sizing the capsules. */
export interface RagdollVertices {
  positions: ArrayLike<number>;
  /** Skeleton joint per influence, 4 per vertex. */
  joints: ArrayLike<number>;
  weights: ArrayLike<number>;
}

const DEG = Math.PI / 180;

/** Natural limits per joint kind, degrees: [twist min, max, y min, max, z min, max]. */
const NATURAL: Record<JointKind, readonly number[]> = {
  // y bends the spine forward (+) and back; z leans it sideways
  spine: [-30, 30, -25, 50, -25, 25],
  neck: [-35, 35, -25, 35, -20, 20],
  // y swings the arm forward (+) and back; z raises and lowers it from the T-pose
  shoulder: [-60, 60, -45, 110, -95, 80],
  // elbows and knees bend one way, about y; the other two axes are all but locked
  elbow: [-5, 5, 0, 145, -3, 3],
  // y swings the leg back (+) and forward (-); z spreads it
  hip: [-35, 35, -110, 30, -40, 40],
  knee: [-5, 5, 0, 145, -3, 3],
};

function limitsFor(kind: JointKind, mode: RagdollLimits): Float32Array {
  const out = new Float32Array(NATURAL[kind].map((d) => d * DEG));
  if (mode === 'loose') {
    for (let i = 0; i < 6; i += 2) {
      const hinge = (kind === 'elbow' || kind === 'knee') && i === 2;
      const widen = (out[i + 1] - out[i]) * 0.25 + 10 * DEG;
      out[i] = hinge ? out[i] - 5 * DEG : Math.max(-170 * DEG, out[i] - widen);
      out[i + 1] = Math.min(170 * DEG, out[i + 1] + widen);
    }
  }
  return out;
}

interface BodyDef {
  name: string;
  bone: RagdollSlot | RagdollSlot[];
  parent: string | null;
  /** The bone's far end: the first of these slots present; absent: from the vertices or the bone's length. */
  tip: RagdollSlot[];
  kind: JointKind | null;
  /** Which way the bone's far end swings when the joint flexes: forward (elbows) or back (knees). */
  flex: 1 | -1;
}

const BODY_DEFS: BodyDef[] = /* @__PURE__ */ bodyDefs();

/** The bodies, pelvis first, each after its parent (made by a call so bundlers can drop an unused list). */
function bodyDefs(): BodyDef[] {
  return [
    { name: 'pelvis', bone: 'hips', parent: null, tip: [], kind: null, flex: 1 },
    { name: 'torso', bone: 'spine', parent: 'pelvis', tip: ['neck', 'head'], kind: 'spine', flex: 1 },
    { name: 'head', bone: ['neck', 'head'], parent: 'torso', tip: ['head'], kind: 'neck', flex: 1 },
    ...(['left', 'right'] as const).flatMap((side): BodyDef[] => [
      {
        name: `${side}UpperArm`,
        bone: `${side}UpperArm`,
        parent: 'torso',
        tip: [`${side}LowerArm`],
        kind: 'shoulder',
        flex: 1,
      },
      { name: `${side}LowerArm`, bone: `${side}LowerArm`, parent: `${side}UpperArm`, tip: [], kind: 'elbow', flex: 1 },
      {
        name: `${side}UpperLeg`,
        bone: `${side}UpperLeg`,
        parent: 'pelvis',
        tip: [`${side}LowerLeg`],
        kind: 'hip',
        flex: -1,
      },
      { name: `${side}LowerLeg`, bone: `${side}LowerLeg`, parent: `${side}UpperLeg`, tip: [], kind: 'knee', flex: -1 },
    ]),
  ];
}

const sub = (a: ArrayLike<number>, b: ArrayLike<number>) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: ArrayLike<number>, b: ArrayLike<number>) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: number[]) => {
  const l = length3(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
};

/**
 * Lays out a ragdoll for a humanoid skeleton: a capsule per major bone (pelvis, torso, head, upper and lower
 * arms, upper and lower legs; hands ride the forearms and feet the shins), sized from the skinned vertices
 * weighted mostly to the bones each body carries, and joints with anatomical limits.
 *
 * @param restWorld model-space matrices of the rest pose (16 per joint), the pose the capsules are sized in.
 * @param humanoid the skeleton's humanoid map (default: found automatically, as retargeting finds it).
 * @throws AnimError `no-humanoid` when the skeleton lacks humanoid bones (the message lists them).
 */
export function buildRagdoll(
  skeleton: Skeleton,
  restWorld: Float32Array,
  vertices: RagdollVertices | null,
  limits: RagdollLimits = 'natural',
  humanoid: HumanoidMap = mapHumanoid(skeleton),
): RagdollLayout {
  const slots = ragdollBones(humanoid);
  const slot = (s: RagdollSlot) => slots[RAGDOLL_SLOTS.indexOf(s)];
  const position = (j: number) => [restWorld[j * 16 + 12], restWorld[j * 16 + 13], restWorld[j * 16 + 14]];
  const rotation = (j: number) => {
    const q = new Float32Array(4);
    fromMatrix(q, 0, restWorld, j * 16);
    return q;
  };

  // the body's frame: up the spine, across to its left, and forward
  const hips = position(slot('hips'));
  const up = unit(sub(position(slot('head')), hips));
  const left = unit(sub(position(slot('leftUpperLeg')), position(slot('rightUpperLeg'))));
  const forward = unit(cross(left, up));

  const defs = BODY_DEFS.map((def) => {
    const bones = Array.isArray(def.bone) ? def.bone : [def.bone];
    const joint = bones.map(slot).find((j) => j >= 0) ?? -1;
    return { def, joint };
  });
  const drivenBy = new Int16Array(skeleton.jointCount).fill(-1);
  defs.forEach(({ joint }, b) => {
    drivenBy[joint] = b;
  });
  const jointBody = new Int16Array(skeleton.jointCount).fill(-1);
  for (let j = 0; j < skeleton.jointCount; j++) {
    const p = skeleton.parents[j];
    jointBody[j] = drivenBy[j] >= 0 ? drivenBy[j] : p >= 0 ? jointBody[p] : -1;
  }

  // vertices by the body their strongest influence belongs to
  const owned: number[][] = defs.map(() => []);
  if (vertices) {
    const count = Math.floor(vertices.positions.length / 3);
    for (let v = 0; v < count; v++) {
      let best = -1;
      let weight = 0;
      for (let k = 0; k < 4; k++) {
        if (vertices.weights[v * 4 + k] > weight) {
          weight = vertices.weights[v * 4 + k];
          best = vertices.joints[v * 4 + k];
        }
      }
      const body = best >= 0 && best < skeleton.jointCount ? jointBody[best] : -1;
      if (body >= 0 && weight >= 0.5) owned[body].push(v);
    }
  }

  const bodies: RagdollBody[] = defs.map(({ def, joint }, b) => {
    const origin = position(joint);
    let from = origin;
    let to: number[];
    if (def.name === 'pelvis') {
      from = position(slot('rightUpperLeg'));
      to = position(slot('leftUpperLeg'));
    } else {
      const tipJoint = def.tip.map(slot).find((j) => j >= 0 && j !== joint);
      // a limb's far end, else the bone carried on from its parent's direction
      const parentJoint = skeleton.parents[joint];
      const along = parentJoint >= 0 ? unit(sub(origin, position(parentJoint))) : up;
      to = tipJoint !== undefined ? position(tipJoint) : origin.map((x, k) => x + along[k] * 0.25);
    }
    const axis = unit(sub(to, from));
    let length = Math.hypot(...sub(to, from));
    let t0 = 0;
    let radius = Math.max(0.03, length * 0.2);
    const points = owned[b];
    if (points.length >= 8 && vertices) {
      const ts: number[] = [];
      const rs: number[] = [];
      for (const v of points) {
        const d = sub([vertices.positions[v * 3], vertices.positions[v * 3 + 1], vertices.positions[v * 3 + 2]], from);
        const t = dot(d, axis);
        ts.push(t);
        rs.push(length3(d[0] - axis[0] * t, d[1] - axis[1] * t, d[2] - axis[2] * t));
      }
      radius = Math.max(0.02, percentile(rs, 0.6));
      const lo = percentile(ts, 0.02);
      const hi = percentile(ts, 0.98);
      // limbs keep their joint end; ends without a joint (head top, hands, feet, pelvis sides) reach the skin
      t0 = def.name === 'pelvis' ? lo : 0;
      length = (def.tip.length > 0 && def.name !== 'head' ? Math.min(hi, length) : hi) - t0;
    }
    // the capsule's rounded ends reach its ends: the segment is shorter by a radius each side
    radius = Math.min(radius, Math.max(0.02, length * 0.45));
    const inset = Math.min(radius, length / 2);
    const a = from.map((x, k) => x + axis[k] * (t0 + inset));
    const bEnd = from.map((x, k) => x + axis[k] * (t0 + length - inset));
    const q = rotation(joint);
    const toLocal = (p: number[]) => {
      const out = new Float32Array(3);
      const qc = new Float32Array([-q[0], -q[1], -q[2], q[3]]);
      rotateVectorAt(out, 0, qc, 0, sub(p, origin), 0);
      return out;
    };
    const parent = def.parent ? BODY_DEFS.findIndex((d) => d.name === def.parent) : -1;
    return { name: def.name, joint, parent, a: toLocal(a), b: toLocal(bEnd), radius };
  });
  separateRestOverlaps(bodies, restWorld);

  const joints: RagdollJoint[] = [];
  defs.forEach(({ def, joint }, b) => {
    if (!def.kind) return;
    const parent = bodies[b].parent;
    const qc = rotation(joint);
    const qp = rotation(bodies[parent].joint);
    // the joint's axes at rest, in world: twist along the child bone, y the flexion axis, z completing them
    const a = worldPoint(bodies[b].a, qc, position(joint));
    const e = worldPoint(bodies[b].b, qc, position(joint));
    const x = unit(def.name === 'head' || def.name === 'torso' ? up : sub(e, a));
    const flexTowards = def.flex > 0 ? forward : forward.map((v) => -v);
    let y = cross(x, flexTowards);
    if (Math.hypot(...y) < 1e-3) y = cross(x, left);
    y = unit(y);
    const z = cross(x, y);
    const frameWorld = new Float32Array(4);
    quatFromAxes(frameWorld, 0, x, y, z);
    const frameChild = new Float32Array(4);
    conjugateMultiply(frameChild, 0, qc, 0, frameWorld, 0);
    const frameParent = new Float32Array(4);
    conjugateMultiply(frameParent, 0, qp, 0, frameWorld, 0);
    joints.push({ kind: def.kind, parent, child: b, frameParent, frameChild, limits: limitsFor(def.kind, limits) });
  });
  return { bodies, joints, jointBody, drivenBy };
}

function worldPoint(local: Float32Array, q: ArrayLike<number>, origin: number[]): number[] {
  const out = [0, 0, 0];
  rotateVectorAt(out, 0, q as Float32Array, 0, local, 0);
  return [out[0] + origin[0], out[1] + origin[1], out[2] + origin[2]];
}

/** Closest distance between segments p0–p1 and q0–q1. */
function segmentDistance(p0: number[], p1: number[], q0: number[], q1: number[]): number {
  const d1 = sub(p1, p0);
  const d2 = sub(q1, q0);
  const r = sub(p0, q0);
  const a = dot(d1, d1);
  const e = dot(d2, d2);
  const f = dot(d2, r);
  let s = 0;
  let t = 0;
  const c = dot(d1, r);
  const b = dot(d1, d2);
  const denom = a * e - b * b;
  if (a > 1e-12 && e > 1e-12) {
    s = denom > 1e-12 ? Math.min(1, Math.max(0, (b * f - c * e) / denom)) : 0;
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = Math.min(1, Math.max(0, -c / a));
    } else if (t > 1) {
      t = 1;
      s = Math.min(1, Math.max(0, (b - c) / a));
    }
  } else if (a > 1e-12) s = Math.min(1, Math.max(0, -c / a));
  else if (e > 1e-12) t = Math.min(1, Math.max(0, f / e));
  const pc = p0.map((v, k) => v + d1[k] * s);
  const qc = q0.map((v, k) => v + d2[k] * t);
  return Math.hypot(...sub(pc, qc));
}

/**
 * Bodies not joined to each other collide; where two overlap already at rest (thighs side by side), their
 * radii shrink until they clear, or they would fly apart on the first step.
 */
function separateRestOverlaps(bodies: RagdollBody[], restWorld: Float32Array): void {
  const segment = (body: RagdollBody) => {
    const q = new Float32Array(4);
    fromMatrix(q, 0, restWorld, body.joint * 16);
    const o = [restWorld[body.joint * 16 + 12], restWorld[body.joint * 16 + 13], restWorld[body.joint * 16 + 14]];
    return [worldPoint(body.a, q, o), worldPoint(body.b, q, o)];
  };
  const segments = bodies.map(segment);
  const gap = 0.005;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      if (bodies[i].parent === j || bodies[j].parent === i) continue;
      const d = segmentDistance(segments[i][0], segments[i][1], segments[j][0], segments[j][1]);
      const sum = bodies[i].radius + bodies[j].radius;
      if (d - gap >= sum) continue;
      const scale = Math.max(0.3, (d - gap) / sum);
      (bodies[i] as { radius: number }).radius *= scale;
      (bodies[j] as { radius: number }).radius *= scale;
    }
  }
}
