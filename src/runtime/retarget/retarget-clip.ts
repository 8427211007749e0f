import { bindClip, buildClip, type Clip, type RawTrack } from '../clip.js';
import { createPose, setRestPose } from '../pose.js';
import { conjugateMultiply, multiply, rotateVector } from '../quat.js';
import { createSampleCache, sampleClip } from '../sample.js';
import type { HumanoidRig } from './humanoid-rig.js';
import { composeSim, modelSims, relativeSim, SIM } from './similarity.js';
import { BODY_PARENTS, HUMANOID_SLOTS, SLOT_COUNT, SLOT_INDEX } from './slots.js';

export interface RetargetOptions {
  /** Fewest samples per second the retargeted clip gets between the source's keys (default 20). */
  sampleRate?: number;
}

/**
 * Replays a clip made for one humanoid rig through another's proportions, once, into an ordinary clip
 * for the target (so playing it costs what a native clip costs). Per slot, the source bone's model
 * rotation away from its reference T-pose is applied to the target bone's reference; the hip joints'
 * height and the ground travel scale by the ratio of leg lengths; bones outside the map keep the
 * target's rest pose; morph weight tracks are left out. The clip is sampled at the source's key times
 * (more where keys are sparse) into LINEAR tracks; the extras' `stride` and `rootMotion` follow the legs.
 */
export function retargetClip(
  clip: Clip,
  source: HumanoidRig,
  target: HumanoidRig,
  options: RetargetOptions = {},
): Clip {
  const times = sampleTimes(clip, source, options.sampleRate ?? 20);
  const src = source.skeleton;
  const tgt = target.skeleton;
  const binding = bindClip(clip, src);
  const cache = createSampleCache(binding);
  const pose = createPose(src.jointCount);
  const srcModel = new Float64Array(src.jointCount * SIM);
  const tgtModel = new Float64Array(tgt.jointCount * SIM);
  const slotSims = new Float64Array(SLOT_COUNT * SIM);
  const restLocal = new Float64Array(tgt.jointCount * SIM);
  for (let j = 0; j < tgt.jointCount; j++) {
    restLocal.set(tgt.restTranslations.subarray(j * 3, j * 3 + 3), j * SIM);
    restLocal.set(tgt.restRotations.subarray(j * 4, j * 4 + 4), j * SIM + 3);
    const s = tgt.restScales;
    restLocal[j * SIM + 7] = (s[j * 3] + s[j * 3 + 1] + s[j * 3 + 2]) / 3;
  }

  // q_target = pre · q_source · post[slot]: the source's turn from its reference, carried over
  const pre = new Float64Array(4);
  conjugateMultiply(pre, 0, target.facing, 0, source.facing, 0);
  const sourceJoint = new Int16Array(SLOT_COUNT).fill(-1);
  const post = new Float64Array(SLOT_COUNT * 4);
  const slots: number[] = [];
  for (let s = 0; s < SLOT_COUNT; s++) {
    if (target.map.joints[s] < 0) continue;
    const from = sourceSlotFor(source, s);
    slots.push(s);
    sourceJoint[s] = source.map.joints[from];
    // post = conj(refSrc) · conj(facingSrc) · facingTgt · refTgt
    const q = post.subarray(s * 4, s * 4 + 4);
    multiply(q, 0, target.facing, 0, target.reference, s * SIM + 3);
    conjugateMultiply(q, 0, source.facing, 0, q, 0);
    conjugateMultiply(q, 0, source.reference, from * SIM + 3, q, 0);
  }

  const ratio = target.legLength / source.legLength;
  const hipsSlot = SLOT_INDEX.hips;
  const srcUpperLegs = [source.map.joints[SLOT_INDEX.leftUpperLeg], source.map.joints[SLOT_INDEX.rightUpperLeg]];
  // the hips' rest offset from the hip joints, in the hips' rest frame
  const tgtHips = target.map.joints[hipsSlot];
  const hipsOffset = new Float64Array(3);
  const restHips = target.rest.subarray(tgtHips * SIM, tgtHips * SIM + SIM);
  rotateVector(
    hipsOffset,
    0,
    Float64Array.of(-restHips[3], -restHips[4], -restHips[5], restHips[6]),
    0,
    restHips[0] - target.hipJoints[0],
    restHips[1] - target.hipJoints[1],
    restHips[2] - target.hipJoints[2],
  );
  const srcRestLegs = new Float64Array(3);
  rotateVector(srcRestLegs, 0, source.facing, 0, source.hipJoints[0], source.hipJoints[1], source.hipJoints[2]);
  const tgtRestLegs = new Float64Array(3);
  rotateVector(tgtRestLegs, 0, target.facing, 0, target.hipJoints[0], target.hipJoints[1], target.hipJoints[2]);
  const unfacing = Float64Array.of(-target.facing[0], -target.facing[1], -target.facing[2], target.facing[3]);

  const rotations = slots.map(() => new Float32Array(times.length * 4));
  const translations = slots.map((s) => (target.detached[s] ? new Float32Array(times.length * 3) : null));
  const v = new Float64Array(3);
  const scratch = new Float64Array(SIM);
  times.forEach((time, k) => {
    setRestPose(src, pose);
    sampleClip(binding, time, cache, pose);
    modelSims(src.parents, pose.translations, pose.rotations, pose.scales, srcModel);

    for (const s of slots) {
      const o = s * SIM;
      const j = target.map.joints[s];
      multiply(slotSims, o + 3, pre, 0, srcModel, sourceJoint[s] * SIM + 3);
      multiply(slotSims, o + 3, slotSims, o + 3, post, s * 4);
      slotSims[o + 7] = target.rest[j * SIM + 7];
      if (s === hipsSlot) {
        // the hip joints: height and travel scaled by the legs, in the canonical frame
        const a = srcUpperLegs[0] * SIM;
        const b = srcUpperLegs[1] * SIM;
        const mx = (srcModel[a] + srcModel[b]) / 2;
        const my = (srcModel[a + 1] + srcModel[b + 1]) / 2;
        const mz = (srcModel[a + 2] + srcModel[b + 2]) / 2;
        rotateVector(v, 0, source.facing, 0, mx, my, mz);
        const cx = tgtRestLegs[0] + ratio * (v[0] - srcRestLegs[0]);
        const cy = ratio * v[1];
        const cz = tgtRestLegs[2] + ratio * (v[2] - srcRestLegs[2]);
        rotateVector(slotSims, o, unfacing, 0, cx, cy, cz);
        rotateVector(v, 0, slotSims, o + 3, hipsOffset[0], hipsOffset[1], hipsOffset[2]);
        slotSims[o] += v[0];
        slotSims[o + 1] += v[1];
        slotSims[o + 2] += v[2];
      } else {
        composeSim(scratch, 0, slotSims, target.bodyParent[s] * SIM, target.fromBodyParent, o);
        slotSims[o] = scratch[0];
        slotSims[o + 1] = scratch[1];
        slotSims[o + 2] = scratch[2];
      }
    }

    // the target's joints in model space: slots where the retarget put them, the rest carried along
    const slotOf = target.map.joints;
    for (let j = 0; j < tgt.jointCount; j++) {
      const s = slotOf.indexOf(j);
      const p = tgt.parents[j];
      if (s >= 0) tgtModel.set(slotSims.subarray(s * SIM, s * SIM + SIM), j * SIM);
      else if (p < 0) tgtModel.set(restLocal.subarray(j * SIM, j * SIM + SIM), j * SIM);
      else composeSim(tgtModel, j * SIM, tgtModel, p * SIM, restLocal, j * SIM);
    }
    slots.forEach((s, i) => {
      const j = target.map.joints[s];
      const p = tgt.parents[j];
      if (p >= 0) relativeSim(scratch, 0, tgtModel, p * SIM, tgtModel, j * SIM);
      else scratch.set(tgtModel.subarray(j * SIM, j * SIM + SIM));
      const r = rotations[i];
      // keep neighbouring keys in one hemisphere, so constant tracks read as constant
      const flip =
        k > 0 &&
        r[k * 4 - 4] * scratch[3] + r[k * 4 - 3] * scratch[4] + r[k * 4 - 2] * scratch[5] + r[k * 4 - 1] * scratch[6] <
          0;
      for (let c = 0; c < 4; c++) r[k * 4 + c] = flip ? -scratch[3 + c] : scratch[3 + c];
      translations[i]?.set(scratch.subarray(0, 3), k * 3);
    });
  });

  const keyTimes = Float32Array.from(times);
  const tracks: RawTrack[] = [];
  slots.forEach((s, i) => {
    const name = tgt.names[target.map.joints[s]];
    tracks.push({ target: name, path: 'rotation', interpolation: 'LINEAR', times: keyTimes, values: rotations[i] });
    const t = translations[i];
    if (t) tracks.push({ target: name, path: 'translation', interpolation: 'LINEAR', times: keyTimes, values: t });
  });
  return buildClip({ name: clip.name, tracks, duration: clip.duration, extras: scaleExtras(clip.extras, ratio, pre) });
}

/** The source slot whose turn drives target slot s: its own, else the nearest body parent the source has. */
function sourceSlotFor(source: HumanoidRig, s: number): number {
  if (source.map.joints[s] >= 0) return s;
  for (const parent of BODY_PARENTS[HUMANOID_SLOTS[s]] ?? []) {
    const p = SLOT_INDEX[parent];
    if (source.map.joints[p] >= 0) return p;
  }
  return SLOT_INDEX.hips;
}

/** Every key time of the tracks that move the source's joints, gaps wider than 1/rate split evenly. */
function sampleTimes(clip: Clip, source: HumanoidRig, rate: number): number[] {
  const keys = new Set<number>([0, clip.duration]);
  for (const track of clip.tracks) {
    if (track.path === 'weights' || !source.skeleton.indexByName.has(track.target)) continue;
    for (const t of track.times) if (t >= 0 && t <= clip.duration) keys.add(t);
  }
  const sorted = [...keys].sort((a, b) => a - b);
  const out: number[] = [];
  const step = 1 / Math.max(rate, 1e-3);
  sorted.forEach((t, i) => {
    if (i > 0) {
      const gap = t - sorted[i - 1];
      const parts = Math.ceil(gap / step - 1e-9);
      for (let p = 1; p < parts; p++) out.push(sorted[i - 1] + (gap * p) / parts);
    }
    out.push(t);
  });
  return out;
}

/**
 * A clip's extras carried to the target: a `stride` scaled by the legs, a `rootMotion` vector [x, y, z]
 * scaled and turned from the source's facing to the target's.
 */
function scaleExtras(
  extras: Readonly<Record<string, unknown>>,
  ratio: number,
  turn: Float64Array,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...extras };
  if (typeof extras.stride === 'number') out.stride = extras.stride * ratio;
  const m = extras.rootMotion;
  if (Array.isArray(m) && m.length === 3 && m.every((x) => typeof x === 'number')) {
    const v = new Float64Array(3);
    rotateVector(v, 0, turn, 0, m[0] * ratio, m[1] * ratio, m[2] * ratio);
    out.rootMotion = Array.from(v);
  }
  return out;
}
