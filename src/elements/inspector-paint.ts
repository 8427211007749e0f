import type { GraphHistory } from '../graph/history.js';
import { STATE_ENTER } from '../graph/index.js';

/** What one paint of the timeline reads. */
export interface TimelineModel {
  readonly history: GraphHistory;
  /** Seconds of history shown, ending at the newest frame. */
  readonly window: number;
  /** Sync marker times (seconds of the clip) per logical clip, and clip event times likewise. */
  readonly markers: readonly (readonly number[])[];
  readonly events: readonly (readonly number[])[];
  /** The time the scrubber holds, NaN while live. */
  readonly scrub: number;
  /** Whether a recording is under way (a red mark at the right). */
  readonly recording: boolean;
}

export interface TimelineColors {
  text: string;
  muted: string;
  border: string;
  accent: string;
  marker: string;
  record: string;
}

/** Left gutter for row names, and the rows' heights. */
export const GUTTER = 112;
const AXIS = 18;
const CLIP_ROW = 18;
const STATE_ROW = 18;
const PARAM_ROW = 24;
const SECTION = 16;
/** State colours: hues spread by the state's index. */
const hue = (state: number) => (state * 137.5 + 205) % 360;

/** The time under an x position of the canvas, for the scrubber. */
export function timeAtX(x: number, width: number, end: number, window: number): number {
  return end - window + ((x - GUTTER) / Math.max(1, width - GUTTER - 8)) * window;
}

/**
 * Draws the inspector's timeline on a 2D canvas: a time axis; a row per clip that played in the window
 * (its weight as a filled band, its sync markers as triangles and its events as ticks where the clip's
 * time crossed them); a row per layer with its states as coloured spans (a fade as a blend of two) and
 * state entries as ticks; a curve per param (bools and triggers as steps); the scrubber. Returns the
 * height it needs (the caller sizes the canvas and paints again when it changed).
 */
export function paintTimeline(
  ctx: CanvasRenderingContext2D,
  width: number,
  model: TimelineModel,
  colors: TimelineColors,
): number {
  const { history: h, window } = model;
  const graph = h.graph;
  const end = h.count > 0 ? h.time[h.row(h.count - 1)] : 0;
  const start = end - window;
  const plot = Math.max(1, width - GUTTER - 8);
  const xOf = (t: number) => GUTTER + ((t - start) / window) * plot;
  let first = 0;
  while (first < h.count - 1 && h.time[h.row(first)] < start) first++;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.font = '11px ui-sans-serif, system-ui, sans-serif';
  ctx.textBaseline = 'middle';

  // the axis: a tick a second, labelled with seconds before now
  ctx.strokeStyle = colors.border;
  ctx.fillStyle = colors.muted;
  ctx.lineWidth = 1;
  for (let s = Math.ceil(start); s <= end; s++) {
    const x = Math.round(xOf(s)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, AXIS - 5);
    ctx.lineTo(x, AXIS);
    ctx.stroke();
    ctx.fillText(`${Math.round(s - end) || 0}s`, x + 3, AXIS / 2);
  }
  let y = AXIS + 2;

  const section = (title: string) => {
    ctx.fillStyle = colors.muted;
    ctx.font = '600 10px ui-sans-serif, system-ui, sans-serif';
    ctx.fillText(title.toUpperCase(), 4, y + SECTION / 2);
    ctx.font = '11px ui-sans-serif, system-ui, sans-serif';
    ctx.strokeStyle = colors.border;
    ctx.beginPath();
    ctx.moveTo(GUTTER, y + SECTION / 2 + 0.5);
    ctx.lineTo(width - 8, y + SECTION / 2 + 0.5);
    ctx.stroke();
    y += SECTION;
  };
  const label = (text: string, rowHeight: number, color = colors.text) => {
    ctx.fillStyle = color;
    ctx.fillText(text.length > 16 ? `${text.slice(0, 15)}…` : text, 8, y + rowHeight / 2, GUTTER - 12);
  };

  // clips
  section('clips');
  for (let c = 0; c < h.clips; c++) {
    let live = false;
    for (let k = first; k < h.count && !live; k++) live = h.weight[h.row(k) * h.clips + c] > 0;
    if (!live) continue;
    label(graph.clipNames[c], CLIP_ROW);
    const base = y + CLIP_ROW - 2;
    ctx.fillStyle = colors.accent;
    ctx.globalAlpha = 0.45;
    ctx.beginPath();
    ctx.moveTo(xOf(h.time[h.row(first)]), base);
    for (let k = first; k < h.count; k++) {
      const r = h.row(k);
      ctx.lineTo(xOf(h.time[r]), base - Math.min(1, h.weight[r * h.clips + c]) * (CLIP_ROW - 4));
    }
    ctx.lineTo(xOf(end), base);
    ctx.closePath();
    ctx.fill();
    ctx.globalAlpha = 1;
    crossings(ctx, h, c, first, model.events[c] ?? [], xOf, y, colors.muted, false);
    crossings(ctx, h, c, first, model.markers[c] ?? [], xOf, y, colors.marker, true);
    y += CLIP_ROW;
  }

  // states, a row per layer
  section('states');
  for (let l = 0; l < h.layers; l++) {
    label(graph.layers[l].name, STATE_ROW);
    let k = first;
    while (k < h.count) {
      const r = h.row(k);
      const state = h.state[r * h.layers + l];
      const fading = h.transition[r * h.layers + l] >= 0;
      let j = k + 1;
      while (
        j < h.count &&
        h.state[h.row(j) * h.layers + l] === state &&
        h.transition[h.row(j) * h.layers + l] >= 0 === fading
      )
        j++;
      const x0 = xOf(h.time[r]);
      const x1 = j < h.count ? xOf(h.time[h.row(j)]) : xOf(end) + 1;
      if (state >= 0) {
        ctx.fillStyle = `hsl(${hue(state)} 60% 55% / ${fading ? 0.45 : 0.8})`;
        ctx.fillRect(x0, y + 2, Math.max(1, x1 - x0), STATE_ROW - 4);
        if (x1 - x0 > 40) {
          ctx.fillStyle = colors.text;
          ctx.fillText(graph.states[state].name, Math.max(x0, GUTTER) + 4, y + STATE_ROW / 2, x1 - x0 - 8);
        }
      }
      k = j;
    }
    for (let e = 0; e < h.eventCount; e++) {
      const r = h.eventRow(e);
      if (h.eventLayer[r] !== l || h.eventKind[r] !== STATE_ENTER || h.eventTime[r] < start) continue;
      tick(ctx, xOf(h.eventTime[r]), y, STATE_ROW, colors.text);
    }
    y += STATE_ROW;
  }

  // params, a curve each
  section('params');
  for (let p = 0; p < h.paramCount; p++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let k = first; k < h.count; k++) {
      const v = h.params[h.row(k) * h.paramCount + p];
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const type = graph.paramTypes[p];
    const stepped = type !== 'float';
    if (type === 'bool' || type === 'trigger') [lo, hi] = [0, 1];
    if (!(hi > lo)) [lo, hi] = [lo - 1, lo + 1];
    const last = h.count > 0 ? h.params[h.row(h.count - 1) * h.paramCount + p] : 0;
    label(graph.paramNames[p], PARAM_ROW);
    ctx.fillStyle = colors.muted;
    ctx.textAlign = 'right';
    ctx.fillText(Number.isFinite(last) ? String(Math.round(last * 100) / 100) : '–', GUTTER - 6, y + PARAM_ROW / 2);
    ctx.textAlign = 'left';
    ctx.strokeStyle = colors.accent;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    let prevY = Number.NaN;
    for (let k = first; k < h.count; k++) {
      const r = h.row(k);
      const v = h.params[r * h.paramCount + p];
      const x = xOf(h.time[r]);
      const py = y + PARAM_ROW - 3 - ((v - lo) / (hi - lo)) * (PARAM_ROW - 6);
      if (k === first) ctx.moveTo(x, py);
      else {
        if (stepped) ctx.lineTo(x, prevY);
        ctx.lineTo(x, py);
      }
      prevY = py;
    }
    ctx.stroke();
    ctx.lineWidth = 1;
    y += PARAM_ROW;
  }

  // the scrubber (or the live edge) and the recording mark
  const scrubbing = !Number.isNaN(model.scrub);
  const x = Math.round(xOf(scrubbing ? model.scrub : end)) + 0.5;
  ctx.strokeStyle = scrubbing ? colors.accent : colors.border;
  ctx.lineWidth = scrubbing ? 2 : 1;
  ctx.beginPath();
  ctx.moveTo(x, AXIS);
  ctx.lineTo(x, y);
  ctx.stroke();
  ctx.lineWidth = 1;
  if (model.recording) {
    ctx.fillStyle = colors.record;
    ctx.beginPath();
    ctx.arc(width - 14, AXIS / 2, 4, 0, Math.PI * 2);
    ctx.fill();
  }
  return y + 4;
}

/** Ticks on clip row c where its time crossed one of `times` between two frames (either way, across a wrap). */
function crossings(
  ctx: CanvasRenderingContext2D,
  h: GraphHistory,
  c: number,
  first: number,
  times: readonly number[],
  xOf: (t: number) => number,
  y: number,
  color: string,
  triangle: boolean,
): void {
  if (times.length === 0) return;
  for (let k = Math.max(first, 1); k < h.count; k++) {
    const a = h.clipTime[h.row(k - 1) * h.clips + c];
    const b = h.clipTime[h.row(k) * h.clips + c];
    if (Number.isNaN(a) || Number.isNaN(b)) continue;
    for (const t of times) {
      // a forward step, or a wrap (b behind a by more than half the clip's span: counted as passing its end)
      const hit = b >= a ? t > a && t <= b : t > a || t <= b;
      if (!hit) continue;
      const x = xOf(h.time[h.row(k)]);
      if (triangle) {
        ctx.fillStyle = color;
        ctx.beginPath();
        ctx.moveTo(x - 4, y + CLIP_ROW);
        ctx.lineTo(x + 4, y + CLIP_ROW);
        ctx.lineTo(x, y + CLIP_ROW - 6);
        ctx.fill();
      } else tick(ctx, x, y, CLIP_ROW, color);
    }
  }
}

function tick(ctx: CanvasRenderingContext2D, x: number, y: number, height: number, color: string): void {
  ctx.strokeStyle = color;
  ctx.beginPath();
  ctx.moveTo(Math.round(x) + 0.5, y + 1);
  ctx.lineTo(Math.round(x) + 0.5, y + height - 1);
  ctx.stroke();
}
