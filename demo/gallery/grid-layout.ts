import type { ClipSurvey } from './clip-survey.js';

/** Where one clip's character stands. */
export interface GridCell {
  readonly row: number;
  readonly column: number;
  /** The character's origin on the ground, model units. */
  readonly x: number;
  readonly z: number;
}

export interface GridLayout {
  readonly cells: readonly GridCell[];
  readonly columns: number;
  readonly rows: number;
  /** Distance between neighbouring columns and rows. */
  readonly pitchX: number;
  readonly pitchZ: number;
  /** Everything the characters reach over their clips. */
  readonly minX: number;
  readonly maxX: number;
  readonly minZ: number;
  readonly maxZ: number;
  readonly top: number;
}

/**
 * Lays clips out in rows, reading order from the back left (row 0 is farthest from a camera on the +Z side;
 * characters face it). Columns share one pitch, rows another, each wide enough that no footprint overlaps
 * another: a run that travels forward gets the room it covers before it snaps back. The gap between
 * footprints is a fraction of the tallest pose.
 */
export function layoutGrid(clips: readonly ClipSurvey[], columns = Math.ceil(Math.sqrt(clips.length * 2))): GridLayout {
  const n = clips.length;
  if (n === 0)
    return { cells: [], columns: 0, rows: 0, pitchX: 0, pitchZ: 0, minX: 0, maxX: 0, minZ: 0, maxZ: 0, top: 0 };
  columns = Math.max(1, Math.min(columns, n));
  const rows = Math.ceil(n / columns);
  const height = clips.reduce((h, c) => Math.max(h, c.top), 0) || 1;
  const gap = height * 0.3;

  const left = clips.reduce((m, c) => Math.max(m, -c.minX), 0);
  const right = clips.reduce((m, c) => Math.max(m, c.maxX), 0);
  const pitchX = left + right + gap;
  const rowOf = (r: number) => clips.slice(r * columns, (r + 1) * columns);

  // one row pitch for the whole grid: the deepest reach between neighbouring rows (a row's forward reach
  // plus the next row's backward one), and never less than 1.6 figure heights, so a row's heads stay clear
  // of the labels at the feet of the row behind
  let pitchZ = height * 1.6;
  for (let r = 0; r + 1 < rows; r++) {
    const back = rowOf(r).reduce((m, c) => Math.max(m, c.maxZ), 0);
    const front = rowOf(r + 1).reduce((m, c) => Math.max(m, -c.minZ), 0);
    pitchZ = Math.max(pitchZ, back + front + gap);
  }

  const cells = clips.map((_, i) => {
    const row = Math.floor(i / columns);
    const column = i % columns;
    // a short last row is centred under the others
    const inRow = Math.min(columns, n - row * columns);
    const x = (column - (inRow - 1) / 2) * pitchX;
    return { row, column, x, z: (row - (rows - 1)) * pitchZ };
  });

  const reach = (pick: (c: ClipSurvey, cell: GridCell) => number, better: (a: number, b: number) => number) =>
    clips.reduce((m, c, i) => better(m, pick(c, cells[i])), pick(clips[0], cells[0]));
  return {
    cells,
    columns,
    rows,
    pitchX,
    pitchZ,
    minX: reach((c, cell) => cell.x + c.minX, Math.min),
    maxX: reach((c, cell) => cell.x + c.maxX, Math.max),
    minZ: reach((c, cell) => cell.z + c.minZ, Math.min),
    maxZ: reach((c, cell) => cell.z + c.maxZ, Math.max),
    top: height,
  };
}

/** Centres `layout` on the origin (so the ground and the shadow camera sit under its middle). */
export function centreLayout(layout: GridLayout): GridLayout {
  const cx = (layout.minX + layout.maxX) / 2;
  const cz = (layout.minZ + layout.maxZ) / 2;
  return {
    ...layout,
    cells: layout.cells.map((c) => ({ ...c, x: c.x - cx, z: c.z - cz })),
    minX: layout.minX - cx,
    maxX: layout.maxX - cx,
    minZ: layout.minZ - cz,
    maxZ: layout.maxZ - cz,
  };
}
