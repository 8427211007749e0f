import { type ClipTime, parseClipTime } from '../runtime/clip-time.js';
import type { WrapMode } from '../runtime/wrap-modes.js';
import { type BlendSpace, buildBlendSpace, CARTESIAN, DIRECTIONAL, ONE_D } from './blend-space.js';
import { type CompileContext, isFiniteNumber, quote } from './compile-context.js';
import type { ParamTable } from './compile-params.js';
import { BLEND_SPACE_TYPES, type GraphDefinition, LOOP_MODES, type StateDefinition } from './definition.js';
import { finish, type Paced, pausesAt } from './paced.js';

export interface CompiledState {
  readonly name: string;
  /** Index of the state in the definition's `states` (for problems found later). */
  readonly source: number;
  readonly layer: number;
  /** How the state wraps at the ends of its play window, as a clip's `loop`. */
  readonly loop: WrapMode;
  /** Rate, or the param index that gives it (speedParam ≥ 0). */
  readonly speed: number;
  readonly speedParam: number;
  /** Play window, resolved against each clip's length when bound; null for the clip's own edge. */
  readonly start: ClipTime | null;
  readonly end: ClipTime | null;
  /** Logical clip index, -1 for a blend space or an empty state. */
  readonly clip: number;
  readonly blend: BlendSpace | null;
  readonly blendX: number;
  readonly blendY: number;
}

/** The states pass's result. */
export interface StateTable {
  readonly states: CompiledState[];
  readonly byName: Map<string, number>;
  /** Entry state per layer index, when one is marked `default`. */
  readonly defaultOf: Map<number, number>;
  /** Logical clip names the states play, in first-use order. */
  readonly clipNames: string[];
  /** Most clips one state plays (1, or a blend space's point count). */
  readonly maxPoints: number;
}

/** Pass 3: the states, each with its layer, loop, speed, play window and clip or blend space. */
export function compileStates(...args: Parameters<typeof compileStatesPaced>): StateTable {
  return finish(compileStatesPaced(...args));
}

/** Pass 3, pausing every few hundred states. */
export function* compileStatesPaced(
  ctx: CompileContext,
  def: GraphDefinition,
  params: ParamTable,
  layerNames: readonly string[],
  layerIndex: ReadonlyMap<string, number>,
): Paced<StateTable> {
  const clipNames: string[] = [];
  const clipIndex = new Map<string, number>();
  const clip = (name: string) => {
    let i = clipIndex.get(name);
    if (i === undefined) {
      i = clipNames.push(name) - 1;
      clipIndex.set(name, i);
    }
    return i;
  };
  const states: CompiledState[] = [];
  const byName = new Map<string, number>();
  const defaultOf = new Map<number, number>();
  let maxPoints = 1;
  const list: readonly StateDefinition[] = Array.isArray(def.states) ? def.states : [];
  for (let i = 0; i < list.length; i++) {
    if (pausesAt(i)) yield;
    const s = list[i];
    const where = `states[${i}]`;
    if (!ctx.isObject(s, where)) continue;
    if (typeof s.name !== 'string' || s.name === '' || s.name === '*') {
      ctx.report('bad-graph', `${where}.name`, `state name ${quote(s.name)} is not a name`);
      continue;
    }
    if (byName.has(s.name)) {
      ctx.report('duplicate-name', `${where}.name`, `a second state named "${s.name}"`);
      continue;
    }
    let layer = 0;
    if (s.layer !== undefined) {
      layer = layerIndex.get(s.layer) ?? -1;
      if (layer < 0) {
        ctx.report(
          'unknown-layer',
          `${where}.layer`,
          `state "${s.name}": no layer named ${quote(s.layer)}; it joins the base layer`,
        );
        layer = 0;
      }
    }
    const built = buildState(ctx, params, clip, s, i, layer);
    const index = states.length;
    states.push(built);
    byName.set(s.name, index);
    if (built.blend) maxPoints = Math.max(maxPoints, built.blend.count);
    if (s.default === true) {
      const other = defaultOf.get(layer);
      if (other === undefined) defaultOf.set(layer, index);
      else {
        const first = states[other].name;
        ctx.report(
          'two-defaults',
          `${where}.default`,
          `state "${s.name}" and state "${first}" are both the default of layer "${layerNames[layer]}"; "${first}" stays the default`,
        );
      }
    }
  }
  return { states, byName, defaultOf, clipNames, maxPoints };
}

function buildState(
  ctx: CompileContext,
  params: ParamTable,
  clipIndex: (name: string) => number,
  s: StateDefinition,
  source: number,
  layer: number,
): CompiledState {
  const where = `states[${source}]`;
  const what = `state "${s.name}"`;
  let loop: WrapMode = 'repeat';
  if (s.loop !== undefined) {
    if (LOOP_MODES.includes(s.loop)) loop = s.loop;
    else
      ctx.report('bad-graph', `${where}.loop`, `${what}: loop ${quote(s.loop)} is not one of ${LOOP_MODES.join(', ')}`);
  }
  const [speed, speedParam] = params.numberOrParam(ctx, s.speed, `${where}.speed`, `${what} speed`, 1);
  const start = windowBound(ctx, s.start, `${where}.start`, `${what}: start`);
  const end = windowBound(ctx, s.end, `${where}.end`, `${what}: end`);
  let clip = -1;
  let blend: BlendSpace | null = null;
  let blendX = -1;
  let blendY = -1;
  if (s.clip !== undefined && s.blend !== undefined) {
    ctx.report('bad-graph', where, `${what} has both a clip and a blend space; the blend space plays`);
  }
  if (s.blend !== undefined) {
    const built = buildBlend(ctx, params, clipIndex, s, `${where}.blend`);
    if (built) [blend, blendX, blendY] = built;
  } else if (s.clip !== undefined) {
    if (typeof s.clip === 'string' && s.clip !== '') clip = clipIndex(s.clip);
    else ctx.report('bad-graph', `${where}.clip`, `${what}: clip ${quote(s.clip)} is not a clip name`);
  }
  return { name: s.name, source, layer, loop, speed, speedParam, start, end, clip, blend, blendX, blendY };
}

/** A play-window bound: seconds (a number ≥ 0), or a clip time's text (`0.4s`, `400ms`, `40%`). */
function windowBound(ctx: CompileContext, v: unknown, where: string, what: string): ClipTime | null {
  if (v === undefined) return null;
  if (isFiniteNumber(v) && v >= 0) return { seconds: v };
  if (typeof v === 'string') {
    const parsed = parseClipTime(v);
    if (parsed.ok) return parsed.value;
  }
  ctx.report(
    'bad-graph',
    where,
    `${what} ${quote(v)} is not seconds (a number ≥ 0 or "0.4s", "400ms") or a percentage of the clip ("40%")`,
  );
  return null;
}

function buildBlend(
  ctx: CompileContext,
  params: ParamTable,
  clipIndex: (name: string) => number,
  s: StateDefinition,
  where: string,
): [BlendSpace, number, number] | null {
  const b = s.blend!;
  const what = `state "${s.name}" blend space`;
  if (!ctx.isObject(b, where)) return null;
  const type = b.type ?? (b.y === undefined ? '1d' : 'directional');
  if (!BLEND_SPACE_TYPES.includes(type)) {
    ctx.report(
      'bad-blend-space',
      `${where}.type`,
      `${what}: type ${quote(type)} is not one of ${BLEND_SPACE_TYPES.join(', ')}`,
    );
    return null;
  }
  const two = type !== '1d';
  const axis = (name: unknown, key: string): number => {
    if (typeof name !== 'string') {
      ctx.report('bad-blend-space', `${where}.${key}`, `${what}: axis ${key} needs a param name, not ${quote(name)}`);
      return -1;
    }
    return params.numberOrParam(ctx, name, `${where}.${key}`, `${what} axis ${key}`, 0)[1];
  };
  const x = axis(b.x, 'x');
  const y = two ? axis(b.y, 'y') : -1;
  const clips: number[] = [];
  const xs: number[] = [];
  const ys: number[] = [];
  // points by position, to find one sitting on another without comparing every pair
  const taken = new Map<string, number>();
  let ok = x >= 0 && (!two || y >= 0);
  ctx.list(b.points, `${where}.points`).forEach((p, i) => {
    const at = `${where}.points[${i}]`;
    if (!ctx.isObject(p, at)) return;
    if (typeof p.clip !== 'string' || p.clip === '') {
      ctx.report('bad-blend-space', `${at}.clip`, `${what}: point ${i} has no clip name`);
      ok = false;
      return;
    }
    // a point without y sits at y = 0, as a 1D one does (the element's documented default)
    const py = two ? (p.y ?? 0) : 0;
    if (!isFiniteNumber(p.x) || !isFiniteNumber(py)) {
      ctx.report(
        'bad-blend-space',
        at,
        `${what}: point "${p.clip}" needs finite ${two ? 'x and y' : 'x'}, not ${quote(p.x)}${two ? ` ${quote(p.y)}` : ''}`,
      );
      ok = false;
      return;
    }
    const key = `${p.x} ${py}`;
    const k = taken.get(key);
    if (k !== undefined) {
      ctx.report(
        'bad-blend-space',
        at,
        `${what}: point "${p.clip}" sits on point ${k} (${p.x}${two ? `, ${py}` : ''}); one is ignored`,
      );
      return;
    }
    taken.set(key, xs.length);
    clips.push(clipIndex(p.clip));
    xs.push(p.x);
    ys.push(py);
  });
  if (clips.length === 0) {
    ctx.report('bad-blend-space', `${where}.points`, `${what} has no points`);
    ok = false;
  }
  if (!ok) return null;
  const kind = type === '1d' ? ONE_D : type === 'cartesian' ? CARTESIAN : DIRECTIONAL;
  return [buildBlendSpace(kind, clips, xs, ys), x, y];
}
