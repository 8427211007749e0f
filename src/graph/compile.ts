import { type BlendSpace, buildBlendSpace, CARTESIAN, DIRECTIONAL, ONE_D } from './blend-space.js';
import { type ParamLookup, ProgramBuilder } from './condition-program.js';
import {
  BASE_LAYER,
  BLEND_SPACE_TYPES,
  DEFAULT_FADE,
  EASES,
  type GraphDefinition,
  INTERRUPTION_SOURCES,
  PARAM_TYPES,
  type ParamType,
  type StateDefinition,
  type TransitionDefinition,
} from './definition.js';
import { type GraphProblem, problem } from './problems.js';

export interface CompiledState {
  readonly name: string;
  readonly layer: number;
  readonly loop: boolean;
  /** Rate, or the param index that gives it (speedParam ≥ 0). */
  readonly speed: number;
  readonly speedParam: number;
  /** Play window, normalized. */
  readonly start: number;
  readonly end: number;
  /** Logical clip index, -1 for a blend space or an empty state. */
  readonly clip: number;
  readonly blend: BlendSpace | null;
  readonly blendX: number;
  readonly blendY: number;
}

export interface CompiledLayer {
  readonly name: string;
  /** Mask words (`upper-body`, `lower-body`) or joint names; null for every joint. */
  readonly mask: readonly string[] | null;
  readonly weight: number;
  readonly weightParam: number;
  readonly additive: boolean;
  /** Entry state, -1 when the layer has no states. */
  readonly defaultState: number;
  readonly states: readonly number[];
}

/** Ease codes, in EASES order. */
export const EASE_LINEAR = 0;
/** Interruption codes, in INTERRUPTION_SOURCES order. */
export const INTERRUPT_NONE = 0;
export const INTERRUPT_SOURCE = 1;
export const INTERRUPT_DESTINATION = 2;
export const INTERRUPT_SOURCE_THEN_DESTINATION = 3;
export const INTERRUPT_DESTINATION_THEN_SOURCE = 4;

/**
 * A definition checked and built for running: names resolved to indices, conditions compiled to
 * bytecode, each state's outgoing transitions (its own and the layer's any-state ones) sorted by priority
 * then document order. Items with errors are left out and listed in `problems`; the rest runs.
 */
export interface CompiledGraph {
  readonly definition: GraphDefinition;
  readonly problems: readonly GraphProblem[];
  readonly paramNames: readonly string[];
  readonly paramTypes: readonly ParamType[];
  readonly paramDefaults: Float64Array;
  readonly paramIndex: ReadonlyMap<string, number>;
  /** Logical clip names the states use, and the character clip each binds to by default. */
  readonly clipNames: readonly string[];
  readonly clipSources: readonly string[];
  readonly states: readonly CompiledState[];
  readonly stateIndex: ReadonlyMap<string, number>;
  readonly layers: readonly CompiledLayer[];
  readonly transitionCount: number;
  /** Definition index of each compiled transition. */
  readonly transitionSource: Int32Array;
  /** Source state, -1 for any state. */
  readonly transitionFrom: Int32Array;
  readonly transitionTo: Int32Array;
  readonly transitionFade: Float64Array;
  /** NaN when the transition has no exit time. */
  readonly transitionExit: Float64Array;
  readonly transitionEase: Int8Array;
  readonly transitionInterrupt: Int8Array;
  readonly conditionStart: Int32Array;
  readonly conditionEnd: Int32Array;
  /** Trigger params each transition reads (reset when it fires): triggerRefs[triggerStart[t]…triggerEnd[t]). */
  readonly triggerStart: Int32Array;
  readonly triggerEnd: Int32Array;
  readonly triggerRefs: Int32Array;
  readonly code: Int32Array;
  readonly consts: Float64Array;
  readonly stackSize: number;
  /** Per state s: outgoing[outgoingStart[s]…outgoingStart[s+1]), in the order they are tried. */
  readonly outgoingStart: Int32Array;
  readonly outgoing: Int32Array;
  /** Most clips one state plays (1, or a blend space's point count). */
  readonly maxPoints: number;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const quote = (v: unknown) => (typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? String(v)));

/**
 * Checks a definition and builds the runnable graph. Never throws on bad content: every problem is
 * collected with where it is, the items they concern are dropped (a bad transition never fires, an
 * unknown layer falls back to the base one, a second default is ignored), and the rest is built.
 */
export function compileGraph(definition: GraphDefinition): CompiledGraph {
  const problems: GraphProblem[] = [];
  const isGraph = definition !== null && typeof definition === 'object' && !Array.isArray(definition);
  const def = isGraph ? definition : ({ states: [] } as GraphDefinition);
  if (!isGraph) problems.push(problem('bad-graph', '', `a graph is an object, not ${quote(definition)}`));
  else if (!Array.isArray(def.states)) problems.push(problem('bad-graph', 'states', 'the graph has no "states" list'));
  const list = <T>(value: T[] | undefined, where: string): T[] => {
    if (value === undefined) return [];
    if (Array.isArray(value)) return value;
    problems.push(problem('bad-graph', where, `${where} must be a list, not ${quote(value)}`));
    return [];
  };
  const isObject = (v: unknown, where: string): boolean => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return true;
    problems.push(problem('bad-graph', where, `${where} must be an object, not ${quote(v)}`));
    return false;
  };

  // --- params
  const paramNames: string[] = [];
  const paramTypes: ParamType[] = [];
  const defaults: number[] = [];
  const paramIndex = new Map<string, number>();
  list(def.params, 'params').forEach((p, i) => {
    const where = `params[${i}]`;
    if (!isObject(p, where)) return;
    if (typeof p.name !== 'string' || !IDENTIFIER.test(p.name)) {
      problems.push(
        problem(
          'bad-graph',
          `${where}.name`,
          `param name ${quote(p.name)} is not an identifier (a letter or _, then letters, digits or _)`,
        ),
      );
      return;
    }
    if (paramIndex.has(p.name)) {
      problems.push(problem('duplicate-name', `${where}.name`, `a second param named "${p.name}"`));
      return;
    }
    let type = p.type;
    if (!PARAM_TYPES.includes(type)) {
      problems.push(
        problem(
          'bad-graph',
          `${where}.type`,
          `param "${p.name}": type ${quote(type)} is not one of ${PARAM_TYPES.join(', ')}`,
        ),
      );
      type = 'float';
    }
    let value = 0;
    if (p.value !== undefined) {
      const v = typeof p.value === 'boolean' ? (p.value ? 1 : 0) : p.value;
      const boolType = type === 'bool' || type === 'trigger';
      if (!isFiniteNumber(v) || (boolType && v !== 0 && v !== 1)) {
        problems.push(
          problem(
            'type-mismatch',
            `${where}.value`,
            `param "${p.name}" (${type}): value ${quote(p.value)} is not ${boolType ? 'true or false' : 'a finite number'}`,
          ),
        );
      } else value = type === 'int' ? Math.trunc(v) : v;
    }
    paramIndex.set(p.name, paramNames.length);
    paramNames.push(p.name);
    paramTypes.push(type);
    defaults.push(value);
  });
  const params: ParamLookup = { index: (name) => paramIndex.get(name) ?? -1, type: (i) => paramTypes[i] };
  /** A number, or the name of a numeric param: [value, param index]. */
  const numberOrParam = (v: unknown, where: string, what: string, fallback: number): [number, number] => {
    if (v === undefined) return [fallback, -1];
    if (isFiniteNumber(v)) return [v, -1];
    if (typeof v === 'string') {
      const i = params.index(v);
      if (i < 0) problems.push(problem('unknown-param', where, `${what}: no param named "${v}"`));
      else if (paramTypes[i] === 'bool' || paramTypes[i] === 'trigger') {
        problems.push(problem('type-mismatch', where, `${what}: param "${v}" is a ${paramTypes[i]}, not a number`));
      } else return [1, i];
      return [fallback, -1];
    }
    problems.push(problem('bad-graph', where, `${what}: ${quote(v)} is neither a number nor a param name`));
    return [fallback, -1];
  };

  // --- layers (the base layer first)
  const layerDefs = list(def.layers, 'layers');
  const layerNames = [BASE_LAYER];
  const layerInfo: { name: string; mask: string[] | null; weight: number; weightParam: number; additive: boolean }[] = [
    { name: BASE_LAYER, mask: null, weight: 1, weightParam: -1, additive: false },
  ];
  layerDefs.forEach((l, i) => {
    const where = `layers[${i}]`;
    if (!isObject(l, where)) return;
    if (typeof l.name !== 'string' || l.name === '') {
      problems.push(problem('bad-graph', `${where}.name`, `layer name ${quote(l.name)} is not a name`));
      return;
    }
    const isBase = l.name === BASE_LAYER;
    if (!isBase && layerNames.includes(l.name)) {
      problems.push(problem('duplicate-name', `${where}.name`, `a second layer named "${l.name}"`));
      return;
    }
    let mask: string[] | null = null;
    if (l.mask !== undefined) {
      const words = typeof l.mask === 'string' ? l.mask.split(/[\s,]+/) : Array.isArray(l.mask) ? l.mask : null;
      if (words === null || words.some((w) => typeof w !== 'string')) {
        problems.push(
          problem(
            'bad-graph',
            `${where}.mask`,
            `layer "${l.name}": mask ${quote(l.mask)} is not a list of joint names`,
          ),
        );
      } else mask = words.filter((w) => w !== '');
    }
    const [weight, weightParam] = numberOrParam(l.weight, `${where}.weight`, `layer "${l.name}" weight`, 1);
    let additive = false;
    if (l.blend !== undefined && l.blend !== 'override' && l.blend !== 'additive') {
      problems.push(
        problem(
          'bad-graph',
          `${where}.blend`,
          `layer "${l.name}": blend ${quote(l.blend)} is not override or additive`,
        ),
      );
    } else additive = l.blend === 'additive';
    const info = { name: l.name, mask, weight: Math.min(1, Math.max(0, weight)), weightParam, additive };
    if (isBase) layerInfo[0] = { ...info, weight: 1, weightParam: -1, additive: false };
    else {
      layerNames.push(l.name);
      layerInfo.push(info);
    }
  });

  // --- states
  const clipNames: string[] = [];
  const clipIndex = (name: string) => {
    let i = clipNames.indexOf(name);
    if (i < 0) i = clipNames.push(name) - 1;
    return i;
  };
  const states: CompiledState[] = [];
  const stateIndex = new Map<string, number>();
  const defaultOf = new Map<number, number>();
  let maxPoints = 1;
  (Array.isArray(def.states) ? def.states : []).forEach((s, i) => {
    const where = `states[${i}]`;
    if (!isObject(s, where)) return;
    if (typeof s.name !== 'string' || s.name === '' || s.name === '*') {
      problems.push(problem('bad-graph', `${where}.name`, `state name ${quote(s.name)} is not a name`));
      return;
    }
    if (stateIndex.has(s.name)) {
      problems.push(problem('duplicate-name', `${where}.name`, `a second state named "${s.name}"`));
      return;
    }
    let layer = 0;
    if (s.layer !== undefined) {
      layer = layerNames.indexOf(s.layer);
      if (layer < 0) {
        problems.push(
          problem(
            'unknown-layer',
            `${where}.layer`,
            `state "${s.name}": no layer named ${quote(s.layer)}; it joins the base layer`,
          ),
        );
        layer = 0;
      }
    }
    const built = buildState(s, where, layer);
    const index = states.length;
    states.push(built);
    stateIndex.set(s.name, index);
    if (built.blend) maxPoints = Math.max(maxPoints, built.blend.count);
    if (s.default === true) {
      const other = defaultOf.get(layer);
      if (other === undefined) defaultOf.set(layer, index);
      else {
        problems.push(
          problem(
            'two-defaults',
            `${where}.default`,
            `state "${s.name}" and state "${states[other].name}" are both the default of layer "${layerNames[layer]}"; "${states[other].name}" stays the default`,
          ),
        );
      }
    }
  });

  function buildState(s: StateDefinition, where: string, layer: number): CompiledState {
    const what = `state "${s.name}"`;
    const loop = s.loop ?? true;
    if (typeof loop !== 'boolean')
      problems.push(problem('bad-graph', `${where}.loop`, `${what}: loop ${quote(s.loop)} is not true or false`));
    const [speed, speedParam] = numberOrParam(s.speed, `${where}.speed`, `${what} speed`, 1);
    const playWindow = (v: unknown, key: string, fallback: number) => {
      if (v === undefined) return fallback;
      if (isFiniteNumber(v) && v >= 0 && v <= 1) return v;
      problems.push(problem('bad-graph', `${where}.${key}`, `${what}: ${key} ${quote(v)} is not a number from 0 to 1`));
      return fallback;
    };
    let start = playWindow(s.start, 'start', 0);
    let end = playWindow(s.end, 'end', 1);
    if (start > end) {
      problems.push(problem('bad-graph', `${where}.end`, `${what}: end ${end} comes before start ${start}`));
      start = 0;
      end = 1;
    }
    let clip = -1;
    let blend: BlendSpace | null = null;
    let blendX = -1;
    let blendY = -1;
    if (s.clip !== undefined && s.blend !== undefined) {
      problems.push(problem('bad-graph', where, `${what} has both a clip and a blend space; the blend space plays`));
    }
    if (s.blend !== undefined) {
      const built = buildBlend(s, `${where}.blend`);
      if (built) [blend, blendX, blendY] = built;
    } else if (s.clip !== undefined) {
      if (typeof s.clip === 'string' && s.clip !== '') clip = clipIndex(s.clip);
      else problems.push(problem('bad-graph', `${where}.clip`, `${what}: clip ${quote(s.clip)} is not a clip name`));
    }
    return { name: s.name, layer, loop: loop !== false, speed, speedParam, start, end, clip, blend, blendX, blendY };
  }

  function buildBlend(s: StateDefinition, where: string): [BlendSpace, number, number] | null {
    const b = s.blend!;
    const what = `state "${s.name}" blend space`;
    if (!isObject(b, where)) return null;
    const type = b.type ?? (b.y === undefined ? '1d' : 'directional');
    if (!BLEND_SPACE_TYPES.includes(type)) {
      problems.push(
        problem(
          'bad-blend-space',
          `${where}.type`,
          `${what}: type ${quote(type)} is not one of ${BLEND_SPACE_TYPES.join(', ')}`,
        ),
      );
      return null;
    }
    const two = type !== '1d';
    const axis = (name: unknown, key: string): number => {
      if (typeof name !== 'string') {
        problems.push(
          problem('bad-blend-space', `${where}.${key}`, `${what}: axis ${key} needs a param name, not ${quote(name)}`),
        );
        return -1;
      }
      const [, i] = numberOrParam(name, `${where}.${key}`, `${what} axis ${key}`, 0);
      return i;
    };
    const x = axis(b.x, 'x');
    const y = two ? axis(b.y, 'y') : -1;
    const clips: number[] = [];
    const xs: number[] = [];
    const ys: number[] = [];
    let ok = x >= 0 && (!two || y >= 0);
    list(b.points, `${where}.points`).forEach((p, i) => {
      const at = `${where}.points[${i}]`;
      if (!isObject(p, at)) return;
      if (typeof p.clip !== 'string' || p.clip === '') {
        problems.push(problem('bad-blend-space', `${at}.clip`, `${what}: point ${i} has no clip name`));
        ok = false;
        return;
      }
      const py = two ? p.y : 0;
      if (!isFiniteNumber(p.x) || !isFiniteNumber(py)) {
        problems.push(
          problem(
            'bad-blend-space',
            at,
            `${what}: point "${p.clip}" needs finite ${two ? 'x and y' : 'x'}, not ${quote(p.x)}${two ? ` ${quote(p.y)}` : ''}`,
          ),
        );
        ok = false;
        return;
      }
      for (let k = 0; k < xs.length; k++) {
        if (xs[k] === p.x && ys[k] === py) {
          problems.push(
            problem(
              'bad-blend-space',
              at,
              `${what}: point "${p.clip}" sits on point ${k} (${p.x}${two ? `, ${py}` : ''}); one is ignored`,
            ),
          );
          return;
        }
      }
      clips.push(clipIndex(p.clip));
      xs.push(p.x);
      ys.push(py);
    });
    if (clips.length === 0) {
      problems.push(problem('bad-blend-space', `${where}.points`, `${what} has no points`));
      ok = false;
    }
    if (!ok) return null;
    const kind = type === '1d' ? ONE_D : type === 'cartesian' ? CARTESIAN : DIRECTIONAL;
    return [buildBlendSpace(kind, clips, xs, ys), x, y];
  }

  // --- layers' states and entry states
  const layers: CompiledLayer[] = layerInfo.map((info, l) => {
    const members = states.flatMap((s, i) => (s.layer === l ? [i] : []));
    return { ...info, states: members, defaultState: defaultOf.get(l) ?? (members.length > 0 ? members[0] : -1) };
  });

  // --- transitions
  const program = new ProgramBuilder();
  const kept: {
    source: number;
    from: number;
    to: number;
    fade: number;
    exit: number;
    ease: number;
    interrupt: number;
    priority: number;
    start: number;
    end: number;
    triggers: number[];
  }[] = [];
  list(def.transitions, 'transitions').forEach((t: TransitionDefinition, i) => {
    const where = `transitions[${i}]`;
    if (!isObject(t, where)) return;
    const what = `transition ${quote(t.from)} → ${quote(t.to)}`;
    let ok = true;
    const to = typeof t.to === 'string' ? (stateIndex.get(t.to) ?? -1) : -1;
    if (to < 0) {
      problems.push(problem('unknown-state', `${where}.to`, `${what}: no state named ${quote(t.to)}`));
      ok = false;
    }
    let from = -1;
    if (t.from !== '*') {
      from = typeof t.from === 'string' ? (stateIndex.get(t.from) ?? -1) : -1;
      if (from < 0) {
        problems.push(problem('unknown-state', `${where}.from`, `${what}: no state named ${quote(t.from)}`));
        ok = false;
      } else if (to >= 0 && states[from].layer !== states[to].layer) {
        problems.push(
          problem(
            'bad-graph',
            where,
            `${what}: the states are on different layers ("${layerNames[states[from].layer]}" and "${layerNames[states[to].layer]}")`,
          ),
        );
        ok = false;
      }
    }
    const nonNegative = (v: unknown, key: string, fallback: number) => {
      if (v === undefined) return fallback;
      if (isFiniteNumber(v) && v >= 0) return v;
      problems.push(problem('bad-graph', `${where}.${key}`, `${what}: ${key} ${quote(v)} is not a number ≥ 0`));
      return fallback;
    };
    const fade = nonNegative(t.fade, 'fade', DEFAULT_FADE);
    const exit = nonNegative(t.exitTime, 'exitTime', Number.NaN);
    const choice = <T>(v: T | undefined, key: string, options: readonly T[]) => {
      if (v === undefined) return 0;
      const k = options.indexOf(v);
      if (k >= 0) return k;
      problems.push(
        problem('bad-graph', `${where}.${key}`, `${what}: ${key} ${quote(v)} is not one of ${options.join(', ')}`),
      );
      return 0;
    };
    const ease = choice(t.ease, 'ease', EASES);
    const interrupt = choice(t.interrupt, 'interrupt', INTERRUPTION_SOURCES);
    let priority = 0;
    if (t.priority !== undefined) {
      if (isFiniteNumber(t.priority)) priority = t.priority;
      else
        problems.push(
          problem('bad-graph', `${where}.priority`, `${what}: priority ${quote(t.priority)} is not a number`),
        );
    }
    let range = { start: 0, end: 0, triggers: [] as number[] };
    if (t.when !== undefined) {
      if (typeof t.when !== 'string') {
        problems.push(
          problem('bad-condition', `${where}.when`, `${what}: when ${quote(t.when)} is not text`, 'error', 0),
        );
        ok = false;
      } else if (t.when.trim() !== '') {
        const compiled = program.add(t.when, params, `${where}.when`, problems);
        if (compiled) range = compiled;
        else ok = false;
      }
    }
    if (ok) kept.push({ source: i, from, to, fade, exit, ease, interrupt, priority, ...range });
  });

  // --- each state's outgoing list: its own and its layer's any-state transitions, by priority then order
  const outgoingStart = new Int32Array(states.length + 1);
  const outgoing: number[] = [];
  states.forEach((s, si) => {
    outgoingStart[si] = outgoing.length;
    const mine = kept
      .map((_, ti) => ti)
      .filter((ti) => kept[ti].from === si || (kept[ti].from < 0 && states[kept[ti].to].layer === s.layer));
    mine.sort((a, b) => kept[b].priority - kept[a].priority || a - b);
    outgoing.push(...mine);
  });
  outgoingStart[states.length] = outgoing.length;

  // --- reachability from each layer's entry state (warnings)
  const reached = new Uint8Array(states.length);
  for (const layer of layers) {
    if (layer.defaultState < 0) continue;
    const queue = [layer.defaultState];
    reached[layer.defaultState] = 1;
    while (queue.length > 0) {
      const s = queue.pop()!;
      for (let k = outgoingStart[s]; k < outgoingStart[s + 1]; k++) {
        const to = kept[outgoing[k]].to;
        if (!reached[to]) {
          reached[to] = 1;
          queue.push(to);
        }
      }
    }
  }
  states.forEach((s, i) => {
    if (!reached[i]) {
      const at = stateDefIndex(def, s.name);
      problems.push(
        problem(
          'unreachable-state',
          `states[${at}]`,
          `state "${s.name}" cannot be reached from the entry state "${states[layers[s.layer].defaultState].name}"`,
          'warning',
        ),
      );
    }
  });

  const triggerRefs: number[] = [];
  const triggerStart = new Int32Array(kept.length);
  const triggerEnd = new Int32Array(kept.length);
  kept.forEach((t, i) => {
    triggerStart[i] = triggerRefs.length;
    triggerRefs.push(...t.triggers);
    triggerEnd[i] = triggerRefs.length;
  });
  const bindings = def.clips !== null && typeof def.clips === 'object' ? def.clips : {};
  if (def.clips !== undefined && bindings !== def.clips) isObject(def.clips, 'clips');
  const clipSources = clipNames.map((name) => {
    const bound = Object.hasOwn(bindings, name) ? bindings[name] : undefined;
    if (bound === undefined) return name;
    if (typeof bound === 'string' && bound !== '') return bound;
    problems.push(
      problem('bad-graph', `clips.${name}`, `clip binding for "${name}": ${quote(bound)} is not a clip name`),
    );
    return name;
  });

  return {
    definition,
    problems,
    paramNames,
    paramTypes,
    paramDefaults: Float64Array.from(defaults),
    paramIndex,
    clipNames,
    clipSources,
    states,
    stateIndex,
    layers,
    transitionCount: kept.length,
    transitionSource: Int32Array.from(kept, (t) => t.source),
    transitionFrom: Int32Array.from(kept, (t) => t.from),
    transitionTo: Int32Array.from(kept, (t) => t.to),
    transitionFade: Float64Array.from(kept, (t) => t.fade),
    transitionExit: Float64Array.from(kept, (t) => t.exit),
    transitionEase: Int8Array.from(kept, (t) => t.ease),
    transitionInterrupt: Int8Array.from(kept, (t) => t.interrupt),
    conditionStart: Int32Array.from(kept, (t) => t.start),
    conditionEnd: Int32Array.from(kept, (t) => t.end),
    triggerStart,
    triggerEnd,
    triggerRefs: Int32Array.from(triggerRefs),
    code: Int32Array.from(program.code),
    consts: Float64Array.from(program.consts),
    stackSize: program.maxStack,
    outgoingStart,
    outgoing: Int32Array.from(outgoing),
    maxPoints,
  };
}

function stateDefIndex(def: GraphDefinition, name: string): number {
  return Array.isArray(def.states) ? def.states.findIndex((s) => s && s.name === name) : -1;
}

/** A params array holding the graph's defaults (bools and triggers as 0/1). */
export function createParams(graph: CompiledGraph): Float64Array {
  return Float64Array.from(graph.paramDefaults);
}

/**
 * Writes a param by name, coerced to its type (int truncates, bool and trigger become 0/1). Returns false
 * for an unknown name or a value of the wrong kind, leaving the params as they were.
 */
export function setParam(graph: CompiledGraph, params: Float64Array, name: string, value: number | boolean): boolean {
  const i = graph.paramIndex.get(name);
  if (i === undefined) return false;
  const type = graph.paramTypes[i];
  if (type === 'bool' || type === 'trigger') {
    if (typeof value === 'boolean') params[i] = value ? 1 : 0;
    else if (value === 0 || value === 1) params[i] = value;
    else return false;
    return true;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  params[i] = type === 'int' ? Math.trunc(value) : value;
  return true;
}

/** Reads a param by name: a number for float and int, a boolean for bool and trigger, undefined when unknown. */
export function getParam(graph: CompiledGraph, params: Float64Array, name: string): number | boolean | undefined {
  const i = graph.paramIndex.get(name);
  if (i === undefined) return undefined;
  const type = graph.paramTypes[i];
  return type === 'bool' || type === 'trigger' ? params[i] !== 0 : params[i];
}
