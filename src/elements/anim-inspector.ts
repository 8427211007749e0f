import { html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { describeValue } from '../runtime/describe-value.js';
import { GraphRecorder, type ReplayResult } from '../scene/graph-recorder.js';
import { acceptValue } from './accept-value.js';
import { CharacterPanel, panelStyles } from './character-panel.js';
import { reportError } from './errors.js';
import { paintTimeline, type TimelineColors, timeAtX } from './inspector-paint.js';
import { inspectorStyles } from './inspector-styles.js';
import { type CharacterInternals, characterInternals } from './internals.js';
import { parseTime } from './units.js';

const parseWindow = (text: string) => parseTime(text, { min: 1, max: 20 });
/** The palette's colours the canvas needs, resolved (light-dark() and all) through hidden probes. */
const PROBES = ['text', 'muted', 'border', 'accent', 'marker', 'record'] as const;

export type { ReplayResult };

/**
 * A timeline of one character's state graph, drawn under it: the clips that played and their weights over
 * the last seconds (sync markers as triangles, clip events as ticks where playback crossed them), each
 * layer's state history (a fade drawn paler, state entries as ticks), and every param as a curve. Drag
 * on the timeline (or call `scrub`) to pause the character and put it back where it was at that time —
 * its graph included, so `<anim-graph-view>` beside it shows the state of that moment; `resume()` (or
 * the live button) goes back to the newest frame and lets time run.
 *
 * `record()` starts recording every param change and trigger with the frame it was read on, each frame's
 * time step and pose hash; `stopRecording()` returns the recording as JSON (and keeps it in
 * `recording`). `replay(json)` puts the character back to where the recording started and plays the
 * same changes at the same frames with the same steps (whatever the frame rate now), so every frame
 * gives the same pose; its promise tells how many frames' pose hashes differed (none, when nothing else
 * moved the character). Recording allocates nothing per frame (typed-array rings sized when it starts).
 *
 * @summary A timeline of a character's clips, states, markers and params, with a scrubber, and record and replay.
 *
 * @attr for - The `id` of the `<anim-character>` to inspect (in the same document or shadow root). One that names no character reports `missing-target`.
 * @attr window - Seconds of history shown (or with `s` / `ms`), 1 to 20. Default `6s`.
 * @attr interval - How often the timeline is redrawn, seconds (or with `s` / `ms`), at least 16ms. Default `0.05s`.
 * @attr theme - `auto` (the default: the page's `color-scheme`, else the system's), `light` or `dark`.
 *
 * @prop {string} for - See the `for` attribute.
 * @prop {number} window - See the `window` attribute; seconds.
 * @prop {number} interval - See the `interval` attribute; seconds.
 * @prop {'auto' | 'light' | 'dark'} theme - See the `theme` attribute.
 * @prop {Element | null} character - Read-only: the character inspected, null while `for` names none.
 * @prop {boolean} recording - Read-only: whether a recording is under way.
 * @prop {string | null} lastRecording - Read-only: the JSON of the last recording `stopRecording()` ended.
 * @prop {number} time - Read-only: the timeline's clock (seconds of graph time since the inspector began watching) at the newest frame.
 * @prop {number | null} scrubTime - Read-only: the time the scrubber holds the character at, null while live.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `missing-target` for a `for` naming no character; `bad-recording` for a `replay()` of something that is not a recording of this graph (bad JSON, another format, other params); `bad-attribute` for a bad `window`, `interval` or `theme` (the previous value stays).
 *
 * @csspart toolbar - The row of buttons and the time readout.
 * @csspart timeline - The canvas.
 * @csspart empty - The note shown while there is nothing to draw.
 *
 * @cssprop [--anim-inspector-surface] - Background of the panel.
 * @cssprop [--anim-inspector-text] - Text colour.
 * @cssprop [--anim-inspector-muted] - Axis, section titles, clip events.
 * @cssprop [--anim-inspector-border] - Outlines and grid lines.
 * @cssprop [--anim-inspector-accent] - Weights, param curves and the scrubber.
 * @cssprop [--anim-inspector-marker] - Sync markers.
 * @cssprop [--anim-inspector-record] - The recording mark.
 */
@customElement('anim-inspector')
export class AnimInspector extends CharacterPanel {
  static override styles = [panelStyles, inspectorStyles];

  #window = 6;
  #character: Element | null = null;
  #internals: CharacterInternals | undefined;
  readonly #recorder = new GraphRecorder();
  #lastRecording: string | null = null;
  /** The `for` value last reported as naming nothing (reported once per value). */
  #reportedFor: string | null = null;
  /** Whether the character's rig was paused before the scrubber paused it. */
  #wasPaused = false;
  #dragging = false;

  @property()
  get window(): number {
    return this.#window;
  }
  set window(value: number | string | null | undefined) {
    this.#window = acceptValue(this, 'window', value, parseWindow, this.#window, 6);
  }

  get character(): Element | null {
    return this.#character;
  }

  get recording(): boolean {
    return this.#recorder.recording !== null;
  }

  get lastRecording(): string | null {
    return this.#lastRecording;
  }

  get time(): number {
    return this.#recorder.clock;
  }

  get scrubTime(): number | null {
    const h = this.#recorder.history;
    const k = this.#recorder.scrubbed;
    return h && k >= 0 ? h.time[h.row(k)] : null;
  }

  constructor() {
    super(0.05);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resume();
    this.#attach(null);
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (changed.has('for')) queueMicrotask(() => this.refresh());
    this.#paint();
  }

  /** Finds the character (`for`) again and redraws the timeline now (it also does so every `interval`). */
  refresh(): void {
    const found = this.forTarget();
    const internals = characterInternals(found);
    if (!internals && this.for && this.#reportedFor !== this.for && this.isConnected) {
      this.#reportedFor = this.for;
      reportError(this, 'missing-target', `for=${describeValue(this.for)}: no <anim-character> has that id here`);
    }
    if (internals) this.#reportedFor = null;
    if ((internals ? found : null) !== this.#character) {
      this.#attach(internals ? found : null);
      this.requestUpdate();
    }
    this.#paint();
  }

  // ——— record and replay ———

  /** Starts recording the character's param changes and pose hashes from now (a recording under way restarts). */
  record(): void {
    if (!this.#recorder.record()) {
      reportError(this, 'bad-recording', `record(): #${this.for} has no running state graph to record`);
    }
    this.requestUpdate();
  }

  /** Ends the recording and returns it as JSON (also kept in `lastRecording`); null when none was under way. */
  stopRecording(): string | null {
    const recording = this.#recorder.recording;
    if (!recording) return null;
    this.#recorder.recording = null;
    this.#lastRecording = JSON.stringify(recording.toJSON());
    this.requestUpdate();
    return this.#lastRecording;
  }

  /**
   * Replays a recording (JSON text, or the parsed object) from its start; resolves after its last frame
   * with how many frames' pose hashes differed from the recording's. Something that is not a recording
   * of this character's graph reports `bad-recording` and resolves to null.
   */
  replay(json: unknown): Promise<ReplayResult | null> {
    this.#unpauseRig();
    const result = this.#recorder.replay(json);
    if (typeof result === 'string') {
      reportError(this, 'bad-recording', `replay(): ${result}`);
      return Promise.resolve(null);
    }
    return result;
  }

  /** The hash of the character's graph pose now (see `replay`): equal hashes, equal poses. */
  poseHash(): number {
    return this.#recorder.hashNow();
  }

  // ——— scrubbing ———

  /** Pauses the character at the newest frame (scrub from there). */
  pause(): void {
    const h = this.#recorder.history;
    if (h && h.count > 0) this.scrub(h.time[h.row(h.count - 1)]);
  }

  /**
   * Pauses the character and puts it (graph, params and pose) back to the frame of its history nearest
   * `time` (the timeline's clock, see `time`). Does nothing while a replay runs or before the first frame.
   */
  scrub(time: number): void {
    const internals = this.#internals;
    const h = this.#recorder.history;
    const rig = internals?.rig;
    if (!h || !rig || !Number.isFinite(time)) return;
    const live = this.#recorder.scrubbed < 0;
    if (!this.#recorder.scrub(h.frameAt(time))) return;
    if (live) this.#wasPaused = rig.paused;
    rig.paused = true;
    rig.update(0);
    this.#paint();
  }

  /** Back to the newest frame; time runs again (unless the character was paused before). */
  resume(): void {
    if (this.#recorder.scrubbed < 0) return;
    this.#recorder.resume();
    this.#unpauseRig();
    this.#internals?.rig?.update(0);
    this.#paint();
  }

  #unpauseRig(): void {
    const rig = this.#internals?.rig;
    if (this.#recorder.scrubbed >= 0) this.#recorder.resume();
    if (rig?.paused && !this.#wasPaused) rig.paused = false;
    this.#wasPaused = false;
  }

  #attach(character: Element | null): void {
    const old = this.#internals?.graph;
    if (old && old.observer === this.#recorder) old.observer = null;
    this.#character = character;
    this.#internals = characterInternals(character);
    if (this.#internals) this.#internals.graph.observer = this.#recorder;
  }

  // ——— drawing ———

  protected override render() {
    const h = this.#recorder.history;
    const recording = this.recording;
    const scrubbing = this.#recorder.scrubbed >= 0;
    const note = !this.for
      ? 'Set for="…" to the id of an <anim-character>.'
      : !this.#character
        ? `No <anim-character id="${this.for}"> here.`
        : !h
          ? `#${this.for} has no running state graph yet.`
          : '';
    return html`
      <div class="toolbar" part="toolbar">
        <button class="record ${recording ? 'on' : ''}" @click=${() => (recording ? this.stopRecording() : this.record())}>
          ${recording ? '■ Stop' : '● Record'}
        </button>
        <button @click=${() => (scrubbing ? this.resume() : this.pause())}>${scrubbing ? '▶ Live' : '❚❚ Pause'}</button>
        <button ?disabled=${!this.#lastRecording} @click=${() => this.#lastRecording && this.replay(this.#lastRecording)}>
          ↻ Replay
        </button>
        <span class="readout"></span>
      </div>
      ${note ? html`<div class="empty" part="empty">${note}</div>` : ''}
      <div class="probes">${PROBES.map((name) => html`<i data-color=${name} style="color: var(--_${name})"></i>`)}</div>
      <canvas
        part="timeline"
        ?hidden=${note !== ''}
        @pointerdown=${this.#pointer}
        @pointermove=${this.#pointer}
        @pointerup=${this.#release}
        @pointercancel=${this.#release}
      ></canvas>
    `;
  }

  #pointer = (e: PointerEvent): void => {
    if (e.type === 'pointerdown') {
      this.#dragging = true;
      (e.target as Element).setPointerCapture?.(e.pointerId);
    }
    if (!this.#dragging) return;
    const canvas = e.target as HTMLCanvasElement;
    const box = canvas.getBoundingClientRect();
    const h = this.#recorder.history;
    if (!h || h.count === 0) return;
    const end = h.time[h.row(h.count - 1)];
    this.scrub(timeAtX(e.clientX - box.left, box.width, end, this.#window));
  };

  #release = (): void => {
    this.#dragging = false;
  };

  #paint(): void {
    const canvas = this.renderRoot.querySelector?.('canvas');
    const history = this.#recorder.history;
    const readout = this.renderRoot.querySelector?.('.readout');
    if (readout) {
      const scrub = this.scrubTime;
      readout.textContent = `${scrub === null ? 'live' : `at ${(scrub - this.time).toFixed(2)}s`} · ${this.time.toFixed(2)}s`;
    }
    if (!canvas || !history) {
      if (history && !canvas) this.requestUpdate();
      return;
    }
    if (canvas.hidden) this.requestUpdate();
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    const width = Math.max(240, Math.round(this.clientWidth - 24) || 640);
    const ratio = globalThis.devicePixelRatio || 1;
    const model = {
      history,
      window: this.#window,
      markers: this.#clipTimes('markers'),
      events: this.#clipTimes('events'),
      scrub: this.scrubTime ?? Number.NaN,
      recording: this.recording,
    };
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const height = paintTimeline(ctx, width, model, this.#colors());
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      paintTimeline(ctx, width, model, this.#colors());
    }
  }

  /** Marker or event times per logical clip of the graph, seconds of the clip (from the character's clips by name). */
  #clipTimes(kind: 'markers' | 'events'): number[][] {
    const graph = this.#recorder.source?.graph;
    const library = this.#internals?.rig?.library;
    if (!graph || !library) return [];
    return graph.clipNames.map((name) => {
      const clip = library.clips[library.indexByName.get(name) ?? -1];
      return clip ? (clip[kind] ?? []).map((m) => m.time) : [];
    });
  }

  #colors(): TimelineColors {
    const read = (name: (typeof PROBES)[number]) => {
      const probe = this.renderRoot.querySelector(`[data-color=${name}]`);
      return probe ? getComputedStyle(probe).color : '#888';
    };
    return {
      text: read('text'),
      muted: read('muted'),
      border: read('border'),
      accent: read('accent'),
      marker: read('marker'),
      record: read('record'),
    };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-inspector': AnimInspector;
  }
}
