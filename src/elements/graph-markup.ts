/**
 * A character's graph as its markup writes it (`<anim-param>`, `<anim-layer>`, `<anim-state>`,
 * `<anim-transition>` children), merged with a graph file or preset. Each item of the merged definition
 * remembers the element it came from, so a problem is reported on the element at fault.
 */
import type {
  GraphDefinition,
  LayerDefinition,
  ParamDefinition,
  StateDefinition,
  TransitionDefinition,
} from '../graph/index.js';

/** An element of the markup that yields a piece of the definition (once upgraded). */
type Part<T> = Element & { readonly definition: T };

/** The merged definition and, per item, the element it came from (null: the file or preset). */
export interface GraphSources {
  readonly definition: GraphDefinition;
  readonly params: readonly (Element | null)[];
  readonly layers: readonly (Element | null)[];
  readonly states: readonly (Element | null)[];
  readonly transitions: readonly (Element | null)[];
}

const PARTS = 'anim-param, anim-layer, anim-state, anim-transition';

/** Whether `character` has graph elements of its own (not those of a character nested inside it). */
export function hasGraphMarkup(character: Element): boolean {
  for (const el of character.querySelectorAll(PARTS)) if (el.closest('anim-character') === character) return true;
  return false;
}

/**
 * Merges a file's (or preset's) definition with the character's markup, in document order. The markup
 * adds to the file: a param, layer or state named like one of the file's replaces it in place; transitions
 * are appended after the file's. Elements not upgraded yet are skipped (they report in when they upgrade).
 */
export function mergeGraph(character: Element, file: GraphDefinition | null): GraphSources {
  const params = new Entries<ParamDefinition>(file?.params);
  const layers = new Entries<LayerDefinition>(file?.layers);
  const states = new Entries<StateDefinition>(file?.states);
  const transitions = { items: [...(file?.transitions ?? [])], from: (file?.transitions ?? []).map(() => null) } as {
    items: TransitionDefinition[];
    from: (Element | null)[];
  };
  for (const el of character.querySelectorAll(PARTS)) {
    if (el.closest('anim-character') !== character || !('definition' in el)) continue;
    const definition = (el as Part<unknown>).definition;
    if (typeof definition !== 'object' || definition === null) continue;
    if (el.localName === 'anim-param') params.put(definition as ParamDefinition, el);
    else if (el.localName === 'anim-layer') layers.put(definition as LayerDefinition, el);
    else if (el.localName === 'anim-state') states.put(definition as StateDefinition, el);
    else {
      transitions.items.push(definition as TransitionDefinition);
      transitions.from.push(el);
    }
  }
  const definition: GraphDefinition = { states: states.items };
  if (params.items.length > 0) definition.params = params.items;
  if (layers.items.length > 0) definition.layers = layers.items;
  if (transitions.items.length > 0) definition.transitions = transitions.items;
  if (file?.clips) definition.clips = file.clips;
  return {
    definition,
    params: params.from,
    layers: layers.from,
    states: states.from,
    transitions: transitions.from,
  };
}

/** A list of named items where a markup item replaces a file item of its name (markup duplicates stay, to be reported). */
class Entries<T extends { name: string }> {
  readonly items: T[];
  readonly from: (Element | null)[];
  /** The file's items not yet replaced, by name (the first of a name): a lookup, not a scan per element. */
  readonly #fileItem = new Map<unknown, number>();

  constructor(file: T[] | undefined) {
    this.items = Array.isArray(file) ? [...file] : [];
    this.from = this.items.map(() => null);
    for (let k = this.items.length - 1; k >= 0; k--) this.#fileItem.set(this.items[k]?.name, k);
  }

  put(item: T, el: Element): void {
    const i = this.#fileItem.get(item.name);
    if (i !== undefined) {
      this.#fileItem.delete(item.name);
      this.items[i] = item;
      this.from[i] = el;
    } else {
      this.items.push(item);
      this.from.push(el);
    }
  }
}

/** The element a problem's `where` (`transitions[2].when`, `states[0]`) points at, null for the file's items. */
export function problemSource(sources: GraphSources, where: string): Element | null {
  const match = /^(params|layers|states|transitions)\[(\d+)\]/.exec(where);
  if (!match) return null;
  const list = sources[match[1] as 'params' | 'layers' | 'states' | 'transitions'];
  return list[Number(match[2])] ?? null;
}
