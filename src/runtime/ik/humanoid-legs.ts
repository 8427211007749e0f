import { AnimError } from '../errors.js';
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

const RANKS = Object.keys(ROLES);

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
 * Finds the left and right legs by humanoid names. The foot is the lower leg's child named as a foot, else
 * its only child (rigs whose foot bone hangs elsewhere end the leg at an ankle joint); the toes, the foot's
 * child named as toes, when there is one.
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
  const childrenOf = (j: number): number[] => {
    const out: number[] = [];
    for (let k = j + 1; k < skeleton.jointCount; k++) if (skeleton.parents[k] === j) out.push(k);
    return out;
  };
  const leg = (side: 'L' | 'R'): LegNames => {
    const upper = found[`${side}upper`];
    const lower = found[`${side}lower`];
    const sideName = side === 'L' ? 'left' : 'right';
    if (upper === undefined || lower === undefined || skeleton.parents[lower] !== upper) {
      throw new AnimError(
        'unknown-bone',
        `no ${sideName} leg found by humanoid names (upper leg, lower leg, foot); name the leg bones`,
      );
    }
    const kids = childrenOf(lower);
    const named = found[`${side}foot`];
    // a leaf "…_end" joint marks the ankle of a rig whose foot bone is elsewhere (mesh nodes share the parent)
    const leaf = kids.find((k) => /end$/i.test(skeleton.names[k]));
    const foot = kids.includes(named) ? named : (leaf ?? (kids.length === 1 ? kids[0] : -1));
    if (foot < 0) throw new AnimError('unknown-bone', `the ${sideName} leg has no foot bone below its lower leg`);
    const toes = found[`${side}toes`];
    const names: LegNames = {
      upper: skeleton.names[upper],
      lower: skeleton.names[lower],
      foot: skeleton.names[foot],
    };
    if (toes !== undefined && skeleton.parents[toes] === foot) names.toes = skeleton.names[toes];
    return names;
  };
  return [leg('L'), leg('R')];
}
