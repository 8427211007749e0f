// Locomotion cycles (walk, run, crouch-walk, strafes) from a handful of gait numbers: each key's feet are
// placed on the ground first and the legs solved to reach them, so a planted foot stays put while the hips
// travel at the stride's speed, and the hips sit as high as the planted legs allow.
import type { ClipSpec } from './clip';
import { type FeetPlants, type FootPlant, maxHipsHeight } from './legs';
import { type Pose, withPose } from './pose';
import type { Vec3 } from './skeleton';

export interface GaitSpec {
  /** One cycle: a step with each foot, seconds. */
  duration: number;
  /** Metres the root travels per cycle. */
  stride: number;
  /** The way the body travels: forward (+Z), or sideways to its left (+X) or right (−X). */
  direction: 'forward' | 'left' | 'right';
  /** Keys per cycle; contacts and lift-offs must fall on keys (keys · stance and keys / 2 whole numbers). */
  keys: number;
  /** The part of a cycle each foot is on the ground; below 0.5 the gait has a flight phase. */
  stance: number;
  /** Ankle height at mid-swing, metres. */
  stepHeight: number;
  /**
   * How far behind the hips the middle of a foot's ground contact lies, metres: a foot lands closer in front
   * than it leaves behind, where the heel is up and the leg reaches further.
   */
  stanceShift: number;
  /** Ankles' distance from the midline, metres. */
  footSpacing: number;
  /** Toes raised at contact and heel raised at lift-off, degrees. */
  heelStrike: number;
  toeOff: number;
  /** The fraction of leg length a planted leg keeps bent at the hips' highest (0 = straight). */
  legSlack: number;
  /** Wanted hips height by phase; the planted legs' reach caps it. Default: as high as they reach. */
  hipsHeight?: (phase: number) => number;
  /** The body above the legs by phase (0 = the left foot's contact): lean, arm swing, head. */
  upperBody: (phase: number) => Pose;
}

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** A foot's plant at its own phase (0 = contact), relative to a root at the origin. */
function footAt(gait: GaitSpec, phase: number, home: number): FootPlant {
  const { stride, stance } = gait;
  const reach = stride * stance;
  let along: number;
  let roll: number;
  let lift = 0;
  if (phase < stance) {
    const s = phase / stance;
    along = reach * (0.5 - s) - gait.stanceShift;
    roll = -gait.heelStrike * (1 - smoothstep(0, 0.25, s)) + gait.toeOff * smoothstep(0.6, 1, s);
  } else {
    const u = (phase - stance) / (1 - stance);
    // Eased in world space (the foot leaves and lands at rest on the ground), so relative to the moving root
    // it starts and ends at the root's speed backward.
    along = -reach / 2 - gait.stanceShift + stride * (smoothstep(0, 1, u) - (1 - stance) * u);
    lift = gait.stepHeight * Math.sin(Math.PI * u) ** 1.5;
    roll = gait.toeOff * (1 - smoothstep(0, 0.4, u)) - gait.heelStrike * smoothstep(0.55, 1, u);
  }
  const sideways = gait.direction === 'forward' ? 0 : gait.direction === 'left' ? 1 : -1;
  if (sideways) return { x: home + along * sideways, z: 0, lift };
  return { x: home, z: along, roll, lift };
}

function hipsHeightFor(gait: GaitSpec, phase: number, feet: FeetPlants): number {
  let height = gait.hipsHeight?.(phase) ?? Number.POSITIVE_INFINITY;
  for (const side of ['left', 'right'] as const) {
    const plant = feet[side]!;
    if (!plant.lift) height = Math.min(height, maxHipsHeight(plant, side, [0, 0], gait.legSlack));
  }
  if (!Number.isFinite(height)) throw new Error('a gait needs a hips height when no foot is planted');
  return height;
}

/** The cycle as a loop, with root motion along its direction or (inPlace) without it. */
export function gaitClip(name: string, gait: GaitSpec, inPlace: boolean): ClipSpec {
  const dir: Vec3 = gait.direction === 'forward' ? [0, 0, 1] : gait.direction === 'left' ? [1, 0, 0] : [-1, 0, 0];
  const onKeys = (x: number) => Math.abs(x - Math.round(x)) < 1e-9;
  if (!onKeys(gait.keys * gait.stance) || !onKeys(gait.keys / 2)) {
    throw new Error(`${name}: contacts and lift-offs fall between keys`);
  }
  const keys = [];
  for (let k = 0; k < gait.keys; k++) {
    const phase = k / gait.keys;
    const time = phase * gait.duration;
    const feet: FeetPlants = {
      left: footAt(gait, phase, gait.footSpacing),
      right: footAt(gait, (phase + 0.5) % 1, -gait.footSpacing),
    };
    const travelled = inPlace ? 0 : phase * gait.stride;
    const hips: Vec3 = [dir[0] * travelled, hipsHeightFor(gait, phase, feet), dir[2] * travelled];
    // Plants are relative to the root; with root motion they move along with it.
    for (const plant of [feet.left!, feet.right!]) {
      plant.x += hips[0];
      plant.z += hips[2];
    }
    keys.push({ time, pose: withPose(gait.upperBody(phase), { hips, joints: {}, feet }) });
  }
  return {
    name,
    loop: true,
    layer: 'full',
    duration: gait.duration,
    keys,
    rootDelta: inPlace ? undefined : [dir[0] * gait.stride, 0, dir[2] * gait.stride],
    extras: inPlace ? { inPlace: true, stride: gait.stride } : { stride: gait.stride },
  };
}
