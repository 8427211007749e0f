import { expect } from '@open-wc/testing';
import { bindClip, MotionWarp, RootMotion, type WarpTarget, type WarpWindow } from '../../src/runtime/index.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';

const DEG = Math.PI / 180;

async function vaultWarp(windows: WarpWindow[]) {
  const asset = await mannequinAsset();
  const bindings = asset.clips.map((c) => bindClip(c, asset.skeleton));
  const clip = asset.clips.findIndex((c) => c.name === 'vault');
  const rm = new RootMotion(asset.skeleton, bindings, { joint: asset.skeleton.indexByName.get('Hips')!, yaw: true });
  return { warp: new MotionWarp(rm, clip, asset.clips[clip].duration, windows), duration: asset.clips[clip].duration };
}

const WINDOWS: WarpWindow[] = [
  { start: { fraction: 0.1 }, end: { fraction: 0.35 }, minRate: 0.5, maxRate: 2 },
  { start: { fraction: 0.35 }, end: { fraction: 0.6 }, minRate: 0.5, maxRate: 2 },
  { start: { fraction: 0.6 }, end: { fraction: 0.9 }, minRate: 0.5, maxRate: 2 },
];

/** Plays the clip at a fixed step (rate applied), stopping exactly at each window end to look. */
function run(warp: MotionWarp, duration: number, dt: number, onWindowEnd: (i: number) => void) {
  let t = 0;
  const ends = WINDOWS.map((w) => w.end.fraction! * duration);
  const rates: number[] = [];
  while (t < duration) {
    const next = Math.min(duration, t + dt * warp.rate);
    const end = ends.find((e) => e > t && e <= next);
    if (end !== undefined) {
      warp.update(t, end);
      onWindowEnd(ends.indexOf(end));
      warp.update(end, next);
    } else warp.update(t, next);
    if (warp.windowIndex < WINDOWS.length && t >= warp.starts[warp.windowIndex]) rates.push(warp.rate);
    t = next;
  }
  return rates;
}

describe('runtime: motion warping', () => {
  for (const [label, scale] of [
    ['nearer', 0.6],
    ['as authored', 1],
    ['farther', 1.5],
  ] as const) {
    it(`ends each window on its target within 1 cm and 1° (${label})`, async () => {
      const { warp, duration } = await vaultWarp(WINDOWS);
      const targets: WarpTarget[] = [
        { x: 0.1, y: 0.3, z: 0.4 * scale, yaw: 5 * DEG },
        { x: 0.2, y: 0.5, z: 1.2 * scale, yaw: 10 * DEG },
        { x: 0.3, y: 0, z: 1.9 * scale, yaw: 20 * DEG },
      ];
      expect(warp.begin(0, 0, 0, 0, targets)).to.equal(true);
      const rates = run(warp, duration, 1 / 60, (i) => {
        const t = targets[i];
        expect(
          Math.hypot(warp.position[0] - t.x, warp.position[1] - t.y, warp.position[2] - t.z),
          `window ${i}`,
        ).to.be.below(0.01);
        expect(Math.abs(warp.yaw - t.yaw!) / DEG, `window ${i} yaw`).to.be.below(1);
      });
      expect(warp.windowsDone).to.equal(true);
      for (const r of rates) {
        expect(r).to.be.at.least(0.5);
        expect(r).to.be.at.most(2);
      }
    });
  }

  it('scales the play rate by authored over desired distance, clamped', async () => {
    const { warp, duration } = await vaultWarp([
      { start: { fraction: 0.1 }, end: { fraction: 0.9 }, minRate: 0.8, maxRate: 1.25 },
    ]);
    warp.begin(0, 0, 0, 0, [{ x: 0, y: 0, z: 20 }]);
    warp.update(0, 0.1 * duration + 1e-6);
    expect(warp.rate).to.equal(0.8);
    const near = (await vaultWarp([{ start: { fraction: 0.1 }, end: { fraction: 0.9 }, minRate: 0.1, maxRate: 10 }]))
      .warp;
    near.begin(0, 0, 0, 0, [{ x: 0, y: 0, z: 0.2 }]);
    near.update(0, 0.1 * duration + 1e-6);
    expect(near.rate).to.be.above(1.5);
  });

  it('gives the same path whatever the frame rate', async () => {
    const places: number[][] = [];
    for (const dt of [1 / 30, 1 / 144, 0.11]) {
      const { warp, duration } = await vaultWarp(WINDOWS);
      warp.begin(1, 0, 2, 0.3, [
        { x: 1.2, y: 0.3, z: 2.5 },
        { x: 1.4, y: 0.4, z: 3.2 },
        { x: 1.5, y: 0, z: 4 },
      ]);
      let t = 0;
      while (t < duration) {
        const next = Math.min(duration, t + dt);
        warp.update(t, next);
        t = next;
      }
      places.push([...warp.position, warp.yaw]);
    }
    for (const p of places.slice(1)) for (let k = 0; k < 4; k++) expect(p[k]).to.be.closeTo(places[0][k], 1e-9);
  });

  it('windows in seconds warp exactly as the same windows in shares of the clip; bounds past the end clamp', async () => {
    const byShare = await vaultWarp(WINDOWS);
    const d = byShare.duration;
    const seconds = WINDOWS.map((w) => ({
      ...w,
      start: { seconds: w.start.fraction! * d },
      end: { seconds: w.end.fraction! * d },
    }));
    const bySeconds = (await vaultWarp(seconds)).warp;
    expect([...bySeconds.starts]).to.deep.equal([...byShare.warp.starts]);
    expect([...bySeconds.ends]).to.deep.equal([...byShare.warp.ends]);
    const targets = [
      { x: 0.2, y: 0.3, z: 0.6 },
      { x: 0.3, y: 0.4, z: 1.4 },
      { x: 0.3, y: 0, z: 2.2 },
    ];
    for (const w of [byShare.warp, bySeconds]) {
      w.begin(0, 0, 0, 0, targets);
      w.update(0, d);
    }
    expect([...bySeconds.position, bySeconds.yaw]).to.deep.equal([...byShare.warp.position, byShare.warp.yaw]);
    const late = (await vaultWarp([{ start: { seconds: d - 0.1 }, end: { seconds: d + 5 }, minRate: 1, maxRate: 1 }]))
      .warp;
    expect([late.starts[0], late.ends[0]]).to.deep.equal([d - 0.1, d]);
  });

  it('refuses targets that do not match the windows or are not finite', async () => {
    const { warp } = await vaultWarp(WINDOWS);
    expect(warp.begin(0, 0, 0, 0, [{ x: 0, y: 0, z: 1 }])).to.equal(false);
    expect(
      warp.begin(0, 0, 0, 0, [
        { x: 0, y: 0, z: 1 },
        { x: Number.NaN, y: 0, z: 1 },
        { x: 0, y: 0, z: 1 },
      ]),
    ).to.equal(false);
    expect(warp.active).to.equal(false);
  });
});
