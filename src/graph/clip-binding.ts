import type { CompiledGraph } from './compile.js';

/**
 * Resolves a graph's logical clips to a character's clips, by name: a character binding (logical name →
 * the character's clip) first, then the graph's own `clips` table, then a clip of the logical name itself.
 * Returns the character clip index per logical clip (-1 when missing) and the logical names left unbound.
 */
export function bindGraphClips(
  graph: CompiledGraph,
  characterClips: readonly string[],
  binding: Readonly<Record<string, string>> = {},
): { indices: Int32Array; missing: string[] } {
  const missing: string[] = [];
  const indices = Int32Array.from(graph.clipNames, (name, i) => {
    const wanted = Object.hasOwn(binding, name) ? binding[name] : graph.clipSources[i];
    const found = characterClips.indexOf(wanted);
    if (found < 0) missing.push(name);
    return found;
  });
  return { indices, missing };
}
