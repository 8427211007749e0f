import { expect } from '@open-wc/testing';
import { cubicBezier, EASING_FAMILIES, NAMED_EASINGS, parseEasing, steps } from '../../src/runtime/index.js';

// Robert Penner's equations in their original form f(t, b, c, d) (time, begin, change, duration), written
// independently of the kernels' derived in/out/in-out construction: the oracle for every named curve.
type Penner = (t: number, b: number, c: number, d: number) => number;
const PENNER: Record<string, Penner> = {
  'in-quad': (t, b, c, d) => c * (t /= d) * t + b,
  'out-quad': (t, b, c, d) => -c * (t /= d) * (t - 2) + b,
  'in-out-quad': (t, b, c, d) => ((t /= d / 2) < 1 ? (c / 2) * t * t + b : (-c / 2) * (--t * (t - 2) - 1) + b),
  'in-cubic': (t, b, c, d) => c * (t /= d) * t * t + b,
  'out-cubic': (t, b, c, d) => c * ((t = t / d - 1) * t * t + 1) + b,
  'in-out-cubic': (t, b, c, d) => ((t /= d / 2) < 1 ? (c / 2) * t * t * t + b : (c / 2) * ((t -= 2) * t * t + 2) + b),
  'in-quart': (t, b, c, d) => c * (t /= d) * t * t * t + b,
  'out-quart': (t, b, c, d) => -c * ((t = t / d - 1) * t * t * t - 1) + b,
  'in-out-quart': (t, b, c, d) =>
    (t /= d / 2) < 1 ? (c / 2) * t * t * t * t + b : (-c / 2) * ((t -= 2) * t * t * t - 2) + b,
  'in-quint': (t, b, c, d) => c * (t /= d) * t * t * t * t + b,
  'out-quint': (t, b, c, d) => c * ((t = t / d - 1) * t * t * t * t + 1) + b,
  'in-out-quint': (t, b, c, d) =>
    (t /= d / 2) < 1 ? (c / 2) * t * t * t * t * t + b : (c / 2) * ((t -= 2) * t * t * t * t + 2) + b,
  'in-sine': (t, b, c, d) => -c * Math.cos((t / d) * (Math.PI / 2)) + c + b,
  'out-sine': (t, b, c, d) => c * Math.sin((t / d) * (Math.PI / 2)) + b,
  'in-out-sine': (t, b, c, d) => (-c / 2) * (Math.cos((Math.PI * t) / d) - 1) + b,
  // Penner's expo is offset by 2^-10 at the ends; the kernels pin the ends to 0 and 1 (as easings.net does)
  'in-expo': (t, b, c, d) => (t === 0 ? b : c * 2 ** (10 * (t / d - 1)) + b),
  'out-expo': (t, b, c, d) => (t === d ? b + c : c * (-(2 ** ((-10 * t) / d)) + 1) + b),
  'in-out-expo': (t, b, c, d) => {
    if (t === 0) return b;
    if (t === d) return b + c;
    if ((t /= d / 2) < 1) return (c / 2) * 2 ** (10 * (t - 1)) + b;
    return (c / 2) * (-(2 ** (-10 * --t)) + 2) + b;
  },
  'in-circ': (t, b, c, d) => -c * (Math.sqrt(1 - (t /= d) * t) - 1) + b,
  'out-circ': (t, b, c, d) => c * Math.sqrt(1 - (t = t / d - 1) * t) + b,
  'in-out-circ': (t, b, c, d) =>
    (t /= d / 2) < 1 ? (-c / 2) * (Math.sqrt(1 - t * t) - 1) + b : (c / 2) * (Math.sqrt(1 - (t -= 2) * t) + 1) + b,
  'in-back': (t, b, c, d, s = 1.70158) => c * (t /= d) * t * ((s + 1) * t - s) + b,
  'out-back': (t, b, c, d, s = 1.70158) => c * ((t = t / d - 1) * t * ((s + 1) * t + s) + 1) + b,
  'in-out-back': (t, b, c, d, s = 1.70158) =>
    (t /= d / 2) < 1
      ? (c / 2) * (t * t * (((s *= 1.525) + 1) * t - s)) + b
      : (c / 2) * ((t -= 2) * t * (((s *= 1.525) + 1) * t + s) + 2) + b,
  'out-bounce': pennerBounceOut,
  'in-bounce': (t, b, c, d) => c - pennerBounceOut(d - t, 0, c, d) + b,
  'in-out-bounce': (t, b, c, d) =>
    t < d / 2
      ? (c - pennerBounceOut(d - t * 2, 0, c, d)) * 0.5 + b
      : pennerBounceOut(t * 2 - d, 0, c, d) * 0.5 + c * 0.5 + b,
};

function pennerBounceOut(t: number, b: number, c: number, d: number): number {
  if ((t /= d) < 1 / 2.75) return c * (7.5625 * t * t) + b;
  if (t < 2 / 2.75) return c * (7.5625 * (t -= 1.5 / 2.75) * t + 0.75) + b;
  if (t < 2.5 / 2.75) return c * (7.5625 * (t -= 2.25 / 2.75) * t + 0.9375) + b;
  return c * (7.5625 * (t -= 2.625 / 2.75) * t + 0.984375) + b;
}

// Elastic as easings.net gives it (Penner's original uses a period of d·0.3 with a phase asin term; the
// modern form fixes the period at 1/3 and the in-out one at 1/4.5).
const ELASTIC: Record<string, (x: number) => number> = {
  'in-elastic': (x) =>
    x === 0 ? 0 : x === 1 ? 1 : -(2 ** (10 * x - 10)) * Math.sin((x * 10 - 10.75) * ((2 * Math.PI) / 3)),
  'out-elastic': (x) =>
    x === 0 ? 0 : x === 1 ? 1 : 2 ** (-10 * x) * Math.sin((x * 10 - 0.75) * ((2 * Math.PI) / 3)) + 1,
  'in-out-elastic': (x) =>
    x === 0
      ? 0
      : x === 1
        ? 1
        : x < 0.5
          ? -(2 ** (20 * x - 10) * Math.sin((20 * x - 11.125) * ((2 * Math.PI) / 4.5))) / 2
          : (2 ** (-20 * x + 10) * Math.sin((20 * x - 11.125) * ((2 * Math.PI) / 4.5))) / 2 + 1,
};

const POINTS = [0, 0.25, 0.5, 0.75, 1];

/** The browser's own CSS easing: a Web Animation's transformed progress at `x` of its duration. */
function cssProgress(easing: string, x: number): number {
  const el = document.createElement('div');
  document.body.append(el);
  const animation = el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 1000, easing, fill: 'both' });
  animation.pause();
  animation.currentTime = x * 1000;
  const progress = animation.effect!.getComputedTiming().progress!;
  animation.cancel();
  el.remove();
  return progress;
}

describe('easing', () => {
  it('names linear and in/out/in-out of all ten families', () => {
    expect(EASING_FAMILIES).to.deep.equal([
      'quad',
      'cubic',
      'quart',
      'quint',
      'sine',
      'expo',
      'circ',
      'back',
      'elastic',
      'bounce',
    ]);
    for (const family of EASING_FAMILIES) {
      for (const kind of ['in', 'out', 'in-out'])
        expect(NAMED_EASINGS, `${kind}-${family}`).to.have.property(`${kind}-${family}`);
    }
  });

  for (const family of EASING_FAMILIES) {
    for (const kind of ['in', 'out', 'in-out']) {
      const name = `${kind}-${family}`;
      it(`${name} matches its formula at t = 0, 0.25, 0.5, 0.75, 1`, () => {
        const easing = NAMED_EASINGS[name];
        const oracle = ELASTIC[name] ?? ((x: number) => PENNER[name](x, 0, 1, 1));
        for (const t of POINTS) expect(easing(t), `${name}(${t})`).to.be.closeTo(oracle(t), 1e-12);
        expect(easing(0), `${name}(0)`).to.equal(0);
        expect(easing(1), `${name}(1)`).to.equal(1);
      });
    }
  }

  it('linear is the identity', () => {
    for (const t of POINTS) expect(NAMED_EASINGS.linear(t)).to.equal(t);
  });

  it('cubic-bezier matches known values of CSS ease (0.25, 0.1, 0.25, 1)', () => {
    const ease = cubicBezier(0.25, 0.1, 0.25, 1);
    // the curve's parameter s gives x(s), y(s) exactly: feed x(s) in and expect y(s) out
    const bx = (s: number) => 3 * (1 - s) ** 2 * s * 0.25 + 3 * (1 - s) * s * s * 0.25 + s ** 3;
    const by = (s: number) => 3 * (1 - s) ** 2 * s * 0.1 + 3 * (1 - s) * s * s * 1 + s ** 3;
    for (const s of [0.1, 0.25, 0.5, 0.75, 0.9]) expect(ease(bx(s))).to.be.closeTo(by(s), 1e-7);
    expect(ease(0.5)).to.be.closeTo(0.8024033877399112, 1e-7);
  });

  it('cubic-bezier and the CSS keywords agree with the browser at t = 0, 0.25, 0.5, 0.75, 1 and between', () => {
    const curves = [
      'ease',
      'ease-in',
      'ease-out',
      'ease-in-out',
      'cubic-bezier(0.68, -0.55, 0.265, 1.55)',
      'cubic-bezier(0, 1.2, 1, -0.2)',
      'cubic-bezier(1, 0, 0, 1)',
      'cubic-bezier(0.1, 0.7, 1, 0.1)',
    ];
    for (const text of curves) {
      const parsed = parseEasing(text);
      if (!parsed.ok) expect.fail(parsed.message);
      for (const x of [...POINTS, 0.1, 0.33, 0.6, 0.9, 0.999]) {
        expect(parsed.easing(x), `${text} at ${x}`).to.be.closeTo(cssProgress(text, x), 1e-5);
      }
    }
  });

  it('cubic-bezier solves flat spots by bisection where Newton stalls', () => {
    // x'(s) = 0 at s = 0.5 for (1, 0, 0, 1): the slope-zero point in the middle
    const curve = cubicBezier(1, 0, 0, 1);
    expect(curve(0.5)).to.be.closeTo(0.5, 1e-7);
    expect(curve(0.4999)).to.be.lessThan(0.5);
  });

  it('steps(n, position) agrees with the browser for every position', () => {
    for (const position of ['jump-start', 'jump-end', 'jump-none', 'jump-both', 'start', 'end']) {
      const text = `steps(4, ${position})`;
      const parsed = parseEasing(text);
      if (!parsed.ok) expect.fail(parsed.message);
      for (const x of [0, 0.1, 0.25, 0.26, 0.5, 0.74, 0.75, 0.99, 1]) {
        expect(parsed.easing(x), `${text} at ${x}`).to.be.closeTo(cssProgress(text, x), 1e-9);
      }
    }
    expect(steps(5)(0.5)).to.equal(0.4);
    expect(NAMED_EASINGS['step-start'](0)).to.equal(1);
    expect(NAMED_EASINGS['step-end'](0.99)).to.equal(0);
  });

  describe('parseEasing', () => {
    it('accepts the other spellings of a name', () => {
      for (const text of ['in-out-quad', 'ease-in-out-quad', 'quad-in-out', 'easeInOutQuad', ' In-Out-Quad ']) {
        const parsed = parseEasing(text);
        expect(parsed.ok, text).to.equal(true);
        if (parsed.ok) expect(parsed.easing, text).to.equal(NAMED_EASINGS['in-out-quad']);
      }
      expect(parseEasing('steps(3)').ok).to.equal(true);
      expect(parseEasing('cubic-bezier(.2,.8,.2,1)').ok).to.equal(true);
    });

    it('refuses everything else with unknown-easing and a message quoting the text', () => {
      for (const text of [
        '',
        'wobble',
        'in-wobble',
        'constructor',
        'cubic-bezier(1.2, 0, 0, 1)',
        'cubic-bezier(-0.1, 0, 0, 1)',
        'cubic-bezier(0, 0, 1)',
        'cubic-bezier(a, 0, 0, 1)',
        'steps(0)',
        'steps(1, jump-none)',
        'steps(2.5)',
        'steps(3, sideways)',
        'steps(3, end, start)',
      ]) {
        const parsed = parseEasing(text);
        expect(parsed.ok, text).to.equal(false);
        if (!parsed.ok) {
          expect(parsed.code).to.equal('unknown-easing');
          expect(parsed.message).to.contain(`"${text}"`);
        }
      }
    });
  });
});
