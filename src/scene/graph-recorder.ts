import { GraphHistory } from '../graph/history.js';
import { GraphRecording, parseRecording } from '../graph/recording.js';
import { GraphSnapshot } from '../graph/snapshot.js';
import { PoseHasher } from '../runtime/pose-hash.js';
import type { GraphSource } from './graph-source.js';

/**
 * Told around each update of a character's graph (see CharacterGraph.observer): `before` gets the step and
 * returns the step to run (a replay runs the recorded one), `after` sees the result. Never throws.
 */
export interface GraphObserver {
  before(dt: number, source: GraphSource): number;
  after(dt: number, source: GraphSource): void;
}

/** How a replay went: frames replayed and how many gave another pose hash than recorded (the first, -1 if none). */
export interface ReplayResult {
  frames: number;
  mismatches: number;
  firstMismatch: number;
  /** The replay's own pose hash per frame. */
  hashes: Uint32Array;
}

interface Replay {
  readonly data: GraphRecording;
  frame: number;
  change: number;
  /** The params as the recording had them (triggers consumed), laid over the live ones every frame. */
  readonly mirror: Float64Array;
  readonly hashes: Uint32Array;
  mismatches: number;
  firstMismatch: number;
  readonly done: (result: ReplayResult) => void;
}

/** Frames the history keeps (about 20 s at 60 fps), and the room a recording starts with. */
const HISTORY_FRAMES = 1200;
const RECORD_FRAMES = 60 * 60 * 10;
const RECORD_CHANGES = 1 << 16;

/**
 * The inspector's side of a character's graph: a history of the last frames (GraphHistory), a recording
 * of param changes and pose hashes (GraphRecording) and their replay, and scrubbing (the run put back to a
 * frame of the history while time stands still). A new graph source (an edit of the graph) starts a new
 * history. Per frame it allocates nothing.
 */
export class GraphRecorder implements GraphObserver {
  history: GraphHistory | null = null;
  recording: GraphRecording | null = null;
  /** Seconds of graph time since the history began (the timeline's clock). */
  clock = 0;
  /** The frame of the history the run was put back to, -1 while live. */
  scrubbed = -1;
  #source: GraphSource | null = null;
  #snapshot: GraphSnapshot | null = null;
  #hasher: PoseHasher | null = null;
  /** The params after the last update: a change is a difference from them. */
  #last = new Float64Array(0);
  #replay: Replay | null = null;

  /** The graph source observed (null before its first frame). */
  get source(): GraphSource | null {
    return this.#source;
  }

  get replaying(): boolean {
    return this.#replay !== null;
  }

  before(dt: number, source: GraphSource): number {
    if (source !== this.#source) this.#bind(source);
    if (this.scrubbed >= 0) return 0;
    const params = source.params;
    const replay = this.#replay;
    if (replay) {
      const { data } = replay;
      params.set(replay.mirror);
      while (replay.change < data.changes && data.changeFrame[replay.change] === replay.frame) {
        params[data.changeParam[replay.change]] = data.changeValue[replay.change];
        replay.change++;
      }
      return data.dt[replay.frame];
    }
    const recording = this.recording;
    if (recording && !recording.full) {
      const last = this.#last;
      for (let i = 0; i < params.length; i++) if (!same(params[i], last[i])) recording.addChange(i, params[i]);
    }
    return dt;
  }

  after(dt: number, source: GraphSource): void {
    if (this.scrubbed >= 0 || source !== this.#source) return;
    const hash = this.#hasher!.hash();
    const replay = this.#replay;
    if (replay) {
      replay.hashes[replay.frame] = hash;
      if (hash !== replay.data.hashes[replay.frame]) {
        if (replay.mismatches++ === 0) replay.firstMismatch = replay.frame;
      }
      replay.mirror.set(source.params);
      if (++replay.frame >= replay.data.frames) this.#endReplay();
    } else if (this.recording && !this.recording.full) this.recording.addFrame(dt, hash);
    this.#last.set(source.params);
    this.clock += dt;
    const history = this.history!;
    this.#snapshot!.save(history.snapshots, history.nextRow * history.snapshotSize);
    history.push(this.clock, source.instance, source.params, hash);
  }

  /** The pose hash of the graph's pose now (PoseHasher); 0 before the first frame. */
  hashNow(): number {
    return this.#hasher?.hash() ?? 0;
  }

  /** Starts recording from the run's state now (a recording under way is dropped). False without a graph yet. */
  record(): boolean {
    const source = this.#source;
    if (!source) return false;
    const recording = new GraphRecording(source.graph.paramNames, this.#snapshot!.size, RECORD_FRAMES, RECORD_CHANGES);
    this.#snapshot!.save(recording.start, 0);
    this.#last.set(source.params);
    this.recording = recording;
    return true;
  }

  /**
   * Replays a recording (its JSON or parsed form) from its start state; the promise settles when its last
   * frame has run. A string is returned instead when the recording cannot be replayed on this graph.
   */
  replay(input: unknown): Promise<ReplayResult> | string {
    const source = this.#source;
    if (!source) return 'the character has no running graph yet';
    const data = parseRecording(input, source.graph.paramNames, this.#snapshot!.size);
    if (typeof data === 'string') return data;
    this.#endReplay();
    this.recording = null;
    this.resume(false);
    this.#snapshot!.restore(data.start, 0);
    return new Promise((done) => {
      this.#replay = {
        data,
        frame: 0,
        change: 0,
        mirror: Float64Array.from(source.params),
        hashes: new Uint32Array(data.frames),
        mismatches: 0,
        firstMismatch: -1,
        done,
      };
      if (data.frames === 0) this.#endReplay();
    });
  }

  /** Puts the run back to history frame k (0 = oldest) and holds it there; false when there is no such frame. */
  scrub(k: number): boolean {
    const history = this.history;
    if (!history || this.#replay || !(k >= 0 && k < history.count)) return false;
    this.scrubbed = k;
    this.#snapshot!.restore(history.snapshots, history.row(k) * history.snapshotSize);
    return true;
  }

  /** Back to the newest frame and live (`restore` false: leave the run where it is). */
  resume(restore = true): void {
    const history = this.history;
    if (this.scrubbed >= 0 && restore && history && history.count > 0)
      this.#snapshot!.restore(history.snapshots, history.row(history.count - 1) * history.snapshotSize);
    this.scrubbed = -1;
  }

  #bind(source: GraphSource): void {
    this.#endReplay();
    this.#source = source;
    this.#snapshot = new GraphSnapshot(source.instance, source.params);
    this.#hasher = new PoseHasher(source.pose);
    this.#last = Float64Array.from(source.params);
    this.history = new GraphHistory(source.graph, HISTORY_FRAMES, this.#snapshot.size);
    this.recording = null;
    this.scrubbed = -1;
  }

  #endReplay(): void {
    const replay = this.#replay;
    if (!replay) return;
    this.#replay = null;
    const { frame, mismatches, firstMismatch, hashes } = replay;
    replay.done({ frames: frame, mismatches, firstMismatch, hashes });
  }
}

/** Equal, NaN counting as equal to NaN. */
function same(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}
