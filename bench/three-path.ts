// three.js's path for the same work: AnimationMixer with two weighted actions, updateMatrixWorld,
// Skeleton.update, on a Bone hierarchy built from the same rig and clips.
import {
  AnimationClip,
  AnimationMixer,
  Bone,
  type KeyframeTrack,
  Matrix4,
  QuaternionKeyframeTrack,
  Skeleton,
  VectorKeyframeTrack,
} from 'three';
import type { Clip } from '../src/runtime/index.js';
import type { BenchRig } from './rig.js';

export interface ThreeCharacter {
  root: Bone;
  mixer: AnimationMixer;
  skeleton: Skeleton;
}

/** three's clips for the rig; bones get plain names so one clip serves every character. */
export function threeClips(rig: BenchRig): AnimationClip[] {
  const convert = (clip: Clip) =>
    new AnimationClip(
      clip.name,
      clip.duration,
      clip.tracks.map((t): KeyframeTrack => {
        const name = `j${rig.skeleton.indexByName.get(t.target)}`;
        if (t.path === 'rotation') return new QuaternionKeyframeTrack(`${name}.quaternion`, t.times, t.values);
        return new VectorKeyframeTrack(`${name}.${t.path === 'translation' ? 'position' : 'scale'}`, t.times, t.values);
      }),
    );
  return rig.clips.map(convert);
}

export function makeThreeCharacter(rig: BenchRig, clips: AnimationClip[], offset: number): ThreeCharacter {
  const s = rig.skeleton;
  const bones = s.names.map((_, j) => {
    const b = new Bone();
    b.name = `j${j}`;
    b.position.fromArray(s.restTranslations, j * 3);
    b.quaternion.fromArray(s.restRotations, j * 4);
    b.scale.fromArray(s.restScales, j * 3);
    return b;
  });
  const root = new Bone();
  for (let j = 0; j < s.jointCount; j++) (s.parents[j] < 0 ? root : bones[s.parents[j]]).add(bones[j]);
  const skinBones = Array.from(rig.skin.joints, (j) => bones[j]);
  const inverses = skinBones.map((_, i) => new Matrix4().fromArray(rig.skin.inverseBinds, i * 16));
  const skeleton = new Skeleton(skinBones, inverses);
  const mixer = new AnimationMixer(root);
  const a = mixer.clipAction(clips[0]);
  const b = mixer.clipAction(clips[1]);
  a.setEffectiveWeight(0.5).play();
  b.setEffectiveWeight(0.5).play();
  mixer.update(offset);
  return { root, mixer, skeleton };
}

export function updateThreeCharacter(c: ThreeCharacter, dt: number): void {
  c.mixer.update(dt);
  c.root.updateMatrixWorld(true);
  c.skeleton.update();
}
