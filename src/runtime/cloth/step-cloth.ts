import { CAPSULE_FLOATS, CLOTH_MAX_SUBSTEPS, CLOTH_SUBSTEP, type Cloth } from './build-cloth.js';

// Per-frame kernels: no allocation, no throwing. Matrices are column-major, 16 per anchor.

function transformInto(out: Float32Array, o: number, m: Float32Array, a: number, rest: Float32Array, r: number): void {
  const x = rest[r];
  const y = rest[r + 1];
  const z = rest[r + 2];
  const q = a * 16;
  out[o] = m[q] * x + m[q + 4] * y + m[q + 8] * z + m[q + 12];
  out[o + 1] = m[q + 1] * x + m[q + 5] * y + m[q + 9] * z + m[q + 13];
  out[o + 2] = m[q + 2] * x + m[q + 6] * y + m[q + 10] * z + m[q + 14];
}

/**
 * Puts every particle where its anchor holds its rest position, at rest (no velocity): the start, or a
 * teleport. `matrices` maps rest (bind) space to world space, 16 per anchor.
 */
export function placeCloth(cloth: Cloth, matrices: Float32Array): void {
  const { positions, previous, rest, anchor } = cloth;
  for (let p = 0; p < cloth.particleCount; p++) transformInto(positions, p * 3, matrices, anchor[p], rest, p * 3);
  previous.set(positions);
  for (let i = 0; i < cloth.pins.length; i++) {
    const p = cloth.pins[i];
    for (let k = 0; k < 3; k++) cloth.pinFrom[i * 3 + k] = cloth.pinTo[i * 3 + k] = positions[p * 3 + k];
  }
  cloth.accumulator = 0;
  cloth.placed = true;
}

/**
 * This frame's anchor matrices: the pins move from where the last frame left them to where these put them,
 * spread over the frame's substeps. Places the cloth first if it never was.
 */
export function setClothAnchors(cloth: Cloth, matrices: Float32Array): void {
  if (!cloth.placed) {
    placeCloth(cloth, matrices);
    return;
  }
  const { pins, pinFrom, pinTo, rest, anchor } = cloth;
  pinFrom.set(pinTo);
  for (let i = 0; i < pins.length; i++) transformInto(pinTo, i * 3, matrices, anchor[pins[i]], rest, pins[i] * 3);
  // a pin that jumped farther than any motion could carry it in a frame: the character was moved, not swung
  if (pins.length > 0) {
    const dx = pinTo[0] - pinFrom[0];
    const dy = pinTo[1] - pinFrom[1];
    const dz = pinTo[2] - pinFrom[2];
    if (dx * dx + dy * dy + dz * dz > TELEPORT_DISTANCE * TELEPORT_DISTANCE) placeCloth(cloth, matrices);
  }
}

/** Metres a pin may move in one frame before the cloth counts as teleported and is placed afresh. */
export const TELEPORT_DISTANCE = 1;

/**
 * Sets collider capsule `i` (world space) from `capsule` at `offset`: the segment's ends a and b, then its
 * radius (ax, ay, az, bx, by, bz, r). Numbers in an array, not arguments: a frame calls this per capsule, and
 * V8 boxes doubles handed to a call it does not inline. Ignores an index out of room.
 */
export function setClothCapsule(cloth: Cloth, i: number, capsule: ArrayLike<number>, offset = 0): void {
  const o = i * CAPSULE_FLOATS;
  if (o + CAPSULE_FLOATS > cloth.capsules.length) return;
  for (let k = 0; k < CAPSULE_FLOATS; k++) cloth.capsules[o + k] = capsule[offset + k];
}

/**
 * Advances the cloth by `dt` seconds in fixed substeps (CLOTH_SUBSTEP), carrying the remainder to the next
 * frame, so it behaves the same at 20 or 240 frames per second. Each substep: Verlet integration with
 * drag, gravity and a speed limit; `iterations` passes over the distance constraints; collider capsules and
 * the floor push particles out; pins take their place along the frame's path. A negative or non-finite `dt`
 * does nothing.
 */
export function advanceCloth(cloth: Cloth, dt: number): void {
  if (!(dt > 0) || !Number.isFinite(dt) || !cloth.placed) return;
  cloth.accumulator += dt;
  let steps = Math.floor(cloth.accumulator / CLOTH_SUBSTEP);
  cloth.accumulator -= steps * CLOTH_SUBSTEP;
  if (steps > CLOTH_MAX_SUBSTEPS) steps = CLOTH_MAX_SUBSTEPS;
  for (let s = 0; s < steps; s++) substep(cloth, (s + 1) / steps);
  if (steps === 0) holdPins(cloth, 1);
}

function holdPins(cloth: Cloth, t: number): void {
  const { pins, pinFrom, pinTo, positions, previous } = cloth;
  for (let i = 0; i < pins.length; i++) {
    const o = pins[i] * 3;
    const q = i * 3;
    for (let k = 0; k < 3; k++) {
      const v = pinFrom[q + k] + (pinTo[q + k] - pinFrom[q + k]) * t;
      previous[o + k] = positions[o + k];
      positions[o + k] = v;
    }
  }
}

function substep(cloth: Cloth, pinT: number): void {
  const { positions: x, previous: px, inverseMass, settings } = cloth;
  const h = CLOTH_SUBSTEP;
  const keep = Math.exp(-settings.damping * h);
  const gx = settings.gravity[0] * h * h;
  const gy = settings.gravity[1] * h * h;
  const gz = settings.gravity[2] * h * h;
  const maxStep = settings.maxSpeed * h;
  const maxStep2 = maxStep * maxStep;
  const n = cloth.particleCount;

  for (let p = 0; p < n; p++) {
    if (inverseMass[p] === 0) continue;
    const o = p * 3;
    let vx = (x[o] - px[o]) * keep + gx;
    let vy = (x[o + 1] - px[o + 1]) * keep + gy;
    let vz = (x[o + 2] - px[o + 2]) * keep + gz;
    const v2 = vx * vx + vy * vy + vz * vz;
    if (v2 > maxStep2) {
      const f = maxStep / Math.sqrt(v2);
      vx *= f;
      vy *= f;
      vz *= f;
    }
    px[o] = x[o];
    px[o + 1] = x[o + 1];
    px[o + 2] = x[o + 2];
    x[o] += vx;
    x[o + 1] += vy;
    x[o + 2] += vz;
  }
  holdPins(cloth, pinT);

  // PBD: a per-pass stiffness that gives `stiffness` over all passes, whatever their number
  const iterations = settings.iterations;
  const k = 1 - (1 - settings.stiffness) ** (1 / iterations);
  const kBend = 1 - (1 - settings.stiffness * settings.bendStiffness) ** (1 / iterations);
  for (let it = 0; it < iterations; it++) {
    solveDistances(cloth, 0, cloth.bendStart, k);
    solveDistances(cloth, cloth.bendStart, cloth.restLength.length, kBend);
    solveTethers(cloth);
    collide(cloth);
  }
}

function solveDistances(cloth: Cloth, from: number, to: number, k: number): void {
  const { positions: x, inverseMass: w, constraintA, constraintB, restLength } = cloth;
  for (let c = from; c < to; c++) {
    const a = constraintA[c];
    const b = constraintB[c];
    const wa = w[a];
    const wb = w[b];
    const wsum = wa + wb;
    if (wsum === 0) continue;
    const ao = a * 3;
    const bo = b * 3;
    const dx = x[bo] - x[ao];
    const dy = x[bo + 1] - x[ao + 1];
    const dz = x[bo + 2] - x[ao + 2];
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (d < 1e-9) continue;
    const f = (k * (d - restLength[c])) / (d * wsum);
    x[ao] += dx * f * wa;
    x[ao + 1] += dy * f * wa;
    x[ao + 2] += dz * f * wa;
    x[bo] -= dx * f * wb;
    x[bo + 1] -= dy * f * wb;
    x[bo + 2] -= dz * f * wb;
  }
}

function solveTethers(cloth: Cloth): void {
  const { positions: x, inverseMass, tetherPin, tetherLength } = cloth;
  for (let p = 0; p < cloth.particleCount; p++) {
    const pin = tetherPin[p];
    if (pin < 0 || inverseMass[p] === 0) continue;
    const o = p * 3;
    const q = pin * 3;
    const dx = x[o] - x[q];
    const dy = x[o + 1] - x[q + 1];
    const dz = x[o + 2] - x[q + 2];
    const d2 = dx * dx + dy * dy + dz * dz;
    const max = tetherLength[p];
    if (d2 <= max * max) continue;
    const f = max / Math.sqrt(d2);
    x[o] = x[q] + dx * f;
    x[o + 1] = x[q + 1] + dy * f;
    x[o + 2] = x[q + 2] + dz * f;
  }
}

function collide(cloth: Cloth): void {
  const { positions: x, inverseMass, capsules, capsuleCount, settings } = cloth;
  const margin = settings.margin;
  const floor = settings.floor;
  for (let p = 0; p < cloth.particleCount; p++) {
    if (inverseMass[p] === 0) continue;
    const o = p * 3;
    for (let c = 0; c < capsuleCount; c++) {
      const q = c * CAPSULE_FLOATS;
      const ax = capsules[q];
      const ay = capsules[q + 1];
      const az = capsules[q + 2];
      const sx = capsules[q + 3] - ax;
      const sy = capsules[q + 4] - ay;
      const sz = capsules[q + 5] - az;
      const r = capsules[q + 6] + margin;
      const len2 = sx * sx + sy * sy + sz * sz;
      let t = len2 > 0 ? ((x[o] - ax) * sx + (x[o + 1] - ay) * sy + (x[o + 2] - az) * sz) / len2 : 0;
      t = Math.min(1, Math.max(0, t));
      const dx = x[o] - (ax + sx * t);
      const dy = x[o + 1] - (ay + sy * t);
      const dz = x[o + 2] - (az + sz * t);
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 >= r * r) continue;
      if (d2 > 1e-12) {
        const f = r / Math.sqrt(d2);
        x[o] = ax + sx * t + dx * f;
        x[o + 1] = ay + sy * t + dy * f;
        x[o + 2] = az + sz * t + dz * f;
      } else {
        // exactly on the axis: out along any perpendicular
        x[o + 1] += r;
      }
    }
    if (x[o + 1] < floor + margin) x[o + 1] = floor + margin;
  }
}
