import { expect } from '@open-wc/testing';
import { SOLE_POINTS } from '../../scripts/mannequin/skeleton.js';
import { bindClip, localToModel, Playback, RootMotion } from '../../src/runtime/index.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';

/** A sole point is on the ground below this height (metres): the foot is planted there. */
const PLANTED = 0.002;

/**
 * Walks the mannequin with its root motion applied to the character (as `root-motion="apply"` does) and
 * measures, for every contact of a sole point with the ground, how far that point slides in world space.
 */
async function worstSlide(
  clipName: string,
  dt: number,
): Promise<{ worst: number; contacts: number[]; duration: number }> {
  const asset = await mannequinAsset();
  const { skeleton } = asset;
  const bindings = asset.clips.map((c) => bindClip(c, skeleton));
  const playback = new Playback(
    skeleton,
    bindings.map((binding) => ({ binding })),
  );
  playback.rootMotion = new RootMotion(skeleton, bindings, { joint: skeleton.indexByName.get('Hips')!, planar: true });
  playback.play(
    asset.clips.findIndex((c) => c.name === clipName),
    { fade: 0 },
  );
  const root = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const model = new Float32Array(skeleton.jointCount * 16);
  const points = ['Left', 'Right'].flatMap((side) =>
    Object.values(SOLE_POINTS).map((p) => ({
      joint: skeleton.indexByName.get(`${side}${p.joint}`)!,
      offset: p.offset,
    })),
  );
  const contactStart = points.map(() => null as number[] | null);
  /** Contacts begun, per sole point: a slide is measured only over these. */
  const contacts = points.map(() => 0);
  let worst = 0;
  for (let t = 0; t < 4; t += dt) {
    playback.update(dt);
    root[12] += playback.rootMotion!.delta[0];
    root[14] += playback.rootMotion!.delta[2];
    localToModel(skeleton, playback.pose, root, model);
    points.forEach(({ joint, offset }, i) => {
      const m = model.subarray(joint * 16, joint * 16 + 16);
      const x = m[0] * offset[0] + m[4] * offset[1] + m[8] * offset[2] + m[12];
      const y = m[1] * offset[0] + m[5] * offset[1] + m[9] * offset[2] + m[13];
      const z = m[2] * offset[0] + m[6] * offset[1] + m[10] * offset[2] + m[14];
      if (y > PLANTED) {
        contactStart[i] = null;
        return;
      }
      if (!contactStart[i]) {
        contactStart[i] = [x, z];
        contacts[i]++;
      }
      worst = Math.max(worst, Math.hypot(x - contactStart[i]![0], z - contactStart[i]![1]));
    });
  }
  const clip = asset.clips.find((c) => c.name === clipName)!;
  return { worst, contacts, duration: clip.duration };
}

describe('runtime: feet do not slide with root motion applied', () => {
  for (const clip of ['walk', 'run', 'crouch-walk']) {
    it(`${clip}: a planted sole point drifts at most 1 cm per contact`, async () => {
      const slides = [];
      for (const dt of [1 / 60, 1 / 144]) {
        const { worst, contacts, duration } = await worstSlide(clip, dt);
        slides.push(worst);
        console.log(`${clip} at dt ${dt.toFixed(4)}: contacts per sole point ${contacts.join(', ')}`);
        // no contact, no measurement: every sole point (heel and ball of each foot) lands once per cycle
        const cycles = Math.floor(4 / duration);
        for (const [i, n] of contacts.entries()) expect(n, `contacts of sole point ${i}`).to.be.at.least(cycles);
      }
      console.log(`${clip}: worst planted-foot drift ${(Math.max(...slides) * 1000).toFixed(2)} mm per contact`);
      for (const s of slides) expect(s).to.be.below(0.01);
    });
  }
});
