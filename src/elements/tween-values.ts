import { resolveCssColor } from '../scene/css-color.js';
import type { TweenValueType } from '../scene/tween/channel.js';
import {
  type Parsed,
  parseAngle,
  parseAngles3,
  parseColor,
  parseLength,
  parseNumber,
  parseScale,
  parseVector3,
} from './units.js';

const ok = (values: number[]): Parsed<Float32Array> => ({ ok: true, value: new Float32Array(values) });

function fromScalar(parsed: Parsed<number>): Parsed<Float32Array> {
  return parsed.ok ? ok([parsed.value]) : parsed;
}

function fromTuple(parsed: Parsed<readonly number[]>): Parsed<Float32Array> {
  return parsed.ok ? ok([...parsed.value]) : parsed;
}

// A number and its unit, as in CSS: "12px", "-0.5", "90deg", "50%".
const CSS_NUMBER = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)([a-z%]*)$/i;

/** How a CSS custom property's `to` text reads: a colour, or a number with a unit (maybe none). */
export function cssValueShape(text: string): string | 'color' | undefined {
  const trimmed = text.trim();
  const number = CSS_NUMBER.exec(trimmed);
  if (number) return number[2].toLowerCase();
  return parseColor(trimmed).ok ? 'color' : undefined;
}

/**
 * Reads a tween's `from` or `to` for a property whose values are of `type`: lengths in metres, angles in
 * degrees, colours (any CSS colour, mixed in linear light), quaternions `"x y z w"` (normalized), CSS
 * numbers with the unit `unit`.
 */
export function parseTweenValue(text: string, type: TweenValueType, unit = ''): Parsed<Float32Array> {
  switch (type) {
    case 'length':
      return fromScalar(parseLength(text));
    case 'angle':
      return fromScalar(parseAngle(text));
    case 'vector3':
      return fromTuple(parseVector3(text));
    case 'angles3':
      return fromTuple(parseAngles3(text));
    case 'scale':
      return fromTuple(parseScale(text));
    case 'quaternion':
      return parseQuaternion(text);
    case 'color':
    case 'css-color': {
      const color = parseColor(text).ok ? resolveCssColor(text.trim()) : undefined;
      return color ? ok([color.r, color.g, color.b]) : { ok: false, message: `"${text}" is not a CSS colour` };
    }
    case 'css-number': {
      const match = CSS_NUMBER.exec(text.trim());
      if (!match || match[2].toLowerCase() !== unit) {
        return { ok: false, message: `"${text}" is not a number in "${unit || 'no unit'}", as the other end is` };
      }
      return ok([Number(match[1])]);
    }
    default:
      return fromScalar(parseNumber(text));
  }
}

function parseQuaternion(text: string): Parsed<Float32Array> {
  const parts = text
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const length = Math.hypot(...parts);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)) || !(length > 0)) {
    return { ok: false, message: `"${text}" is not a quaternion "x y z w"` };
  }
  return ok(parts.map((n) => n / length));
}
