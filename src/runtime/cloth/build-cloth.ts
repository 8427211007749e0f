import { AnimError, isFiniteArray } from '../errors.js';
import { length3 } from '../length.js';
import { type ClothPins, type ClothSettings, DEFAULT_CLOTH_SETTINGS } from './settings.js';
import { weldVertices } from './weld.js';

/** The mesh a cloth is made from, in its rest (bind) pose. */
export interface ClothMesh {
  /** 3 per vertex. */
  positions: ArrayLike<number>;
  /** 3 per triangle. */
  indices: ArrayLike<number>;
  /**
   * Anchor per vertex (an index into the matrices given to `placeCloth` and `setClothAnchors`): a pinned
   * vertex follows its anchor, a free one starts where its anchor puts it. Default: anchor 0 for every vertex.
   */
  anchors?: ArrayLike<number>;
}

/** The fixed substep, seconds: the solver's behaviour does not depend on the frame rate. */
export const CLOTH_SUBSTEP = 1 / 120;
/** Most substeps one frame may take; time beyond is dropped (a stalled tab does not spiral). */
export const CLOTH_MAX_SUBSTEPS = 12;

/** Floats per collider capsule: segment end a (3), end b (3), radius. */
export const CAPSULE_FLOATS = 7;

/** A cloth's runtime state: struct-of-arrays particles and constraints, all allocated here, reused after. */
export interface Cloth {
  readonly particleCount: number;
  /** Current positions, 3 per particle (world space once placed). */
  readonly positions: Float32Array;
  /** Positions one substep ago (Verlet's implicit velocity). */
  readonly previous: Float32Array;
  /** Rest (bind) positions, 3 per particle. */
  readonly rest: Float32Array;
  /** 0 for pinned particles, 1 for free ones. */
  readonly inverseMass: Float32Array;
  readonly anchor: Int32Array;
  /** Pinned particles. */
  readonly pins: Uint32Array;
  /** World targets of the pins at the start and end of the current frame, 3 per pin. */
  readonly pinFrom: Float32Array;
  readonly pinTo: Float32Array;
  /** Distance constraints: structural ones first, then bend ones from `bendStart`. */
  readonly constraintA: Uint32Array;
  readonly constraintB: Uint32Array;
  readonly restLength: Float32Array;
  readonly bendStart: number;
  /**
   * Long-range attachments: the pin nearest each particle at rest (-1 for none) and the rest distance to it.
   * A particle never gets farther from it than that, which keeps a long cloth from stretching like rubber
   * however few iterations it is given.
   */
  readonly tetherPin: Int32Array;
  readonly tetherLength: Float32Array;
  /** Triangles over particles, 3 per triangle (for normals). */
  readonly triangles: Uint32Array;
  readonly vertexParticle: Uint32Array;
  /** Collider capsules in world space, CAPSULE_FLOATS each; `capsuleCount` of them are live. */
  readonly capsules: Float32Array;
  capsuleCount: number;
  /** Per-particle normals (scratch for `writeClothVertices`). */
  readonly particleNormals: Float32Array;
  readonly settings: ClothSettings;
  /** Time not yet simulated (less than one substep). */
  accumulator: number;
  /** Whether `placeCloth` has put the particles in world space. */
  placed: boolean;
}

function edgeKey(a: number, b: number, n: number): number {
  return a < b ? a * n + b : b * n + a;
}

/**
 * Builds a cloth from a mesh: welds coincident vertices into particles, makes a structural constraint per
 * edge and a bend constraint across each edge two triangles share, and pins the given vertices.
 * @param maxCapsules room for this many collider capsules.
 * @throws AnimError `bad-cloth` on lengths that are not multiples of 3, indices out of range, non-finite
 * positions, a pin band outside 0–1 or a pin vertex out of range.
 */
export function buildCloth(
  mesh: ClothMesh,
  pins: ClothPins,
  settings: Partial<ClothSettings> = {},
  maxCapsules = 16,
): Cloth {
  const { positions, indices } = mesh;
  if (positions.length % 3 !== 0 || positions.length === 0) {
    throw new AnimError('bad-cloth', `${positions.length} position values is not a whole number of vertices`);
  }
  if (!isFiniteArray(positions)) throw new AnimError('bad-cloth', 'a cloth vertex position is not finite');
  if (indices.length % 3 !== 0 || indices.length === 0) {
    throw new AnimError('bad-cloth', `${indices.length} indices is not a whole number of triangles`);
  }
  const vertexCount = positions.length / 3;
  for (let i = 0; i < indices.length; i++) {
    if (!(indices[i] >= 0 && indices[i] < vertexCount)) {
      throw new AnimError('bad-cloth', `index ${indices[i]} is outside the ${vertexCount} vertices`);
    }
  }
  if (mesh.anchors && mesh.anchors.length !== vertexCount) {
    throw new AnimError('bad-cloth', `${mesh.anchors.length} anchors for ${vertexCount} vertices`);
  }

  const { vertexParticle, particleVertex, particleCount: n } = weldVertices(positions);
  const rest = new Float32Array(n * 3);
  const anchor = new Int32Array(n);
  for (let p = 0; p < n; p++) {
    const v = particleVertex[p];
    rest[p * 3] = positions[v * 3];
    rest[p * 3 + 1] = positions[v * 3 + 1];
    rest[p * 3 + 2] = positions[v * 3 + 2];
    anchor[p] = mesh.anchors ? mesh.anchors[v] : 0;
  }

  // triangles over particles, dropping the ones welding collapsed
  const tris: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = vertexParticle[indices[t]];
    const b = vertexParticle[indices[t + 1]];
    const c = vertexParticle[indices[t + 2]];
    if (a !== b && b !== c && a !== c) tris.push(a, b, c);
  }

  // structural edges, and for each edge the particles opposite it
  const opposite = new Map<number, number[]>();
  const edges: number[] = [];
  for (let t = 0; t < tris.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = tris[t + k];
      const b = tris[t + ((k + 1) % 3)];
      const c = tris[t + ((k + 2) % 3)];
      const key = edgeKey(a, b, n);
      let list = opposite.get(key);
      if (!list) {
        opposite.set(key, (list = []));
        edges.push(a, b);
      }
      list.push(c);
    }
  }
  const bends: number[] = [];
  const seen = new Set<number>();
  for (const list of opposite.values()) {
    if (list.length < 2) continue;
    const a = list[0];
    const b = list[1];
    const key = edgeKey(a, b, n);
    if (a === b || opposite.has(key) || seen.has(key)) continue;
    seen.add(key);
    bends.push(a, b);
  }
  const all = edges.concat(bends);
  const count = all.length / 2;
  const constraintA = new Uint32Array(count);
  const constraintB = new Uint32Array(count);
  const restLength = new Float32Array(count);
  for (let c = 0; c < count; c++) {
    const a = all[c * 2];
    const b = all[c * 2 + 1];
    constraintA[c] = a;
    constraintB[c] = b;
    restLength[c] = length3(
      rest[a * 3] - rest[b * 3],
      rest[a * 3 + 1] - rest[b * 3 + 1],
      rest[a * 3 + 2] - rest[b * 3 + 2],
    );
  }

  const pinned = pinnedParticles(pins, rest, n, vertexParticle);
  const inverseMass = new Float32Array(n).fill(1);
  for (const p of pinned) inverseMass[p] = 0;

  const { tetherPin, tetherLength } = tethers(pinned, rest, n);

  return {
    particleCount: n,
    positions: new Float32Array(rest),
    previous: new Float32Array(rest),
    rest,
    inverseMass,
    anchor,
    pins: pinned,
    pinFrom: new Float32Array(pinned.length * 3),
    pinTo: new Float32Array(pinned.length * 3),
    constraintA,
    constraintB,
    restLength,
    bendStart: edges.length / 2,
    tetherPin,
    tetherLength,
    triangles: Uint32Array.from(tris),
    vertexParticle,
    capsules: new Float32Array(maxCapsules * CAPSULE_FLOATS),
    capsuleCount: 0,
    particleNormals: new Float32Array(n * 3),
    settings: checkSettings({ ...DEFAULT_CLOTH_SETTINGS, gravity: [...DEFAULT_CLOTH_SETTINGS.gravity], ...settings }),
    accumulator: 0,
    placed: false,
  };
}

function pinnedParticles(pins: ClothPins, rest: Float32Array, n: number, vertexParticle: Uint32Array): Uint32Array {
  const set = new Set<number>();
  if ('top' in pins) {
    if (!(pins.top >= 0 && pins.top <= 1)) throw new AnimError('bad-cloth', `pin band ${pins.top} is not within 0–1`);
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let p = 0; p < n; p++) {
      min = Math.min(min, rest[p * 3 + 1]);
      max = Math.max(max, rest[p * 3 + 1]);
    }
    // the topmost row is always held, even for a band of 0
    const from = max - pins.top * (max - min) - 1e-6;
    for (let p = 0; p < n; p++) if (rest[p * 3 + 1] >= from) set.add(p);
  } else {
    for (let i = 0; i < pins.vertices.length; i++) {
      const v = pins.vertices[i];
      if (!(v >= 0 && v < vertexParticle.length) || !Number.isInteger(v)) {
        throw new AnimError('bad-cloth', `pin vertex ${v} is not one of the ${vertexParticle.length} vertices`);
      }
      set.add(vertexParticle[v]);
    }
  }
  return Uint32Array.from([...set].sort((a, b) => a - b));
}

function tethers(pins: Uint32Array, rest: Float32Array, n: number) {
  const tetherPin = new Int32Array(n).fill(-1);
  const tetherLength = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < pins.length; i++) {
      const q = pins[i] * 3;
      const d = length3(rest[p * 3] - rest[q], rest[p * 3 + 1] - rest[q + 1], rest[p * 3 + 2] - rest[q + 2]);
      if (d < best) {
        best = d;
        tetherPin[p] = pins[i];
      }
    }
    tetherLength[p] = best;
  }
  return { tetherPin, tetherLength };
}

/**
 * Validates settings (also when changed later through `setClothSettings`).
 * @throws AnimError `bad-cloth` naming the first value out of range.
 */
export function checkSettings(settings: ClothSettings): ClothSettings {
  const unit = (name: 'stiffness' | 'bendStiffness') => {
    if (!(settings[name] >= 0 && settings[name] <= 1)) {
      throw new AnimError('bad-cloth', `${name} ${settings[name]} is not within 0–1`);
    }
  };
  unit('stiffness');
  unit('bendStiffness');
  if (!(settings.damping >= 0) || !Number.isFinite(settings.damping)) {
    throw new AnimError('bad-cloth', `damping ${settings.damping} is not a finite number ≥ 0`);
  }
  if (!(Number.isInteger(settings.iterations) && settings.iterations >= 1 && settings.iterations <= 64)) {
    throw new AnimError('bad-cloth', `iterations ${settings.iterations} is not a whole number within 1–64`);
  }
  if (!(settings.maxSpeed > 0)) throw new AnimError('bad-cloth', `maxSpeed ${settings.maxSpeed} is not > 0`);
  if (!(settings.margin >= 0)) throw new AnimError('bad-cloth', `margin ${settings.margin} is not ≥ 0`);
  if (settings.gravity.length !== 3 || !isFiniteArray(settings.gravity)) {
    throw new AnimError('bad-cloth', `gravity ${settings.gravity} is not three finite numbers`);
  }
  if (Number.isNaN(settings.floor) || settings.floor === Number.POSITIVE_INFINITY) {
    throw new AnimError('bad-cloth', `floor ${settings.floor} is not a height`);
  }
  return settings;
}

/** Changes settings on a live cloth. @throws AnimError `bad-cloth` (and keeps the old settings). */
export function setClothSettings(cloth: Cloth, changes: Partial<ClothSettings>): void {
  const next = checkSettings({ ...cloth.settings, ...changes });
  Object.assign(cloth.settings, next);
}
