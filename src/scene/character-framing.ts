import { animatedBounds } from './animated-bounds.js';
import type { CharacterRig } from './character-rig.js';
import { setFrameBounds } from './frame-bounds.js';

/**
 * Gives a character's root its framing bounds: every pose of every clip of its model, sampled once at bind
 * time; with its root motion taken out of the skeleton (shown in place, or moving the root instead) the
 * bounds without the root's horizontal travel. Returns the milliseconds the sampling took.
 */
export function frameCharacter(rig: CharacterRig): number {
  const start = performance.now();
  const bounds = animatedBounds(rig.binding, rig.binding.asset.clips, { rootJoint: rig.rootMotion.joint });
  setFrameBounds(rig.root, () => (rig.rootMotion.extracting ? bounds.inPlace : bounds.moving));
  return performance.now() - start;
}
