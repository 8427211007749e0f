// Tweens, easing and sprites: the per-frame cost of the runtime kernels behind <anim-tween> and <anim-sprite>
// (timing, easing, value mixing; sprite clocks and frame lookup; KHR_animation_pointer sampling), and the
// heap they leave behind over many frames.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  advanceSprite,
  advanceTween,
  atlasSheet,
  buildSpriteTimeline,
  createSpritePlayer,
  createTweenState,
  createTweenTiming,
  interpolateValues,
  NAMED_EASINGS,
  type PropertyTrack,
  parseEasing,
  samplePropertyTrack,
  type TweenState,
  type TweenTiming,
} from '../src/runtime/index.js';

const COUNT = 10000;
const DT = 1 / 60;

export interface TweenBench {
  /** ns per easing evaluation: named curves and a CSS cubic-bezier (solved per call). */
  easeNs: number;
  bezierNs: number;
  /** µs per tween per frame: advance, ease, mix a vec3. */
  tweenUs: number;
  /** µs per sprite per frame: clock, frame lookup. */
  spriteUs: number;
  /** µs per property track per frame: sample a colour (LINEAR, 32 keys). */
  trackUs: number;
  /** Heap growth over 1,000 frames of all of the above. */
  heapBytes: number;
}

export function benchTweens(measure: (count: number, frame: () => void) => number): TweenBench {
  const names = ['in-out-quad', 'out-bounce', 'in-out-elastic', 'out-back', 'in-out-expo'];
  const curves = names.map((name) => NAMED_EASINGS[name]);
  const bezier = parseEasing('cubic-bezier(0.68, -0.55, 0.27, 1.55)');
  if (!bezier.ok) throw new Error(bezier.message);
  let sink = 0;
  const xs = Float64Array.from({ length: 1000 }, (_, i) => (i + 0.5) / 1000);
  const easeNs =
    measure(xs.length, () => {
      for (let i = 0; i < xs.length; i++) sink += curves[i % curves.length](xs[i]);
    }) * 1000;
  const bezierNs =
    measure(xs.length, () => {
      for (let i = 0; i < xs.length; i++) sink += bezier.easing(xs[i]);
    }) * 1000;

  const timings: TweenTiming[] = names.map((name, i) =>
    createTweenTiming({
      duration: 0.5 + i * 0.25,
      delay: i * 0.1,
      iterations: Infinity,
      direction: 'alternate',
      easing: NAMED_EASINGS[name],
    }),
  );
  const states: TweenState[] = Array.from({ length: COUNT }, (_, i) => {
    const state = createTweenState();
    state.playing = true;
    state.time = (i % 97) * 0.013;
    return state;
  });
  const from = new Float32Array([0, 0, 0]);
  const to = new Float32Array([1, 2, 3]);
  const values = new Float32Array(COUNT * 3);
  const out = new Float32Array(3);
  const tweenFrame = () => {
    for (let i = 0; i < COUNT; i++) {
      const state = states[i];
      advanceTween(timings[i % timings.length], state, DT);
      interpolateValues('linear', out, from, to, 3, state.progress);
      values[i * 3] = out[0];
    }
  };
  const tweenUs = measure(COUNT, tweenFrame);

  const json = JSON.parse(readFileSync(resolve(import.meta.dirname, '../assets/mannequin-walk-sprites.json'), 'utf8'));
  const timeline = buildSpriteTimeline(atlasSheet(json), {});
  const wraps = ['repeat', 'pingpong', 'clamp'] as const;
  const sprites = Array.from({ length: COUNT }, (_, i) =>
    createSpritePlayer(timeline, wraps[i % 3], 0.5 + (i % 7) * 0.25),
  );
  const spriteFrame = () => {
    for (let i = 0; i < COUNT; i++) advanceSprite(sprites[i], DT);
  };
  const spriteUs = measure(COUNT, spriteFrame);

  const keys = 32;
  const track: PropertyTrack = {
    pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor',
    interpolation: 'LINEAR',
    times: Float32Array.from({ length: keys }, (_, k) => k * 0.1),
    values: Float32Array.from({ length: keys * 4 }, (_, k) => (k * 0.37) % 1),
    size: 4,
  };
  const color = new Float32Array(4);
  let clock = 0;
  const trackFrame = () => {
    clock = (clock + DT) % 3.1;
    for (let i = 0; i < COUNT; i++) samplePropertyTrack(track, clock + i * 1e-4, color);
  };
  const trackUs = measure(COUNT, trackFrame);

  const gc = (globalThis as { gc?: () => void }).gc;
  const all = () => {
    tweenFrame();
    spriteFrame();
    trackFrame();
  };
  for (let f = 0; f < 300; f++) all();
  gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let f = 0; f < 1000; f++) all();
  gc?.();
  const heapBytes = process.memoryUsage().heapUsed - before;
  if (sink === 0.5) console.log('');
  return { easeNs, bezierNs, tweenUs, spriteUs, trackUs, heapBytes };
}
