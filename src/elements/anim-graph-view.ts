import { html, nothing, svg } from 'lit';
import { customElement } from 'lit/decorators.js';
import type { GraphLayout } from '../graph/graph-layout.js';
import type { CompiledGraph } from '../graph/index.js';
import { CharacterPanel, panelStyles } from './character-panel.js';
import { CodeFetch } from './code-fetch.js';
import { graphViewCode } from './graph-view-code.js';
import type { GraphViewPaint } from './graph-view-paint.js';
import { graphViewStyles } from './graph-view-styles.js';
import { characterInternals } from './internals.js';

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
 * The drawing's code (layout, labels, live paint) is fetched the first time a view has a graph to draw, so a
 * page that defines every element but shows no graph never loads it; `updateComplete` waits for it.
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
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `interval` or `theme` (`bad-attribute`; the previous value stays); `load-failed` when the drawing's code cannot be fetched (tried again for another graph).
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
export class AnimGraphView extends CharacterPanel {
  static override styles = [panelStyles, graphViewStyles];

  #character: GraphHost | null = null;
  #graph: CompiledGraph | null = null;
  #layout: GraphLayout | null = null;
  /** The live part of the drawing, found after each render. */
  #live: GraphViewPaint | null = null;

  constructor() {
    super(0.1);
  }

  get character(): Element | null {
    return this.#character;
  }

  /** Brings the drawing up to date now (it also does so every `interval`): redrawn if the graph changed, else only the live highlights and values. */
  refresh(): void {
    const found = this.forTarget();
    const character = isGraphHost(found) ? found : null;
    const graph = characterInternals(character)?.graph.compiled ?? null;
    if (character !== this.#character || graph !== this.#graph) {
      // another graph than the one whose fetch failed tries again; the same one waits for a change
      if (graph && this.#code.failed && graph !== this.#failedFor) this.#code.retry();
      const code = graph ? this.#code.need() : graphViewCode.loaded;
      if (graph && !code) {
        if (!this.#code.failed) this.#fetchingFor = graph;
        this.requestUpdate();
        return;
      }
      this.#failedFor = null;
      this.#character = character;
      this.#graph = graph;
      this.#layout = graph && code ? code.layoutGraph(graph) : null;
      this.requestUpdate();
      return; // updated() paints the live state once the new drawing is in
    }
    this.#paint();
  }

  /** The drawing's code (updateComplete waits for it while it is on its way). */
  readonly #code = new CodeFetch(
    this,
    graphViewCode,
    "the graph view's drawing code",
    () => this.refresh(),
    () => {
      this.#failedFor = this.#fetchingFor;
      this.requestUpdate();
    },
  );
  /** The graph the code is fetched for; it becomes `#failedFor` when the fetch fails. */
  #fetchingFor: CompiledGraph | null = null;
  /** The graph whose drawing's code could not be fetched: tried again for another graph, not every refresh. */
  #failedFor: CompiledGraph | null = null;

  protected override getUpdateComplete(): Promise<boolean> {
    return this.#code.afterUpdates(() => super.getUpdateComplete());
  }

  protected override render() {
    const graph = this.#graph;
    const layout = this.#layout;
    const code = graphViewCode.loaded;
    if (!graph || !layout || !code) {
      const note = !this.for
        ? 'Set for="…" to the id of an <anim-character>.'
        : this.#code.fetching
          ? `Drawing the graph of #${this.for}…`
          : this.#failedFor
            ? `The drawing's code could not be fetched.`
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
            <text class="band-caption" x=${band.x + 14 + layer.name.length * 8.2 + 10} y=${band.y + 19}>${code.layerCaption(graph, band.layer)}</text>`;
        })}
        ${layout.edges.map((edge) => {
          const title = code.transitionTitle(graph, edge.transition);
          return svg`<g class="edge" data-transition=${edge.transition}>
            <title>${title}</title>
            <path class="hit" d=${edge.path}></path>
            <path class="line" d=${edge.path} marker-end="url(#arrow)"></path>
            <text class="cond" x=${edge.labelX} y=${edge.labelY}>${code.conditionText(graph, edge.transition)}</text>
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
    const code = graphViewCode.loaded;
    this.#live = code ? new code.GraphViewPaint(this.renderRoot) : null;
    this.#paint();
  }

  /** Writes the live state (current states, fades, weights, params) into the drawing. */
  #paint(): void {
    const run = characterInternals(this.#character)?.graph;
    if (this.#graph && this.#layout && run) this.#live?.paint(this.#graph, this.#layout, run);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-graph-view': AnimGraphView;
  }
}
