/**
 * A recorded run of a character's state graph: where it started (a GraphSnapshot row), then per frame its
 * time step and the hash of the pose it gave, and every param change (a trigger fired is a change to 1)
 * with the frame it was read on. Replaying it from the same start with the same steps and changes gives
 * the same pose at every frame. Recording writes into typed arrays sized when it starts: nothing is
 * allocated per frame; past their capacity it stops and says so (`full`).
 */

/** The JSON form (`JSON.stringify(recording.toJSON())`). */
export interface RecordingJson {
  format: typeof RECORDING_FORMAT;
  version: 1;
  /** The graph's params by name, in the order `changes` and `start` use. */
  params: string[];
  /** The GraphSnapshot row the run started from (params, then the graph's state). */
  start: number[];
  /** Seconds per frame. */
  dt: number[];
  /** [frame, param index, value] for each change, in order. */
  changes: [number, number, number][];
  /** Each frame's pose hash (PoseHasher), to check a replay against. */
  hashes: number[];
}

export const RECORDING_FORMAT = 'anim-recording';

export class GraphRecording {
  frames = 0;
  changes = 0;
  /** Whether it ran out of room (frames or changes): it stopped there. */
  full = false;
  readonly start: Float64Array;
  readonly dt: Float64Array;
  readonly hashes: Uint32Array;
  readonly changeFrame: Int32Array;
  readonly changeParam: Int32Array;
  readonly changeValue: Float64Array;

  constructor(
    readonly params: readonly string[],
    snapshotSize: number,
    frameCapacity: number,
    changeCapacity: number,
  ) {
    this.start = new Float64Array(snapshotSize);
    this.dt = new Float64Array(frameCapacity);
    this.hashes = new Uint32Array(frameCapacity);
    this.changeFrame = new Int32Array(changeCapacity);
    this.changeParam = new Int32Array(changeCapacity);
    this.changeValue = new Float64Array(changeCapacity);
  }

  /** A param read as `value` on the frame being recorded. */
  addChange(param: number, value: number): void {
    if (this.changes >= this.changeFrame.length) {
      this.full = true;
      return;
    }
    const i = this.changes++;
    this.changeFrame[i] = this.frames;
    this.changeParam[i] = param;
    this.changeValue[i] = value;
  }

  /** The frame ends: its step and the pose hash. */
  addFrame(dt: number, hash: number): void {
    if (this.frames >= this.dt.length) {
      this.full = true;
      return;
    }
    this.dt[this.frames] = dt;
    this.hashes[this.frames] = hash;
    this.frames++;
  }

  toJSON(): RecordingJson {
    const changes: [number, number, number][] = [];
    for (let i = 0; i < this.changes; i++)
      changes.push([this.changeFrame[i], this.changeParam[i], this.changeValue[i]]);
    return {
      format: RECORDING_FORMAT,
      version: 1,
      params: [...this.params],
      start: Array.from(this.start, finiteOrNull) as number[],
      dt: Array.from(this.dt.subarray(0, this.frames)),
      changes: changes.map(([f, p, v]) => [f, p, finiteOrNull(v) as number]),
      hashes: Array.from(this.hashes.subarray(0, this.frames)),
    };
  }
}

/** JSON has no NaN or infinity: they travel as null and come back as NaN. */
function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

const isNumberish = (v: unknown) => typeof v === 'number' || v === null;

/**
 * Reads a recording (its JSON text or the parsed object) for a graph with these params and snapshot
 * size. Returns the recording, or the reason it cannot be replayed here (a message naming what is wrong).
 */
export function parseRecording(
  input: unknown,
  params: readonly string[],
  snapshotSize: number,
): GraphRecording | string {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (error) {
      return `not JSON (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  const r = data as Partial<RecordingJson> | null;
  if (typeof r !== 'object' || r === null || r.format !== RECORDING_FORMAT) return `not an ${RECORDING_FORMAT}`;
  if (r.version !== 1) return `version ${JSON.stringify(r.version)} (this library reads version 1)`;
  if (!Array.isArray(r.params) || r.params.join('\n') !== params.join('\n'))
    return `recorded with params [${Array.isArray(r.params) ? r.params.join(', ') : '?'}], the graph has [${params.join(', ')}]`;
  if (!Array.isArray(r.start) || r.start.length !== snapshotSize || !r.start.every(isNumberish))
    return `its start state does not fit this graph (${Array.isArray(r.start) ? r.start.length : 0} numbers, the graph needs ${snapshotSize})`;
  const { dt, hashes, changes } = r;
  if (!Array.isArray(dt) || !dt.every((v) => typeof v === 'number' && v >= 0)) return '`dt` is not a list of steps';
  if (!Array.isArray(hashes) || hashes.length !== dt.length || !hashes.every((v) => Number.isInteger(v)))
    return '`hashes` does not hold one whole number per frame';
  if (!Array.isArray(changes)) return '`changes` is not a list';
  let previous = 0;
  for (const c of changes) {
    const ok =
      Array.isArray(c) &&
      c.length === 3 &&
      Number.isInteger(c[0]) &&
      c[0] >= previous &&
      c[0] < dt.length &&
      Number.isInteger(c[1]) &&
      c[1] >= 0 &&
      c[1] < params.length &&
      isNumberish(c[2]);
    if (!ok) return `bad change ${JSON.stringify(c)}`;
    previous = c[0];
  }
  const out = new GraphRecording(params, snapshotSize, dt.length, changes.length);
  out.start.set(r.start.map((v) => v ?? Number.NaN));
  out.dt.set(dt);
  out.hashes.set(hashes);
  out.frames = dt.length;
  changes.forEach(([f, p, v], i) => {
    out.changeFrame[i] = f;
    out.changeParam[i] = p;
    out.changeValue[i] = v ?? Number.NaN;
  });
  out.changes = changes.length;
  return out;
}
