// Transitions side by side: a character mid-crossfade (both clips sampled and blended) against one mid
// inertial blend (only the target sampled, the difference decayed), each with FK and skinning matrices.
import { bindClip, localToModel, Playback, skinningMatrices, type TransitionBlend } from '../src/runtime/index.js';
import type { BenchRig } from './rig.js';

interface Character {
  playback: Playback;
  model: Float32Array;
  boneMatrices: Float32Array;
}

function makeCharacter(rig: BenchRig, blend: TransitionBlend, offset: number): Character {
  const playback = new Playback(
    rig.skeleton,
    rig.clips.map((clip) => ({ binding: bindClip(clip, rig.skeleton) })),
  );
  playback.play(0, { fade: 0 });
  playback.update(offset);
  playback.update(1 / 60);
  // a blend far longer than the run: every measured frame is mid-transition
  playback.play(1, { fade: 1e6, blend });
  playback.update(1 / 60);
  playback.update(1 / 60);
  return {
    playback,
    model: new Float32Array(rig.skeleton.jointCount * 16),
    boneMatrices: new Float32Array(rig.skin.joints.length * 16),
  };
}

/** µs per character per frame during a transition: [crossfade, inertial], measured together. */
export function benchTransitions(
  rig: BenchRig,
  count: number,
  dt: number,
  measurePair: (count: number, ...frames: (() => void)[]) => number[],
): number[] {
  const crowds = (['crossfade', 'inertial'] as const).map((blend) =>
    Array.from({ length: count }, (_, i) => makeCharacter(rig, blend, (i * 0.37) % 1)),
  );
  const frame = (crowd: Character[]) => () => {
    for (const c of crowd) {
      c.playback.update(dt);
      localToModel(rig.skeleton, c.playback.pose, null, c.model);
      skinningMatrices(rig.skin, c.model, c.boneMatrices);
    }
  };
  return measurePair(count, frame(crowds[0]), frame(crowds[1]));
}
