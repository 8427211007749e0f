import { bindClip, type Clip, type ClipBinding, type MorphSlot } from './clip.js';
import type { Skeleton } from './skeleton.js';

const NO_MORPHS: ReadonlyMap<string, MorphSlot> = new Map();
const bindings = new WeakMap<Clip, WeakMap<Skeleton, WeakMap<ReadonlyMap<string, MorphSlot>, ClipBinding>>>();

/**
 * `bindClip`, made once per clip, skeleton and morph slots and shared by every character that plays the clip
 * on that skeleton (the copies of one model share both): a crowd samples through one copy of each clip's
 * plan, kept in cache, and the scratch poses a crowd samples into see the same binding character after
 * character, so they need no reset to the rest pose between them (ScratchPoses.sample). A binding is never
 * changed once made. Errors are bindClip's, thrown each time (nothing is kept for a clip that fails).
 */
export function sharedClipBinding(
  clip: Clip,
  skeleton: Skeleton,
  morphs: ReadonlyMap<string, MorphSlot> = NO_MORPHS,
): ClipBinding {
  let bySkeleton = bindings.get(clip);
  if (!bySkeleton) bindings.set(clip, (bySkeleton = new WeakMap()));
  let byMorphs = bySkeleton.get(skeleton);
  if (!byMorphs) bySkeleton.set(skeleton, (byMorphs = new WeakMap()));
  let binding = byMorphs.get(morphs);
  if (!binding) byMorphs.set(morphs, (binding = bindClip(clip, skeleton, morphs)));
  return binding;
}
