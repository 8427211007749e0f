import { blendPoses, copyPose, createPose, localToModel, type Pose, setRestPose } from '../runtime/core.js';
import { length3, length4 } from '../runtime/length.js';
import {
  createRagdollScratch,
  createRagdollState,
  lyingYaw,
  type RagdollLayout,
  type RagdollLimits,
  type RagdollState,
  ragdollBodiesFromMatrices,
  ragdollBody,
  ragdollFaceUp,
  ragdollForward,
  ragdollHeadDirection,
  ragdollPose,
  ragdollVelocities,
  rotateVectorAt,
} from '../runtime/ragdoll/index.js';
import type { CharacterRig } from './character-rig.js';
import type { PhysicsListener, PhysicsWorld, RapierBody } from './physics.js';
import type { LocalPoseModifier, ModelPoseModifier, PoseSource } from './pose-pipeline.js';
import { registeredManager } from './ragdoll-cap.js';
import { bodyMeshes, layoutRagdoll } from './ragdoll-layout.js';
import type { Stage } from './stage.js';
import { ViewFrustum } from './view-frustum.js';

export type RagdollPhase = 'start' | 'settled' | 'recovered';

/**
 * Still: no body faster than these (m/s, rad/s) and the bodies' mean speed below STILL_MEAN (a hand may
 * rock a little as the body rests). Still for SETTLE_TIME seconds, the ragdoll settles.
 */
const STILL_LINEAR = 0.5;
const STILL_ANGULAR = 2;
const STILL_MEAN = 0.12;
const SETTLE_TIME = 0.5;
/** A ragdoll that never comes to rest (on a slope, caught on scenery) settles anyway after this long. */
const MAX_ACTIVE_TIME = 8;
/** How long the get-up clip fades in from the lying pose, seconds. */
const GET_UP_FADE = 0.3;
/** Clips tried for getting up, face up and face down; the first the character has plays. */
const GET_UP_CLIPS = {
  up: ['get-up-back', 'get-up-face-up', 'getup-back', 'get-up', 'GetUp'],
  down: ['get-up-front', 'get-up-face-down', 'getup-front', 'get-up', 'GetUp'],
};

/** Keeps the rig's last two world poses and the time between them, for a ragdoll's starting velocities. */
class MotionTracker implements ModelPoseModifier {
  readonly previous: Float32Array;
  readonly current: Float32Array;
  dt = 0;
  constructor(size: number) {
    this.previous = new Float32Array(size);
    this.current = new Float32Array(size);
  }
  apply(model: Float32Array, dt: number): void {
    if (dt <= 0) return;
    this.previous.set(this.current);
    this.current.set(model);
    this.dt = dt;
  }
}

/** Fades the rig's pose in from a held pose (the lying body) over `duration`, then lets go. */
class FadeFromPose implements LocalPoseModifier {
  readonly from: Pose;
  #elapsed = 0;
  #duration = 0;
  done = true;
  readonly #onDone: () => void;
  constructor(from: Pose, onDone: () => void) {
    this.from = from;
    this.#onDone = onDone;
  }
  restart(duration: number): void {
    this.#elapsed = 0;
    this.#duration = duration;
    this.done = false;
  }
  apply(pose: Pose, dt: number): void {
    if (this.done) return;
    this.#elapsed += dt;
    const t = Math.min(1, this.#elapsed / this.#duration);
    // smoothstep from the held pose to the clip's: nlerp on the short arc is smooth enough over a fraction of a second
    blendPoses(pose, this.from, 1 - t * t * (3 - 2 * t), pose);
    if (t >= 1) {
      this.done = true;
      this.#onDone();
    }
  }
}

export interface RagdollCallbacks {
  /** Called inside the frame (queue, never dispatch). */
  phase(phase: RagdollPhase): void;
}

/**
 * A character's ragdoll: Rapier capsules linked by limited spherical joints, spawned from the current pose,
 * read back into the pose each frame (it replaces the rig's pose source while active), settled (frozen, the
 * bodies removed) when still, and handed back to a get-up clip.
 */
export class Ragdoll implements PoseSource, PhysicsListener {
  readonly layout: RagdollLayout;
  /** The body meshes the capsules were sized from (see `bodyMeshes`). */
  readonly #sizedFrom: string;
  readonly state: RagdollState;
  readonly pose: Pose;
  /** 'off' (animated), 'active' (simulating), 'settled' (frozen where it lay). */
  status: 'off' | 'active' | 'settled' = 'off';
  /** Whether the cap or the view has put it to sleep for now. */
  asleep = false;

  readonly #rig: CharacterRig;
  readonly #physics: PhysicsWorld;
  readonly #manager: RagdollManager;
  readonly #callbacks: RagdollCallbacks;
  readonly #held: Pose;
  readonly #scratch: Float32Array;
  readonly #root = new Float32Array(16);
  readonly #tracker: MotionTracker;
  /** Scratch joint matrices for the get-up clip's first pose. */
  readonly #clipModel: Float32Array;
  readonly #fade: FadeFromPose;
  #bodies: RapierBody[] = [];
  #previousSource: PoseSource | null = null;
  #still = 0;
  #activeTime = 0;
  #removeListener: (() => void) | null = null;
  /** The character's forward in the pelvis body's frame (for face up or down). */
  readonly #forward = new Float32Array(3);
  /** Scratch: the pelvis-to-head direction. */
  readonly #head = new Float32Array(3);
  readonly #pelvis = new Float64Array(3);
  readonly #headBody: number;

  constructor(
    rig: CharacterRig,
    physics: PhysicsWorld,
    stage: Stage,
    limits: RagdollLimits,
    callbacks: RagdollCallbacks,
  ) {
    this.#rig = rig;
    this.#physics = physics;
    this.#callbacks = callbacks;
    this.#sizedFrom = bodyMeshes(rig);
    this.layout = layoutRagdoll(rig, limits);
    const { skeleton, defaultWeights } = rig.binding.asset;
    this.state = createRagdollState(this.layout);
    this.pose = createPose(skeleton.jointCount, defaultWeights.length);
    this.#held = createPose(skeleton.jointCount, defaultWeights.length);
    this.#scratch = createRagdollScratch(skeleton);
    this.#tracker = new MotionTracker(skeleton.jointCount * 16);
    this.#clipModel = new Float32Array(skeleton.jointCount * 16);
    this.#tracker.current.set(rig.model);
    this.#tracker.previous.set(rig.model);
    rig.modelModifiers.push(this.#tracker);
    this.#fade = new FadeFromPose(createPose(skeleton.jointCount, defaultWeights.length), () =>
      this.#callbacks.phase('recovered'),
    );
    rig.localModifiers.push(this.#fade);
    this.#manager = managerFor(stage, physics);
    // the character's forward in the pelvis's frame at rest
    const rest = createPose(skeleton.jointCount);
    setRestPose(skeleton, rest);
    const world = new Float32Array(skeleton.jointCount * 16);
    localToModel(skeleton, rest, null, world);
    const restState = createRagdollState(this.layout);
    ragdollBodiesFromMatrices(this.layout, world, restState);
    ragdollForward(this.layout, restState, this.#forward);
    this.#headBody = ragdollBody(this.layout, 'head');
  }

  /** Whether its character has left the stage (removed, or its model replaced). */
  get detached(): boolean {
    return this.#rig.root.parent === null;
  }

  /** Whether the capsules still fit the body: false once a cloth took a body mesh over or gave it back. */
  fitsBody(): boolean {
    return this.#sizedFrom === bodyMeshes(this.#rig);
  }

  /** Where the pelvis is, world space (the body's origin): a view that the next step overwrites. */
  get pelvis(): Readonly<Float64Array> {
    const p = this.#pelvis;
    const s = this.state.positions;
    p[0] = s[0];
    p[1] = s[1];
    p[2] = s[2];
    return p;
  }

  /**
   * Switches to physics from the current pose. Every body starts with its bone's motion over the last
   * frame plus `velocity` (m/s, world). Does nothing when already active.
   */
  start(velocity: readonly [number, number, number] = [0, 0, 0]): void {
    if (this.status === 'active') return;
    const rig = this.#rig;
    this.#fade.done = true;
    if (this.status === 'off') {
      copyPose(rig.source.pose, this.#held);
      // the body keeps the face it fell with (ragdollPose leaves morph weights alone)
      this.pose.weights.set(this.#held.weights);
      this.#previousSource = rig.source;
    }
    const tracker = this.#tracker;
    ragdollBodiesFromMatrices(this.layout, rig.model, this.state);
    ragdollVelocities(
      this.layout,
      tracker.previous,
      rig.model,
      tracker.dt,
      velocity[0],
      velocity[1],
      velocity[2],
      this.state,
    );
    this.#spawn();
    rig.source = this;
    this.status = 'active';
    this.#still = 0;
    this.#activeTime = 0;
    this.#removeListener = this.#physics.addListener(this);
    this.#manager.add(this);
    this.#callbacks.phase('start');
  }

  /** Reads the bodies (while simulating) into `pose`. PoseSource: the rig calls it each frame. */
  update(): void {
    if (this.status === 'active') this.#readBodies();
    const root = this.#rig.root;
    root.updateWorldMatrix(true, false);
    const m = root.matrixWorld.elements;
    for (let i = 0; i < 16; i++) this.#root[i] = m[i];
    ragdollPose(
      this.#rig.binding.asset.skeleton,
      this.layout,
      this.state,
      this.#root,
      this.#held,
      this.#scratch,
      this.pose,
    );
  }

  afterStep(h: number): void {
    if (this.status !== 'active' || this.asleep) return;
    this.#activeTime += h;
    let still = true;
    let total = 0;
    const v = velocity;
    const w = spin;
    for (const body of this.#bodies) {
      body.linvel(v);
      body.angvel(w);
      const speed = length3(v.x, v.y, v.z);
      total += speed;
      if (speed > STILL_LINEAR || length3(w.x, w.y, w.z) > STILL_ANGULAR) {
        still = false;
        break;
      }
    }
    if (total > STILL_MEAN * this.#bodies.length) still = false;
    this.#still = still ? this.#still + h : 0;
    if (this.#still >= SETTLE_TIME || this.#activeTime >= MAX_ACTIVE_TIME) this.settle();
  }

  /** Freezes where it lies: the bodies leave the world, the pose stays, nothing is simulated. */
  settle(): void {
    if (this.status !== 'active') return;
    this.#readBodies();
    this.#despawn();
    this.status = 'settled';
    this.#callbacks.phase('settled');
  }

  /** Pauses (out of view, over the cap) or resumes simulation without settling. */
  setAsleep(asleep: boolean): void {
    if (this.asleep === asleep || this.status !== 'active') return;
    this.asleep = asleep;
    for (const body of this.#bodies) {
      if (asleep) body.sleep();
      else body.wakeUp();
    }
  }

  /**
   * Stands the character up where the pelvis lies: the character moves there (facing along the body), the
   * get-up clip for lying face up or face down fades in from the lying pose, and `recovered` follows when
   * the fade is over (on a later frame). Returns the clip played (null when none matched), or undefined when not a ragdoll.
   */
  getUp(): string | null | undefined {
    if (this.status === 'off') return undefined;
    if (this.status === 'active') this.#readBodies();
    this.#despawn();
    const rig = this.#rig;
    // the get-up clip starts from the pose it lies in: it plays from its first frame, faded in below
    rig.source = this.#previousSource ?? rig.source;
    this.#previousSource = null;
    const names = ragdollFaceUp(this.state, this.#forward) ? GET_UP_CLIPS.up : GET_UP_CLIPS.down;
    const clip = names.find((name) => rig.clipNames.includes(name)) ?? null;
    let clipYaw = 0;
    if (clip) {
      rig.play(clip, { fade: 0, loop: 'once' });
      rig.source.update(0);
      localToModel(rig.binding.asset.skeleton, rig.source.pose, null, this.#clipModel);
      const { bodies } = this.layout;
      clipYaw = lyingYaw(this.#clipModel, bodies[0].joint, bodies[this.#headBody].joint);
    }
    // stand at the pelvis, on the ground under it, turned so the clip's lying body lies along this one
    const head = this.#head;
    ragdollHeadDirection(this.layout, this.state, head);
    const scaleY = rig.root.scale.y;
    rig.root.position.set(this.state.positions[0], rig.root.position.y, this.state.positions[2]);
    rig.root.rotation.set(0, Math.atan2(head[0], head[2]) - clipYaw, 0);
    rig.root.scale.setScalar(scaleY);
    rig.root.updateMatrixWorld(true);
    // the lying pose, re-expressed under the moved root, is where the fade starts
    this.update();
    copyPose(this.pose, this.#fade.from);
    this.#fade.restart(GET_UP_FADE);
    this.status = 'off';
    return clip;
  }

  #readBodies(): void {
    const { positions, rotations } = this.state;
    const t = translation;
    const r = rotation;
    for (let b = 0; b < this.#bodies.length; b++) {
      this.#bodies[b].translation(t);
      this.#bodies[b].rotation(r);
      positions[b * 3] = t.x;
      positions[b * 3 + 1] = t.y;
      positions[b * 3 + 2] = t.z;
      rotations[b * 4] = r.x;
      rotations[b * 4 + 1] = r.y;
      rotations[b * 4 + 2] = r.z;
      rotations[b * 4 + 3] = r.w;
    }
  }

  #spawn(): void {
    this.#bodies = spawnRagdoll(this.#physics, this.layout, this.state);
  }

  #despawn(): void {
    for (const body of this.#bodies) this.#physics.world.removeRigidBody(body);
    this.#bodies = [];
    this.asleep = false;
    this.#removeListener?.();
    this.#removeListener = null;
    this.#manager.remove(this);
  }

  /** The Rapier bodies while simulating (for tests and debugging). */
  get bodies(): readonly RapierBody[] {
    return this.#bodies;
  }

  /** Leaves physics and the rig for good (the character is going away or rebinding). */
  dispose(): void {
    if (this.#bodies.length > 0) this.#despawn();
    const rig = this.#rig;
    if (rig.source === this && this.#previousSource) rig.source = this.#previousSource;
    remove(rig.modelModifiers, this.#tracker);
    remove(rig.localModifiers, this.#fade);
    this.status = 'off';
  }
}

/** Targets for Rapier's getters, which otherwise return a new object per call. */
const translation = { x: 0, y: 0, z: 0 };
const rotation = { x: 0, y: 0, z: 0, w: 1 };
const velocity = { x: 0, y: 0, z: 0 };
const spin = { x: 0, y: 0, z: 0 };

function remove<T>(list: T[], item: T): void {
  const i = list.indexOf(item);
  if (i >= 0) list.splice(i, 1);
}

/**
 * Puts a ragdoll's bodies into a Rapier world at `state`'s transforms and velocities: a capsule per body,
 * a limited spherical joint (a locked hinge for elbows and knees) per joint, no contacts across a joint.
 */
export function spawnRagdoll(
  physics: Pick<PhysicsWorld, 'rapier' | 'world'>,
  layout: RagdollLayout,
  state: RagdollState,
): RapierBody[] {
  const { rapier: R, world } = physics;
  const { bodies, joints } = layout;
  const { positions: p, rotations: q, linear, angular } = state;
  const made = bodies.map((body, b) => {
    const rigid = world.createRigidBody(
      R.RigidBodyDesc.dynamic()
        .setTranslation(p[b * 3], p[b * 3 + 1], p[b * 3 + 2])
        .setRotation({ x: q[b * 4], y: q[b * 4 + 1], z: q[b * 4 + 2], w: q[b * 4 + 3] })
        .setLinvel(linear[b * 3], linear[b * 3 + 1], linear[b * 3 + 2])
        .setAngvel({ x: angular[b * 3], y: angular[b * 3 + 1], z: angular[b * 3 + 2] })
        .setLinearDamping(0.1)
        .setAngularDamping(0.8)
        .setCcdEnabled(true),
    );
    const a = body.a;
    const e = body.b;
    const axis = [e[0] - a[0], e[1] - a[1], e[2] - a[2]];
    const length = length3(axis[0], axis[1], axis[2]);
    const collider = R.ColliderDesc.capsule(Math.max(1e-4, length / 2), body.radius)
      .setTranslation((a[0] + e[0]) / 2, (a[1] + e[1]) / 2, (a[2] + e[2]) / 2)
      .setRotation(rotationFromY(axis, length))
      .setDensity(1000)
      .setFriction(0.8)
      .setRestitution(0.05);
    world.createCollider(collider, rigid);
    return rigid;
  });
  const raw = world.impulseJoints.raw;
  const anchor = new Float32Array(3);
  for (const joint of joints) {
    // the child's origin in the parent's frame, as the bodies stand now
    const d = [0, 1, 2].map((k) => p[joint.child * 3 + k] - p[joint.parent * 3 + k]);
    const qp = q.subarray(joint.parent * 4, joint.parent * 4 + 4);
    rotateVectorAt(anchor, 0, [-qp[0], -qp[1], -qp[2], qp[3]], 0, d, 0);
    const a1 = { x: anchor[0], y: anchor[1], z: anchor[2] };
    const origin = { x: 0, y: 0, z: 0 };
    // elbows and knees are hinges: twist and the second swing are locked outright, not merely limited
    const hinge = joint.kind === 'elbow' || joint.kind === 'knee';
    const M = R.JointAxesMask;
    const data = hinge
      ? R.JointData.generic(a1, origin, { x: 0, y: 1, z: 0 }, M.LinX | M.LinY | M.LinZ | M.AngX | M.AngZ)
      : R.JointData.spherical(a1, origin);
    const link = world.createImpulseJoint(data, made[joint.parent], made[joint.child], true);
    const f1 = joint.frameParent;
    const f2 = joint.frameChild;
    link.setLocalFrame1({ x: anchor[0], y: anchor[1], z: anchor[2] }, { x: f1[0], y: f1[1], z: f1[2], w: f1[3] });
    link.setLocalFrame2({ x: 0, y: 0, z: 0 }, { x: f2[0], y: f2[1], z: f2[2], w: f2[3] });
    link.setContactsEnabled(false);
    const l = joint.limits;
    raw.jointSetLimits(link.handle, R.JointAxis.AngY as never, l[2], l[3]);
    if (!hinge) {
      raw.jointSetLimits(link.handle, R.JointAxis.AngX as never, l[0], l[1]);
      raw.jointSetLimits(link.handle, R.JointAxis.AngZ as never, l[4], l[5]);
    }
  }
  return made;
}

/** The rotation taking +Y (Rapier's capsule axis) onto `axis`. */
function rotationFromY(axis: number[], length: number): { x: number; y: number; z: number; w: number } {
  if (length < 1e-9) return { x: 0, y: 0, z: 0, w: 1 };
  const x = axis[0] / length;
  const y = axis[1] / length;
  const z = axis[2] / length;
  // half-way quaternion between (0,1,0) and (x,y,z)
  if (y < -0.999999) return { x: 1, y: 0, z: 0, w: 0 };
  const w = 1 + y;
  const n = length4(z, 0, -x, w);
  return { x: z / n, y: 0, z: -x / n, w: w / n };
}

/** A body reaches about this far round the pelvis (metres): it is in view if any of it may be. */
const BODY_REACH = 1.2;

/**
 * The stage's ragdolls: at most `maxActive` simulate at once, the nearest the camera first (one more settles
 * the farthest at once); those outside the camera's view sleep until they come back into it.
 */
export class RagdollManager implements PhysicsListener {
  maxActive = 12;
  readonly #stage: Stage;
  readonly #active: Ragdoll[] = [];
  readonly #frustum = new ViewFrustum();

  constructor(stage: Stage) {
    this.#stage = stage;
  }

  setMaxActive(count: number): void {
    this.maxActive = count;
    this.#enforceCap();
  }

  get activeCount(): number {
    return this.#active.length;
  }

  add(ragdoll: Ragdoll): void {
    this.#active.push(ragdoll);
    this.#enforceCap();
  }

  remove(ragdoll: Ragdoll): void {
    remove(this.#active, ragdoll);
  }

  beforeStep(): void {
    this.#frustum.setFromCamera(this.#stage.camera);
    for (let i = this.#active.length - 1; i >= 0; i--) {
      const ragdoll = this.#active[i];
      // a character that left the stage mid-fall takes its bodies with it
      if (ragdoll.detached) {
        ragdoll.dispose();
        continue;
      }
      const p = ragdoll.pelvis;
      ragdoll.setAsleep(!this.#frustum.intersectsSphere(p[0], p[1], p[2], BODY_REACH));
    }
  }

  #enforceCap(): void {
    if (this.#active.length <= this.maxActive) return;
    const camera = this.#stage.camera.position;
    const distance = (r: Ragdoll) => {
      const p = r.pelvis;
      return length3(p[0] - camera.x, p[1] - camera.y, p[2] - camera.z);
    };
    const byDistance = [...this.#active].sort((a, b) => distance(a) - distance(b));
    for (const ragdoll of byDistance.slice(this.maxActive)) ragdoll.settle();
  }
}

/** The ragdoll manager of a stage (made with its physics world's first ragdoll). */
export function managerFor(stage: Stage, physics: PhysicsWorld): RagdollManager {
  return registeredManager(stage, () => {
    const manager = new RagdollManager(stage);
    physics.addListener(manager);
    return manager;
  });
}
