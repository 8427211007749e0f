import { expect } from '@open-wc/testing';
import { VectorKeyframeTrack } from 'three';
import {
  bindClip,
  buildClip,
  buildSkeleton,
  type ClipBinding,
  type GltfAsset,
  Playback,
  RootMotion,
  type RootMotionOptions,
} from '../../src/runtime/index.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';

interface Rig {
  asset: GltfAsset;
  bindings: ClipBinding[];
  clip(name: string): number;
  hips: number;
}

async function rig(): Promise<Rig> {
  const asset = await mannequinAsset();
  const bindings = asset.clips.map((c) => bindClip(c, asset.skeleton, asset.morphs));
  return {
    asset,
    bindings,
    clip: (name) => asset.clips.findIndex((c) => c.name === name),
    hips: asset.skeleton.indexByName.get('Hips')!,
  };
}

function playbackWith(r: Rig, options: Partial<RootMotionOptions> = {}) {
  const p = new Playback(
    r.asset.skeleton,
    r.bindings.map((binding) => ({ binding })),
  );
  p.rootMotion = new RootMotion(r.asset.skeleton, r.bindings, { joint: r.hips, ...options });
  return p;
}

/** The hips' authored position at t, by three's own interpolant (the oracle). */
function hipsAt(r: Rig, clipName: string, t: number): Float32Array | number[] {
  const clip = r.asset.clips[r.clip(clipName)];
  const track = clip.tracks.find((k) => k.target === 'Hips' && k.path === 'translation')!;
  const oracle = new VectorKeyframeTrack('Hips.position', track.times, track.values);
  return (oracle as unknown as { createInterpolant(): { evaluate(t: number): Float32Array } })
    .createInterpolant()
    .evaluate(t);
}

describe('runtime: root motion', () => {
  it('summed over whole loops, equals the authored displacement for any dt (within 1e-4)', async () => {
    const r = await rig();
    const walk = r.asset.clips[r.clip('walk')];
    const stride = walk.extras.stride as number;
    for (const dt of [1 / 60, 1 / 30, 1 / 144, 0.07, 0.013, 0.4]) {
      const p = playbackWith(r);
      p.play(r.clip('walk'), { fade: 0 });
      let z = 0;
      let x = 0;
      let t = 0;
      const steps = Math.ceil((3 * walk.duration) / dt);
      for (let i = 0; i < steps; i++) {
        p.update(dt);
        t += dt;
        x += p.rootMotion!.delta[0];
        z += p.rootMotion!.delta[2];
      }
      // three loops plus what the last partial loop covered
      const phase = t - 3 * walk.duration;
      const expected = 3 * stride + (hipsAt(r, 'walk', phase)[2] - hipsAt(r, 'walk', 0)[2]);
      expect(z, `dt=${dt}`).to.be.closeTo(expected, 1e-4);
      expect(Math.abs(x), `dt=${dt} sideways`).to.be.below(1e-4);
    }
  });

  it('has no jump at the loop seam', async () => {
    const r = await rig();
    const p = playbackWith(r);
    p.play(r.clip('run'), { fade: 0 });
    const steps: number[] = [];
    for (let i = 0; i < 200; i++) {
      p.update(1 / 60);
      steps.push(p.rootMotion!.delta[2]);
    }
    const mean = steps.reduce((a, b) => a + b) / steps.length;
    for (const s of steps) {
      expect(s).to.be.above(0);
      expect(s).to.be.below(mean * 2);
    }
  });

  it('holds the hips horizontally in the pose, so the motion is not applied twice', async () => {
    const r = await rig();
    const p = playbackWith(r);
    p.play(r.clip('walk'), { fade: 0 });
    const start = hipsAt(r, 'walk', 0);
    for (let i = 0; i < 100; i++) {
      p.update(1 / 50);
      expect(p.pose.translations[r.hips * 3]).to.be.closeTo(start[0], 1e-5);
      expect(p.pose.translations[r.hips * 3 + 2]).to.be.closeTo(start[2], 1e-5);
    }
  });

  it('sums to the authored displacement on evenly and unevenly keyed root tracks alike', () => {
    const skeleton = buildSkeleton({ names: ['Hips'], parents: [-1] });
    const z = [0, 0.3, 0.35, 1.1, 1.6];
    for (const times of [
      [0, 0.25, 0.5, 0.75, 1],
      [0, 0.1, 0.5, 0.55, 1],
    ]) {
      const clip = buildClip({
        name: 'move',
        tracks: [{ target: 'Hips', path: 'translation', times, values: z.flatMap((v) => [0, 1, v]) }],
      });
      expect(clip.keyRates[0] > 0, `keyed evenly: ${times}`).to.equal(times[1] === 0.25);
      const bindings = [bindClip(clip, skeleton)];
      const p = new Playback(skeleton, [{ binding: bindings[0] }]);
      p.rootMotion = new RootMotion(skeleton, bindings, { joint: 0 });
      p.play(0, { fade: 0, loop: 'once' });
      const oracle = (
        new VectorKeyframeTrack(
          'h.position',
          times,
          z.flatMap((v) => [0, 1, v]),
        ) as unknown as {
          createInterpolant(): { evaluate(t: number): Float32Array };
        }
      ).createInterpolant();
      let sum = 0;
      let t = 0;
      for (let i = 0; i < 53; i++) {
        p.update(0.015);
        t += 0.015;
        sum += p.rootMotion!.delta[2];
        expect(sum, `${times} at ${t.toFixed(3)}`).to.be.closeTo(oracle.evaluate(t)[2] - z[0], 1e-5);
      }
    }
  });

  it('leaves a still root as authored, frame after frame, in the pose two characters sample into', () => {
    // the root's translation and rotation each one key (a turned, placed root), only the leg moves
    const skeleton = buildSkeleton({ names: ['Hips', 'Leg'], parents: [-1, 0], translations: [0, 1, 0, 0, -0.5, 0] });
    const turned = [0, Math.SQRT1_2, 0, Math.SQRT1_2];
    const clip = buildClip({
      name: 'still-root',
      tracks: [
        { target: 'Hips', path: 'translation', times: [0], values: [0.3, 0.9, -0.2] },
        { target: 'Hips', path: 'rotation', times: [0, 1], values: [...turned, ...turned] },
        { target: 'Leg', path: 'rotation', times: [0, 1], values: [0, 0, 0, 1, 0.6, 0, 0, 0.8] },
      ],
    });
    const bindings = [bindClip(clip, skeleton)];
    expect(bindings[0].moving, 'both root tracks are still').to.equal(10);
    const characters = [0, 0.37].map((offset) => {
      const p = new Playback(skeleton, [{ binding: bindings[0] }]);
      p.rootMotion = new RootMotion(skeleton, bindings, { joint: 0, yaw: true, planar: false });
      p.play(0, { fade: 0 });
      p.update(offset);
      return p;
    });
    for (let frame = 0; frame < 200; frame++) {
      for (const p of characters) {
        p.update(1 / 60);
        expect(Array.from(p.pose.translations.subarray(0, 3))).to.deep.equal(
          Array.from(Float32Array.of(0.3, 0.9, -0.2)),
        );
        expect(Array.from(p.pose.rotations.subarray(0, 4))).to.deep.equal(Array.from(Float32Array.from(turned)));
        expect(p.rootMotion!.delta[0], 'a still root carries no motion').to.equal(0);
      }
    }
  });

  it('planar keeps the vertical in the skeleton; otherwise it is extracted', async () => {
    const r = await rig();
    const planar = playbackWith(r, { planar: true });
    const full = playbackWith(r);
    planar.play(r.clip('jump'), { fade: 0 });
    full.play(r.clip('jump'), { fade: 0 });
    let rise = 0;
    let maxPoseY = 0;
    let fullPoseY = Number.NEGATIVE_INFINITY;
    let fullPoseYMin = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 40; i++) {
      planar.update(1 / 60);
      full.update(1 / 60);
      expect(planar.rootMotion!.delta[1]).to.equal(0);
      rise += full.rootMotion!.delta[1];
      maxPoseY = Math.max(maxPoseY, planar.pose.translations[r.hips * 3 + 1]);
      fullPoseY = Math.max(fullPoseY, full.pose.translations[r.hips * 3 + 1]);
      fullPoseYMin = Math.min(fullPoseYMin, full.pose.translations[r.hips * 3 + 1]);
    }
    const startY = hipsAt(r, 'jump', 0)[1];
    expect(maxPoseY, 'the jump rises in the planar pose').to.be.above(startY + 0.1);
    expect(fullPoseY - fullPoseYMin, 'the full extraction holds the hips height').to.be.below(1e-5);
    expect(Math.abs(rise - (hipsAt(r, 'jump', 40 / 60)[1] - startY))).to.be.below(1e-4);
  });

  it('blends deltas through a crossfade with the pose weights', async () => {
    const r = await rig();
    const mixed = playbackWith(r);
    const walk = playbackWith(r);
    const run = playbackWith(r);
    mixed.play(r.clip('walk'), { fade: 0 });
    walk.play(r.clip('walk'), { fade: 0 });
    for (let i = 0; i < 10; i++) {
      mixed.update(1 / 60);
      walk.update(1 / 60);
    }
    mixed.play(r.clip('run'), { fade: 0.5 });
    run.play(r.clip('run'), { fade: 0 });
    for (let i = 0; i < 20; i++) {
      mixed.update(1 / 60);
      walk.update(1 / 60);
      run.update(1 / 60);
      const w = mixed.weightOf(r.clip('run'));
      const expected = (1 - w) * walk.rootMotion!.delta[2] + w * run.rootMotion!.delta[2];
      expect(mixed.rootMotion!.delta[2], `step ${i}`).to.be.closeTo(expected, 1e-6);
    }
  });

  it('extracts the turn of a turning clip with yaw, and holds the heading in the pose', async () => {
    const r = await rig();
    const p = playbackWith(r, { yaw: true });
    p.play(r.clip('turn-left'), { fade: 0, loop: 'once' });
    let yaw = 0;
    for (let i = 0; i < 120; i++) {
      p.update(1 / 60);
      yaw += p.rootMotion!.delta[3];
    }
    const expected = ((r.asset.clips[r.clip('turn-left')].extras.rootYaw as number) * Math.PI) / 180;
    expect(yaw).to.be.closeTo(expected, 1e-3);
  });
});
