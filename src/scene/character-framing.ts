import { type AnimatedBounds, animatedBounds } from './animated-bounds.js';
import type { CharacterRig } from './character-rig.js';
import { setFrameBounds } from './frame-bounds.js';

/** Bounds by model and root joint: every character of one file sweeps the same, so it is sampled once. */
const cache = new WeakMap<object, Map<number, AnimatedBounds>>();

/**
 * Gives a character's root its framing bounds: every pose of every clip of its model, sampled the first time
 * a stage frames it (once per model and root joint, shared by every character of that file); with its root
 * motion taken out of the skeleton (shown in place, or moving the root instead) the bounds without the
 * root's horizontal travel.
 */
export function frameCharacter(rig: CharacterRig): void {
  const { binding } = rig;
  const rootJoint = rig.rootMotion.joint;
  let bounds: AnimatedBounds | undefined;
  setFrameBounds(rig.root, () => {
    if (!bounds) {
      let byJoint = cache.get(binding.asset);
      if (!byJoint) cache.set(binding.asset, (byJoint = new Map()));
      bounds = byJoint.get(rootJoint);
      if (!bounds) byJoint.set(rootJoint, (bounds = animatedBounds(binding, binding.asset.clips, { rootJoint })));
    }
    return rig.rootMotion.extracting ? bounds.inPlace : bounds.moving;
  });
}
