// The clip library, authored as key poses: Euler angles in degrees per joint (see skeleton.ts for the axes),
// the hips' place, and for a foot or a hand on the ground its plant, which the leg or arm solve turns into angles.
import { bothHands, type HandPlant } from './arms';
import type { ClipKey, ClipSpec } from './clip';
import { MANNEQUIN_CLIPS, type MannequinClip } from './clip-names';
import { type GaitSpec, gaitClip } from './gait';
import { type FeetPlants, type FootPlant, maxHipsHeight, plantFeet } from './legs';
import { type Angles, forwardKinematics, mirrorPose, type Pose, playPose, symmetric, turns, withPose } from './pose';
import { DIMENSIONS, type JointName, type Vec3 } from './skeleton';

type Joints = Partial<Record<JointName, Angles>>;

const STAND_HEIGHT = DIMENSIONS.hipsHeight - 0.005;
const FOOT_X = DIMENSIONS.hipJointX;
const STAND_FEET: FeetPlants = { left: { x: FOOT_X, z: 0 }, right: { x: -FOOT_X, z: 0 } };

const ARMS_DOWN: Joints = symmetric({
  LeftShoulder: [0, 0, 0],
  LeftUpperArm: [0, 0, -78],
  LeftLowerArm: [0, -12, 0],
  LeftHand: [0, 0, -6],
});

/** A pose on its feet: the body's angles, the hips' place and the feet plants (default: side by side). */
function onFeet(joints: Joints, hips: Vec3 = [0, STAND_HEIGHT, 0], feet: FeetPlants = STAND_FEET): Pose {
  return { hips, joints, feet };
}

/** The same plant moved: handy for root motion. */
function shifted(feet: FeetPlants, dx: number, dz: number, extra: Partial<FootPlant> = {}): FeetPlants {
  const move = (p?: FootPlant) => p && { ...p, x: p.x + dx, z: p.z + dz, ...extra };
  return { left: move(feet.left), right: move(feet.right) };
}

const STAND = onFeet(ARMS_DOWN);

/** The hips' height at which both legs just reach their plants (up on the toes), keeping `slack` of their length. */
function reachHeight(feet: FeetPlants, hipsXZ: [number, number] = [0, 0], slack = 0.01): number {
  return Math.min(maxHipsHeight(feet.left!, 'left', hipsXZ, slack), maxHipsHeight(feet.right!, 'right', hipsXZ, slack));
}

function key(time: number, pose: Pose): ClipKey {
  return { time, pose };
}

function oneShot(name: string, keys: ClipKey[], extras?: Record<string, unknown>): ClipSpec {
  return { name, loop: false, layer: 'full', duration: keys[keys.length - 1].time, keys, extras };
}

function upperOneShot(name: string, keys: ClipKey[]): ClipSpec {
  return { ...oneShot(name, keys), layer: 'upper' };
}

/** The upper-body part of a pose (for layered clips). */
function upperOnly(joints: Joints): Pose {
  return { joints: { ...ARMS_DOWN, ...joints } };
}

// --- standing -------------------------------------------------------------------------------------------

function idle(): ClipSpec {
  // Breathing every 1.5 s (the chest lifts, the shoulders rise) over a 3 s sway from foot to foot.
  const breath = (inhale: number, sway: number): Pose =>
    onFeet(
      {
        ...ARMS_DOWN,
        Spine: [0, 0, -2 * sway],
        Chest: [-2 * inhale, 0, sway],
        Neck: [inhale, 0, 0],
        ...symmetric({
          LeftShoulder: [0, 0, 2 * inhale],
          LeftUpperArm: [0, 0, -78 - inhale],
          LeftLowerArm: [0, -12 - 2 * inhale, 0],
        }),
        Head: [-inhale, 2 * sway, 0],
      },
      [0.018 * sway, STAND_HEIGHT - 0.004 * Math.abs(sway), 0],
    );
  return {
    name: 'idle',
    loop: true,
    layer: 'full',
    duration: 3,
    keys: [key(0, breath(0, 0)), key(0.75, breath(1, 1)), key(1.5, breath(0, 0)), key(2.25, breath(1, -1))],
  };
}

// --- locomotion -----------------------------------------------------------------------------------------

/** Arms swinging against the legs; at phase 0 the left foot lands, so the right arm is forward. */
function swingingArms(phase: number, swing: number, elbow: number, elbowSwing: number, down = -76): Joints {
  const c = Math.cos(2 * Math.PI * phase);
  return {
    LeftUpperArm: [swing * c, 0, down],
    LeftLowerArm: [0, -elbow - elbowSwing * Math.max(0, -c), 0],
    RightUpperArm: [-swing * c, 0, -down],
    RightLowerArm: [0, elbow + elbowSwing * Math.max(0, c), 0],
    LeftHand: [0, 0, -6],
    RightHand: [0, 0, 6],
  };
}

const WALK: GaitSpec = {
  duration: 1.1,
  stride: 1.3,
  direction: 'forward',
  keys: 20,
  stance: 0.6,
  stanceShift: 0.08,
  stepHeight: 0.07,
  footSpacing: FOOT_X,
  heelStrike: 14,
  toeOff: 32,
  legSlack: 0.006,
  upperBody: (phase) => {
    const c = Math.cos(2 * Math.PI * phase);
    const bob = Math.cos(4 * Math.PI * phase);
    return {
      joints: {
        ...swingingArms(phase, 20, 14, 16),
        Spine: [3, -2 * c, 0],
        Chest: [1 + bob, 6 * c, 0],
        Neck: [-2, -2 * c, 0],
        Head: [-2 - bob, -2 * c, 0],
      },
    };
  },
};

const RUN: GaitSpec = {
  duration: 0.68,
  stride: 2.2,
  direction: 'forward',
  keys: 20,
  stance: 0.3,
  stanceShift: 0.08,
  stepHeight: 0.16,
  footSpacing: FOOT_X - 0.01,
  heelStrike: 6,
  toeOff: 35,
  legSlack: 0.04,
  // Lowest at mid-stance (phase 0.15, 0.65), highest in the flight between the steps.
  hipsHeight: (phase) => 0.875 + 0.06 * (1 - Math.cos(4 * Math.PI * (phase - 0.15))) * 0.5,
  upperBody: (phase) => {
    const c = Math.cos(2 * Math.PI * phase);
    return {
      joints: {
        ...swingingArms(phase, 38, 85, 15, -72),
        Spine: [8, -4 * c, 0],
        Chest: [4, 12 * c, 0],
        Neck: [-6, -4 * c, 0],
        Head: [-4, -4 * c, 0],
      },
    };
  },
};

const CROUCH_HIPS = 0.68;

const CROUCH_WALK: GaitSpec = {
  duration: 1.3,
  stride: 0.9,
  direction: 'forward',
  keys: 20,
  stance: 0.65,
  stanceShift: 0.03,
  stepHeight: 0.08,
  footSpacing: FOOT_X + 0.02,
  heelStrike: 8,
  toeOff: 22,
  legSlack: 0.12,
  hipsHeight: (phase) => CROUCH_HIPS + 0.012 * Math.cos(4 * Math.PI * phase),
  upperBody: (phase) => {
    const c = Math.cos(2 * Math.PI * phase);
    return {
      joints: {
        ...swingingArms(phase, 10, 45, 10, -70),
        Spine: [22, -3 * c, 0],
        Chest: [12, 6 * c, 0],
        Neck: [-14, 0, 0],
        Head: [-18, -3 * c, 0],
      },
    };
  },
};

function strafe(direction: 'left' | 'right'): GaitSpec {
  return {
    duration: 0.8,
    stride: 0.4,
    direction,
    keys: 20,
    stance: 0.55,
    stanceShift: 0,
    stepHeight: 0.07,
    footSpacing: 0.16,
    heelStrike: 0,
    toeOff: 10,
    legSlack: 0.012,
    upperBody: (phase) => {
      const s = Math.sin(4 * Math.PI * phase);
      return {
        joints: {
          ...ARMS_DOWN,
          ...symmetric({ LeftUpperArm: [-8, 0, -70], LeftLowerArm: [0, -30, 0] }),
          Spine: [4, 0, direction === 'left' ? -2 : 2],
          Chest: [0, 0, s],
          Head: [-3, 0, 0],
        },
      };
    },
  };
}

// --- crouching ------------------------------------------------------------------------------------------

const CROUCH_FEET: FeetPlants = { left: { x: FOOT_X + 0.04, z: 0.05 }, right: { x: -FOOT_X - 0.04, z: 0.05 } };

function crouchIdle(): ClipSpec {
  const crouch = (inhale: number, sway: number) =>
    onFeet(
      {
        ...symmetric({ LeftUpperArm: [-25, 0, -72], LeftLowerArm: [0, -50 - 3 * inhale, 0], LeftHand: [0, 0, -8] }),
        Spine: [24, 0, 0],
        Chest: [12 - 2 * inhale, 0, 0],
        Neck: [-14, 0, 0],
        Head: [-18 + inhale, 8 * sway, 0],
      },
      [0.01 * sway, CROUCH_HIPS - 0.005 * inhale, -0.04],
      CROUCH_FEET,
    );
  return {
    name: 'crouch-idle',
    loop: true,
    layer: 'full',
    duration: 2.4,
    keys: [key(0, crouch(0, 0)), key(0.6, crouch(1, 1)), key(1.2, crouch(0, 0)), key(1.8, crouch(1, -1))],
  };
}

// --- in the air -----------------------------------------------------------------------------------------

/** Legs off the ground: thigh swing (negative = forward), knee bend, ankle. */
function airLegs(left: Angles, right: Angles = left): Joints {
  return {
    LeftUpperLeg: [left[0], 0, 3],
    LeftLowerLeg: [left[1], 0, 0],
    LeftFoot: [left[2], 0, 0],
    LeftToes: [0, 0, 0],
    RightUpperLeg: [right[0], 0, -3],
    RightLowerLeg: [right[1], 0, 0],
    RightFoot: [right[2], 0, 0],
    RightToes: [0, 0, 0],
  };
}

function fall(): ClipSpec {
  // Arms flail in circles, legs kick; the hips stay put (the world moves the falling body).
  const flail = (a: number): Pose => {
    const s = Math.sin(2 * Math.PI * a);
    const c = Math.cos(2 * Math.PI * a);
    return {
      hips: [0, DIMENSIONS.hipsHeight, 0],
      joints: {
        Hips: [-6, 0, 0],
        Spine: [-6, 0, 3 * s],
        Chest: [-4, 5 * c, 0],
        Head: [-8, 0, 0],
        LeftUpperArm: [-25 * s, 0, 35 + 20 * c],
        LeftLowerArm: [0, -30 - 15 * s, 0],
        RightUpperArm: [25 * s, 0, -35 + 20 * c],
        RightLowerArm: [0, 30 - 15 * s, 0],
        ...airLegs([-33 - 15 * s, 35 + 15 * s, 15], [-33 + 15 * s, 35 - 15 * s, 15]),
      },
    };
  };
  return {
    name: 'fall',
    loop: true,
    layer: 'full',
    duration: 1,
    keys: [0, 0.25, 0.5, 0.75].map((a) => key(a, flail(a))),
  };
}

const ARMS_UP_FORWARD: Joints = symmetric({ LeftUpperArm: [-55, -80, 0], LeftLowerArm: [0, -15, 0] });
const ARMS_BACK: Joints = symmetric({ LeftUpperArm: [45, 0, -72], LeftLowerArm: [0, -25, 0] });

const TIPTOE = shifted(STAND_FEET, 0, 0, { roll: 38 });

function jump(): ClipSpec {
  return oneShot('jump', [
    key(0, STAND),
    key(0.25, onFeet({ ...ARMS_BACK, Spine: [22, 0, 0], Chest: [10, 0, 0], Head: [-20, 0, 0] }, [0, 0.74, -0.03])),
    key(
      0.42,
      onFeet(
        { ...ARMS_UP_FORWARD, Spine: [2, 0, 0], Head: [-4, 0, 0] },
        [0, reachHeight(TIPTOE, [0, 0], 0.003), 0],
        TIPTOE,
      ),
    ),
    key(0.58, {
      hips: [0, 1.27, 0],
      joints: { ...ARMS_UP_FORWARD, Spine: [4, 0, 0], ...airLegs([-25, 45, 25]) },
    }),
    key(0.74, {
      hips: [0, 1.36, 0],
      joints: {
        ...symmetric({ LeftUpperArm: [-35, 0, -20], LeftLowerArm: [0, -30, 0] }),
        Spine: [8, 0, 0],
        ...airLegs([-50, 85, 15]),
      },
    }),
    key(0.9, {
      hips: [0, 1.18, 0],
      joints: {
        ...symmetric({ LeftUpperArm: [-20, 0, -30], LeftLowerArm: [0, -25, 0] }),
        Spine: [6, 0, 0],
        ...airLegs([-20, 30, 25]),
      },
    }),
    ...landing(1.02, 0.74, 0.3),
  ]);
}

/** Touchdown on the balls of the feet, a crouch that absorbs it, and back to standing. */
function landing(at: number, depth: number, settle: number, handDown = false): ClipKey[] {
  const absorbArms = handDown
    ? {
        LeftUpperArm: [-20, 0, -62] as Angles,
        LeftLowerArm: [0, -40, 0] as Angles,
        RightUpperArm: [-60, 0, 70] as Angles,
        RightLowerArm: [0, 10, 0] as Angles,
      }
    : symmetric({ LeftUpperArm: [-30, 0, -55], LeftLowerArm: [0, -35, 0] });
  const lean = handDown ? 42 : 22;
  const touchdown = shifted(STAND_FEET, 0, 0, { roll: 22 });
  return [
    key(
      at,
      onFeet(
        { ...symmetric({ LeftUpperArm: [-20, 0, -35], LeftLowerArm: [0, -25, 0] }), Spine: [6, 0, 0] },
        [0, reachHeight(touchdown), 0],
        touchdown,
      ),
    ),
    key(
      at + 0.16,
      onFeet(
        {
          ...absorbArms,
          Spine: [lean, 0, 0],
          Chest: [lean / 2, 0, 0],
          Neck: [-lean / 2, 0, 0],
          Head: [-lean / 2, 0, 0],
        },
        [0, depth, -0.05],
      ),
    ),
    ...(handDown
      ? [
          key(
            at + 0.55,
            onFeet({ ...absorbArms, Spine: [lean - 4, 0, 0], Chest: [lean / 2, 0, 0], Head: [-lean / 2, 0, 0] }, [
              0,
              depth + 0.03,
              -0.05,
            ]),
          ),
          key(at + 0.85, onFeet({ ...ARMS_DOWN, Spine: [16, 0, 0], Chest: [6, 0, 0] }, [0, 0.86, -0.02])),
        ]
      : []),
    key(at + 0.16 + settle + (handDown ? 0.7 : 0), STAND),
  ];
}

function land(): ClipSpec {
  return oneShot('land', landing(0, 0.78, 0.34));
}

function landHard(): ClipSpec {
  return oneShot('land-hard', landing(0, 0.6, 0.34, true));
}

// --- upper body -----------------------------------------------------------------------------------------

function wave(): ClipSpec {
  // The right upper arm twists outward first so the elbow's hinge swings the forearm side to side.
  const raised = (forearm: number): Pose =>
    upperOnly({
      RightShoulder: [0, 0, -6],
      RightUpperArm: turns(['x', -90], ['z', -35], ['y', 15]),
      RightLowerArm: [0, forearm, 0],
      RightHand: [0, 0, 0],
      Chest: [0, 4, 3],
      Head: [0, 6, -4],
    });
  return upperOneShot('wave', [
    key(0, upperOnly({})),
    key(0.35, raised(80)),
    key(0.6, raised(100)),
    key(0.85, raised(60)),
    key(1.1, raised(100)),
    key(1.35, raised(60)),
    key(1.6, raised(90)),
    key(2, upperOnly({})),
  ]);
}

function punch(): ClipSpec {
  const guard: Joints = {
    ...symmetric({ LeftUpperArm: [-40, 0, -68], LeftLowerArm: [0, -125, 0], LeftHand: [0, 0, 0] }),
    Spine: [6, 0, 0],
    Head: [-4, 0, 0],
  };
  return upperOneShot('punch', [
    key(0, upperOnly({})),
    key(0.18, upperOnly({ ...guard, Chest: [0, -10, 0] })),
    key(0.3, upperOnly({ ...guard, RightUpperArm: [-10, 85, 0], RightLowerArm: [0, 5, 0], Chest: [0, 22, 0] })),
    key(0.45, upperOnly({ ...guard, Chest: [0, -4, 0] })),
    key(0.8, upperOnly({})),
  ]);
}

// --- turning --------------------------------------------------------------------------------------------

function turnLeft(): ClipSpec {
  // A step with each foot while the hips swing 90° to the left (+Y); the planted foot pivots under them.
  const hips = (yaw: number, drop = 0): Pose => ({
    hips: [0, STAND_HEIGHT - drop, 0],
    joints: { ...ARMS_DOWN, Hips: [0, yaw, 0], Chest: [0, yaw > 0 && yaw < 90 ? 8 : 0, 0], Head: [0, 6, 0] },
  });
  const at = (side: 1 | -1, yaw: number): FootPlant => {
    const r = (yaw * Math.PI) / 180;
    return { x: side * FOOT_X * Math.cos(r), z: -side * FOOT_X * Math.sin(r), yaw };
  };
  return oneShot(
    'turn-left',
    [
      key(0, STAND),
      key(0.15, { ...hips(12, 0.01), feet: { left: at(1, 0), right: at(-1, 0) } }),
      key(0.35, { ...hips(45, 0.02), feet: { left: { ...at(1, 50), lift: 0.06 }, right: at(-1, 10) } }),
      key(0.5, { ...hips(65, 0.02), feet: { left: at(1, 90), right: at(-1, 15) } }),
      key(0.7, { ...hips(85, 0.02), feet: { left: at(1, 90), right: { ...at(-1, 60), lift: 0.06 } } }),
      key(0.9, { ...hips(90), feet: { left: at(1, 90), right: at(-1, 90) } }),
    ],
    { rootMotion: [0, 0, 0], rootYaw: 90 },
  );
}

function mirrorClip(spec: ClipSpec, name: string, extras?: Record<string, unknown>): ClipSpec {
  return { ...spec, name, keys: spec.keys.map((k) => key(k.time, mirrorPose(k.pose))), extras };
}

// --- lying down -----------------------------------------------------------------------------------------

const LYING_HEIGHT = 0.12;
/** The knee joint's height when kneeling on it: the knee's own thickness. */
const KNEE_HEIGHT = 0.065;
/** How far forward a get-up clip stands up from where its hips lay (its root motion), metres. */
const GET_UP_TRAVEL = 0.35;

/** Where both get-up clips end: standing as idle begins, `z` ahead. */
function stoodUp(z: number): Pose {
  return onFeet(ARMS_DOWN, [0, STAND_HEIGHT, z], shifted(STAND_FEET, 0, z));
}

/**
 * Feet resting on their heels, pitched back by `roll` degrees and raised by how far the heel's round pokes out
 * below its sole point then; the knees up. Lying on the back, sitting, falling backward.
 */
function onHeels(z: number, roll = -55, lift = 0.024): FeetPlants {
  const plant = (x: number): FootPlant => ({ x, z, roll, lift, knee: [0, 1, 0.3] });
  return { left: plant(FOOT_X + 0.03), right: plant(-FOOT_X - 0.03) };
}

/** How far ahead of the hips the heels rest when lying on the back, the knees a little bent. */
const HEELS_LYING = 0.955;

/**
 * Lying stretched out, arms loose at the sides: on the back with the head toward −Z, the back and the heels on
 * the ground; or face down with the head toward +Z, the thighs on the ground and the feet on their tops, toes
 * pointing back.
 */
function lying(z: number, arms: Joints = {}, face: 'up' | 'down' = 'up'): Pose {
  return {
    hips: [0, LYING_HEIGHT, z],
    joints: {
      Hips: [face === 'up' ? -90 : 90, 0, 0],
      Spine: [-3, 0, 0],
      Head: [face === 'up' ? -2 : -6, 0, 0],
      ...symmetric({ LeftUpperArm: [0, 0, -62], LeftLowerArm: [0, -10, 0], ...arms }),
      ...(face === 'down' ? airLegs([3, 4, 75]) : {}),
    },
    feet: face === 'up' ? onHeels(z + HEELS_LYING) : undefined,
  };
}

/** The left palm flat on the floor behind the hips of a body sitting up, the fingers turned out. */
const HANDS_BEHIND: HandPlant = { x: 0.26, z: -0.32, yaw: 110, elbow: [0.3, 0, -1] };

function getUp(): ClipSpec {
  const kneesUp: [number, number, number] = [0, 1, 0.3];
  const feetNear: FeetPlants = {
    left: { x: FOOT_X + 0.03, z: 0.45, knee: kneesUp },
    right: { x: -FOOT_X - 0.03, z: 0.45, knee: kneesUp },
  };
  const feetUnder = shifted(CROUCH_FEET, 0, 0.3);
  const handsBehind = bothHands(HANDS_BEHIND);
  const end = stoodUp(GET_UP_TRAVEL);
  return oneShot(
    'get-up',
    [
      key(0, lying(0)),
      // the head and shoulders lifting, the hands reaching back
      key(
        0.12,
        withPose(lying(0), {
          hips: [0, LYING_HEIGHT + 0.01, 0],
          joints: { Hips: [-84, 0, 0], Spine: [3, 0, 0], Head: [8, 0, 0] },
          feet: onHeels(0.87),
          hands: bothHands({ ...HANDS_BEHIND, x: 0.42, z: -0.05, lift: 0.06 }),
        }),
      ),
      // rising onto the elbows, the hands put down behind
      key(0.25, {
        hips: [0, LYING_HEIGHT + 0.02, 0],
        joints: { Hips: [-75, 0, 0], Spine: [10, 0, 0], Chest: [8, 0, 0], Head: [12, 0, 0] },
        feet: onHeels(0.65, -60),
        hands: handsBehind,
      }),
      // sitting up, propped on straighter arms
      key(0.5, {
        hips: [0, LYING_HEIGHT + 0.035, 0],
        joints: { Hips: [-55, 0, 0], Spine: [20, 0, 0], Chest: [15, 0, 0], Head: [5, 0, 0] },
        feet: feetNear,
        hands: handsBehind,
      }),
      key(
        1,
        onFeet(
          {
            Hips: [10, 0, 0],
            Spine: [25, 0, 0],
            Chest: [10, 0, 0],
            Head: [-25, 0, 0],
            ...symmetric({ LeftUpperArm: [-45, 0, -70], LeftLowerArm: [0, -30, 0] }),
          },
          [0, 0.58, 0.2],
          feetUnder,
        ),
      ),
      key(
        1.45,
        onFeet({ ...ARMS_DOWN, Spine: [18, 0, 0], Chest: [6, 0, 0], Head: [-10, 0, 0] }, [0, 0.84, 0.3], end.feet),
      ),
      key(2, end),
    ],
    { rootMotion: [0, 0, GET_UP_TRAVEL] },
  );
}

/**
 * A pose kneeling on one knee, the hips over (x, z): at the height where that knee rests on the ground (its
 * leg solved for its plant first, if it has one).
 */
function kneelingOn(side: 'Left' | 'Right', [x, z]: [number, number], pose: Pose): Pose {
  const at = (y: number): Pose => ({ ...pose, hips: [x, y, z] });
  const kneeHeight = (y: number) => {
    try {
      return forwardKinematics(playPose(plantFeet(at(y))))[`${side}LowerLeg`].position.y;
    } catch {
      return Number.POSITIVE_INFINITY; // a planted foot out of reach: the hips are too high
    }
  };
  let low = 0;
  let high: number = DIMENSIONS.hipsHeight;
  for (let i = 0; i < 40; i++) {
    const mid = (low + high) / 2;
    if (kneeHeight(mid) > KNEE_HEIGHT) high = mid;
    else low = mid;
  }
  return at(low);
}

/** A kneeling leg's foot: on the ball behind the knee, toes bent flat, heel up; the knee toward the ground. */
function tuckedToes(x: number, ballZ: number, roll = 65): FootPlant {
  return { x, z: ballZ - DIMENSIONS.ballForward, roll, knee: [0, -1, 0.4] };
}

function getUpFront(): ClipSpec {
  // Lying face down with the head toward +Z: a push up on the hands, the knees drawn in under the hips, the
  // left foot brought forward, and up onto it as the right foot steps up beside it.
  const handsDown = (upper: Angles, elbow: number, hand: Angles): Joints =>
    symmetric({ LeftUpperArm: upper, LeftLowerArm: [0, -elbow, 0], LeftHand: hand });
  const kneelingFeet = (ballZ: number, roll: number): FeetPlants => ({
    left: tuckedToes(FOOT_X + 0.02, ballZ, roll),
    right: tuckedToes(-FOOT_X - 0.02, ballZ, roll),
  });
  const end = stoodUp(GET_UP_TRAVEL);
  const front = end.feet!.left!;
  const back = tuckedToes(-FOOT_X - 0.02, -0.55);
  return oneShot(
    'get-up-front',
    [
      // prone, the hands flat by the shoulders
      key(0, lying(0, { LeftUpperArm: [18, 18, -32], LeftLowerArm: [0, -140, 0], LeftHand: [34, 25, 79] }, 'down')),
      // the push: arms straightening, toes tucked under
      key(
        0.45,
        kneelingOn('Left', [0, -0.03], {
          joints: {
            Hips: [58, 0, 0],
            Spine: [-5, 0, 0],
            Chest: [-4, 0, 0],
            Head: [-10, 0, 0],
            ...handsDown([13, -44, -23], 59, [17, 15, 74]),
          },
          feet: kneelingFeet(-0.9, 85),
        }),
      ),
      // the knees drawn in under the hips, onto hands and knees
      key(
        0.57,
        kneelingOn('Left', [0, -0.04], {
          joints: {
            Hips: [78, 0, 0],
            Spine: [-2, 0, 0],
            Chest: [-2, 0, 0],
            Head: [-12, 0, 0],
            ...handsDown([-41, -24, -63], 61, [56, 8, 59]),
          },
          feet: kneelingFeet(-0.8, 76),
        }),
      ),
      key(
        0.7,
        kneelingOn('Left', [0, -0.05], {
          joints: { Hips: [78, 0, 0], Head: [-15, 0, 0], ...handsDown([-57, -29, -72], 36, [57, 4, 72]) },
          feet: kneelingFeet(-0.72, 72),
        }),
      ),
      key(
        0.95,
        kneelingOn('Left', [0, -0.06], {
          joints: { Hips: [83, 0, 0], Head: [-20, 0, 0], ...handsDown([-71, -26, -81], 24, [62, 3, 76]) },
          feet: { left: tuckedToes(FOOT_X + 0.02, -0.55), right: back },
        }),
      ),
      // off the hands, the left knee lifting and the foot coming forward to plant
      key(
        1.3,
        kneelingOn('Right', [0, -0.06], {
          joints: {
            Hips: [55, 0, 0],
            Spine: [5, 0, 0],
            Head: [-30, 0, 0],
            ...symmetric({ LeftUpperArm: [-40, 0, -75], LeftLowerArm: [0, -20, 0] }),
          },
          feet: { left: { x: FOOT_X, z: -0.05, lift: 0.15, roll: 30 }, right: back },
        }),
      ),
      key(
        1.45,
        kneelingOn('Right', [0, -0.07], {
          joints: {
            Hips: [38, 0, 0],
            Spine: [8, 0, 0],
            Head: [-20, 0, 0],
            ...symmetric({ LeftUpperArm: [-35, 0, -75], LeftLowerArm: [0, -25, 0] }),
          },
          feet: { left: { ...front, z: 0.3, lift: 0.06 }, right: back },
        }),
      ),
      key(
        1.6,
        kneelingOn('Right', [0, -0.08], {
          joints: {
            Hips: [20, 0, 0],
            Spine: [10, 0, 0],
            Head: [-10, 0, 0],
            ...symmetric({ LeftUpperArm: [-30, 0, -75], LeftLowerArm: [0, -30, 0] }),
          },
          feet: { left: front, right: back },
        }),
      ),
      // up onto the left foot, the right pushing off its ball, then stepping up beside it
      key(1.95, {
        hips: [0, 0.62, 0.05],
        joints: {
          Hips: [30, 0, 0],
          Spine: [12, 0, 0],
          Chest: [6, 0, 0],
          Head: [-25, 0, 0],
          ...symmetric({ LeftUpperArm: [-25, 0, -75], LeftLowerArm: [0, -30, 0] }),
        },
        feet: { left: front, right: { ...back, roll: 75 } },
      }),
      key(2.25, {
        hips: [0, 0.84, 0.25],
        joints: {
          Hips: [10, 0, 0],
          Spine: [15, 0, 0],
          Chest: [6, 0, 0],
          Head: [-12, 0, 0],
          ...symmetric({ LeftUpperArm: [-15, 0, -76], LeftLowerArm: [0, -25, 0] }),
        },
        feet: { left: front, right: { x: -FOOT_X, z: 0.1, lift: 0.1, roll: 10 } },
      }),
      key(2.6, end),
    ],
    { rootMotion: [0, 0, GET_UP_TRAVEL] },
  );
}

function death(): ClipSpec {
  return oneShot(
    'death',
    [
      key(0, STAND),
      key(
        0.2,
        onFeet({
          ...symmetric({ LeftUpperArm: [-20, 0, -55], LeftLowerArm: [0, -35, 0] }),
          Spine: [-10, 0, 0],
          Chest: [-8, 0, 0],
          Head: [-15, 0, 0],
        }),
      ),
      key(
        0.6,
        onFeet(
          {
            ...symmetric({ LeftUpperArm: [0, 0, -50], LeftLowerArm: [0, -20, 0] }),
            Spine: [10, 0, 0],
            Head: [10, 0, 0],
          },
          [0, 0.72, -0.06],
          { left: { x: FOOT_X + 0.02, z: 0.02 }, right: { x: -FOOT_X - 0.02, z: 0.02 } },
        ),
      ),
      key(0.95, {
        hips: [0, 0.36, -0.3],
        joints: {
          Hips: [-50, 0, 0],
          Spine: [-5, 0, 0],
          Head: [15, 0, 0],
          ...symmetric({ LeftUpperArm: [0, 0, -30], LeftLowerArm: [0, -20, 0] }),
        },
        feet: onHeels(0.37, -10, 0),
      }),
      key(1.2, {
        ...lying(-0.55, { LeftUpperArm: [0, 0, -35] }),
        joints: { ...lying(-0.55).joints, Head: [10, 0, 0] },
      }),
      key(1.6, lying(-0.55, { LeftUpperArm: [0, 0, -40], LeftLowerArm: [0, -25, 0] })),
    ],
    { rootMotion: [0, 0, -0.55], endsLying: true },
  );
}

// --- traversal ------------------------------------------------------------------------------------------

function vault(): ClipSpec {
  // Over a waist-high obstacle about a metre ahead: hands on it, legs tucked over, landing 2 m on.
  const distance = 2;
  const hands: Joints = symmetric({ LeftUpperArm: [-45, 0, -75], LeftLowerArm: [0, -5, 0] });
  return oneShot(
    'vault',
    [
      key(0, STAND),
      key(
        0.3,
        onFeet({ ...ARMS_UP_FORWARD, Spine: [28, 0, 0], Chest: [8, 0, 0], Head: [-25, 0, 0] }, [0, 0.8, 0.42], {
          left: { x: FOOT_X, z: 0.55 },
          right: { x: -FOOT_X, z: 0.3, roll: 30 },
        }),
      ),
      key(0.55, {
        hips: [0, 1.3, 0.95],
        joints: { ...hands, Spine: [35, 0, 0], Chest: [10, 0, 0], Head: [-30, 0, 0], ...airLegs([-80, 110, 20]) },
      }),
      key(0.8, {
        hips: [0, 1.22, 1.45],
        joints: {
          ...symmetric({ LeftUpperArm: [-30, 0, -35], LeftLowerArm: [0, -20, 0] }),
          Spine: [10, 0, 0],
          ...airLegs([-40, 60, 20], [-20, 40, 20]),
        },
      }),
      ...landing(1, 0.76, 0.34).map((k) => key(k.time, shiftPose(k.pose, distance))),
    ],
    { rootMotion: [0, 0, distance] },
  );
}

function shiftPose(pose: Pose, dz: number): Pose {
  const [x, y, z] = pose.hips ?? [0, DIMENSIONS.hipsHeight, 0];
  return { ...pose, hips: [x, y, z + dz], feet: pose.feet && shifted(pose.feet, 0, dz) };
}

function climb(): ClipSpec {
  // Up onto a 1 m ledge whose edge is 0.35 m ahead, ending 0.6 m forward on top of it.
  const ledge = 1;
  const top = (z: number, extra: Partial<FootPlant> = {}): FeetPlants =>
    shifted(STAND_FEET, 0, z, { ground: ledge, ...extra });
  const reach = symmetric({ LeftUpperArm: [-75, -80, 0], LeftLowerArm: [0, -10, 0] });
  const push = symmetric({ LeftUpperArm: [-20, 0, -80], LeftLowerArm: [0, -15, 0] });
  return oneShot(
    'climb',
    [
      key(0, STAND),
      key(0.3, onFeet({ ...reach, Spine: [4, 0, 0], Head: [-20, 0, 0] }, [0, 0.86, 0])),
      key(
        0.5,
        onFeet({ ...reach, Spine: [2, 0, 0], Head: [-15, 0, 0] }, [0, reachHeight(TIPTOE, [0, 0.02]), 0.02], TIPTOE),
      ),
      key(0.85, {
        hips: [0, 1.32, 0.1],
        joints: {
          ...symmetric({ LeftUpperArm: [-20, -20, -60], LeftLowerArm: [0, -110, 0] }),
          Spine: [12, 0, 0],
          Chest: [8, 0, 0],
          Head: [-15, 0, 0],
          ...airLegs([-30, 60, 20], [-10, 40, 20]),
        },
      }),
      key(1.25, {
        hips: [0, 1.58, 0.3],
        joints: {
          ...push,
          Spine: [30, 0, 0],
          Chest: [12, 0, 0],
          Head: [-30, 0, 0],
          ...airLegs([-95, 125, 15], [-10, 30, 25]),
        },
      }),
      key(
        1.6,
        onFeet(
          { ...push, Spine: [25, 0, 0], Chest: [8, 0, 0], Head: [-20, 0, 0] },
          [0, ledge + 0.72, 0.45],
          top(0.6, { roll: 0 }),
        ),
      ),
      key(2.1, onFeet(ARMS_DOWN, [0, ledge + STAND_HEIGHT, 0.6], top(0.6))),
    ],
    { rootMotion: [0, ledge, 0.6] },
  );
}

/** How each clip is built; the record's type makes every name in MANNEQUIN_CLIPS have exactly one builder. */
const BUILDERS: Record<MannequinClip, () => ClipSpec> = {
  idle,
  walk: () => gaitClip('walk', WALK, false),
  'walk-inplace': () => gaitClip('walk-inplace', WALK, true),
  run: () => gaitClip('run', RUN, false),
  'run-inplace': () => gaitClip('run-inplace', RUN, true),
  jump,
  fall,
  land,
  'land-hard': landHard,
  wave,
  punch,
  'crouch-idle': crouchIdle,
  'crouch-walk': () => gaitClip('crouch-walk', CROUCH_WALK, false),
  'strafe-left': () => gaitClip('strafe-left', strafe('left'), false),
  'strafe-right': () => gaitClip('strafe-right', strafe('right'), false),
  'turn-left': turnLeft,
  'turn-right': () => mirrorClip(turnLeft(), 'turn-right', { rootMotion: [0, 0, 0], rootYaw: -90 }),
  'get-up': getUp,
  'get-up-front': getUpFront,
  death,
  vault,
  climb,
};

/** Every clip, in the order of MANNEQUIN_CLIPS (the gallery's). */
export function clipLibrary(): ClipSpec[] {
  return MANNEQUIN_CLIPS.map((name) => {
    const spec = BUILDERS[name]();
    if (spec.name !== name) throw new Error(`the builder for ${name} names its clip ${spec.name}`);
    return spec;
  });
}
