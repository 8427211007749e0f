import { css, html, LitElement, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { type GraphLayout, layoutGraph } from '../graph/graph-layout.js';
import type { CompiledGraph, GraphInstance } from '../graph/index.js';
import { acceptValue } from './accept-value.js';
import type { CharacterGraph } from './character-graph.js';
import { characterInternals } from './internals.js';
import { parseEnum, parseTime } from './units.js';

const parseInterval = (text: string) => parseTime(text, { min: 0.016 });
const THEMES = ['auto', 'light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const parseTheme = (text: string) => parseEnum(text, THEMES);

/** What the view reads from its character. */
/** A character: its graph's run is read through the library's internals. */
type GraphHost = Element;

const isGraphHost = (el: Element | null): el is GraphHost => characterInternals(el) !== undefined;

/**
 * A live drawing of a character's state graph, for debugging and for docs. Each layer is a band; its states
 * are laid out from the entry state (first, on the left) along their transitions, with the layer's "any
 * state" under the entry when it has any-state transitions. Each transition is an arrow; hovering it shows
 * its condition, fade, exit time, priority and interruption. The state each layer is in is highlighted,
 * the state it is fading from marked, a transition in flight drawn moving, and a bar under every state
 * shows its weight. The params are listed beside the drawing with their live values.
 *
 * The drawing is rebuilt only when the graph changes (an edit of its markup); between edits the view
 * polls the running graph every `interval` and touches only the classes, bars and values that changed,
 * so it costs next to nothing per frame. It follows the page's colour scheme (or `theme`) and every colour
 * is a custom property.
 *
 * @summary An SVG drawing of a character's state graph: states, transitions, the current state and live params.
 *
 * @attr for - The `id` of the `<anim-character>` to show (in the same document or shadow root).
 * @attr interval - How often the live highlights and values refresh, seconds (or with `s` / `ms`), at least 16ms. Default `0.1s`.
 * @attr theme - `auto` (the default: the page's `color-scheme`, else the system's), `light` or `dark`.
 *
 * @prop {string} for - See the `for` attribute.
 * @prop {number} interval - See the `interval` attribute; seconds.
 * @prop {'auto' | 'light' | 'dark'} theme - See the `theme` attribute.
 * @prop {Element | null} character - Read-only: the character shown, null while `for` names none.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `interval` or `theme` (`bad-attribute`; the previous value stays).
 *
 * @csspart graph - The SVG drawing.
 * @csspart params - The list of params beside it.
 * @csspart empty - The note shown while there is no graph to draw.
 *
 * @cssprop [--anim-graph-surface] - Background of the panel.
 * @cssprop [--anim-graph-text] - Text colour.
 * @cssprop [--anim-graph-muted] - Secondary text (clip names, captions, types).
 * @cssprop [--anim-graph-node] - Fill of a state.
 * @cssprop [--anim-graph-border] - Outline of states, bands and the panel.
 * @cssprop [--anim-graph-edge] - Transition arrows.
 * @cssprop [--anim-graph-accent] - The current state, the transition in flight and weight bars.
 * @cssprop [--anim-graph-accent-soft] - Fill of the current state.
 * @cssprop [--anim-graph-leaving] - The state a crossfade is leaving.
 */
@customElement('anim-graph-view')
export class AnimGraphView extends LitElement {
  static override styles = css`
    :host {
      color-scheme: light dark;
      --_surface: var(--anim-graph-surface, light-dark(#ffffffeb, #1b1e24eb));
      --_text: var(--anim-graph-text, light-dark(#1f2733, #e4e8ef));
      --_muted: var(--anim-graph-muted, light-dark(#6b7685, #97a2b3));
      --_node: var(--anim-graph-node, light-dark(#f5f7fa, #262b33));
      --_border: var(--anim-graph-border, light-dark(#d5dbe3, #3a424e));
      --_edge: var(--anim-graph-edge, light-dark(#a3adbb, #5d6877));
      --_accent: var(--anim-graph-accent, light-dark(#3d7bf7, #6f9dff));
      --_accent-soft: var(--anim-graph-accent-soft, light-dark(#e6efff, #223358));
      --_leaving: var(--anim-graph-leaving, light-dark(#e3a33b, #e8b260));
      display: inline-flex;
      align-items: flex-start;
      gap: 14px;
      max-width: 100%;
      box-sizing: border-box;
      padding: 12px;
      border: 1px solid var(--_border);
      border-radius: 12px;
      background: var(--_surface);
      color: var(--_text);
      font: 12px/1.35 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif;
    }
    :host([theme='light']) {
      color-scheme: light;
    }
    :host([theme='dark']) {
      color-scheme: dark;
    }
    svg {
      display: block;
      flex: 0 1 auto;
      max-width: 100%;
      height: auto;
      overflow: visible;
    }
    .band {
      fill: none;
      stroke: var(--_border);
      stroke-dasharray: 3 4;
    }
    .band-name {
      fill: var(--_text);
      font-weight: 600;
      font-size: 11px;
      letter-spacing: 0.06em;
      text-transform: uppercase;
    }
    .band-caption {
      fill: var(--_muted);
      font-size: 11px;
    }
    .node .box {
      fill: var(--_node);
      stroke: var(--_border);
      stroke-width: 1.2;
      transition: fill 0.2s, stroke 0.2s;
    }
    .node .label {
      fill: var(--_text);
      font-weight: 600;
      font-size: 12.5px;
      text-anchor: middle;
    }
    .node .detail {
      fill: var(--_muted);
      font-size: 10.5px;
      text-anchor: middle;
    }
    .node .bar {
      fill: var(--_accent);
      opacity: 0.75;
    }
    .node.entry .box {
      stroke-width: 2;
    }
    .node.any .box {
      fill: none;
      stroke-dasharray: 4 3;
    }
    .node.any .label {
      fill: var(--_muted);
      font-weight: 500;
      font-style: italic;
    }
    .node.unreachable {
      opacity: 0.5;
    }
    .node.current .box {
      fill: var(--_accent-soft);
      stroke: var(--_accent);
      stroke-width: 2.2;
    }
    .node.leaving .box {
      stroke: var(--_leaving);
      stroke-width: 2;
    }
    .edge .line {
      fill: none;
      stroke: var(--_edge);
      stroke-width: 1.4;
    }
    .edge .hit {
      fill: none;
      stroke: transparent;
      stroke-width: 12;
    }
    .edge .cond {
      fill: var(--_text);
      font-size: 10.5px;
      text-anchor: middle;
      dominant-baseline: middle;
      paint-order: stroke;
      stroke: var(--_surface);
      stroke-width: 4px;
      stroke-linejoin: round;
      opacity: 0;
      pointer-events: none;
      transition: opacity 0.15s;
    }
    .edge:hover .line {
      stroke: var(--_text);
      stroke-width: 2;
    }
    .edge:hover .cond,
    .edge.active .cond {
      opacity: 1;
    }
    .edge.active .line {
      stroke: var(--_accent);
      stroke-width: 2.4;
      stroke-dasharray: 6 4;
      animation: flow 0.6s linear infinite;
    }
    @keyframes flow {
      to {
        stroke-dashoffset: -10;
      }
    }
    .arrowhead {
      fill: var(--_edge);
    }
    .arrowhead.active {
      fill: var(--_accent);
    }
    .params {
      flex: 0 0 auto;
      min-width: 150px;
      padding-left: 14px;
      border-left: 1px solid var(--_border);
    }
    .params h3 {
      margin: 2px 0 8px;
      font-size: 11px;
      font-weight: 600;
      letter-spacing: 0.06em;
      text-transform: uppercase;
    }
    .param {
      display: flex;
      align-items: baseline;
      gap: 8px;
      padding: 3px 0;
    }
    .param .name {
      font-weight: 500;
    }
    .param .type {
      color: var(--_muted);
      font-size: 10.5px;
    }
    .param .value {
      margin-left: auto;
      font-variant-numeric: tabular-nums;
      font-family: ui-monospace, 'SF Mono', Menlo, Consolas, monospace;
    }
    .param .value.on {
      color: var(--_accent);
      font-weight: 600;
    }
    .param .value.off {
      color: var(--_muted);
    }
    .empty {
      color: var(--_muted);
      padding: 4px 2px;
    }
  `;

  #interval = 0.1;
  #theme: Theme = 'auto';
  #timer: ReturnType<typeof setInterval> | undefined;
  #character: GraphHost | null = null;
  #graph: CompiledGraph | null = null;
  #layout: GraphLayout | null = null;
  /** The rendered elements the live refresh writes, found after each render. */
  #nodeEls: SVGGElement[] = [];
  #barEls: SVGRectElement[] = [];
  #edgeEls: SVGGElement[] = [];
  #valueEls: HTMLElement[] = [];
  /** What the live refresh last wrote, so unchanged values are not written again. */
  #nodeClass: string[] = [];
  #barWidth = new Float64Array(0);
  #activeEdges = new Uint8Array(0);
  #valueText: string[] = [];

  @property() for = '';

  @property()
  get interval(): number {
    return this.#interval;
  }
  set interval(value: number | string | null | undefined) {
    this.#interval = acceptValue(this, 'interval', value, parseInterval, this.#interval, 0.1);
    if (this.isConnected) this.#startTimer();
  }

  @property({ reflect: true })
  get theme(): Theme {
    return this.#theme;
  }
  set theme(value: string | null | undefined) {
    this.#theme = acceptValue(this, 'theme', value, parseTheme, this.#theme, 'auto');
  }

  get character(): Element | null {
    return this.#character;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#startTimer();
    queueMicrotask(() => this.refresh());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Brings the drawing up to date now (it also does so every `interval`): redrawn if the graph changed, else only the live highlights and values. */
  refresh(): void {
    const root = this.getRootNode() as Document | ShadowRoot;
    const found = this.for && typeof root.getElementById === 'function' ? root.getElementById(this.for) : null;
    const character = isGraphHost(found) ? found : null;
    const graph = characterInternals(character)?.graph.compiled ?? null;
    if (character !== this.#character || graph !== this.#graph) {
      this.#character = character;
      this.#graph = graph;
      this.#layout = graph ? layoutGraph(graph) : null;
      this.requestUpdate();
      return; // updated() paints the live state once the new drawing is in
    }
    this.#paint();
  }

  protected override render() {
    const graph = this.#graph;
    const layout = this.#layout;
    if (!graph || !layout) {
      const note = !this.for
        ? 'Set for="…" to the id of an <anim-character>.'
        : this.#character
          ? `#${this.for} has no state graph.`
          : `No <anim-character id="${this.for}"> here.`;
      return html`<div class="empty" part="empty">${note}</div>`;
    }
    const unreachable = new Set(
      graph.problems
        .filter((p) => p.code === 'unreachable-state')
        .map((p) => graph.stateIndex.get(graph.definition.states[Number(/\d+/.exec(p.where)?.[0])]?.name)),
    );
    const pad = 6;
    return html`
      <svg
        part="graph"
        role="img"
        aria-label="State graph of #${this.for}"
        width=${layout.width + pad * 2}
        height=${layout.height + pad * 2}
        viewBox="${-pad} ${-pad} ${layout.width + pad * 2} ${layout.height + pad * 2}"
      >
        <defs>
          ${['', 'active'].map(
            (kind) => svg`<marker id="arrow${kind ? `-${kind}` : ''}" viewBox="0 0 10 10" refX="8" refY="5"
              markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path class="arrowhead ${kind}" d="M0 1 L9 5 L0 9 Z"></path></marker>`,
          )}
        </defs>
        ${layout.bands.map((band) => {
          const layer = graph.layers[band.layer];
          return svg`<rect class="band" x=${band.x} y=${band.y} width=${band.width} height=${band.height} rx="12"></rect>
            <text class="band-name" x=${band.x + 14} y=${band.y + 19}>${layer.name}</text>
            <text class="band-caption" x=${band.x + 14 + layer.name.length * 8.2 + 10} y=${band.y + 19}>${layerCaption(graph, band.layer)}</text>`;
        })}
        ${layout.edges.map((edge) => {
          const title = transitionTitle(graph, edge.transition);
          return svg`<g class="edge" data-transition=${edge.transition}>
            <title>${title}</title>
            <path class="hit" d=${edge.path}></path>
            <path class="line" d=${edge.path} marker-end="url(#arrow)"></path>
            <text class="cond" x=${edge.labelX} y=${edge.labelY}>${conditionText(graph, edge.transition)}</text>
          </g>`;
        })}
        ${layout.nodes.map((node) => {
          const state = node.state;
          const entry = state >= 0 && graph.layers[node.layer].defaultState === state;
          const classes = `node${state < 0 ? ' any' : ''}${entry ? ' entry' : ''}${unreachable.has(state) ? ' unreachable' : ''}`;
          return svg`<g class=${classes} data-state=${state} transform="translate(${node.x} ${node.y})">
            <title>${node.label}${entry ? ' (entry state)' : ''}${node.detail ? `\n${node.detail}` : ''}</title>
            <rect class="box" width=${node.width} height=${node.height} rx="10"></rect>
            <text class="label" x=${node.width / 2} y=${node.detail ? 19 : 26}>${node.label}</text>
            ${node.detail ? svg`<text class="detail" x=${node.width / 2} y="33">${node.detail}</text>` : nothing}
            <rect class="bar" x="10" y=${node.height - 5} width="0" height="2.5" rx="1.25"></rect>
          </g>`;
        })}
      </svg>
      <div class="params" part="params">
        <h3>Params</h3>
        ${
          graph.paramNames.length === 0
            ? html`<div class="empty">none</div>`
            : graph.paramNames.map(
                (name, i) => html`<div class="param">
                  <span class="name">${name}</span><span class="type">${graph.paramTypes[i]}</span>
                  <span class="value" data-param=${i}></span>
                </div>`,
              )
        }
      </div>
    `;
  }

  protected override updated(): void {
    const root = this.renderRoot;
    this.#nodeEls = [...root.querySelectorAll<SVGGElement>('g.node')];
    this.#barEls = this.#nodeEls.map((g) => g.querySelector<SVGRectElement>('.bar')!);
    this.#edgeEls = [...root.querySelectorAll<SVGGElement>('g.edge')];
    this.#valueEls = [...root.querySelectorAll<HTMLElement>('.value[data-param]')];
    this.#nodeClass = this.#nodeEls.map((g) => g.getAttribute('class') ?? '');
    this.#barWidth = new Float64Array(this.#nodeEls.length);
    this.#activeEdges = new Uint8Array(this.#edgeEls.length);
    this.#valueText = this.#valueEls.map(() => '');
    this.#paint();
  }

  /** Writes the live state (current states, fades, weights, params) into the drawing, touching only what changed. */
  #paint(): void {
    const graph = this.#graph;
    const layout = this.#layout;
    const run: CharacterGraph | undefined = characterInternals(this.#character)?.graph;
    if (!graph || !layout || !run) return;
    const instance: GraphInstance | null = run.instance?.graph === graph ? run.instance : null;
    layout.nodes.forEach((node, i) => {
      const el = this.#nodeEls[i];
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
        this.#barEls[i].setAttribute('width', String(width));
        this.#barWidth[i] = width;
      }
    });
    layout.edges.forEach((edge, i) => {
      const el = this.#edgeEls[i];
      if (!el) return;
      const layer = graph.states[graph.transitionTo[edge.transition]].layer;
      const active = instance !== null && instance.transitionOf(layer) === edge.transition ? 1 : 0;
      if (active === this.#activeEdges[i]) return;
      this.#activeEdges[i] = active;
      el.classList.toggle('active', active === 1);
      el.querySelector('.line')!.setAttribute('marker-end', active ? 'url(#arrow-active)' : 'url(#arrow)');
    });
    graph.paramNames.forEach((name, i) => {
      const el = this.#valueEls[i];
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

  #startTimer(): void {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => this.refresh(), this.#interval * 1000);
  }
}

function formatParam(value: number | boolean | undefined): string {
  if (value === undefined) return '–';
  if (typeof value === 'boolean') return value ? '● true' : '○ false';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

function layerCaption(graph: CompiledGraph, l: number): string {
  const layer = graph.layers[l];
  const parts: string[] = [];
  if (layer.mask) parts.push(layer.mask.join(' '));
  if (layer.weightParam >= 0) parts.push(`weight: ${graph.paramNames[layer.weightParam]}`);
  else if (layer.weight !== 1) parts.push(`weight ${layer.weight}`);
  if (layer.additive) parts.push('additive');
  return parts.join(' · ');
}

function conditionText(graph: CompiledGraph, t: number): string {
  const when = graph.definition.transitions?.[graph.transitionSource[t]]?.when?.trim();
  const exit = graph.transitionExit[t];
  const parts = [when || (Number.isNaN(exit) ? 'always' : '')];
  if (!Number.isNaN(exit)) parts.push(`exit ${exit}`);
  return parts.filter((p) => p).join(' · ');
}

function transitionTitle(graph: CompiledGraph, t: number): string {
  const from = graph.transitionFrom[t] < 0 ? 'any state' : graph.states[graph.transitionFrom[t]].name;
  const to = graph.states[graph.transitionTo[t]].name;
  const definition = graph.definition.transitions?.[graph.transitionSource[t]];
  const lines = [`${from} → ${to}`, `when ${definition?.when?.trim() || 'always'}`, `fade ${graph.transitionFade[t]}s`];
  if (!Number.isNaN(graph.transitionExit[t])) lines.push(`exit time ${graph.transitionExit[t]}`);
  if (definition?.priority) lines.push(`priority ${definition.priority}`);
  if (definition?.ease && definition.ease !== 'linear') lines.push(`ease ${definition.ease}`);
  if (definition?.interrupt && definition.interrupt !== 'none') lines.push(`interrupted by ${definition.interrupt}`);
  return lines.join('\n');
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-graph-view': AnimGraphView;
  }
}
