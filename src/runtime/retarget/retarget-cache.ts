import type { Clip } from '../clip.js';
import type { HumanoidRig } from './humanoid-rig.js';
import { retargetClip } from './retarget-clip.js';

/**
 * Retargeted clips kept per (clip, target rig): characters sharing a rig and an animation pack share
 * each retargeted clip. Weakly held: a clip or rig no one uses any more is collected with its entries.
 */
export interface RetargetCache {
  get(clip: Clip, source: HumanoidRig, target: HumanoidRig): Clip;
}

export function createRetargetCache(): RetargetCache {
  const byTarget = new WeakMap<HumanoidRig, WeakMap<Clip, { source: HumanoidRig; clip: Clip }>>();
  return {
    get(clip, source, target) {
      let clips = byTarget.get(target);
      if (!clips) byTarget.set(target, (clips = new WeakMap()));
      const hit = clips.get(clip);
      if (hit && hit.source === source) return hit.clip;
      const made = retargetClip(clip, source, target);
      clips.set(clip, { source, clip: made });
      return made;
    },
  };
}
