import { expect } from '@open-wc/testing';
import { SOLE_POINTS } from '../../../scripts/mannequin/skeleton.js';
import { buildFootIk, type FootIk, footProbes, PROBE_STRIDE, solveFootIk } from '../../../src/runtime/ik/index.js';
import {
  bindClip,
  createPose,
  createSampleCache,
  localToModel,
  sampleClip,
  setRestPose,
} from '../../../src/runtime/index.js';
import { expectClose } from '../../helpers/math.js';
import { loadMannequinAsset } from './ik-fixtures.js';

/** A ground: its height and normal at (x, z). */
interface Ground {
  height(x: number, z: number): number;
  normal: [number, number, number];
  /** Where the character's root stands, given the animated hips' (x, z). */
  rootY(hipsX: number, hipsZ: number): number;
}

/** A plant weight this high counts as planted. */
const PLANTED = 0.9;
const SLOPE = (15 * Math.PI) / 180;
const slope: Ground = {
  height: (_x, z) => z * Math.tan(SLOPE),
  normal: [0, Math.cos(SLOPE), -Math.sin(SLOPE)],
  rootY: (_x, z) => z * Math.tan(SLOPE),
};
const stepUp: Ground = { height: (_x, z) => (z > 0.35 ? 0.15 : 0), normal: [0, 1, 0], rootY: () => 0 };
const stepDown: Ground = { height: (_x, z) => (z < 0.3 ? 0.12 : 0), normal: [0, 1, 0], rootY: () => 0.12 };
const flat: Ground = { height: () => 0, normal: [0, 1, 0], rootY: () => 0 };

interface Frame {
  time: number;
  plant: number[];
  /** The lowest sole point's height over the ground under it, per foot (left, right). */
  gap: number[];
  drop: number;
  hipsDelta: number;
  fkError: number;
}

/** Plays the mannequin's walk over a ground with foot IK, frame by frame, measuring each frame. */
async function walkOver(ground: Ground, setup: (ik: FootIk) => void = () => {}, steps = 72): Promise<Frame[]> {
  const asset = await loadMannequinAsset();
  const skeleton = asset.skeleton;
  const walk = asset.clips.find((c) => c.name === 'walk')!;
  const binding = bindClip(walk, skeleton);
  const cache = createSampleCache(binding);
  const pose = createPose(skeleton.jointCount);
  const model = new Float32Array(skeleton.jointCount * 16);
  const check = new Float32Array(model.length);
  const root = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const ik = buildFootIk(skeleton);
  setup(ik);
  const probes = new Float32Array(12);
  const hips = skeleton.indexByName.get('Hips')!;
  const dt = walk.duration / steps;
  const soleOf = (joint: string, offset: readonly number[]) => {
    const m = skeleton.indexByName.get(joint)! * 16;
    return [0, 1, 2].map(
      (k) => model[m + k] * offset[0] + model[m + 4 + k] * offset[1] + model[m + 8 + k] * offset[2] + model[m + 12 + k],
    );
  };
  const frames: Frame[] = [];
  for (let s = 0; s <= steps; s++) {
    setRestPose(skeleton, pose);
    sampleClip(binding, s * dt, cache, pose);
    localToModel(skeleton, pose, null, model);
    root[13] = ground.rootY(model[hips * 16 + 12], model[hips * 16 + 14]);
    localToModel(skeleton, pose, root, model);
    const hipsY = model[hips * 16 + 13];
    footProbes(ik, model, probes);
    for (let k = 0; k < 4; k++) {
      const x = probes[k * 3];
      const z = probes[k * 3 + 2];
      ik.ground.set([1, x, ground.height(x, z), z, ...ground.normal], k * PROBE_STRIDE);
    }
    solveFootIk(ik, pose, model, root, dt, 1);
    localToModel(skeleton, pose, root, check);
    let fkError = 0;
    for (let i = 0; i < model.length; i++) fkError = Math.max(fkError, Math.abs(check[i] - model[i]));
    const gap = ['Left', 'Right'].map((side) => {
      const heel = soleOf(`${side}Foot`, SOLE_POINTS.heel.offset);
      const ball = soleOf(`${side}Toes`, SOLE_POINTS.ball.offset);
      return Math.min(heel[1] - ground.height(heel[0], heel[2]), ball[1] - ground.height(ball[0], ball[2]));
    });
    frames.push({
      time: s * dt,
      plant: [ik.plantWeights[0], ik.plantWeights[1]],
      gap,
      drop: ik.pelvisDrop,
      hipsDelta: model[hips * 16 + 13] - hipsY,
      fkError,
    });
  }
  return frames;
}

function expectPlantedOnGround(frames: Frame[], what: string): void {
  let planted = 0;
  for (const f of frames) {
    for (let foot = 0; foot < 2; foot++) {
      const label = `${what}, ${foot ? 'right' : 'left'} foot at ${f.time.toFixed(3)} s`;
      expect(f.gap[foot], `${label}: below the ground`).to.be.above(-0.001);
      if (f.plant[foot] >= PLANTED) {
        planted++;
        expect(f.gap[foot], `${label}: planted but off the ground`).to.be.below(0.01);
      }
    }
    expect(f.fkError, 'refreshed matrices differ from a full forward pass').to.be.below(1e-5);
    expect(f.hipsDelta).to.be.closeTo(-f.drop, 1e-5);
  }
  // the walk plants each foot for about half the cycle
  expect(planted, `${what}: planted foot-frames`).to.be.above(frames.length * 0.4);
}

describe('runtime/ik: foot IK on the mannequin’s walk', () => {
  it('on flat ground the animation is kept: planted soles stay where the clip put them', async () => {
    const frames = await walkOver(flat);
    expectPlantedOnGround(frames, 'flat');
    for (const f of frames) expect(f.drop, 'no pelvis drop on flat ground').to.be.below(0.002);
  });

  it('on a 15° slope planted soles meet it, none sinks, and the pelvis drops for the downhill foot', async () => {
    const frames = await walkOver(slope);
    expectPlantedOnGround(frames, 'slope');
    const maxDrop = Math.max(...frames.map((f) => f.drop));
    expect(maxDrop).to.be.above(0.05);
    expect(maxDrop).to.be.at.most(0.35);
    // without the pelvis drop the downhill foot cannot reach: the drop was needed
    const stiff = await walkOver(slope, (ik) => {
      ik.pelvisLimit = 0;
    });
    const worst = Math.max(...stiff.flatMap((f) => f.gap.filter((_, foot) => f.plant[foot] >= PLANTED)));
    expect(worst, 'a planted foot without pelvis drop').to.be.above(0.01);
  });

  it('the pelvis drop stops at its limit', async () => {
    const frames = await walkOver(slope, (ik) => {
      ik.pelvisLimit = 0.03;
    });
    expect(Math.max(...frames.map((f) => f.drop))).to.be.closeTo(0.03, 1e-9);
    for (const f of frames) expect(Math.min(...f.gap)).to.be.above(-0.001);
  });

  it('stepping up onto a step: the planted foot stands on it, no pelvis drop', async () => {
    const frames = await walkOver(stepUp);
    expectPlantedOnGround(frames, 'step up');
    expect(Math.max(...frames.map((f) => f.drop))).to.be.below(0.002);
  });

  it('stepping down off a step: the planted lower foot reaches down and the pelvis drops', async () => {
    const frames = await walkOver(stepDown);
    expectPlantedOnGround(frames, 'step down');
    expect(Math.max(...frames.map((f) => f.drop))).to.be.within(0.1, 0.13);
  });

  it('nothing changes while airborne or under the vertical hand-off, or at weight 0', async () => {
    const asset = await loadMannequinAsset();
    const skeleton = asset.skeleton;
    const binding = bindClip(asset.clips.find((c) => c.name === 'walk')!, skeleton);
    const pose = createPose(skeleton.jointCount);
    setRestPose(skeleton, pose);
    sampleClip(binding, 0.2, createSampleCache(binding), pose);
    const model = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, pose, null, model);
    const ik = buildFootIk(skeleton);
    for (let k = 0; k < 4; k++) ik.ground.set([1, 0, 0.1, 0, 0, 1, 0], k * PROBE_STRIDE);
    const rotations = pose.rotations.slice();
    const translations = pose.translations.slice();
    const before = model.slice();
    for (const [flag, weight] of [
      ['airborne', 1],
      ['verticalHandoff', 1],
      ['', 0],
    ] as const) {
      ik.airborne = flag === 'airborne';
      ik.verticalHandoff = flag === 'verticalHandoff';
      solveFootIk(ik, pose, model, null, 1 / 60, weight);
      expect(pose.rotations).to.deep.equal(rotations);
      expect(pose.translations).to.deep.equal(translations);
      expect(model).to.deep.equal(before);
    }
    // and grounded, the same input does move the feet (the check above could fail)
    ik.airborne = ik.verticalHandoff = false;
    solveFootIk(ik, pose, model, null, 1 / 60, 1);
    expect(() => expectClose(model, before, 1e-4)).to.throw();
  });

  it('a foot without a ground hit keeps its animation', async () => {
    const asset = await loadMannequinAsset();
    const skeleton = asset.skeleton;
    const binding = bindClip(asset.clips.find((c) => c.name === 'walk')!, skeleton);
    const pose = createPose(skeleton.jointCount);
    setRestPose(skeleton, pose);
    sampleClip(binding, 0.2, createSampleCache(binding), pose);
    const model = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, pose, null, model);
    const ik = buildFootIk(skeleton);
    ik.ground.fill(0);
    const before = model.slice();
    solveFootIk(ik, pose, model, null, 1 / 60, 1);
    expect(model).to.deep.equal(before);
    expect(Array.from(ik.plantWeights)).to.deep.equal([0, 0]);
  });
});
