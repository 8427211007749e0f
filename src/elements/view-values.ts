/**
 * Parsers of the camera and light attributes shared by `<anim-scene>` and a standalone `<anim-character>`:
 * the model-viewer grammar (`auto` parts, percentages of the fitted distance) over the units of units.ts.
 */
import type { DistanceSpec, OrbitSpec, TargetSpec } from '../scene/camera-spec.js';
import { TONE_MAPPINGS, type ToneMappingName } from '../scene/environment.js';
import { type Parsed, parseAngle, parseEnum, parseLength, parseNumber, parseVector3 } from './units.js';

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(text: string, expected: string): Parsed<T> => ({ ok: false, message: `"${text}" is not ${expected}` });
const isAuto = (part: string) => part.toLowerCase() === 'auto';
const parts = (text: string) =>
  text
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);

function distance(part: string): DistanceSpec | undefined {
  if (isAuto(part)) return 'auto';
  const percent = /^(\d+(?:\.\d*)?|\.\d+)%$/.exec(part);
  if (percent) return Number(percent[1]) > 0 ? `${Number(percent[1])}%` : undefined;
  const length = parseLength(part, { min: 0 });
  return length.ok && length.value > 0 ? length.value : undefined;
}

/**
 * `"yaw pitch distance"`, each part `auto` or a value: angles in degrees (or with `deg`/`rad`/`turn`), the
 * pitch within ±90°, the distance a length (`m`/`cm`/`mm`) or a percentage of the fitted distance.
 */
export function parseOrbitSpec(text: string): Parsed<OrbitSpec> {
  const expected =
    'a camera orbit "yaw pitch distance" (e.g. "30deg 15deg auto" or "0 10deg 150%"; each part may be auto; pitch within ±90deg, distance > 0)';
  const [y, p, d, ...rest] = parts(text);
  if (d === undefined || rest.length > 0) return fail(text, expected);
  const yaw = isAuto(y) ? 'auto' : parseAngle(y);
  const pitch = isAuto(p) ? 'auto' : parseAngle(p, { min: -90, max: 90 });
  const dist = distance(d);
  if ((yaw !== 'auto' && !yaw.ok) || (pitch !== 'auto' && !pitch.ok) || dist === undefined) return fail(text, expected);
  return ok({
    yaw: yaw === 'auto' ? 'auto' : yaw.value,
    pitch: pitch === 'auto' ? 'auto' : pitch.value,
    distance: dist,
  });
}

/** The canonical text of an orbit spec: `"30deg 15deg auto"`. */
export function formatOrbitSpec(spec: OrbitSpec): string {
  const angle = (v: number | 'auto') => (v === 'auto' ? 'auto' : `${v}deg`);
  const d = spec.distance;
  return `${angle(spec.yaw)} ${angle(spec.pitch)} ${typeof d === 'number' ? `${d}m` : d}`;
}

/** `auto` (the model's centre) or `"x y z"` lengths. */
export function parseTargetSpec(text: string): Parsed<TargetSpec> {
  if (isAuto(text.trim())) return ok('auto');
  const vector = parseVector3(text);
  return vector.ok ? vector : fail(text, 'auto or a vector "x y z" of three lengths in metres');
}

/** `auto` or a vertical field of view, an angle between 1 and 179 degrees. */
export function parseFieldOfView(text: string): Parsed<number | 'auto'> {
  if (isAuto(text.trim())) return ok('auto');
  const angle = parseAngle(text, { min: 1, max: 179 });
  return angle.ok ? angle : fail(text, 'auto or an angle between 1deg and 179deg');
}

/** `environment-image`: `neutral`, `none`, or a URL (an empty value is `neutral`). */
export function parseEnvironmentImage(text: string): Parsed<string> {
  const trimmed = text.trim();
  const word = trimmed.toLowerCase();
  return ok(word === '' || word === 'neutral' ? 'neutral' : word === 'none' ? 'none' : trimmed);
}

export const TONE_MAPPING_NAMES = Object.keys(TONE_MAPPINGS) as ToneMappingName[];

export const parseToneMapping = (text: string) => parseEnum(text, TONE_MAPPING_NAMES);

/** `shadow-intensity`: 0 (no shadow) to 1. */
export const parseShadowIntensity = (text: string) => parseNumber(text, { min: 0, max: 1 });
