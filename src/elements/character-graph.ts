/**
 * The state graph of one `<anim-character>`: its markup (and graph file or preset) compiled into a graph,
 * run as the rig's pose source while a model is bound, its params, its problems reported once each, and
 * its events turned into DOM events after the frame. The character forwards its graph API here.
 */
import {
  type CompiledGraph,
  compileGraphPaced,
  compileGraphShared,
  createParams,
  type GraphDefinition,
  type GraphInstance,
  locomotionGraph,
  type Paced,
  type ParamType,
  parseGraphJson,
} from '../graph/index.js';
import type { Pose, RootMotionOptions } from '../runtime/core.js';
import { describeValue } from '../runtime/describe-value.js';
import type { CharacterRig } from '../scene/character-rig.js';
import type { ClipLibrary } from '../scene/clip-library.js';
import type { GraphObserver } from '../scene/graph-recorder.js';
import type { GraphSource } from '../scene/graph-source.js';
import type { TimedPoseSource } from '../scene/pose-pipeline.js';
import type { RootMotionSource } from '../scene/rig-root-motion.js';
import { loadedCharacterCode } from './character-code.js';
import { queueGraphEvents } from './character-graph-events.js';
import { bindingReports, graphReports, reportNew } from './character-graph-reports.js';
import { reportCaught, reportError } from './errors.js';
import { type GraphSources, hasGraphMarkup, mergeGraph } from './graph-markup.js';
import { coerceParamValue } from './graph-values.js';
import { SlicedWork } from './sliced-work.js';

/**
 * From this many states and transitions on, an edit to a running graph compiles in slices between frames
 * (10,000 of each take tens of ms to compile, more than a frame); smaller graphs compile at once.
 */
export const SLICED_FROM_ITEMS = 2000;

/** The `graph` word that names the built-in locomotion graph instead of a file. */
export const LOCOMOTION_PRESET = 'locomotion';

/**
 * The pose source a character's graph puts on its rig. Besides the pose it answers what code holding only
 * the rig asks of a state graph source (a controller setting locomotion params): setParam, getParam, state.
 */
export interface GraphDriver extends RootMotionSource, TimedPoseSource {
  /** Sets a param quietly (coerced to its type); false for an unknown name or a value of the wrong kind. */
  setParam(name: string, value: number | boolean): boolean;
  getParam(name: string): number | boolean | undefined;
  /** The params array the graph reads now (a new compile or binding makes a new one). */
  readonly params: Float64Array;
  /** The state a layer (default the base) is in or fading to. */
  state(layer?: number): string | null;
}

/** A param that takes `values[index]` before each update of the graph (a crowd's agent speeds). */
export interface ParamFeed {
  readonly name: string;
  readonly values: Float32Array;
  readonly index: number;
}

/** A param name must be text: anything else is one `unknown-param` quoting it (never a TypeError). */
function isName(reporter: Element, call: string, name: unknown): name is string {
  if (typeof name === 'string') return true;
  reportError(reporter, 'unknown-param', `${call}(${describeValue(name)}): a param name is text`);
  return false;
}

export class CharacterGraph {
  readonly #host: Element;
  readonly #redraw: () => void;
  #src: string | null = null;
  #file: GraphDefinition | null = null;
  #loading: AbortController | null = null;
  /** A large graph's compile in flight (see `#refresh`). */
  #compiling: SlicedWork<{ graph: CompiledGraph; sources: GraphSources }> | null = null;
  #dirty = false;
  #refreshQueued = false;
  #compiled: CompiledGraph | null = null;
  #sources: GraphSources | null = null;
  #params: Float64Array = new Float64Array(0);
  /** Params set while a graph file loads, applied once it has. */
  readonly #pending = new Map<string, unknown>();
  #reportedGraph = new Set<string>();
  #reportedBinding = new Set<string>();
  #rig: CharacterRig | undefined;
  #source: GraphSource | null = null;
  /** The clip library `#source` was bound against; a new one (an `<anim-clip>` edit) rebinds. */
  #library: ClipLibrary | null = null;

  /** Root-motion extraction the rig asked of the driver, handed on to each graph source bound. */
  #rootMotion: RootMotionOptions | null = null;

  /** What the rig runs while the graph drives it (extracting root motion from the graph's base layer). */
  readonly driver: GraphDriver;
  /** Told around each update of the graph (an `<anim-inspector>` recording or replaying it). */
  observer: GraphObserver | null = null;
  #feed: ParamFeed | null = null;
  /** The params array the feed's slot was found in, and the slot (-1: written by name, as setParam does). */
  #fedParams: Float64Array | null = null;
  #fedSlot = -1;

  constructor(host: Element, redraw: () => void) {
    this.#host = host;
    this.#redraw = redraw;
    const graph = this;
    this.driver = {
      update: (dt, posed) => graph.#frame(dt, posed),
      skipsPose: true,
      get pose(): Pose {
        return graph.#source?.pose ?? graph.#rig!.playback.pose;
      },
      bindRootMotion: (options) => {
        graph.#rootMotion = options;
        return graph.#source?.bindRootMotion(options) ?? null;
      },
      setParam: (name, value) => graph.#write(name, value),
      getParam: (name) => graph.paramValue(name),
      get params(): Float64Array {
        return graph.#params;
      },
      state: (layer = 0) => graph.#source?.state(layer) ?? null,
      get time(): number {
        return graph.#source?.time ?? 0;
      },
      set time(seconds: number) {
        if (graph.#source) graph.#source.time = seconds;
      },
      get duration(): number {
        return graph.#source?.duration ?? 0;
      },
    };
  }

  // ——— configuration ———

  /** The `graph` attribute: a file's URL, `locomotion`, or null. The last one set wins. */
  get src(): string | null {
    return this.#src;
  }
  set src(value: string | null) {
    if (value === this.#src) return;
    this.#src = value;
    this.#loading?.abort();
    this.#loading = null;
    this.#file = value === LOCOMOTION_PRESET ? locomotionGraph() : null;
    if (value !== null && value !== LOCOMOTION_PRESET) void this.#load(value);
    this.markupChanged();
  }

  /** The markup changed: read and compiled again before the next frame (or the next question asked). */
  markupChanged(): void {
    this.#dirty = true;
    if (!this.#refreshQueued) {
      this.#refreshQueued = true;
      queueMicrotask(() => {
        this.#refreshQueued = false;
        this.#refresh();
      });
    }
    this.#redraw();
  }

  /** Runs the graph on `rig` (a model was bound). */
  attach(rig: CharacterRig): void {
    this.#rig = rig;
    this.#source = null;
    this.#refresh();
    if (this.#compiled) this.#bind();
  }

  /** The model went away: its graph run with it (params and graph stay). */
  detach(): void {
    this.#rig = undefined;
    this.#source = null;
    this.#library = null;
    this.#reportedBinding.clear();
  }

  // ——— what the character and the graph view read ———

  /** The compiled graph, null when the character has none. */
  get compiled(): CompiledGraph | null {
    this.#refresh();
    return this.#compiled;
  }

  /** The running instance, null until a model is bound (or without a graph). */
  get instance(): GraphInstance | null {
    return this.#source?.instance ?? null;
  }

  /** Whether a graph drives the character's pose (a model is bound and a graph compiled). */
  get driving(): boolean {
    return this.#source !== null;
  }

  /** The base layer's state (the one it is in or fading to); before a model binds, its entry state. */
  get state(): string | null {
    const graph = this.compiled;
    if (!graph) return null;
    if (this.#source) return this.#source.state(0);
    const entry = graph.layers[0].defaultState;
    return entry < 0 ? null : graph.states[entry].name;
  }

  /** A fresh snapshot of every param by name (bools and triggers as booleans). */
  get params(): Record<string, number | boolean> {
    const graph = this.compiled;
    const out: Record<string, number | boolean> = {};
    if (graph) for (const name of graph.paramNames) out[name] = this.#read(graph, name)!;
    return out;
  }

  /** A param's value, undefined when there is none by that name. */
  paramValue(name: string): number | boolean | undefined {
    const graph = this.compiled;
    return graph ? this.#read(graph, name) : undefined;
  }

  // ——— params ———

  /**
   * Sets a param (coerced to its type). An unknown name reports `unknown-param`, a value its type cannot
   * hold `type-mismatch`, both on `reporter` (the character, or the `<anim-param>` that was set).
   */
  setParam(reporter: Element, name: string, value: unknown, call = 'setParam'): void {
    if (!isName(reporter, call, name)) return;
    const graph = this.compiled;
    if ((this.#loading || this.#compiling) && !graph?.paramIndex.has(name)) {
      this.#pending.set(name, value);
      return;
    }
    const index = graph?.paramIndex.get(name);
    if (!graph || index === undefined) {
      const known = graph?.paramNames.join(', ') || 'none';
      const quoted = describeValue(name);
      reportError(reporter, 'unknown-param', `${call}(${quoted}): the graph has no param ${quoted} (params: ${known})`);
      return;
    }
    if (!this.#write(name, value)) {
      const type = graph.paramTypes[index];
      reportError(
        reporter,
        'type-mismatch',
        `${call}("${name}", ${describeValue(value)}): "${name}" is a ${type} param and takes ${expects(type)}`,
      );
      return;
    }
    this.#redraw();
  }

  /** Writes a param coerced to its type; false (nothing written) for an unknown name or a value that does not fit. */
  #write(name: string, value: unknown): boolean {
    const graph = this.#compiled;
    const index = graph?.paramIndex.get(name);
    if (!graph || index === undefined) return false;
    const type = graph.paramTypes[index];
    const coerced = coerceParamValue(type, value);
    if (coerced === undefined) return false;
    this.#params[index] =
      typeof coerced === 'boolean' ? (coerced ? 1 : 0) : type === 'int' ? Math.trunc(coerced) : coerced;
    return true;
  }

  /** Reads a param; an unknown name reports `unknown-param` and gives undefined. */
  getParam(reporter: Element, name: string): number | boolean | undefined {
    if (!isName(reporter, 'getParam', name)) return undefined;
    const value = this.paramValue(name);
    if (value === undefined && !((this.#loading || this.#compiling) && this.#pending.has(name))) {
      const known = this.#compiled?.paramNames.join(', ') || 'none';
      reportError(
        reporter,
        'unknown-param',
        `getParam(${describeValue(name)}): the graph has no param ${describeValue(name)} (params: ${known})`,
      );
    }
    return value;
  }

  /** Fires a trigger param; a param of another type reports `type-mismatch`. */
  trigger(reporter: Element, name: string): void {
    if (!isName(reporter, 'trigger', name)) return;
    const graph = this.compiled;
    const index = graph?.paramIndex.get(name);
    if (graph && index !== undefined && graph.paramTypes[index] !== 'trigger') {
      reportError(
        reporter,
        'type-mismatch',
        `trigger("${name}"): "${name}" is a ${graph.paramTypes[index]} param, not a trigger (use setParam)`,
      );
      return;
    }
    this.setParam(reporter, name, true, 'trigger');
  }

  #read(graph: CompiledGraph, name: string): number | boolean | undefined {
    const i = graph.paramIndex.get(name);
    if (i === undefined) return undefined;
    const type = graph.paramTypes[i];
    return type === 'bool' || type === 'trigger' ? this.#params[i] !== 0 : this.#params[i];
  }

  // ——— compiling and binding ———

  async #load(url: string): Promise<void> {
    const controller = new AbortController();
    this.#loading = controller;
    let definition: GraphDefinition | null = null;
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
      const text = await response.text();
      if (controller.signal.aborted) return;
      const parsed = parseGraphJson(text);
      definition = parsed.definition;
      for (const p of parsed.problems) reportError(this.#host, 'bad-graph', `graph "${url}": ${p.message}`);
    } catch (error) {
      if (controller.signal.aborted) return;
      reportError(
        this.#host,
        'load-failed',
        `graph "${url}" could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (this.#loading !== controller) return;
    this.#loading = null;
    this.#file = definition;
    this.#dirty = true;
    this.#refresh();
    if (this.#rig && this.#compiled && !this.#source) this.#bind();
    this.#redraw();
  }

  /**
   * Reads and compiles the graph again if anything changed (never while a graph file is on its way). A
   * large graph edited while it runs compiles in slices between frames, the graph in force running until
   * the new one is ready; a newer edit drops a compile in flight.
   */
  #refresh(): void {
    if (!this.#dirty) return;
    this.#compiling?.cancel();
    this.#compiling = null;
    if (this.#loading) return;
    this.#dirty = false;
    if (this.#file === null && !hasGraphMarkup(this.#host)) {
      this.#compiled = null;
      this.#sources = null;
      this.#params = new Float64Array(0);
      this.#source = null;
      this.#reportedGraph = reportNew(this.#reportedGraph, []);
      this.#reportedBinding.clear();
      return;
    }
    const previous = this.#compiled;
    if (previous === null || previous.states.length + previous.transitionCount < SLICED_FROM_ITEMS) {
      const sources = mergeGraph(this.#host, this.#file);
      // characters whose graphs read the same share one compiled graph (a crowd reads one copy of its tables)
      this.#install(compileGraphShared(sources.definition), sources);
      return;
    }
    this.#compiling = new SlicedWork(
      this.#compileSteps(),
      ({ graph, sources }) => {
        this.#compiling = null;
        this.#install(graph, sources);
        this.#redraw();
      },
      (error) => {
        this.#compiling = null;
        reportCaught(this.#host, error, 'graph');
      },
    );
  }

  /** Reads the markup and compiles it, pausing between the two and every few hundred items of the compile. */
  *#compileSteps(): Paced<{ graph: CompiledGraph; sources: GraphSources }> {
    const sources = mergeGraph(this.#host, this.#file);
    yield;
    return { graph: yield* compileGraphPaced(sources.definition), sources };
  }

  /** Puts a compiled graph in force: params carried over by name, its problems reported, bound to the rig. */
  #install(graph: CompiledGraph, sources: GraphSources): void {
    const previous = this.#compiled;
    const params = createParams(graph);
    // every param keeps its value across an edit (by name, when its type is unchanged)
    if (previous) {
      graph.paramNames.forEach((name, i) => {
        const old = previous.paramIndex.get(name);
        if (old !== undefined && previous.paramTypes[old] === graph.paramTypes[i]) params[i] = this.#params[old];
      });
    }
    this.#compiled = graph;
    this.#sources = sources;
    this.#params = params;
    this.#reportedGraph = reportNew(this.#reportedGraph, graphReports(this.#host, graph, sources, this.#src));
    const pending = [...this.#pending];
    this.#pending.clear();
    for (const [name, value] of pending) this.setParam(this.#host, name, value);
    if (this.#rig) this.#bind();
  }

  /** A new graph source on the rig's clips, carrying on from the previous one's states and times. */
  #bind(): void {
    const rig = this.#rig!;
    const library = rig.library;
    const source = loadedCharacterCode().rigGraphSource(rig, this.#compiled!);
    source.params.set(this.#params);
    this.#params = source.params;
    if (this.#source) source.instance.carryOver(this.#source.instance);
    this.#source = source;
    this.#library = library;
    // the rig extracts root motion through the driver: have it bind the new source
    if (this.#rootMotion !== null) rig.rootMotion.rebind();
    this.#reportedBinding = reportNew(
      this.#reportedBinding,
      bindingReports(this.#host, source, rig.clipNames, this.#sources, this.#src),
    );
    if (rig.source === rig.playback) rig.source = this.driver;
  }

  // ——— the frame ———

  /** Has a param take a value from an array before each update of the graph (null: no longer). */
  feedParam(feed: ParamFeed | null): void {
    this.#feed = feed;
    this.#fedParams = null;
  }

  /** The fed param's value now, into its slot (found again after a compile), or by name when not a float. */
  #applyFeed(feed: ParamFeed): void {
    const value = feed.values[feed.index];
    const params = this.#params;
    if (params !== this.#fedParams) {
      this.#fedParams = params;
      const index = this.#compiled?.paramIndex.get(feed.name) ?? -1;
      this.#fedSlot = index >= 0 && this.#compiled!.paramTypes[index] === 'float' ? index : -1;
    }
    if (this.#fedSlot >= 0) params[this.#fedSlot] = value;
    else this.#write(feed.name, value);
  }

  #frame(dt: number, posed = true): void {
    const rig = this.#rig;
    if (!rig) return;
    if (this.#dirty) this.#refresh();
    if (this.#source && rig.library !== this.#library) this.#bind();
    const source = this.#source;
    if (!source) {
      // the graph went away: the clip playback takes over from the next frame
      rig.playback.update(dt, posed);
      if (rig.source === this.driver) rig.source = rig.playback;
      return;
    }
    if (this.#feed !== null) this.#applyFeed(this.#feed);
    const observer = this.observer;
    const step = observer ? observer.before(dt, source) : dt;
    source.update(step * Math.max(0, rig.speed), posed);
    observer?.after(step, source);
    queueGraphEvents(this.#host, source);
  }
}

function expects(type: ParamType): string {
  return type === 'float' ? 'a number' : type === 'int' ? 'a whole number' : 'true or false';
}
