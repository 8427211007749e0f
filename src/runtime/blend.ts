import type { CrossfadePlan } from './crossfade-plan.js';
import type { Pose } from './pose.js';
import { conjugateMultiply, multiply, normalize } from './quat.js';

/** One weighted input of a blend: a pose, its weight, and an optional per-joint mask (0..1). */
export interface BlendLayer {
  pose: Pose;
  weight: number;
  mask: Float32Array | null;
}

/**
 * out = a blended toward b by w (0 gives a, 1 gives b). Translations, scales and morph weights lerp;
 * rotations take the shortest arc by normalized lerp. out may alias a or b.
 */
export function blendPoses(a: Pose, b: Pose, w: number, out: Pose): void {
  // on the whole blocks (one array each, not four views): translations, rotations, scales, then weights
  const ad = a.data;
  const bd = b.data;
  const od = out.data;
  const wa = 1 - w;
  const joints = out.translations.length / 3;
  const r0 = joints * 3;
  const r1 = joints * 7;
  for (let i = 0; i < r0; i++) od[i] = ad[i] * wa + bd[i] * w;
  for (let i = r1; i < od.length; i++) od[i] = ad[i] * wa + bd[i] * w;
  for (let r = r0; r < r1; r += 4) nlerpAt(ad, bd, r, w, od);
}

/**
 * blendPoses over a crossfade plan's floats only (see crossfadePlan): the others are equal in a and b, and
 * copied from a. out may alias a, not b.
 */
export function blendPlanned(a: Pose, b: Pose, w: number, plan: CrossfadePlan, out: Pose): void {
  const ad = a.data;
  const bd = b.data;
  const od = out.data;
  if (od !== ad) od.set(ad);
  const wa = 1 - w;
  const linear = plan.linear;
  for (let k = 0; k < linear.length; k++) {
    const i = linear[k];
    od[i] = ad[i] * wa + bd[i] * w;
  }
  const rotations = plan.rotations;
  for (let k = 0; k < rotations.length; k++) nlerpAt(ad, bd, rotations[k], w, od);
}

/** The rotation at offset r: a's toward b's by w on the shortest arc, normalized (nlerp), into od. */
function nlerpAt(ad: Float32Array, bd: Float32Array, r: number, w: number, od: Float32Array): void {
  const wa = 1 - w;
  const dot = ad[r] * bd[r] + ad[r + 1] * bd[r + 1] + ad[r + 2] * bd[r + 2] + ad[r + 3] * bd[r + 3];
  const s = dot < 0 ? -w : w;
  const x = ad[r] * wa + bd[r] * s;
  const y = ad[r + 1] * wa + bd[r + 1] * s;
  const z = ad[r + 2] * wa + bd[r + 2] * s;
  const qw = ad[r + 3] * wa + bd[r + 3] * s;
  // normalized here rather than by quat.normalize: this stays on Float32Arrays only (monomorphic)
  const inv = 1 / (Math.sqrt(x * x + y * y + z * z + qw * qw) || 1);
  od[r] = x * inv;
  od[r + 1] = y * inv;
  od[r + 2] = z * inv;
  od[r + 3] = qw * inv;
}

/**
 * Blends `count` weighted layers into `out`, per joint: each layer contributes weight × mask[joint];
 * contributions are normalized by their sum. Joints (and morph weights) no layer reaches keep `fallback`
 * (usually the rest pose); where the total is below 1 the remainder is filled from `fallback` too.
 * Rotations are accumulated on the hemisphere of the first contribution and normalized (nlerp).
 * Each joint (and each morph weight) is read from every input and `fallback` before it is written, so
 * `out` may be `fallback` (or a layer's pose): layering in place over the pose below is safe.
 */
export function blendLayers(layers: readonly BlendLayer[], count: number, fallback: Pose, out: Pose): void {
  const jointCount = out.rotations.length >> 2;
  const ot = out.translations;
  const or = out.rotations;
  const os = out.scales;
  const ft = fallback.translations;
  const fr = fallback.rotations;
  const fs = fallback.scales;
  for (let j = 0; j < jointCount; j++) {
    let total = 0;
    let tx = 0;
    let ty = 0;
    let tz = 0;
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let rx = 0;
    let ry = 0;
    let rz = 0;
    let rw = 0;
    const j3 = j * 3;
    const j4 = j * 4;
    for (let l = 0; l < count; l++) {
      const layer = layers[l];
      const w = layer.mask === null ? layer.weight : layer.weight * layer.mask[j];
      if (!(w > 0)) continue;
      const p = layer.pose;
      const pt = p.translations;
      const ps = p.scales;
      const pr = p.rotations;
      tx += pt[j3] * w;
      ty += pt[j3 + 1] * w;
      tz += pt[j3 + 2] * w;
      sx += ps[j3] * w;
      sy += ps[j3 + 1] * w;
      sz += ps[j3 + 2] * w;
      const qx = pr[j4];
      const qy = pr[j4 + 1];
      const qz = pr[j4 + 2];
      const qw = pr[j4 + 3];
      const s = total > 0 && rx * qx + ry * qy + rz * qz + rw * qw < 0 ? -w : w;
      rx += qx * s;
      ry += qy * s;
      rz += qz * s;
      rw += qw * s;
      total += w;
    }
    if (total < 1) {
      const w = 1 - total;
      tx += ft[j3] * w;
      ty += ft[j3 + 1] * w;
      tz += ft[j3 + 2] * w;
      sx += fs[j3] * w;
      sy += fs[j3 + 1] * w;
      sz += fs[j3 + 2] * w;
      const s = total > 0 && rx * fr[j4] + ry * fr[j4 + 1] + rz * fr[j4 + 2] + rw * fr[j4 + 3] < 0 ? -w : w;
      rx += fr[j4] * s;
      ry += fr[j4 + 1] * s;
      rz += fr[j4 + 2] * s;
      rw += fr[j4 + 3] * s;
      total = 1;
    }
    const inv = 1 / total;
    ot[j3] = tx * inv;
    ot[j3 + 1] = ty * inv;
    ot[j3 + 2] = tz * inv;
    os[j3] = sx * inv;
    os[j3 + 1] = sy * inv;
    os[j3 + 2] = sz * inv;
    or[j4] = rx;
    or[j4 + 1] = ry;
    or[j4 + 2] = rz;
    or[j4 + 3] = rw;
    normalize(or, j4);
  }
  blendWeights(layers, count, fallback.weights, out.weights);
}

/** Morph weights: layers blend without masks (masks are per joint). */
function blendWeights(layers: readonly BlendLayer[], count: number, fallback: Float32Array, out: Float32Array): void {
  let total = 0;
  for (let l = 0; l < count; l++) if (layers[l].weight > 0) total += layers[l].weight;
  const rest = total < 1 ? 1 - total : 0;
  const norm = 1 / Math.max(total, 1);
  for (let i = 0; i < out.length; i++) {
    let v = fallback[i] * rest;
    for (let l = 0; l < count; l++) {
      const w = layers[l].weight;
      if (w > 0) v += layers[l].pose.weights[i] * w;
    }
    out[i] = v * norm;
  }
}

/**
 * The additive difference of `pose` from `reference`: translation p − r, rotation r⁻¹·p, scale p / r.
 * Applied on top of another pose with applyAdditive. Morph weights subtract.
 */
export function makeAdditive(pose: Pose, reference: Pose, out: Pose): void {
  const n = out.translations.length;
  for (let i = 0; i < n; i++) {
    out.translations[i] = pose.translations[i] - reference.translations[i];
    const rs = reference.scales[i];
    out.scales[i] = rs === 0 ? 1 : pose.scales[i] / rs;
  }
  const pr = pose.rotations;
  const rr = reference.rotations;
  const or = out.rotations;
  // the (unit) reference's conjugate times the pose
  for (let r = 0; r < or.length; r += 4) conjugateMultiply(or, r, rr, r, pr, r);
  for (let i = 0; i < out.weights.length; i++) out.weights[i] = pose.weights[i] - reference.weights[i];
}

/**
 * out = base with `additive` laid on top by weight × mask[joint]: translation + w·d, rotation
 * base·nlerp(identity, d, w), scale × (1 + w·(d − 1)). out may alias base.
 */
export function applyAdditive(base: Pose, additive: Pose, weight: number, mask: Float32Array | null, out: Pose): void {
  const jointCount = out.rotations.length >> 2;
  const ar = additive.rotations;
  for (let j = 0; j < jointCount; j++) {
    const w = mask === null ? weight : weight * mask[j];
    const j3 = j * 3;
    const j4 = j * 4;
    if (!(w > 0)) {
      if (out !== base) {
        for (let c = 0; c < 3; c++) {
          out.translations[j3 + c] = base.translations[j3 + c];
          out.scales[j3 + c] = base.scales[j3 + c];
        }
        for (let c = 0; c < 4; c++) out.rotations[j4 + c] = base.rotations[j4 + c];
      }
      continue;
    }
    for (let c = 0; c < 3; c++) {
      out.translations[j3 + c] = base.translations[j3 + c] + additive.translations[j3 + c] * w;
      out.scales[j3 + c] = base.scales[j3 + c] * (1 + (additive.scales[j3 + c] - 1) * w);
    }
    // partial additive rotation: nlerp from identity toward d (on d's hemisphere with w ≥ 0)
    const sign = ar[j4 + 3] < 0 ? -1 : 1;
    SCRATCH[0] = ar[j4] * w * sign;
    SCRATCH[1] = ar[j4 + 1] * w * sign;
    SCRATCH[2] = ar[j4 + 2] * w * sign;
    SCRATCH[3] = 1 - w + ar[j4 + 3] * w * sign;
    normalize(SCRATCH, 0);
    multiply(out.rotations, j4, base.rotations, j4, SCRATCH, 0);
  }
  for (let i = 0; i < out.weights.length; i++) out.weights[i] = base.weights[i] + additive.weights[i] * weight;
}

const SCRATCH = new Float64Array(4);
