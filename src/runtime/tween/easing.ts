/**
 * Easing curves: maps of normalized time t ∈ [0, 1] to progress, with f(0) = 0 and f(1) = 1. The named
 * curves are the usual set (Penner's, as on easings.net); `cubic-bezier(…)` and `steps(…)` follow the CSS
 * Easing Functions specification. Every curve is a plain function made once when parsed: evaluating it never
 * allocates.
 */

/**
 * An easing curve. `before` is Web Animations' before flag (set while a tween fills backwards before its
 * start, or forwards after a reversed end): only step curves read it, to stay at their first value there.
 */
export type Easing = (t: number, before?: boolean) => number;

export const linear: Easing = (t) => t;

// ——— the named families: each is an ease-in curve; out and in-out are derived from it ———

const power =
  (p: number): Easing =>
  (t) =>
    t ** p;
const sineIn: Easing = (t) => (t === 1 ? 1 : 1 - Math.cos((t * Math.PI) / 2));
const expoIn: Easing = (t) => (t === 0 ? 0 : 2 ** (10 * t - 10));
const circIn: Easing = (t) => 1 - Math.sqrt(1 - t * t);
const BACK = 1.70158;
const backIn: Easing = (t) => (t === 1 ? 1 : (BACK + 1) * t * t * t - BACK * t * t);
const ELASTIC_PERIOD = (2 * Math.PI) / 3;
const elasticIn: Easing = (t) =>
  t === 0 || t === 1 ? t : -(2 ** (10 * t - 10)) * Math.sin((t * 10 - 10.75) * ELASTIC_PERIOD);

function bounceOut(t: number): number {
  const n = 7.5625;
  const d = 2.75;
  if (t < 1 / d) return n * t * t;
  if (t < 2 / d) return n * (t -= 1.5 / d) * t + 0.75;
  if (t < 2.5 / d) return n * (t -= 2.25 / d) * t + 0.9375;
  return n * (t -= 2.625 / d) * t + 0.984375;
}
const bounceIn: Easing = (t) => 1 - bounceOut(1 - t);

/** The mirror image of an ease-in: fast start, slow end. The ends are exact, whatever the rounding. */
const outOf =
  (easeIn: Easing): Easing =>
  (t) =>
    t === 0 || t === 1 ? t : 1 - easeIn(1 - t);

/** An ease-in for the first half and its mirror for the second. */
const inOutOf =
  (easeIn: Easing): Easing =>
  (t) =>
    t === 0 || t === 1 ? t : t < 0.5 ? easeIn(2 * t) / 2 : 1 - easeIn(2 - 2 * t) / 2;

// Back and elastic in-out use their own constants (a stronger overshoot, a longer period), as Penner's do.
const BACK_IN_OUT = BACK * 1.525;
const backInOut: Easing = (t) =>
  t < 0.5
    ? ((2 * t) ** 2 * ((BACK_IN_OUT + 1) * 2 * t - BACK_IN_OUT)) / 2
    : ((2 * t - 2) ** 2 * ((BACK_IN_OUT + 1) * (t * 2 - 2) + BACK_IN_OUT) + 2) / 2;
const ELASTIC_IN_OUT_PERIOD = (2 * Math.PI) / 4.5;
const elasticInOut: Easing = (t) => {
  if (t === 0 || t === 1) return t;
  const s = Math.sin((20 * t - 11.125) * ELASTIC_IN_OUT_PERIOD);
  return t < 0.5 ? -(2 ** (20 * t - 10) * s) / 2 : (2 ** (-20 * t + 10) * s) / 2 + 1;
};

const FAMILIES: Record<string, { in: Easing; out?: Easing; inOut?: Easing }> = {
  quad: { in: power(2) },
  cubic: { in: power(3) },
  quart: { in: power(4) },
  quint: { in: power(5) },
  sine: { in: sineIn },
  expo: { in: expoIn },
  circ: { in: circIn },
  back: { in: backIn, inOut: backInOut },
  elastic: { in: elasticIn, inOut: elasticInOut },
  bounce: { in: bounceIn, out: bounceOut },
};

/** The family names, for docs and controls. */
export const EASING_FAMILIES = /* @__PURE__ */ Object.keys(FAMILIES);

/** Every named easing: `linear`, then `in-quad`, `out-quad`, `in-out-quad`, … and the CSS keywords. */
export const NAMED_EASINGS: Readonly<Record<string, Easing>> = (() => {
  const named: Record<string, Easing> = { linear };
  for (const [family, curves] of Object.entries(FAMILIES)) {
    named[`in-${family}`] = curves.in;
    named[`out-${family}`] = curves.out ?? outOf(curves.in);
    named[`in-out-${family}`] = curves.inOut ?? inOutOf(curves.in);
  }
  // CSS's keywords mean what they mean in a stylesheet
  named.ease = cubicBezier(0.25, 0.1, 0.25, 1);
  named['ease-in'] = cubicBezier(0.42, 0, 1, 1);
  named['ease-out'] = cubicBezier(0, 0, 0.58, 1);
  named['ease-in-out'] = cubicBezier(0.42, 0, 0.58, 1);
  named['step-start'] = steps(1, 'jump-start');
  named['step-end'] = steps(1, 'jump-end');
  return named;
})();

// ——— cubic-bezier(x1, y1, x2, y2) ———

/**
 * The CSS cubic Bézier timing function through (0,0), (x1,y1), (x2,y2), (1,1): for an input progress x it
 * finds the curve parameter s with x(s) = x (Newton's method, falling back to bisection where the slope is
 * flat) and returns y(s). Outside [0, 1] the curve continues along its end tangents, as CSS specifies.
 * x1 and x2 must lie in [0, 1] (checked by the parser).
 */
export function cubicBezier(x1: number, y1: number, x2: number, y2: number): Easing {
  // polynomial coefficients of x(s) and y(s) = ((a s + b) s + c) s
  const cx = 3 * x1;
  const bx = 3 * (x2 - x1) - cx;
  const ax = 1 - cx - bx;
  const cy = 3 * y1;
  const by = 3 * (y2 - y1) - cy;
  const ay = 1 - cy - by;
  const sampleX = (s: number) => ((ax * s + bx) * s + cx) * s;
  const sampleY = (s: number) => ((ay * s + by) * s + cy) * s;
  const slopeX = (s: number) => (3 * ax * s + 2 * bx) * s + cx;
  // end tangents for extrapolation; a control point on an endpoint leaves the other one to give the slope
  const startSlope = x1 > 0 ? y1 / x1 : x2 > 0 ? y2 / x2 : 0;
  const endSlope = x2 < 1 ? (y2 - 1) / (x2 - 1) : x1 < 1 ? (y1 - 1) / (x1 - 1) : 0;
  const EPSILON = 1e-9;

  const solve = (x: number): number => {
    let s = x;
    for (let i = 0; i < 8; i++) {
      const error = sampleX(s) - x;
      if (Math.abs(error) < EPSILON) return s;
      const slope = slopeX(s);
      if (Math.abs(slope) < 1e-6) break;
      s -= error / slope;
    }
    // x(s) is monotonic on [0, 1] when x1, x2 ∈ [0, 1]: bisection always converges
    let lo = 0;
    let hi = 1;
    s = x;
    for (let i = 0; i < 60; i++) {
      const value = sampleX(s);
      if (Math.abs(value - x) < EPSILON) return s;
      if (value < x) lo = s;
      else hi = s;
      s = (lo + hi) / 2;
    }
    return s;
  };

  return (x) => {
    if (x <= 0) return x === 0 ? 0 : startSlope * x;
    if (x >= 1) return x === 1 ? 1 : 1 + endSlope * (x - 1);
    return sampleY(solve(x));
  };
}

// ——— steps(n, position) ———

export const STEP_POSITIONS = ['jump-start', 'jump-end', 'jump-none', 'jump-both', 'start', 'end'] as const;
export type StepPosition = (typeof STEP_POSITIONS)[number];

/**
 * The CSS step timing function: `n` equal steps, `position` saying whether a jump happens at the start, the
 * end, both or neither (`start` and `end` are the older names of `jump-start` and `jump-end`). Follows the
 * specification's algorithm, including its rule that at x = 1 a jump-end curve has made its last jump.
 */
export function steps(n: number, position: StepPosition = 'jump-end'): Easing {
  const jumpsAtStart = position === 'jump-start' || position === 'start' || position === 'jump-both';
  const jumps = position === 'jump-none' ? n - 1 : position === 'jump-both' ? n + 1 : n;
  return (x, before = false) => {
    let step = Math.floor(x * n);
    if (jumpsAtStart) step += 1;
    if (before && (x * n) % 1 === 0) step -= 1;
    if (x >= 0 && step < 0) step = 0;
    if (x <= 1 && step > jumps) step = jumps;
    return step / jumps;
  };
}

// ——— the string form ———

export type ParsedEasing =
  | { readonly ok: true; readonly easing: Easing }
  | { readonly ok: false; readonly code: 'unknown-easing'; readonly message: string };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** `easeInOutQuad` → `ease-in-out-quad`, so the camelCase names other libraries use are understood too. */
function canonicalName(text: string): string {
  const kebab = text
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  // "ease-in-quad" and "quad-in" are accepted spellings of "in-quad"
  const prefixed = /^ease-(in|out|in-out)-(\w+)$/.exec(kebab);
  if (prefixed && prefixed[2] in FAMILIES) return `${prefixed[1]}-${prefixed[2]}`;
  const suffixed = /^(\w+)-(in|out|in-out)$/.exec(kebab);
  if (suffixed && suffixed[1] in FAMILIES) return `${suffixed[2]}-${suffixed[1]}`;
  return kebab;
}

function fail(text: string, why: string): ParsedEasing {
  return { ok: false, code: 'unknown-easing', message: `"${text}" is not an easing: ${why}` };
}

function parseArguments(inner: string): number[] | undefined {
  const parts = inner.split(',').map((part) => part.trim());
  if (parts.some((part) => !NUMBER.test(part))) return undefined;
  return parts.map(Number);
}

/**
 * Parses an easing's text: a name (`linear`, `in-quad`, `out-elastic`, `in-out-bounce`, … also spelled
 * `ease-in-quad`, `quad-in` or `easeInQuad`; the CSS keywords `ease`, `ease-in`, `ease-out`, `ease-in-out`,
 * `step-start`, `step-end`), `cubic-bezier(x1, y1, x2, y2)` with x1 and x2 in [0, 1], or
 * `steps(n[, jump-start | jump-end | jump-none | jump-both | start | end])`. Never throws: anything else
 * gives the code `unknown-easing` and a message quoting the text.
 */
export function parseEasing(text: string): ParsedEasing {
  const name = canonicalName(text);
  const named = NAMED_EASINGS[name];
  if (named && Object.hasOwn(NAMED_EASINGS, name)) return { ok: true, easing: named };

  const call = /^([a-z-]+)\((.*)\)$/.exec(name.replace(/\s+/g, ' '));
  if (call?.[1] === 'cubic-bezier') {
    const args = parseArguments(call[2]);
    if (args?.length !== 4) return fail(text, 'cubic-bezier takes four numbers');
    const [x1, y1, x2, y2] = args as number[];
    if (x1 < 0 || x1 > 1 || x2 < 0 || x2 > 1) return fail(text, 'x1 and x2 must lie between 0 and 1');
    return { ok: true, easing: cubicBezier(x1, y1, x2, y2) };
  }
  if (call?.[1] === 'steps') {
    const [count, position = 'jump-end', ...rest] = call[2].split(',').map((part) => part.trim());
    const n = Number(count);
    if (rest.length > 0 || !NUMBER.test(count) || !Number.isInteger(n)) {
      return fail(text, 'steps takes a whole number and an optional position');
    }
    if (!(STEP_POSITIONS as readonly string[]).includes(position)) {
      return fail(text, `the step position must be one of ${STEP_POSITIONS.join(', ')}`);
    }
    const min = position === 'jump-none' ? 2 : 1;
    if (n < min) return fail(text, `${position} needs at least ${min} step${min > 1 ? 's' : ''}`);
    return { ok: true, easing: steps(n, position as StepPosition) };
  }
  return fail(text, `use linear, in-/out-/in-out- with ${EASING_FAMILIES.join(', ')}, cubic-bezier(…) or steps(…)`);
}
