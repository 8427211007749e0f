import type {
  BlendSpaceDefinition,
  GraphDefinition,
  LayerDefinition,
  ParamDefinition,
  StateDefinition,
  TransitionDefinition,
} from './definition.js';
import { type GraphProblem, problem } from './problems.js';

/**
 * Reads a `.animgraph.json` file. Only the JSON itself and its outer shape are checked here (a syntax
 * error, or something other than an object with a `states` list, is a `bad-graph` problem and gives no
 * definition); compileGraph checks everything inside.
 */
export function parseGraphJson(text: string): { definition: GraphDefinition | null; problems: GraphProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { definition: null, problems: [problem('bad-graph', '', `the graph is not JSON: ${(e as Error).message}`)] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return {
      definition: null,
      problems: [problem('bad-graph', '', 'a graph file holds an object with a "states" list')],
    };
  }
  if (!Array.isArray((value as GraphDefinition).states)) {
    return { definition: null, problems: [problem('bad-graph', 'states', 'the graph has no "states" list')] };
  }
  return { definition: value as GraphDefinition, problems: [] };
}

/** Copies the listed keys that are set, in that order: the written form is stable and diffable. */
function pick<T extends object>(item: T, keys: readonly (keyof T)[]): T {
  const out = {} as T;
  for (const k of keys) if (item[k] !== undefined) out[k] = item[k];
  return out;
}

const PARAM_KEYS: (keyof ParamDefinition)[] = ['name', 'type', 'value'];
const LAYER_KEYS: (keyof LayerDefinition)[] = ['name', 'mask', 'weight', 'blend'];
const STATE_KEYS: (keyof StateDefinition)[] = [
  'name',
  'layer',
  'clip',
  'blend',
  'loop',
  'speed',
  'start',
  'end',
  'default',
];
const BLEND_KEYS: (keyof BlendSpaceDefinition)[] = ['type', 'x', 'y', 'points'];
const TRANSITION_KEYS: (keyof TransitionDefinition)[] = [
  'from',
  'to',
  'when',
  'fade',
  'exitTime',
  'ease',
  'blend',
  'interrupt',
  'priority',
];

/** A definition in its canonical form: known keys only, in a fixed order, unset ones left out. */
export function normalizeGraph(def: GraphDefinition): GraphDefinition {
  const out: GraphDefinition = { states: [] };
  if (def.params) out.params = def.params.map((p) => pick(p, PARAM_KEYS));
  if (def.layers) out.layers = def.layers.map((l) => pick(l, LAYER_KEYS));
  out.states = def.states.map((s) => {
    const state = pick(s, STATE_KEYS);
    if (s.blend) {
      state.blend = pick(s.blend, BLEND_KEYS);
      state.blend.points = s.blend.points.map((p) =>
        p.y === undefined ? { clip: p.clip, x: p.x } : { clip: p.clip, x: p.x, y: p.y },
      );
    }
    return state;
  });
  if (def.transitions) out.transitions = def.transitions.map((t) => pick(t, TRANSITION_KEYS));
  if (def.clips) out.clips = { ...def.clips };
  return out;
}

/** Writes a definition out as JSON (canonical form, two-space indent); parseGraphJson reads it back. */
export function graphToJson(def: GraphDefinition): string {
  return `${JSON.stringify(normalizeGraph(def), null, 2)}\n`;
}
