import type { RawConstraint } from '../runtime/core.js';
import { type Parsed, parseAngle } from './units.js';

/** The `limits` of an `<anim-ik>`: humanoid defaults, and limits by bone name over them (radians). */
export interface IkLimits {
  natural: boolean;
  bones: Record<string, RawConstraint>;
}

export const NO_LIMITS: IkLimits = { natural: false, bones: {} };

const AXES: Record<string, number[]> = {
  x: [1, 0, 0],
  '+x': [1, 0, 0],
  '-x': [-1, 0, 0],
  y: [0, 1, 0],
  '+y': [0, 1, 0],
  '-y': [0, -1, 0],
  z: [0, 0, 1],
  '+z': [0, 0, 1],
  '-z': [0, 0, -1],
};

/**
 * An axis: a word (`x`, `-y`, `+z`) or three numbers (`"0 0.7 0.7"`). Returns it and the tokens it took,
 * or null.
 */
export function readAxis(tokens: readonly string[], at: number): { axis: number[]; used: number } | null {
  const word = AXES[tokens[at]?.toLowerCase()];
  if (word) return { axis: word, used: 1 };
  const numbers = tokens.slice(at, at + 3).map(Number);
  if (numbers.length === 3 && numbers.every(Number.isFinite) && numbers.some((v) => v !== 0)) {
    return { axis: numbers, used: 3 };
  }
  return null;
}

const ENTRY = /^(.+?)\s*:\s*(hinge|cone)\b(.*)$/is;
const HINGE_FORM = '"Bone: hinge <axis> <min> <max>"';
const CONE_FORM = '"Bone: cone <angle> [twist <min> <max>] [axis <axis>]"';
const DEG = Math.PI / 180;

function angle(text: string | undefined): number | null {
  if (text === undefined) return null;
  const parsed = parseAngle(text);
  return parsed.ok ? parsed.value * DEG : null;
}

function readEntry(entry: string): Parsed<[string, RawConstraint]> {
  const match = ENTRY.exec(entry);
  const bad = (form: string): Parsed<[string, RawConstraint]> => ({
    ok: false,
    message: `"${entry}" is not "natural", ${HINGE_FORM} or ${CONE_FORM}${form ? ` (${form})` : ''}`,
  });
  if (!match) return bad('');
  const bone = match[1].trim();
  const tokens = match[3]
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (match[2].toLowerCase() === 'hinge') {
    const axis = readAxis(tokens, 0);
    const min = axis ? angle(tokens[axis.used]) : null;
    const max = axis ? angle(tokens[axis.used + 1]) : null;
    if (!axis || min === null || max === null || tokens.length !== axis.used + 2) {
      return bad('a hinge takes an axis, then its least and greatest angle');
    }
    return { ok: true, value: [bone, { type: 'hinge', axis: axis.axis, min, max }] };
  }
  const swing = angle(tokens[0]);
  if (swing === null) return bad('a cone takes its angle first');
  const limit: RawConstraint = { type: 'cone', angle: swing };
  for (let i = 1; i < tokens.length; ) {
    const word = tokens[i].toLowerCase();
    if (word === 'twist') {
      const min = angle(tokens[i + 1]);
      const max = angle(tokens[i + 2]);
      if (min === null || max === null) return bad('twist takes its least and greatest angle');
      limit.twistMin = min;
      limit.twistMax = max;
      i += 3;
    } else if (word === 'axis') {
      const axis = readAxis(tokens, i + 1);
      if (!axis) return bad('axis takes x, y, z (signed) or three numbers');
      limit.axis = axis.axis;
      i += 1 + axis.used;
    } else return bad(`unexpected "${tokens[i]}"`);
  }
  return { ok: true, value: [bone, limit] };
}

/**
 * Parses `limits`: entries separated by `;`, each `natural` (humanoid defaults for the chain's bones),
 * `Bone: hinge <axis> <min> <max>`, or `Bone: cone <angle> [twist <min> <max>] [axis <axis>]`. Angles are
 * degrees (units accepted), measured from the bone's rest pose in its own frame; an axis is `x`, `y`, `z`
 * (signed) or three numbers. A bone named twice keeps the last.
 */
export function parseIkLimits(text: string): Parsed<IkLimits> {
  const limits: IkLimits = { natural: false, bones: {} };
  for (const raw of text.split(';')) {
    const entry = raw.trim();
    if (entry === '') continue;
    if (entry.toLowerCase() === 'natural') {
      limits.natural = true;
      continue;
    }
    const parsed = readEntry(entry);
    if (!parsed.ok) return parsed;
    limits.bones[parsed.value[0]] = parsed.value[1];
  }
  return { ok: true, value: limits };
}
