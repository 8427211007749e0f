// This project's path for one character: two clips mid-crossfade (Playback), forward kinematics and
// skinning matrices into a bone-texture-sized buffer.
import { bindClip, localToModel, Playback, type PlaybackClip, skinningMatrices } from '../src/runtime/index.js';
import type { BenchRig } from './rig.js';

export interface RuntimeCharacter {
  playback: Playback;
  model: Float32Array;
  boneMatrices: Float32Array;
}

/** Bindings are immutable: a crowd on one rig binds its clips once and shares them. */
const boundClips = new WeakMap<BenchRig, PlaybackClip[]>();

function clipsOf(rig: BenchRig): PlaybackClip[] {
  let clips = boundClips.get(rig);
  if (!clips) {
    clips = rig.clips.map((clip) => ({ binding: bindClip(clip, rig.skeleton) }));
    boundClips.set(rig, clips);
  }
  return clips;
}

export function makeRuntimeCharacter(rig: BenchRig, offset: number): RuntimeCharacter {
  const playback = new Playback(rig.skeleton, clipsOf(rig));
  playback.play(0, { fade: 0 });
  playback.update(offset);
  // A fade far longer than the run keeps both clips sampled and blended every frame.
  playback.play(1, { fade: 1e6 });
  playback.update(0.5e6);
  return {
    playback,
    model: new Float32Array(rig.skeleton.jointCount * 16),
    boneMatrices: new Float32Array(rig.skin.joints.length * 16),
  };
}

export function updateRuntimeCharacter(rig: BenchRig, c: RuntimeCharacter, dt: number): void {
  c.playback.update(dt);
  localToModel(rig.skeleton, c.playback.pose, null, c.model);
  skinningMatrices(rig.skin, c.model, c.boneMatrices);
}
