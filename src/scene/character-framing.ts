import { Box3 } from 'three';
import type { ClipBinding } from '../runtime/core.js';
import type { CharacterRig } from './character-rig.js';
import { clipBounds } from './clip-bounds.js';
import { setFrameBounds } from './frame-bounds.js';

/**
 * Gives a character's root its framing bounds: every pose of the clips it has shown (played, or named by its
 * graph), and the rest pose until one plays or once it is stopped back to it; with its root motion taken out
 * of the skeleton (shown in place, or moving the root instead) the bounds without the root's horizontal
 * travel. A clip shown for the first time calls `changed` (the stage refits), so the frame grows to hold
 * what the character does and a viewer of an idle figure is not framed for a climb it never plays.
 */
export function frameCharacter(rig: CharacterRig, changed: () => void): void {
  const box = new Box3();
  const add = (clip: ClipBinding | null) => {
    const bounds = clipBounds(rig.binding, rig.rootMotion.joint, clip);
    box.union(rig.rootMotion.extracting ? bounds.inPlace : bounds.moving);
  };
  rig.onShownClip = changed;
  setFrameBounds(rig.root, () => {
    box.makeEmpty();
    if (rig.shownClips.size === 0 || rig.restShown) add(null);
    for (const clip of rig.shownClips) add(clip);
    return box;
  });
}
