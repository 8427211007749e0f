import { TRANSITION_BLENDS } from '../runtime/transition-blends.js';
import { type CompileContext, isFiniteNumber, quote } from './compile-context.js';
import type { ParamTable } from './compile-params.js';
import type { CompiledState } from './compile-states.js';
import { ProgramBuilder } from './condition-program.js';
import { DEFAULT_FADE, EASES, type GraphDefinition, INTERRUPTION_SOURCES } from './definition.js';
import { groupBy } from './group-by.js';
import { finish, type Paced, pausesAt } from './paced.js';

/** The transitions pass's result: one entry per kept transition, in definition order, and their code. */
export interface TransitionTable {
  readonly count: number;
  /** Definition index of each kept transition. */
  readonly source: Int32Array;
  /** Source state, -1 for any state. */
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly fade: Float64Array;
  /** NaN when the transition has no exit time. */
  readonly exit: Float64Array;
  readonly ease: Uint8Array;
  readonly interrupt: Uint8Array;
  readonly blend: Uint8Array;
  readonly priority: Float64Array;
  readonly conditionStart: Int32Array;
  readonly conditionEnd: Int32Array;
  readonly triggerStart: Int32Array;
  readonly triggerEnd: Int32Array;
  readonly triggerRefs: Int32Array;
  readonly program: ProgramBuilder;
}

/**
 * Pass 4: the transitions, each with its states found by name, its timing and its condition compiled. A
 * transition with an error is left out (it never fires); one with a bad option keeps that option's default.
 */
export function compileTransitions(...args: Parameters<typeof compileTransitionsPaced>): TransitionTable {
  return finish(compileTransitionsPaced(...args));
}

/** Pass 4, pausing every few hundred transitions. */
export function* compileTransitionsPaced(
  ctx: CompileContext,
  def: GraphDefinition,
  params: ParamTable,
  states: readonly CompiledState[],
  stateIndex: ReadonlyMap<string, number>,
  layerNames: readonly string[],
): Paced<TransitionTable> {
  const program = new ProgramBuilder();
  const source: number[] = [];
  const fromList: number[] = [];
  const toList: number[] = [];
  const fades: number[] = [];
  const exits: number[] = [];
  const eases: number[] = [];
  const interrupts: number[] = [];
  const blends: number[] = [];
  const priorities: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const triggerStart: number[] = [];
  const triggerEnd: number[] = [];
  const triggerRefs: number[] = [];
  const list = ctx.list(def.transitions, 'transitions');
  for (let i = 0; i < list.length; i++) {
    if (pausesAt(i)) yield;
    const t = list[i];
    const where = `transitions[${i}]`;
    if (!ctx.isObject(t, where)) continue;
    const what = `transition ${quote(t.from)} → ${quote(t.to)}`;
    let ok = true;
    const to = typeof t.to === 'string' ? (stateIndex.get(t.to) ?? -1) : -1;
    if (to < 0) {
      ctx.report('unknown-state', `${where}.to`, `${what}: no state named ${quote(t.to)}`);
      ok = false;
    }
    let from = -1;
    if (t.from !== '*') {
      from = typeof t.from === 'string' ? (stateIndex.get(t.from) ?? -1) : -1;
      if (from < 0) {
        ctx.report('unknown-state', `${where}.from`, `${what}: no state named ${quote(t.from)}`);
        ok = false;
      } else if (to >= 0 && states[from].layer !== states[to].layer) {
        const a = layerNames[states[from].layer];
        const b = layerNames[states[to].layer];
        ctx.report('bad-graph', where, `${what}: the states are on different layers ("${a}" and "${b}")`);
        ok = false;
      }
    }
    const nonNegative = (v: unknown, key: string, fallback: number) => {
      if (v === undefined) return fallback;
      if (isFiniteNumber(v) && v >= 0) return v;
      ctx.report('bad-graph', `${where}.${key}`, `${what}: ${key} ${quote(v)} is not a number ≥ 0`);
      return fallback;
    };
    const choice = <T>(v: T | undefined, key: string, options: readonly T[]) => {
      if (v === undefined) return 0;
      const k = options.indexOf(v);
      if (k >= 0) return k;
      ctx.report('bad-graph', `${where}.${key}`, `${what}: ${key} ${quote(v)} is not one of ${options.join(', ')}`);
      return 0;
    };
    const fade = nonNegative(t.fade, 'fade', DEFAULT_FADE);
    const exit = nonNegative(t.exitTime, 'exitTime', Number.NaN);
    const ease = choice(t.ease, 'ease', EASES);
    const interrupt = choice(t.interrupt, 'interrupt', INTERRUPTION_SOURCES);
    const blend = choice(t.blend, 'blend', TRANSITION_BLENDS);
    let priority = 0;
    if (t.priority !== undefined) {
      if (isFiniteNumber(t.priority)) priority = t.priority;
      else ctx.report('bad-graph', `${where}.priority`, `${what}: priority ${quote(t.priority)} is not a number`);
    }
    let range: { start: number; end: number; triggers: number[] } = { start: 0, end: 0, triggers: [] };
    if (t.when !== undefined) {
      if (typeof t.when !== 'string') {
        ctx.report('bad-condition', `${where}.when`, `${what}: when ${quote(t.when)} is not text`, 'error', 0);
        ok = false;
      } else if (t.when.trim() !== '') {
        const compiled = program.add(t.when, params, `${where}.when`, ctx.problems);
        if (compiled) range = compiled;
        else ok = false;
      }
    }
    if (!ok) continue;
    source.push(i);
    fromList.push(from);
    toList.push(to);
    fades.push(fade);
    exits.push(exit);
    eases.push(ease);
    interrupts.push(interrupt);
    blends.push(blend);
    priorities.push(priority);
    starts.push(range.start);
    ends.push(range.end);
    triggerStart.push(triggerRefs.length);
    for (const ref of range.triggers) triggerRefs.push(ref);
    triggerEnd.push(triggerRefs.length);
  }
  return {
    count: source.length,
    source: Int32Array.from(source),
    from: Int32Array.from(fromList),
    to: Int32Array.from(toList),
    fade: Float64Array.from(fades),
    exit: Float64Array.from(exits),
    ease: Uint8Array.from(eases),
    interrupt: Uint8Array.from(interrupts),
    blend: Uint8Array.from(blends),
    priority: Float64Array.from(priorities),
    conditionStart: Int32Array.from(starts),
    conditionEnd: Int32Array.from(ends),
    triggerStart: Int32Array.from(triggerStart),
    triggerEnd: Int32Array.from(triggerEnd),
    triggerRefs: Int32Array.from(triggerRefs),
    program,
  };
}

/**
 * Pass 5: each state's outgoing list, in the order the instance tries them: its own transitions and its
 * layer's any-state ones, by priority (higher first) then definition order. Built from groups (by source
 * state, and by layer for any-state), so the work is the size of the lists, not states × transitions.
 */
export function outgoingLists(...args: Parameters<typeof outgoingListsPaced>): { start: Int32Array; list: Int32Array } {
  return finish(outgoingListsPaced(...args));
}

/** Pass 5, pausing every few hundred states. */
export function* outgoingListsPaced(
  t: TransitionTable,
  states: readonly CompiledState[],
  layerCount: number,
): Paced<{ start: Int32Array; list: Int32Array }> {
  const own = groupBy(states.length, t.count, (k) => t.from[k]);
  const any = groupBy(layerCount, t.count, (k) => (t.from[k] < 0 ? states[t.to[k]].layer : -1));
  const start = new Int32Array(states.length + 1);
  let size = 0;
  for (let s = 0; s < states.length; s++) {
    start[s] = size;
    const l = states[s].layer;
    size += own.start[s + 1] - own.start[s] + any.start[l + 1] - any.start[l];
  }
  start[states.length] = size;
  const list = new Int32Array(size);
  const byRank = (a: number, b: number) => t.priority[b] - t.priority[a] || a - b;
  let mine: number[] = [];
  for (let s = 0; s < states.length; s++) {
    if (pausesAt(s)) yield;
    mine = [];
    for (let k = own.start[s]; k < own.start[s + 1]; k++) mine.push(own.items[k]);
    const l = states[s].layer;
    for (let k = any.start[l]; k < any.start[l + 1]; k++) mine.push(any.items[k]);
    mine.sort(byRank);
    list.set(mine, start[s]);
  }
  return { start, list };
}
