import { AnimError } from '../errors.js';

/**
 * A sprite sheet: the frames of one image, in play order. Immutable once built; any number of players
 * share it.
 */
export interface SpriteSheet {
  /** Number of frames. */
  readonly count: number;
  /** Per frame x, y, width, height in image pixels, from the image's top-left corner. */
  readonly rects: Float32Array;
  /** Per frame seconds from the atlas, or NaN where it gives none. */
  readonly durations: Float32Array;
  /** Per frame name (the atlas key, or the grid index as text). */
  readonly names: readonly string[];
  /** Image size in pixels. */
  readonly width: number;
  readonly height: number;
}

export interface GridLayout {
  columns: number;
  rows: number;
  /** Frames in use, read row by row from the top left (default columns × rows). */
  frames?: number;
}

function bad(message: string): never {
  throw new AnimError('bad-sprite-sheet', message);
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1;

/**
 * Frames laid out on a uniform grid over a `width` × `height` pixel image, read row by row. Throws
 * `bad-sprite-sheet` when the counts are not whole numbers of at least 1, or `frames` exceeds the grid.
 */
export function gridSheet(layout: GridLayout, width: number, height: number): SpriteSheet {
  const { columns, rows, frames = columns * rows } = layout;
  if (!isCount(columns) || !isCount(rows)) bad(`a grid needs whole columns and rows ≥ 1, got ${columns} × ${rows}`);
  if (!isCount(frames) || frames > columns * rows) {
    bad(`frames must be a whole number from 1 to ${columns * rows} (${columns} × ${rows}), got ${frames}`);
  }
  if (!(width > 0 && height > 0)) bad(`the image has no size (${width} × ${height})`);
  const w = width / columns;
  const h = height / rows;
  const rects = new Float32Array(frames * 4);
  const names: string[] = [];
  for (let i = 0; i < frames; i++) {
    rects.set([(i % columns) * w, Math.floor(i / columns) * h, w, h], i * 4);
    names.push(String(i));
  }
  return { count: frames, rects, durations: new Float32Array(frames).fill(Number.NaN), names, width, height };
}

interface AtlasFrame {
  filename?: unknown;
  frame?: { x?: unknown; y?: unknown; w?: unknown; h?: unknown };
  rotated?: unknown;
  duration?: unknown;
}

/**
 * Frames from a TexturePacker JSON atlas, in either of its layouts: "hash" (`frames` is an object keyed by
 * name, played in the file's order) or "array" (`frames` is a list with a `filename` each). `meta.size`
 * gives the image size; a frame's `duration` (milliseconds, as Aseprite writes it) becomes its time.
 * Rotated frames are refused (a rotated rectangle needs a turned quad). Throws `bad-sprite-sheet` naming
 * what is wrong.
 */
export function atlasSheet(json: unknown): SpriteSheet {
  const root = json as { frames?: unknown; meta?: { size?: { w?: unknown; h?: unknown } } } | null;
  if (!root || typeof root !== 'object' || !root.frames || typeof root.frames !== 'object') {
    bad('the atlas has no "frames" (expected TexturePacker JSON, hash or array)');
  }
  const entries: Array<[string, AtlasFrame]> = Array.isArray(root.frames)
    ? root.frames.map((frame: AtlasFrame, i: number) => [String(frame?.filename ?? i), frame])
    : Object.entries(root.frames as Record<string, AtlasFrame>);
  if (entries.length === 0) bad('the atlas has no frames');
  const width = Number(root.meta?.size?.w);
  const height = Number(root.meta?.size?.h);
  if (!(width > 0 && height > 0)) bad('the atlas has no image size (meta.size.w and meta.size.h)');

  const rects = new Float32Array(entries.length * 4);
  const durations = new Float32Array(entries.length).fill(Number.NaN);
  entries.forEach(([name, frame], i) => {
    const rect = frame?.frame;
    const values = [rect?.x, rect?.y, rect?.w, rect?.h];
    if (!values.every((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0)) {
      bad(`frame "${name}" has no valid rectangle {x, y, w, h}`);
    }
    const [x, y, w, h] = values as number[];
    if (w === 0 || h === 0 || x + w > width || y + h > height) {
      bad(`frame "${name}" (${x}, ${y}, ${w} × ${h}) lies outside the ${width} × ${height} image`);
    }
    if (frame.rotated === true) bad(`frame "${name}" is rotated; export the atlas without rotation`);
    rects.set(values as number[], i * 4);
    if (frame.duration !== undefined) {
      const ms = Number(frame.duration);
      if (!(ms > 0)) bad(`frame "${name}" has a duration of ${frame.duration}; it must be a positive number of ms`);
      durations[i] = ms / 1000;
    }
  });
  return { count: entries.length, rects, durations, names: entries.map(([name]) => name), width, height };
}
