import {
  bindClip,
  type Clip,
  copyPose,
  createPose,
  createSampleCache,
  type GltfAsset,
  localToModel,
  type Pose,
  sampleClip,
  setRestPose,
} from '../../src/runtime/index.js';

/** What the gallery needs to know of a clip before it lays the grid out. */
export interface ClipSurvey {
  readonly name: string;
  readonly duration: number;
  /** Plays over and over (the gallery repeats it); otherwise a one-shot, replayed after a pause. */
  readonly loops: boolean;
  /** Ground footprint of every skinned joint over the whole clip, model space (x and z, model units). */
  readonly minX: number;
  readonly maxX: number;
  readonly minZ: number;
  readonly maxZ: number;
  /** Highest joint over the clip. */
  readonly top: number;
}

/**
 * A seam (the largest joint rotation between the first and last pose) within this always closes; a wider
 * one closes when it is no wider than the clip's own motion between neighbouring samples (times this
 * margin): exporters often end a loop one frame before its first pose, so a fast run's seam is a frame's
 * worth of motion.
 */
const SEAM_ANGLE = (5 * Math.PI) / 180;
const SEAM_STEP_MARGIN = 1.5;

/**
 * Words that name one-shots in clip names (`jump`, `WalkJump`, `land-hard`, `ThumbsUp`, …). A closed seam
 * does not tell a loop from a one-shot that starts and ends in the same stance, and the motion at the seam
 * does not either (a sway loop turns back there just as a wave does), so the name decides between them.
 */
const ONE_SHOT_WORDS = new Set([
  'attack',
  'climb',
  'death',
  'die',
  'dodge',
  'emote',
  'getup',
  'hit',
  'jump',
  'kick',
  'land',
  'no',
  'punch',
  'react',
  'roll',
  'shoot',
  'sit',
  'sitting',
  'stand',
  'standing',
  'throw',
  'thumbs',
  'turn',
  'vault',
  'wave',
  'yes',
]);

/**
 * Samples every clip of `asset` on a coarse grid of times (load-time work, once per gallery): its footprint
 * for the layout, and whether it loops: a clip's `extras.loop` (boolean) when the exporter wrote one, else
 * a closed seam and a name that is not a one-shot's.
 */
export function surveyClips(asset: GltfAsset): ClipSurvey[] {
  const { skeleton } = asset;
  const joints = skinnedJoints(asset);
  const first = createPose(skeleton.jointCount, asset.defaultWeights.length);
  const pose = createPose(skeleton.jointCount, asset.defaultWeights.length);
  const previous = createPose(skeleton.jointCount, asset.defaultWeights.length);
  const model = new Float32Array(skeleton.jointCount * 16);

  return asset.clips.map((clip) => {
    const binding = bindClip(clip, skeleton, asset.morphs);
    const cache = createSampleCache(binding);
    const poseAt = (time: number, out: Pose) => {
      setRestPose(skeleton, out, asset.defaultWeights);
      sampleClip(binding, time, cache, out);
    };
    const d = clip.duration;
    let minX = Infinity;
    let maxX = -Infinity;
    let minZ = Infinity;
    let maxZ = -Infinity;
    let top = -Infinity;
    const samples = Math.min(120, Math.max(8, Math.ceil(d * 20)));
    let largestStep = 0;
    for (let i = 0; i <= samples; i++) {
      poseAt((d * i) / samples, pose);
      if (i > 0) largestStep = Math.max(largestStep, largestTurn(previous, pose, joints));
      copyPose(pose, previous);
      localToModel(skeleton, pose, null, model);
      for (const j of joints) {
        const o = j * 16 + 12;
        minX = Math.min(minX, model[o]);
        maxX = Math.max(maxX, model[o]);
        minZ = Math.min(minZ, model[o + 2]);
        maxZ = Math.max(maxZ, model[o + 2]);
        top = Math.max(top, model[o + 1]);
      }
    }
    poseAt(0, first);
    const seamCloses = largestTurn(first, pose, joints) < Math.max(SEAM_ANGLE, largestStep * SEAM_STEP_MARGIN);
    const loops = declaredLoop(clip) ?? (seamCloses && !namesOneShot(clip.name));
    return { name: clip.name, duration: d, loops, minX, maxX, minZ, maxZ, top };
  });
}

function declaredLoop(clip: Clip): boolean | undefined {
  const loop = clip.extras.loop;
  return typeof loop === 'boolean' ? loop : undefined;
}

/** `WalkJump`, `land-hard`, `get_up` → their words, lower case; `get-up` also counts as `getup`. */
export function namesOneShot(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return words.some((w, i) => ONE_SHOT_WORDS.has(w) || ONE_SHOT_WORDS.has(w + (words[i + 1] ?? '')));
}

/** The skin joints (every joint when the model has no skin), without repeats. */
function skinnedJoints(asset: GltfAsset): number[] {
  if (asset.skins.length === 0) return Array.from({ length: asset.skeleton.jointCount }, (_, j) => j);
  const set = new Set<number>();
  for (const skin of asset.skins) for (const j of skin.joints) set.add(j);
  return [...set];
}

/** The largest angle, radians, between the two poses' local rotations of `joints` (sign-free). */
function largestTurn(a: Pose, b: Pose, joints: readonly number[]): number {
  let largest = 0;
  for (const j of joints) {
    const o = j * 4;
    const dot = Math.abs(
      a.rotations[o] * b.rotations[o] +
        a.rotations[o + 1] * b.rotations[o + 1] +
        a.rotations[o + 2] * b.rotations[o + 2] +
        a.rotations[o + 3] * b.rotations[o + 3],
    );
    largest = Math.max(largest, 2 * Math.acos(Math.min(1, dot)));
  }
  return largest;
}
