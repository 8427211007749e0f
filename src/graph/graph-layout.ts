import { length2 } from '../runtime/length.js';
import type { CompiledGraph } from './compile.js';
import { groupBy } from './group-by.js';

/** A box of the drawing: a state, or a layer's "any state" (state -1). Coordinates in SVG user units. */
export interface LayoutNode {
  readonly state: number;
  readonly layer: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly label: string;
  /** What it plays: the clip's name, or the blend space's axes. */
  readonly detail: string;
}

/** An arrow for one compiled transition: an SVG path and where its label sits. */
export interface LayoutEdge {
  readonly transition: number;
  readonly from: number;
  readonly to: number;
  readonly path: string;
  readonly labelX: number;
  readonly labelY: number;
}

/** The band one graph layer is drawn in. */
export interface LayoutBand {
  readonly layer: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  readonly bands: readonly LayoutBand[];
  readonly nodes: readonly LayoutNode[];
  readonly edges: readonly LayoutEdge[];
  /** Node index per state. */
  readonly nodeOfState: Int32Array;
}

export interface LayoutOptions {
  /** Average glyph advance of the label font, and of the smaller detail font (user units). */
  labelChar?: number;
  detailChar?: number;
}

const NODE_HEIGHT = 44;
const MIN_WIDTH = 96;
const COLUMN_GAP = 76;
const ROW_PITCH = 66;
const BAND_HEADER = 30;
const BAND_PAD = 22;
const BAND_GAP = 14;

/**
 * Lays a compiled graph out for drawing, layer by layer in horizontal bands: states in columns by their
 * distance (in transitions) from the layer's entry state, which stands first, with the layer's "any state"
 * under it when it has any-state transitions; states it cannot reach come last. Within a column states are
 * ordered by where their predecessors sit, which keeps arrows from crossing. Arrows bow to their right, so
 * the two directions between a pair of states (and repeated transitions) never overlap.
 */
export function layoutGraph(graph: CompiledGraph, options: LayoutOptions = {}): GraphLayout {
  const labelChar = options.labelChar ?? 7.4;
  const detailChar = options.detailChar ?? 6.2;
  const nodes: LayoutNode[] = [];
  const bands: LayoutBand[] = [];
  const nodeOfState = new Int32Array(graph.states.length).fill(-1);
  const anyNode: number[] = [];
  const { transitionFrom: from, transitionTo: to, transitionCount } = graph;
  // transitions grouped once (by source, by destination, any-state ones by layer): every walk below is
  // linear in states + transitions, so a graph of thousands of states lays out at once
  const outOf = groupBy(graph.states.length, transitionCount, (t) => from[t]);
  const into = groupBy(graph.states.length, transitionCount, (t) => to[t]);
  const anyOf = groupBy(graph.layers.length, transitionCount, (t) => (from[t] < 0 ? graph.states[to[t]].layer : -1));
  const group = (g: { start: Int32Array; items: Int32Array }, k: number) =>
    g.items.subarray(g.start[k], g.start[k + 1]);
  let top = 0;
  let width = 0;

  graph.layers.forEach((layer, l) => {
    const members = layer.states;
    const hasAny = anyOf.start[l + 1] > anyOf.start[l];
    // rank: transitions from the entry state (and from "any state", ranked with it)
    const rank = new Map<number, number>();
    const queue: number[] = [];
    if (layer.defaultState >= 0) {
      rank.set(layer.defaultState, 0);
      queue.push(layer.defaultState);
    }
    for (const t of group(anyOf, l)) {
      if (!rank.has(to[t])) {
        rank.set(to[t], 1);
        queue.push(to[t]);
      }
    }
    let deepest = 0;
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head];
      const r = rank.get(s)!;
      deepest = Math.max(deepest, r);
      for (const t of group(outOf, s)) {
        if (!rank.has(to[t])) {
          rank.set(to[t], r + 1);
          queue.push(to[t]);
        }
      }
    }
    const columns: number[][] = [];
    for (const s of members) {
      const r = rank.get(s) ?? deepest + 1;
      (columns[r] ??= []).push(s);
    }
    // entry first; then each column by the mean row of its predecessors in earlier columns
    const row = new Map<number, number>();
    const ANY = -1;
    columns.forEach((column, c) => {
      if (c === 0) {
        column.sort((a, b) => (a === layer.defaultState ? -1 : b === layer.defaultState ? 1 : a - b));
      } else {
        const weight = (s: number) => {
          let sum = 0;
          let n = 0;
          for (const t of group(into, s)) {
            const r = row.get(from[t] < 0 ? ANY : from[t]);
            if (r !== undefined) {
              sum += r;
              n++;
            }
          }
          return n > 0 ? sum / n : Number.POSITIVE_INFINITY;
        };
        const keys = new Map(column.map((s) => [s, weight(s)]));
        column.sort((a, b) => keys.get(a)! - keys.get(b)! || a - b);
      }
      for (let i = 0; i < column.length; i++) row.set(column[i], i);
      if (c === 0 && hasAny) row.set(ANY, column.length);
    });
    if (columns.length === 0 && hasAny) row.set(ANY, 0);

    const size = (label: string, detail: string) =>
      Math.max(MIN_WIDTH, Math.ceil(label.length * labelChar + 30), Math.ceil(detail.length * detailChar + 30));
    let rows = 1;
    for (let i = 0; i < columns.length; i++)
      rows = Math.max(rows, (columns[i]?.length ?? 0) + (i === 0 && hasAny ? 1 : 0));
    const bandTop = top;
    const bodyTop = bandTop + BAND_HEADER;
    const bodyHeight = rows * ROW_PITCH - (ROW_PITCH - NODE_HEIGHT);
    let x = BAND_PAD;
    const columnCount = Math.max(columns.length, hasAny ? 1 : 0);
    for (let c = 0; c < columnCount; c++) {
      const column = columns[c] ?? [];
      const entries: { state: number; label: string; detail: string }[] = column.map((s) => ({
        state: s,
        label: graph.states[s].name,
        detail: describeState(graph, s),
      }));
      if (c === 0 && hasAny) entries.push({ state: ANY, label: 'any state', detail: '' });
      let columnWidth = 0;
      for (const e of entries) columnWidth = Math.max(columnWidth, size(e.label, e.detail));
      const height = entries.length * ROW_PITCH - (ROW_PITCH - NODE_HEIGHT);
      const y0 = bodyTop + (bodyHeight - height) / 2;
      entries.forEach((e, i) => {
        const w = size(e.label, e.detail);
        const index = nodes.length;
        nodes.push({
          state: e.state,
          layer: l,
          x: x + (columnWidth - w) / 2,
          y: y0 + i * ROW_PITCH,
          width: w,
          height: NODE_HEIGHT,
          label: e.label,
          detail: e.detail,
        });
        if (e.state >= 0) nodeOfState[e.state] = index;
        else anyNode[l] = index;
      });
      x += columnWidth + COLUMN_GAP;
    }
    const bandWidth = Math.max(x - COLUMN_GAP + BAND_PAD, 200);
    const bandHeight = BAND_HEADER + bodyHeight + BAND_PAD;
    bands.push({ layer: l, x: 0, y: bandTop, width: bandWidth, height: bandHeight });
    width = Math.max(width, bandWidth);
    top += bandHeight + BAND_GAP;
  });
  for (let i = 0; i < bands.length; i++) bands[i] = { ...bands[i], width };

  const edges: LayoutEdge[] = [];
  const seen = new Map<string, number>();
  for (let t = 0; t < transitionCount; t++) {
    const a = from[t] < 0 ? anyNode[graph.states[to[t]].layer] : nodeOfState[from[t]];
    const b = nodeOfState[to[t]];
    if (a === undefined || a < 0 || b < 0) continue;
    const key = `${a}>${b}`;
    const repeat = seen.get(key) ?? 0;
    seen.set(key, repeat + 1);
    edges.push({ transition: t, from: a, to: b, ...arrow(nodes[a], nodes[b], repeat) });
  }
  return { width, height: Math.max(0, top - BAND_GAP), bands, nodes, edges, nodeOfState };
}

function describeState(graph: CompiledGraph, s: number): string {
  const state = graph.states[s];
  if (state.blend) {
    const axes = [graph.paramNames[state.blendX], state.blendY >= 0 ? graph.paramNames[state.blendY] : null];
    return `blend by ${axes.filter((a) => a).join(' × ')}`;
  }
  return state.clip >= 0 ? graph.clipNames[state.clip] : 'empty';
}

const round = (v: number) => Math.round(v * 10) / 10;

/** A curved arrow from box a to box b (a loop over the box when they are one), bowing right by `repeat`. */
function arrow(a: LayoutNode, b: LayoutNode, repeat: number): { path: string; labelX: number; labelY: number } {
  if (a === b) {
    const lift = 26 + repeat * 12;
    const x0 = a.x + a.width * 0.32;
    const x1 = a.x + a.width * 0.68;
    return {
      path: `M${round(x0)} ${round(a.y)} C${round(x0 - 6)} ${round(a.y - lift)} ${round(x1 + 6)} ${round(a.y - lift)} ${round(x1)} ${round(a.y - 2)}`,
      labelX: round(a.x + a.width / 2),
      labelY: round(a.y - lift * 0.75 - 4),
    };
  }
  const ax = a.x + a.width / 2;
  const ay = a.y + a.height / 2;
  const bx = b.x + b.width / 2;
  const by = b.y + b.height / 2;
  const dx = bx - ax;
  const dy = by - ay;
  const length = length2(dx, dy) || 1;
  // right-hand normal (y grows downwards): opposite directions bow apart
  const nx = -dy / length;
  const ny = dx / length;
  const bow = Math.min(46, 12 + length * 0.07) + repeat * 18;
  const cx = (ax + bx) / 2 + nx * bow;
  const cy = (ay + by) / 2 + ny * bow;
  const [x0, y0] = boxExit(a, cx, cy, 2);
  const [x1, y1] = boxExit(b, cx, cy, 5);
  return {
    path: `M${round(x0)} ${round(y0)} Q${round(cx)} ${round(cy)} ${round(x1)} ${round(y1)}`,
    labelX: round(0.25 * x0 + 0.5 * cx + 0.25 * x1),
    labelY: round(0.25 * y0 + 0.5 * cy + 0.25 * y1),
  };
}

/** Where the ray from a box's centre towards (px, py) leaves the box, `margin` beyond its edge. */
function boxExit(box: LayoutNode, px: number, py: number, margin: number): [number, number] {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const ux = px - cx;
  const uy = py - cy;
  const hw = box.width / 2 + margin;
  const hh = box.height / 2 + margin;
  const t = Math.min(
    ux === 0 ? Number.POSITIVE_INFINITY : hw / Math.abs(ux),
    uy === 0 ? Number.POSITIVE_INFINITY : hh / Math.abs(uy),
  );
  return [cx + ux * t, cy + uy * t];
}
