import { type CompiledGraph, compileGraph } from './compile.js';
import type { GraphDefinition } from './definition.js';

/**
 * Compiled graphs shared by every character whose definition is the same: a crowd of a thousand characters
 * on one graph reads one copy of its tables (transitions, condition code, blend spaces), kept in cache,
 * where a copy each would be a thousand sets of tables, each cold by the time its character updates (the
 * transition checks alone took a millisecond of such a frame). A compiled graph is never changed after it is
 * built, and each character's running state is its own instance's, so sharing one changes nothing a character
 * does. Held weakly: a graph no character runs any more is freed like any other object.
 */
const shared = new Map<string, WeakRef<CompiledGraph>>();
const forget = new FinalizationRegistry<string>((key) => {
  if (shared.get(key)?.deref() === undefined) shared.delete(key);
});

/**
 * `compileGraph`, sharing the result with every earlier definition that reads the same. The graph is
 * compiled from a private copy of the definition (read back from its text), so a caller that later edits
 * its objects in place edits only its own.
 */
export function compileGraphShared(definition: GraphDefinition): CompiledGraph {
  const key = definitionKey(definition);
  if (key === null) return compileGraph(definition);
  const cached = shared.get(key)?.deref();
  if (cached) return cached;
  const graph = compileGraph(JSON.parse(key, unspecial));
  shared.set(key, new WeakRef(graph));
  forget.register(graph, key);
  return graph;
}

/** What JSON would write as null or leave out, kept apart: NaN, the infinities, undefined (in an array). */
const SPECIAL = new Map<string, number | undefined>([
  ['\u0000NaN', Number.NaN],
  ['\u0000Infinity', Number.POSITIVE_INFINITY],
  ['\u0000-Infinity', Number.NEGATIVE_INFINITY],
  ['\u0000undefined', undefined],
]);

/** The definition as text (see SPECIAL); null for what has no such text (a cycle, a function), compiled on its own. */
function definitionKey(definition: GraphDefinition): string | null {
  try {
    return JSON.stringify(definition, special);
  } catch {
    return null;
  }
}

function special(_: string, value: unknown): unknown {
  if (typeof value === 'function') throw new TypeError('a function in a graph definition');
  if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return `\u0000${value}`;
  return value;
}

function unspecial(_: string, value: unknown): unknown {
  return typeof value === 'string' && SPECIAL.has(value) ? SPECIAL.get(value) : value;
}
