import { length2 } from './length.js';
/**
 * Crowd steering over typed arrays: agents on a rectangular area (centred on the origin), each walking its
 * own path at its own preferred speed, keeping apart from its neighbours. Deterministic: the same seed,
 * count, area, speeds and steps give the same positions. Nothing is allocated per step.
 */

/** How agents pick where to go: `wander` (a random point of the area, then another) or `flow` (across the area, +x). */
export type CrowdMode = 'wander' | 'flow';
export const CROWD_MODES: readonly CrowdMode[] = ['wander', 'flow'];

export interface CrowdOptions {
  count: number;
  /** Width (x) and depth (z), metres. */
  width: number;
  depth: number;
  seed: number;
  /** Preferred walking speeds are drawn from [minSpeed, maxSpeed], m/s. */
  minSpeed: number;
  maxSpeed: number;
  mode: CrowdMode;
  /**
   * Points agents walk to, `[x0, z0, x1, z1, …]` in metres (kept inside the area); none: anywhere (wander) or
   * across the area (flow). Each agent aims at a spot within TARGET_SPREAD of one of them, chosen at random.
   */
  targets?: ArrayLike<number>;
  /**
   * Distance (m) agents keep from each other; closer, they push apart. Default DEFAULT_SPACING; at most
   * SPACING_REACH × √(area ÷ count), farther than the area has room for.
   */
  spacing?: number;
}

/** Distance (m) people keep from each other by default. */
export const DEFAULT_SPACING = 0.7;
/**
 * The widest spacing, in units of √(area ÷ count), the side of the square each agent would have to itself:
 * agents cannot keep farther apart than the area holds, and a spacing as wide as the area would put every agent
 * in one cell of the avoidance grid (a pass over every pair, each step).
 */
export const SPACING_REACH = 2;
/**
 * Most cells the avoidance grid has, about: a vast area with a small spacing gets cells larger than the
 * spacing (each still holding every neighbour within reach of its 3 × 3 block), not a gigabyte of cells.
 */
const MAX_CELLS = 1 << 18;
/** How fast (m/s) two agents at one spot are pushed apart; less as they part. */
const SEPARATION_SPEED = 2;
/** How close (m) to its target an agent must come before it picks the next. */
const ARRIVAL = 0.6;
/** Fastest turn, radians per second. */
const TURN_RATE = 3;
/** How fast an agent reaches its speed, 1/s. */
const ACCELERATION = 2;
/** How far (m) from a target point an agent may aim, so a crowd heading to one point spreads around it. */
export const TARGET_SPREAD = 1.5;
/** Largest step the steering takes at once; a longer frame is split. */
const MAX_STEP = 1 / 20;

/** mulberry32: a small, fast, well-spread 32-bit generator; one per crowd. */
function nextRandom(state: Uint32Array): number {
  state[0] = (state[0] + 0x6d2b79f5) | 0;
  let t = state[0];
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export class CrowdAgents {
  readonly count: number;
  readonly width: number;
  readonly depth: number;
  readonly mode: CrowdMode;
  /** Distance (m) agents keep from each other (the one asked for, or the most the area has room for). */
  readonly spacing: number;
  /** Positions (m), headings (radians about +y, 0 faces +z) and speeds now (m/s), one per agent. */
  readonly x: Float32Array;
  readonly z: Float32Array;
  readonly heading: Float32Array;
  readonly speed: Float32Array;
  /** Each agent's preferred speed (m/s) and current target (m). */
  readonly preferred: Float32Array;
  readonly targetX: Float32Array;
  readonly targetZ: Float32Array;
  /**
   * Each agent's push away from the neighbours closer than `spacing` at the start of the last step: per
   * neighbour, the unit vector away from it times how far inside the spacing it stood (0 at the edge, 1 on
   * the same spot).
   */
  readonly pushX: Float32Array;
  readonly pushZ: Float32Array;
  readonly #random = new Uint32Array(1);
  /** Spatial hash for the avoidance: first agent per cell, next agent per agent. */
  readonly #cellHead: Int32Array;
  readonly #next: Int32Array;
  /** Each agent's cell column and row this step. */
  readonly #columnOf: Int32Array;
  readonly #rowOf: Int32Array;
  /** The grid's cell size (m): the spacing, or more on a vast area (MAX_CELLS). */
  readonly #cell: number;
  readonly #columns: number;
  readonly #rows: number;
  /** The target points, x and z interleaved, inside the area (empty: none). */
  readonly #targets: Float32Array;

  constructor(options: CrowdOptions) {
    const { count, width, depth } = options;
    this.count = count;
    this.width = width;
    this.depth = depth;
    this.mode = options.mode;
    this.x = new Float32Array(count);
    this.z = new Float32Array(count);
    this.heading = new Float32Array(count);
    this.speed = new Float32Array(count);
    this.preferred = new Float32Array(count);
    this.targetX = new Float32Array(count);
    this.targetZ = new Float32Array(count);
    this.pushX = new Float32Array(count);
    this.pushZ = new Float32Array(count);
    this.#random[0] = options.seed >>> 0;
    const spacing = options.spacing ?? DEFAULT_SPACING;
    const room = SPACING_REACH * Math.sqrt((width * depth) / Math.max(1, count));
    this.spacing = Math.min(spacing > 0 && spacing < Number.POSITIVE_INFINITY ? spacing : DEFAULT_SPACING, room);
    this.#cell = Math.max(this.spacing, Math.sqrt((width * depth) / MAX_CELLS), width / MAX_CELLS, depth / MAX_CELLS);
    this.#columns = Math.max(1, Math.ceil(width / this.#cell));
    this.#rows = Math.max(1, Math.ceil(depth / this.#cell));
    this.#cellHead = new Int32Array(this.#columns * this.#rows);
    this.#next = new Int32Array(count);
    this.#columnOf = new Int32Array(count);
    this.#rowOf = new Int32Array(count);
    this.#targets = this.#keptTargets(options.targets ?? []);
    const span = Math.max(0, options.maxSpeed - options.minSpeed);
    for (let i = 0; i < count; i++) {
      this.x[i] = (nextRandom(this.#random) - 0.5) * width;
      this.z[i] = (nextRandom(this.#random) - 0.5) * depth;
      this.preferred[i] = options.minSpeed + nextRandom(this.#random) * span;
      this.#pickTarget(i);
      this.heading[i] = Math.atan2(this.targetX[i] - this.x[i], this.targetZ[i] - this.z[i]);
      this.speed[i] = this.preferred[i];
    }
  }

  /** Advances every agent by `dt` seconds (split into steps of at most 1/20 s). */
  step(dt: number): void {
    if (!(dt > 0)) return;
    const steps = Math.ceil(dt / MAX_STEP);
    for (let s = 0; s < steps; s++) this.#step(dt / steps);
  }

  #step(dt: number): void {
    this.#separation();
    const { x, z, heading, speed, preferred, targetX, targetZ, pushX, pushZ } = this;
    const halfW = this.width / 2;
    const halfD = this.depth / 2;
    const maxTurn = TURN_RATE * dt;
    const blend = Math.min(1, ACCELERATION * dt);
    for (let i = 0; i < this.count; i++) {
      let dx = targetX[i] - x[i];
      let dz = targetZ[i] - z[i];
      if (dx * dx + dz * dz < ARRIVAL * ARRIVAL) {
        this.#arrive(i);
        dx = targetX[i] - x[i];
        dz = targetZ[i] - z[i];
      }
      // steer toward the target, pushed aside by the neighbours
      const length = length2(dx, dz) || 1;
      const wantX = dx / length + pushX[i];
      const wantZ = dz / length + pushZ[i];
      let turn = Math.atan2(wantX, wantZ) - heading[i];
      turn -= Math.round(turn / (2 * Math.PI)) * 2 * Math.PI;
      heading[i] += Math.max(-maxTurn, Math.min(maxTurn, turn));
      // crowded or turning hard, an agent slows down
      const pushed = length2(pushX[i], pushZ[i]);
      const wanted = (preferred[i] * Math.max(0.2, Math.cos(Math.min(Math.abs(turn), Math.PI / 2)))) / (1 + pushed);
      speed[i] += (wanted - speed[i]) * blend;
      const sideX = pushX[i] * SEPARATION_SPEED * dt;
      const sideZ = pushZ[i] * SEPARATION_SPEED * dt;
      x[i] = Math.max(-halfW, Math.min(halfW, x[i] + Math.sin(heading[i]) * speed[i] * dt + sideX));
      z[i] = Math.max(-halfD, Math.min(halfD, z[i] + Math.cos(heading[i]) * speed[i] * dt + sideZ));
    }
  }

  /**
   * Agent i reached its target. Wandering, it picks another. Flowing, it leaves and comes back in: on the
   * near (-X) side heading across, or, with target points, anywhere on the area's edge.
   */
  #arrive(i: number): void {
    if (this.mode === 'flow') {
      if (this.#targets.length > 0) this.#enterFromEdge(i);
      else this.#placeAt(i, -this.width / 2, (nextRandom(this.#random) - 0.5) * this.depth);
    }
    this.#pickTarget(i);
  }

  /** Puts agent i at a random point of the area's edge (every point of the perimeter as likely). */
  #enterFromEdge(i: number): void {
    const { width, depth } = this;
    let along = nextRandom(this.#random) * 2 * (width + depth);
    if (along < width) this.#placeAt(i, along - width / 2, -depth / 2);
    else if ((along -= width) < depth) this.#placeAt(i, width / 2, along - depth / 2);
    else if ((along -= depth) < width) this.#placeAt(i, width / 2 - along, depth / 2);
    else this.#placeAt(i, -width / 2, depth / 2 - (along - width));
  }

  #placeAt(i: number, x: number, z: number): void {
    this.x[i] = x;
    this.z[i] = z;
  }

  #pickTarget(i: number): void {
    const targets = this.#targets;
    if (targets.length > 0) {
      const k = 2 * Math.min(targets.length / 2 - 1, Math.floor(nextRandom(this.#random) * (targets.length / 2)));
      const angle = nextRandom(this.#random) * 2 * Math.PI;
      const reach = Math.sqrt(nextRandom(this.#random)) * TARGET_SPREAD;
      this.targetX[i] = this.#clampX(targets[k] + Math.sin(angle) * reach);
      this.targetZ[i] = this.#clampZ(targets[k + 1] + Math.cos(angle) * reach);
    } else if (this.mode === 'flow') {
      this.targetX[i] = this.width / 2;
      this.targetZ[i] = this.#clampZ(this.z[i] + (nextRandom(this.#random) - 0.5) * Math.min(4, this.depth / 2));
    } else {
      this.targetX[i] = (nextRandom(this.#random) - 0.5) * this.width;
      this.targetZ[i] = (nextRandom(this.#random) - 0.5) * this.depth;
    }
  }

  /** The finite points of `points` (x, z pairs), moved inside the area. */
  #keptTargets(points: ArrayLike<number>): Float32Array {
    const kept: number[] = [];
    for (let k = 0; k + 1 < points.length; k += 2)
      if (Number.isFinite(points[k]) && Number.isFinite(points[k + 1]))
        kept.push(this.#clampX(points[k]), this.#clampZ(points[k + 1]));
    return new Float32Array(kept);
  }

  #clampX(x: number): number {
    return Math.max(-this.width / 2, Math.min(this.width / 2, x));
  }

  #clampZ(z: number): number {
    return Math.max(-this.depth / 2, Math.min(this.depth / 2, z));
  }

  /** Each agent's push away from the agents closer than `spacing`, through a grid of cells at least that size. */
  #separation(): void {
    const { x, z, count } = this;
    const head = this.#cellHead;
    const next = this.#next;
    const columnOf = this.#columnOf;
    const rowOf = this.#rowOf;
    const columns = this.#columns;
    const rows = this.#rows;
    const { pushX, pushZ } = this;
    head.fill(-1);
    for (let i = 0; i < count; i++) {
      const cx = this.#column(x[i]);
      const cz = this.#row(z[i]);
      columnOf[i] = cx;
      rowOf[i] = cz;
      const cell = cz * columns + cx;
      next[i] = head[cell];
      head[cell] = i;
      pushX[i] = 0;
      pushZ[i] = 0;
    }
    const spacing = this.spacing;
    const r2 = spacing * spacing;
    for (let i = 0; i < count; i++) {
      const cx = columnOf[i];
      const cz = rowOf[i];
      const xi = x[i];
      const zi = z[i];
      const left = cx > 0 ? cx - 1 : 0;
      const right = cx < columns - 1 ? cx + 1 : cx;
      const bottom = cz < rows - 1 ? cz + 1 : cz;
      for (let oz = cz > 0 ? cz - 1 : 0; oz <= bottom; oz++) {
        for (let ox = left; ox <= right; ox++) {
          // a cell's list runs from its highest index down: stopping at i meets each pair once
          for (let j = head[oz * columns + ox]; j > i; j = next[j]) {
            const dx = xi - x[j];
            const dz = zi - z[j];
            const d2 = dx * dx + dz * dz;
            if (d2 >= r2) continue;
            const d = Math.sqrt(d2);
            // agents on the very same spot part by their order, so the result stays deterministic
            const nx = d > 1e-6 ? dx / d : 1;
            const nz = d > 1e-6 ? dz / d : 0;
            const strength = (spacing - d) / spacing;
            pushX[i] += nx * strength;
            pushZ[i] += nz * strength;
            pushX[j] -= nx * strength;
            pushZ[j] -= nz * strength;
          }
        }
      }
    }
  }

  #column(x: number): number {
    return Math.max(0, Math.min(this.#columns - 1, Math.floor((x + this.width / 2) / this.#cell)));
  }

  #row(z: number): number {
    return Math.max(0, Math.min(this.#rows - 1, Math.floor((z + this.depth / 2) / this.#cell)));
  }
}
