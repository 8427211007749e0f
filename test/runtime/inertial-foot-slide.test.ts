import { expect } from '@open-wc/testing';
import { bindClip, localToModel, Playback, RootMotion, type TransitionBlend } from '../../src/runtime/index.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';
import { soleTracker } from '../helpers/sole-points.js';

const DT = 1 / 60;
const FADE = 0.3;
/** idle, then walk from 1 s, then run from 2.5 s, to 4 s. */
const PLAN: [number, string][] = [
  [0, 'idle'],
  [1, 'walk'],
  [2.5, 'run'],
];

/**
 * The mannequin going idle → walk → run with root motion applied (as `root-motion="apply"` does): how far its
 * planted sole points slide along the ground during the transitions (summed over the fades) and the worst
 * drift of one contact over the whole run.
 */
async function slide(blend: TransitionBlend) {
  const asset = await mannequinAsset();
  const { skeleton } = asset;
  const bindings = asset.clips.map((c) => bindClip(c, skeleton));
  const playback = new Playback(
    skeleton,
    bindings.map((binding) => ({ binding })),
  );
  playback.rootMotion = new RootMotion(skeleton, bindings, { joint: skeleton.indexByName.get('Hips')!, planar: true });
  const root = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const model = new Float32Array(skeleton.jointCount * 16);
  const soles = soleTracker(skeleton);
  let during = 0;
  let step = 0;
  for (let f = 0; f * DT < 4; f++) {
    const t = f * DT;
    if (step < PLAN.length && t >= PLAN[step][0]) {
      const clip = asset.clips.findIndex((c) => c.name === PLAN[step][1]);
      playback.play(clip, { fade: step === 0 ? 0 : FADE, blend });
      step++;
    }
    playback.update(DT);
    root[12] += playback.rootMotion!.delta[0];
    root[14] += playback.rootMotion!.delta[2];
    localToModel(skeleton, playback.pose, root, model);
    const moved = soles.track(model);
    if (PLAN.some(([at], i) => i > 0 && t >= at && t < at + FADE)) during += moved;
  }
  return { during, worst: soles.worst };
}

describe('runtime: foot slide across idle → walk → run, crossfade against inertial', () => {
  it('measures both; the inertial transitions slide no more than the crossfades', async () => {
    const crossfade = await slide('crossfade');
    const inertial = await slide('inertial');
    const mm = (m: number) => `${(m * 1000).toFixed(2)} mm`;
    console.log(
      `planted sole points' slide during the fades (summed): crossfade ${mm(crossfade.during)}, inertial ${mm(inertial.during)}; worst drift of one contact: crossfade ${mm(crossfade.worst)}, inertial ${mm(inertial.worst)}`,
    );
    expect(crossfade.during, 'a crossfade measurably slides (the measure can see it)').to.be.above(0);
    expect(inertial.during).to.be.at.most(crossfade.during);
    expect(inertial.worst).to.be.at.most(crossfade.worst);
  });
});
