import { AnimError } from '../errors.js';
import type { HumanoidMap } from '../retarget/humanoid-map.js';
import { SLOT_INDEX } from '../retarget/slots.js';
import type { Skeleton } from '../skeleton.js';

/** A leg's joints by name: hip (upper leg), knee (lower leg), ankle (foot), and optionally the toes. */
export interface LegNames {
  upper: string;
  lower: string;
  foot: string;
  toes?: string;
}

type Role = 'upper' | 'lower' | 'foot' | 'toes';
const ROLES: Record<string, Role> = {
  upperleg: 'upper',
  upleg: 'upper',
  thigh: 'upper',
  lowerleg: 'lower',
  leg: 'lower',
  calf: 'lower',
  shin: 'lower',
  knee: 'lower',
  foot: 'foot',
  ankle: 'foot',
  toes: 'toes',
  toe: 'toes',
  toebase: 'toes',
  ball: 'toes',
};

const RANKS = /* @__PURE__ */ Object.keys(ROLES);

/**
 * Which side and leg part a joint name names, across the usual humanoid conventions: LeftUpperLeg (VRM,
 * Unity), mixamorig:LeftUpLeg (Mixamo), UpperLeg.L / thigh_l (Blender, Unreal), L_Thigh. Null for others.
 */
function classify(name: string): { side: 'L' | 'R'; role: Role; rank: number } | null {
  let base = name.slice(name.lastIndexOf(':') + 1);
  let side: 'L' | 'R' | null = null;
  const suffix = /[._\-\s]([LlRr])$/.exec(base);
  const prefix = /^([LlRr])[._\-\s]/.exec(base);
  if (suffix) {
    side = suffix[1].toUpperCase() as 'L' | 'R';
    base = base.slice(0, -2);
  } else if (prefix) {
    side = prefix[1].toUpperCase() as 'L' | 'R';
    base = base.slice(2);
  }
  let key = base.toLowerCase().replace(/[._\-\s]/g, '');
  if (side === null) {
    const word = /^(left|right)|(left|right)$/.exec(key);
    if (!word) return null;
    side = (word[1] ?? word[2]) === 'left' ? 'L' : 'R';
    key = word[1] ? key.slice(word[1].length) : key.slice(0, -word[2].length);
  }
  const role = ROLES[key];
  return role ? { side, role, rank: RANKS.indexOf(key) } : null;
}

/**
 * A leg from its upper and lower leg joints and the foot and toes joints named for it (-1 where none). The
 * foot is the named foot when it hangs from the lower leg, else the lower leg's "…_end" leaf or only child
 * (rigs whose foot bone hangs elsewhere end the leg at an ankle joint); the toes, when they hang from it.
 */
function legFrom(
  skeleton: Skeleton,
  side: 'left' | 'right',
  joints: { upper: number; lower: number; foot: number; toes: number },
  where: string,
): LegNames {
  const { upper, lower } = joints;
  if (upper < 0 || lower < 0 || skeleton.parents[lower] !== upper) {
    throw new AnimError(
      'unknown-bone',
      `no ${side} leg found ${where} (upper leg, lower leg, foot); name the leg bones`,
    );
  }
  const kids: number[] = [];
  for (let k = lower + 1; k < skeleton.jointCount; k++) if (skeleton.parents[k] === lower) kids.push(k);
  // a leaf "…_end" joint marks the ankle of a rig whose foot bone is elsewhere (mesh nodes share the parent)
  const leaf = kids.find((k) => /end$/i.test(skeleton.names[k]));
  const foot = kids.includes(joints.foot) ? joints.foot : (leaf ?? (kids.length === 1 ? kids[0] : -1));
  if (foot < 0) throw new AnimError('unknown-bone', `the ${side} leg has no foot bone below its lower leg`);
  const names: LegNames = { upper: skeleton.names[upper], lower: skeleton.names[lower], foot: skeleton.names[foot] };
  if (joints.toes >= 0 && skeleton.parents[joints.toes] === foot) names.toes = skeleton.names[joints.toes];
  return names;
}

/**
 * Finds the left and right legs by humanoid names (see legFrom for the foot).
 * @throws AnimError `unknown-bone` when either leg is not found: name the legs instead.
 */
export function findHumanoidLegs(skeleton: Skeleton): [LegNames, LegNames] {
  // the first joint of each side and role, a more specific name (lowerleg) beating a looser one (leg)
  const found: Record<string, number> = {};
  const rank: Record<string, number> = {};
  for (let j = 0; j < skeleton.jointCount; j++) {
    const c = classify(skeleton.names[j]);
    if (!c) continue;
    const slot = c.side + c.role;
    if (found[slot] === undefined || c.rank < rank[slot]) {
      found[slot] = j;
      rank[slot] = c.rank;
    }
  }
  const leg = (side: 'L' | 'R') =>
    legFrom(
      skeleton,
      side === 'L' ? 'left' : 'right',
      {
        upper: found[`${side}upper`] ?? -1,
        lower: found[`${side}lower`] ?? -1,
        foot: found[`${side}foot`] ?? -1,
        toes: found[`${side}toes`] ?? -1,
      },
      'by humanoid names',
    );
  return [leg('L'), leg('R')];
}

/**
 * The left and right legs of a humanoid map (so a `rig` profile or hand map names them too).
 * @throws AnimError `unknown-bone` when the map's upper and lower leg are not parent and child.
 */
export function legsFromHumanoid(skeleton: Skeleton, map: HumanoidMap): [LegNames, LegNames] {
  const leg = (side: 'left' | 'right') =>
    legFrom(
      skeleton,
      side,
      {
        upper: map.joints[SLOT_INDEX[`${side}UpperLeg`]],
        lower: map.joints[SLOT_INDEX[`${side}LowerLeg`]],
        foot: map.joints[SLOT_INDEX[`${side}Foot`]],
        toes: map.joints[SLOT_INDEX[`${side}Toes`]],
      },
      'in the humanoid map',
    );
  return [leg('left'), leg('right')];
}
