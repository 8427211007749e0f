import { expect } from '@open-wc/testing';
import {
  createTweenState,
  createTweenTiming,
  parseEasing,
  sampleTween,
  TWEEN_DIRECTIONS,
  TWEEN_FILLS,
} from '../../src/runtime/index.js';

/**
 * The oracle for tween timing is the browser's own Web Animations: an `Element.animate()` effect with the
 * same duration, delay, iterations, direction, fill and easing, paused at the same local time, reports its
 * progress (null when it does not apply) and current iteration through `getComputedTiming()`.
 */
describe('tween timing against Element.animate() (Web Animations)', () => {
  const easings = ['linear', 'ease-in', 'cubic-bezier(0.3, 1.6, 0.7, -0.4)', 'steps(4, jump-start)', 'steps(3)'];
  const shapes = [
    { duration: 1, delay: 0, iterations: 1 },
    { duration: 1, delay: 0.5, iterations: 3 },
    { duration: 0.5, delay: 0.25, iterations: 2.5 },
    { duration: 1, delay: 0.5, iterations: 0 },
    { duration: 0.5, delay: 0, iterations: Number.POSITIVE_INFINITY },
    { duration: 0, delay: 0.5, iterations: 2 },
    { duration: 0, delay: 0, iterations: Number.POSITIVE_INFINITY },
  ];
  // before, at and after the delay, inside iterations, on their seams, at the end and long after it
  const times = [0, 0.25, 0.5, 0.625, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.375, 3.5, 10];

  it('progress and current iteration agree at every phase, for every direction, fill and easing', () => {
    const box = document.createElement('div');
    document.body.append(box);
    let compared = 0;
    let inEffect = 0;
    for (const easing of easings) {
      const parsed = parseEasing(easing);
      if (!parsed.ok) throw new Error(parsed.message);
      for (const shape of shapes)
        for (const direction of TWEEN_DIRECTIONS)
          for (const fill of TWEEN_FILLS) {
            const timing = createTweenTiming({ ...shape, direction, fill, easing: parsed.easing });
            const animation = box.animate([{ opacity: 0 }, { opacity: 1 }], {
              duration: shape.duration * 1000,
              delay: shape.delay * 1000,
              iterations: shape.iterations,
              direction,
              fill,
              easing,
            });
            animation.pause();
            const state = createTweenState();
            for (const t of times) {
              animation.currentTime = t * 1000;
              const oracle = animation.effect!.getComputedTiming();
              sampleTween(timing, state, t);
              const what = `${JSON.stringify({ ...shape, direction, fill, easing })} at ${t}s`;
              expect(state.inEffect, `${what}: in effect`).to.equal(oracle.progress !== null);
              if (oracle.progress !== null) {
                expect(state.progress, `${what}: progress`).to.be.closeTo(oracle.progress!, 1e-4);
                expect(state.iteration, `${what}: iteration`).to.equal(oracle.currentIteration);
                inEffect++;
              }
              compared++;
            }
            animation.cancel();
          }
    }
    box.remove();
    expect(compared).to.equal(easings.length * shapes.length * 16 * times.length);
    expect(inEffect, 'most samples are in effect, so progress is compared').to.be.above(compared / 2);
  });
});
