import { expect } from '@open-wc/testing';
import { bindClip, copyPose, createPose, Inertializer, Playback, type Pose } from '../../src/runtime/index.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';
import { poseDistance } from '../helpers/pose-distance.js';

const DT = 1 / 60;

async function mannequinPlayback() {
  const asset = await mannequinAsset();
  const bindings = asset.clips.map((c) => bindClip(c, asset.skeleton));
  const playback = new Playback(
    asset.skeleton,
    bindings.map((binding) => ({ binding })),
  );
  const clip = (name: string) => asset.clips.findIndex((c) => c.name === name);
  const snapshot = () => {
    const p = createPose(asset.skeleton.jointCount);
    copyPose(playback.pose, p);
    return p;
  };
  return { asset, playback, clip, snapshot };
}

/** q1 · q0⁻¹ as a rotation vector divided by dt: the angular velocity (radians per second). */
function angularVelocity(q0: Float32Array, q1: Float32Array, r: number, dt: number): number[] {
  const [ax, ay, az, aw] = [q1[r], q1[r + 1], q1[r + 2], q1[r + 3]];
  const [bx, by, bz, bw] = [-q0[r], -q0[r + 1], -q0[r + 2], q0[r + 3]];
  let x = aw * bx + ax * bw + ay * bz - az * by;
  let y = aw * by - ax * bz + ay * bw + az * bx;
  let z = aw * bz + ax * by - ay * bx + az * bw;
  const w = aw * bw - ax * bx - ay * by - az * bz;
  if (w < 0) [x, y, z] = [-x, -y, -z];
  const sin = Math.hypot(x, y, z);
  const k = sin < 1e-12 ? 2 : (2 * Math.atan2(sin, Math.abs(w))) / sin;
  return [(x * k) / dt, (y * k) / dt, (z * k) / dt];
}

/** Largest difference between the velocities of two pose pairs dt apart: metres and radians per second. */
function velocityMismatch(a0: Pose, a1: Pose, b0: Pose, b1: Pose, dt: number): number {
  let worst = 0;
  for (let i = 0; i < a0.translations.length; i++) {
    const va = (a1.translations[i] - a0.translations[i]) / dt;
    const vb = (b1.translations[i] - b0.translations[i]) / dt;
    worst = Math.max(worst, Math.abs(va - vb));
  }
  for (let r = 0; r < a0.rotations.length; r += 4) {
    const wa = angularVelocity(a0.rotations, a1.rotations, r, dt);
    const wb = angularVelocity(b0.rotations, b1.rotations, r, dt);
    worst = Math.max(worst, Math.hypot(wa[0] - wb[0], wa[1] - wb[1], wa[2] - wb[2]));
  }
  return worst;
}

describe('runtime: inertial transitions', () => {
  it("start on the source pose: a blend's first instant shows what was shown", async () => {
    const { playback, clip, snapshot } = await mannequinPlayback();
    playback.play(clip('walk'), { fade: 0 });
    for (let f = 0; f < 20; f++) playback.update(DT);
    const shown = snapshot();
    playback.play(clip('run'), { fade: 0.3, blend: 'inertial' });
    playback.update(1e-6);
    expect(poseDistance(playback.pose, shown)).to.be.below(1e-4);
    // a hard switch would jump: the test can tell
    const { playback: hard, clip: c2, snapshot: s2 } = await mannequinPlayback();
    hard.play(c2('walk'), { fade: 0 });
    for (let f = 0; f < 20; f++) hard.update(DT);
    const before = s2();
    hard.play(c2('run'), { fade: 0 });
    hard.update(1e-6);
    expect(poseDistance(hard.pose, before)).to.be.above(0.05);
  });

  it("carry the source's velocity on: the first finite difference matches the source's last one", async () => {
    const { playback, clip, snapshot } = await mannequinPlayback();
    playback.play(clip('walk'), { fade: 0 });
    for (let f = 0; f < 20; f++) playback.update(DT);
    const p2 = snapshot();
    playback.update(DT);
    const p1 = snapshot();
    playback.play(clip('run'), { fade: 0.3, blend: 'inertial' });
    playback.update(DT);
    const o1 = snapshot();
    playback.update(DT);
    const o2 = snapshot();
    const first = velocityMismatch(p2, p1, p1, o1, DT);
    const second = velocityMismatch(p1, o1, o1, o2, DT);
    // the same measure across a crossfade's start, for scale
    const { playback: fade, clip: c2, snapshot: s2 } = await mannequinPlayback();
    fade.play(c2('walk'), { fade: 0 });
    for (let f = 0; f < 21; f++) fade.update(DT);
    const f1 = s2();
    fade.play(c2('run'), { fade: 0 });
    fade.update(DT);
    const jump = velocityMismatch(p2, p1, f1, s2(), DT);
    console.log(
      `velocity change across the start (units/s): inertial ${first.toExponential(2)} then ${second.toFixed(3)}; hard switch ${jump.toFixed(3)}`,
    );
    expect(first).to.be.below(2e-3);
    // the next frame: the velocity runs on (a change bounded by the blend's acceleration), far from a switch
    expect(second).to.be.below(1);
    expect(jump).to.be.above(10);
  });

  it("end on the target: after the blend time the pose is the target's exactly", async () => {
    const { playback, clip } = await mannequinPlayback();
    playback.play(clip('walk'), { fade: 0 });
    for (let f = 0; f < 20; f++) playback.update(DT);
    playback.play(clip('run'), { fade: 0.25, blend: 'inertial' });
    const { playback: target, clip: c2 } = await mannequinPlayback();
    target.play(c2('run'), { fade: 0 });
    let midway = 0;
    for (let f = 0; f < 16; f++) {
      playback.update(DT);
      target.update(DT);
      if (f === 5) midway = poseDistance(playback.pose, target.pose);
    }
    expect(midway, 'blending midway').to.be.above(1e-3);
    expect(poseDistance(playback.pose, target.pose)).to.be.below(1e-5);
    expect(playback.weightOf(clip('walk')), 'the source is no longer sampled').to.equal(0);
  });

  it('decay each channel on the documented quintic, shortened where it would overshoot', () => {
    const inertia = new Inertializer(1);
    const pose = createPose(1);
    const at = (x: number) => {
      pose.translations[0] = x;
      pose.rotations.set([0, 0, 0, 1]);
    };
    // the source: x rising at 1 unit/s; the target: x still at 0
    const h = 0.1;
    at(0);
    inertia.reset(pose);
    at(h);
    inertia.apply(pose, h);
    inertia.start(1);
    at(0);
    inertia.apply(pose, h);
    expect(pose.translations[0], 'carried on').to.be.closeTo(0.2, 1e-6);
    const x0 = 0.2;
    const v0 = 1;
    for (let k = 1; k <= 12; k++) {
      at(0);
      inertia.apply(pose, h);
      const s = Math.min(1, (k * h) / 1);
      const q = s - 6 * s ** 3 + 8 * s ** 4 - 3 * s ** 5;
      const g = 1 - 10 * s ** 3 + 15 * s ** 4 - 6 * s ** 5;
      expect(pose.translations[0], `t = ${k * h}`).to.be.closeTo(x0 * g + v0 * 1 * q, 1e-5);
    }
    expect(inertia.active).to.equal(false);
    // heading back to 0 fast: the decay ends at 2.5·x0/|v0| and never crosses 0
    at(1);
    inertia.reset(pose);
    at(0.9);
    inertia.apply(pose, h);
    inertia.start(2);
    at(0);
    inertia.apply(pose, h);
    let lowest = 1;
    for (let k = 0; k < 25; k++) {
      at(0);
      inertia.apply(pose, h);
      lowest = Math.min(lowest, pose.translations[0]);
    }
    expect(lowest).to.be.at.least(-1e-9);
    expect(pose.translations[0]).to.equal(0);
  });

  it('allocate nothing per frame while blending', async () => {
    const { playback, clip } = await mannequinPlayback();
    const gc = (globalThis as unknown as { gc: () => void }).gc;
    const heap = () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
    const walk = clip('walk');
    const run = clip('run');
    const frames = (n: number) => {
      for (let f = 0; f < n; f++) {
        if (f % 20 === 0) playback.play(f % 40 === 0 ? walk : run, { fade: 0.25, blend: 'inertial' });
        playback.update(DT);
      }
    };
    frames(4000);
    gc();
    const before = heap();
    frames(4000);
    gc();
    expect((heap() - before) / 4000, 'bytes kept per frame').to.be.below(1);
  });
});
