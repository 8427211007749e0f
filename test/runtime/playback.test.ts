import { expect } from '@open-wc/testing';
import {
  bindClip,
  buildClip,
  buildSkeleton,
  CLIP_EVENT,
  FINISH,
  LOOP,
  Playback,
  type PlaybackClip,
} from '../../src/runtime/index.js';

const skeleton = buildSkeleton({ names: ['root'], parents: [-1] });
/** Clip k moves the root's x from k to k + 1 over one second, so the pose reveals each clip's weight. */
function clip(name: string, x0: number, duration = 1) {
  return bindClip(
    buildClip({
      name,
      tracks: [{ target: 'root', path: 'translation', times: [0, duration], values: [x0, 0, 0, x0 + 1, 0, 0] }],
    }),
    skeleton,
  );
}

function playback(extra: Partial<PlaybackClip>[] = []) {
  const clips: PlaybackClip[] = [
    { binding: clip('a', 0), ...extra[0] },
    { binding: clip('b', 10), ...extra[1] },
    { binding: clip('c', 20), ...extra[2] },
  ];
  return new Playback(skeleton, clips);
}

function drain(p: Playback) {
  const out: string[] = [];
  for (let i = 0; i < p.eventCount; i++) {
    const kind = p.eventKinds[i] === LOOP ? 'loop' : p.eventKinds[i] === FINISH ? 'finish' : 'event';
    out.push(`${kind}:${p.eventClips[i]}:${p.eventValues[i]}`);
  }
  return out;
}

describe('runtime: playback', () => {
  it('starts at the rest pose and plays a clip with no fade', () => {
    const p = playback();
    p.update(0);
    expect(p.pose.translations[0]).to.equal(0);
    expect(p.play(1, { fade: 0 })).to.equal(true);
    p.update(0.5);
    expect(p.pose.translations[0]).to.be.closeTo(10.5, 1e-6);
    expect(p.currentClip).to.equal(1);
  });

  it('is idempotent: asking for the clip playing or fading in does nothing', () => {
    const p = playback();
    p.play(0, { fade: 0 });
    p.update(0.25);
    expect(p.play(0)).to.equal(false);
    p.update(0.25);
    expect(p.pose.translations[0]).to.be.closeTo(0.5, 1e-6);
    expect(p.play(1, { fade: 1 })).to.equal(true);
    p.update(0.25);
    expect(p.play(1, { fade: 1 })).to.equal(false);
    expect(p.weightOf(1)).to.be.closeTo(0.25, 1e-9);
  });

  it('crossfade weights ramp linearly over the fade and sum to one', () => {
    const p = playback();
    p.play(0, { fade: 0 });
    p.update(0);
    p.play(1, { fade: 0.4 });
    for (let step = 1; step <= 5; step++) {
      p.update(0.1);
      const w = Math.min(1, step * 0.25);
      expect(p.weightOf(1), `step ${step}`).to.be.closeTo(w, 1e-9);
      expect(p.weightOf(0) + p.weightOf(1)).to.be.closeTo(1, 1e-9);
    }
    expect(p.weightOf(0)).to.equal(0);
  });

  it('an interrupted crossfade fades out from where each clip was', () => {
    const p = playback();
    p.play(0, { fade: 0 });
    p.play(1, { fade: 1 });
    p.update(0.5);
    p.play(2, { fade: 1 });
    p.update(0.5);
    expect(p.weightOf(0)).to.be.closeTo(0.25, 1e-9);
    expect(p.weightOf(1)).to.be.closeTo(0.25, 1e-9);
    expect(p.weightOf(2)).to.be.closeTo(0.5, 1e-9);
    // the pose is the weighted mix of the three clips' x (a and b have just wrapped to their start)
    const x = p.pose.translations[0];
    expect(x).to.be.closeTo(0.25 * 0 + 0.25 * 10 + 0.5 * 20.5, 1e-5);
  });

  it('an overlay (masked or additive) layers over the base: its own fades, untouched by base plays', () => {
    // c masks the root at 0.5: half its x over the base's
    const p = playback([{}, {}, { mask: Float32Array.of(0.5), loop: 'once' }]);
    p.play(0, { fade: 0 });
    expect(p.play(2, { fade: 1 })).to.equal(true);
    p.update(0.5);
    expect(p.weightOf(2)).to.be.closeTo(0.5, 1e-9);
    expect(p.weightOf(0), 'the base stays in').to.equal(1);
    // a base crossfade with no fade leaves the overlay's fade where it was
    p.play(1, { fade: 0 });
    expect(p.currentClip).to.equal(1);
    p.update(0.25);
    expect(p.weightOf(2)).to.be.closeTo(0.75, 1e-9);
    expect(p.play(2)).to.equal(false);
    // base b at 0.25 → x 10.25; overlay c at 0.75 → x 20.75, weighted 0.75 × 0.5 of the joint
    const w = 0.75 * 0.5;
    expect(p.pose.translations[0]).to.be.closeTo(10.25 * (1 - w) + 20.75 * w, 1e-5);
    // the once overlay finishes and fades out by itself over the default fade
    p.defaultFade = 0.5;
    p.update(0.25);
    expect(drain(p)).to.deep.equal(['finish:2:0']);
    expect(p.weightOf(2)).to.equal(1);
    p.update(0.25);
    expect(p.weightOf(2)).to.be.closeTo(0.5, 1e-9);
    p.update(0.5);
    expect(p.weightOf(2)).to.equal(0);
    // the base alone again: b, 1.25 s in, has looped to 0.25
    expect(p.pose.translations[0]).to.be.closeTo(10.25, 1e-5);
  });

  it("playbacks of one skeleton share their sampling poses, yet none sees another's channels or its own last difference", () => {
    const body = buildSkeleton({ names: ['root', 'arm'], parents: [-1, 0], translations: [0, 0, 0, 0, 2, 0] });
    const along = (name: string, targets: string[], x0: number) =>
      bindClip(
        buildClip({
          name,
          tracks: targets.map((target) => ({
            target,
            path: 'translation' as const,
            times: [0, 1],
            values: [x0, 0, 0, x0 + 1, 0, 0],
          })),
        }),
        body,
      );
    const whole = new Playback(body, [{ binding: along('whole', ['root', 'arm'], 7) }]);
    // a root-only clip, and over it a root-only additive one (a difference from its first pose)
    const rootOnly = new Playback(body, [
      { binding: along('root', ['root'], 3) },
      { binding: along('lift', ['root'], 0), additive: true },
    ]);
    whole.play(0, { fade: 0 });
    rootOnly.play(0, { fade: 0 });
    rootOnly.play(1, { fade: 0 });
    for (let f = 1; f <= 3; f++) {
      whole.update(0.25);
      rootOnly.update(0.25);
      expect(whole.pose.translations[3]).to.be.closeTo(7 + 0.25 * f, 1e-6);
      // the arm, sampled by the other playback into the same pose, stays at rest here, frame after frame
      expect([...rootOnly.pose.translations.subarray(3, 6)]).to.deep.equal([0, 2, 0]);
      expect(rootOnly.pose.translations[0]).to.be.closeTo(3 + 0.5 * f, 1e-6);
    }
  });

  it('queues loop, finish and clip events; a finished once clip can be played again', () => {
    const p = playback([{ eventTimes: Float32Array.from([0.5]) }, { loop: 'once' }]);
    p.play(0, { fade: 0 });
    p.update(0.75);
    expect(drain(p)).to.deep.equal(['event:0:0']);
    p.update(0.5);
    expect(drain(p)).to.deep.equal(['loop:0:1']);
    p.play(1, { fade: 0 });
    p.update(1.5);
    expect(drain(p)).to.deep.equal(['finish:1:0']);
    p.update(0.5);
    expect(drain(p)).to.deep.equal([]);
    expect(p.pose.translations[0]).to.be.closeTo(11, 1e-6);
    expect(p.play(1, { fade: 0 })).to.equal(true);
  });

  it('plays a window, backwards, and seeks', () => {
    const p = playback();
    p.play(0, { fade: 0, start: 0.2, end: 0.6, speed: -1 });
    p.update(0.1);
    expect(p.pose.translations[0]).to.be.closeTo(0.5, 1e-6);
    p.seek(0.3);
    p.update(0);
    expect(p.pose.translations[0]).to.be.closeTo(0.3, 1e-6);
    expect(CLIP_EVENT).to.equal(2);
  });

  it('a playback running backwards starts each clip at its end', () => {
    const p = playback();
    p.speed = -1;
    p.play(1, { fade: 0 });
    p.update(0.25);
    expect(p.pose.translations[0]).to.be.closeTo(10.75, 1e-6);
    expect(drain(p)).to.deep.equal([]);
  });

  it('stop fades everything out to the rest pose', () => {
    const p = playback();
    p.play(1, { fade: 0 });
    p.stop(0.5);
    p.update(0.25);
    expect(p.weightOf(1)).to.be.closeTo(0.5, 1e-9);
    p.update(0.25);
    expect(p.currentClip).to.equal(-1);
    expect(p.pose.translations[0]).to.equal(0);
  });

  it('ignores unknown clips and non-finite dt', () => {
    const p = playback();
    expect(p.play(9)).to.equal(false);
    p.play(0, { fade: 0 });
    p.update(Number.NaN);
    expect(p.pose.translations[0]).to.equal(0);
  });
});
