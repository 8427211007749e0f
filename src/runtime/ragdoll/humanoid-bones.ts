/**
 * The ragdoll's bones: the humanoid slots it builds bodies on, looked up in a humanoid map (the same map
 * retargeting uses, so a `rig` profile or a hand map names the ragdoll's bones too).
 */
import { AnimError } from '../errors.js';
import type { HumanoidMap } from '../retarget/humanoid-map.js';
import { HUMANOID_SLOTS, type HumanoidSlot, REQUIRED_SLOTS, SLOT_INDEX } from '../retarget/slots.js';

/** Slots with no body of their own: a shoulder rides the chest, the toes the foot. */
const UNBODIED = ['leftShoulder', 'rightShoulder', 'leftToes', 'rightToes'] as const;

export type RagdollSlot = Exclude<HumanoidSlot, (typeof UNBODIED)[number]>;

/** The humanoid slots a ragdoll builds bodies on, in the humanoid order. */
export const RAGDOLL_SLOTS: readonly RagdollSlot[] = /* @__PURE__ */ HUMANOID_SLOTS.filter(
  (slot): slot is RagdollSlot => !(UNBODIED as readonly string[]).includes(slot),
);

/** Slots a ragdoll cannot do without: those of its slots every humanoid map has. */
export const REQUIRED_RAGDOLL_SLOTS: readonly RagdollSlot[] = /* @__PURE__ */ RAGDOLL_SLOTS.filter((slot) =>
  REQUIRED_SLOTS.includes(slot),
);

/**
 * Each ragdoll slot's joint in `map` (-1 where it maps none), in RAGDOLL_SLOTS order.
 * @throws AnimError `no-humanoid` naming the required slots the map lacks.
 */
export function ragdollBones(map: HumanoidMap): Int32Array {
  const bones = Int32Array.from(RAGDOLL_SLOTS, (slot) => map.joints[SLOT_INDEX[slot]]);
  const missing = REQUIRED_RAGDOLL_SLOTS.filter((slot) => bones[RAGDOLL_SLOTS.indexOf(slot)] < 0);
  if (missing.length > 0) throw new AnimError('no-humanoid', `no humanoid bones for ${missing.join(', ')}`);
  return bones;
}
