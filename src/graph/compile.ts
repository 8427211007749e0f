import { CompileContext, quote } from './compile-context.js';
import { compileLayers, type LayerInfo } from './compile-layers.js';
import { compileParams } from './compile-params.js';
import { checkReachability } from './compile-reachability.js';
import { type CompiledState, compileStatesPaced } from './compile-states.js';
import { compileTransitionsPaced, outgoingListsPaced } from './compile-transitions.js';
import type { GraphDefinition, ParamType } from './definition.js';
import { finish, type Paced } from './paced.js';
import type { GraphProblem } from './problems.js';

export type { CompiledState } from './compile-states.js';

export interface CompiledLayer extends LayerInfo {
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
  /** Ease and interruption codes (small enums). */
  readonly transitionEase: Uint8Array;
  readonly transitionInterrupt: Uint8Array;
  /** 1 for an inertial transition, 0 for a crossfade (TRANSITION_BLENDS order). */
  readonly transitionBlend: Uint8Array;
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

/**
 * Checks a definition and builds the runnable graph. Never throws on bad content: every problem is
 * collected with where it is, the items they concern are dropped (a bad transition never fires, an
 * unknown layer falls back to the base one, a second default is ignored), and the rest is built. One pass
 * per concern (params, layers, states, transitions, outgoing lists, reachability), each linear in what it
 * reads, so a graph of tens of thousands of states compiles in a frame or a few.
 */
export function compileGraph(definition: GraphDefinition): CompiledGraph {
  return finish(compileGraphPaced(definition));
}

/**
 * `compileGraph` as paced work: it pauses every few hundred states or transitions, so a page can compile a
 * large graph over several tasks without holding up a frame (see `Paced`).
 */
export function* compileGraphPaced(definition: GraphDefinition): Paced<CompiledGraph> {
  const ctx = new CompileContext();
  const isGraph = definition !== null && typeof definition === 'object' && !Array.isArray(definition);
  const def = isGraph ? definition : ({ states: [] } as GraphDefinition);
  if (!isGraph) ctx.report('bad-graph', '', `a graph is an object, not ${quote(definition)}`);
  else if (!Array.isArray(def.states)) ctx.report('bad-graph', 'states', 'the graph has no "states" list');

  const params = compileParams(ctx, def);
  const layerTable = compileLayers(ctx, def, params);
  const layerNames = layerTable.layers.map((l) => l.name);
  const st = yield* compileStatesPaced(ctx, def, params, layerNames, layerTable.byName);
  const members: number[][] = layerNames.map(() => []);
  for (let i = 0; i < st.states.length; i++) members[st.states[i].layer].push(i);
  const layers: CompiledLayer[] = layerTable.layers.map((info, l) => ({
    ...info,
    states: members[l],
    defaultState: st.defaultOf.get(l) ?? (members[l].length > 0 ? members[l][0] : -1),
  }));
  const t = yield* compileTransitionsPaced(ctx, def, params, st.states, st.byName, layerNames);
  const outgoing = yield* outgoingListsPaced(t, st.states, layers.length);
  yield;
  checkReachability(
    ctx,
    st.states,
    layers.map((l) => l.defaultState),
    t,
  );
  yield;
  const clipSources = bindClipSources(ctx, def, st.clipNames);

  return {
    definition,
    problems: ctx.problems,
    paramNames: params.names,
    paramTypes: params.types,
    paramDefaults: Float64Array.from(params.defaults),
    paramIndex: params.byName,
    clipNames: st.clipNames,
    clipSources,
    states: st.states,
    stateIndex: st.byName,
    layers,
    transitionCount: t.count,
    transitionSource: t.source,
    transitionFrom: t.from,
    transitionTo: t.to,
    transitionFade: t.fade,
    transitionExit: t.exit,
    transitionEase: t.ease,
    transitionInterrupt: t.interrupt,
    transitionBlend: t.blend,
    conditionStart: t.conditionStart,
    conditionEnd: t.conditionEnd,
    triggerStart: t.triggerStart,
    triggerEnd: t.triggerEnd,
    triggerRefs: t.triggerRefs,
    code: Int32Array.from(t.program.code),
    consts: Float64Array.from(t.program.consts),
    stackSize: t.program.maxStack,
    outgoingStart: outgoing.start,
    outgoing: outgoing.list,
    maxPoints: st.maxPoints,
  };
}

/** The character clip each logical clip binds to by default: the graph's `clips` table, else its own name. */
function bindClipSources(ctx: CompileContext, def: GraphDefinition, clipNames: readonly string[]): string[] {
  const bindings = def.clips !== null && typeof def.clips === 'object' ? def.clips : {};
  if (def.clips !== undefined && bindings !== def.clips) ctx.isObject(def.clips, 'clips');
  return clipNames.map((name) => {
    const bound = Object.hasOwn(bindings, name) ? bindings[name] : undefined;
    if (bound === undefined) return name;
    if (typeof bound === 'string' && bound !== '') return bound;
    ctx.report('bad-graph', `clips.${name}`, `clip binding for "${name}": ${quote(bound)} is not a clip name`);
    return name;
  });
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
