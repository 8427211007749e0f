import type { GraphLayout } from '../graph/graph-layout.js';
import type { CompiledGraph, GraphInstance } from '../graph/index.js';
import { formatParam } from './graph-view-text.js';

/** What the live paint reads of a running graph. */
export interface LiveGraph {
  readonly instance: GraphInstance | null;
  paramValue(name: string): number | boolean | undefined;
}

/**
 * The live part of `<anim-graph-view>`: the drawn states, arrows and param values found once after each
 * render, and written on each refresh (current and leaving states, weight bars, the transition in flight,
 * param values), touching only what changed since the last write.
 */
export class GraphViewPaint {
  readonly #nodes: SVGGElement[];
  readonly #bars: SVGRectElement[];
  readonly #edges: SVGGElement[];
  readonly #values: HTMLElement[];
  /** What was last written, so unchanged values are not written again. */
  readonly #nodeClass: string[];
  readonly #barWidth: Float64Array;
  readonly #activeEdges: Uint8Array;
  readonly #valueText: string[];

  /** Finds the drawing's elements under `root` (just rendered). */
  constructor(root: ParentNode) {
    this.#nodes = [...root.querySelectorAll<SVGGElement>('g.node')];
    this.#bars = this.#nodes.map((g) => g.querySelector<SVGRectElement>('.bar')!);
    this.#edges = [...root.querySelectorAll<SVGGElement>('g.edge')];
    this.#values = [...root.querySelectorAll<HTMLElement>('.value[data-param]')];
    this.#nodeClass = this.#nodes.map((g) => g.getAttribute('class') ?? '');
    this.#barWidth = new Float64Array(this.#nodes.length);
    this.#activeEdges = new Uint8Array(this.#edges.length);
    this.#valueText = this.#values.map(() => '');
  }

  /** Writes the live state of `run` (running `graph`, drawn as `layout`) into the drawing. */
  paint(graph: CompiledGraph, layout: GraphLayout, run: LiveGraph): void {
    const instance = run.instance?.graph === graph ? run.instance : null;
    layout.nodes.forEach((node, i) => {
      const el = this.#nodes[i];
      if (!el) return;
      let live = '';
      let weight = 0;
      if (instance && node.state >= 0) {
        weight = instance.weightOf(node.state);
        if (instance.stateOf(node.layer) === node.state) live = ' current';
        else if (instance.transitionSourceOf(node.layer) === node.state) live = ' leaving';
      } else if (!instance && node.state >= 0 && graph.layers[node.layer].defaultState === node.state) {
        live = ' current';
      }
      const base = (this.#nodeClass[i] ?? '').replace(/ (current|leaving)/g, '');
      const next = base + live;
      if (next !== this.#nodeClass[i]) {
        el.setAttribute('class', next);
        this.#nodeClass[i] = next;
      }
      const width = Math.round(Math.max(0, Math.min(1, weight)) * (node.width - 20) * 10) / 10;
      if (width !== this.#barWidth[i]) {
        this.#bars[i].setAttribute('width', String(width));
        this.#barWidth[i] = width;
      }
    });
    layout.edges.forEach((edge, i) => {
      const el = this.#edges[i];
      if (!el) return;
      const layer = graph.states[graph.transitionTo[edge.transition]].layer;
      const active = instance !== null && instance.transitionOf(layer) === edge.transition ? 1 : 0;
      if (active === this.#activeEdges[i]) return;
      this.#activeEdges[i] = active;
      el.classList.toggle('active', active === 1);
      el.querySelector('.line')!.setAttribute('marker-end', active ? 'url(#arrow-active)' : 'url(#arrow)');
    });
    graph.paramNames.forEach((name, i) => {
      const el = this.#values[i];
      if (!el) return;
      const value = run.paramValue(name);
      const text = formatParam(value);
      if (text === this.#valueText[i]) return;
      this.#valueText[i] = text;
      el.textContent = text;
      el.classList.toggle('on', value === true);
      el.classList.toggle('off', value === false);
    });
  }
}
