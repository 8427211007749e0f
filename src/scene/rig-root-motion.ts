import type { Object3D } from 'three';
import {
  type ClipBinding,
  createPose,
  invert3,
  localToModel,
  type Playback,
  type Pose,
  RootMotion,
  type RootMotionOptions,
  type Skeleton,
  setRestPose,
} from '../runtime/index.js';
import type { PoseSource } from './pose-pipeline.js';

/** What a character does with its clips' root motion. */
export const ROOT_MOTION_MODES = ['off', 'apply', 'expose'] as const;
export type RootMotionMode = (typeof ROOT_MOTION_MODES)[number];

/** A pose source that can extract root motion itself (a state graph); the Playback is bound directly. */
export interface RootMotionSource extends PoseSource {
  bindRootMotion(options: RootMotionOptions | null): RootMotion | null;
}

function extractsItself(source: PoseSource): source is RootMotionSource {
  return typeof (source as Partial<RootMotionSource>).bindRootMotion === 'function';
}

/**
 * A character rig's root motion. Each frame, before the pose source runs, `bind` makes sure the source
 * extracts root motion from the chosen joint (a Playback gets a RootMotion over the rig's clips; a source
 * with `bindRootMotion`, the state graph, extracts from its own), and after it `collect` copies the
 * frame's delta, flattens the pelvis rise when physics owns the vertical, and (`apply`) moves the root.
 *
 * `delta` is in the character's frame: metres along its own axes (scaled like the character), radians
 * about its vertical.
 */
export class RigRootMotion {
  /** The last frame's motion: dx, dy, dz (metres), dyaw (radians). */
  readonly delta = new Float64Array(4);

  #mode: RootMotionMode = 'off';
  #planar = false;
  #yaw = false;
  #joint: number;
  /** Extraction a warp needs (full 3D and yaw), whatever the mode. */
  #forced = false;
  #extractor: RootMotion | null = null;
  #boundSource: PoseSource | null = null;
  #dirty = true;
  /** The joint's parent at rest in model space: linear part (column-major 3×3) and its inverse; and the joint's rest height. */
  readonly #parentInverse = new Float64Array(9);
  readonly #parentLinear = new Float64Array(9);
  #restHeight = 0;

  constructor(readonly skeleton: Skeleton) {
    this.#joint = defaultRootJoint(skeleton);
    this.#measure();
  }

  get mode(): RootMotionMode {
    return this.#mode;
  }
  get planar(): boolean {
    return this.#planar;
  }
  get yaw(): boolean {
    return this.#yaw;
  }
  /** The joint whose motion moves the character. */
  get joint(): number {
    return this.#joint;
  }
  /** Whether clips are having their root motion extracted now. */
  get extracting(): boolean {
    return this.#mode !== 'off' || this.#forced;
  }
  /** The extractor bound to the Playback (null when not extracting or when another source extracts). */
  get extractor(): RootMotion | null {
    return this.#extractor;
  }

  configure(mode: RootMotionMode, planar: boolean, yaw: boolean): void {
    if (mode === this.#mode && planar === this.#planar && yaw === this.#yaw) return;
    this.#mode = mode;
    this.#planar = planar;
    this.#yaw = yaw;
    this.#dirty = true;
  }

  /** Chooses the root joint by name (null: the default, Hips or the skeleton's root); false for an unknown name. */
  setJoint(name: string | null): boolean {
    const joint = name === null ? defaultRootJoint(this.skeleton) : this.skeleton.indexByName.get(name);
    if (joint === undefined) return false;
    if (joint !== this.#joint) {
      this.#joint = joint;
      this.#measure();
      this.#dirty = true;
    }
    return true;
  }

  /** The source's own clips changed (a state graph recompiled under the same source): bind again before the next frame. */
  rebind(): void {
    this.#dirty = true;
  }

  /** Extraction whatever the mode (a warp in progress): full 3D motion and yaw. */
  force(on: boolean): void {
    if (on === this.#forced) return;
    this.#forced = on;
    this.#dirty = true;
  }

  /**
   * Before the source runs: (re)binds extraction to `source` (the Playback `playback`, whose clips are
   * `bindings()`) when the source, the settings or the playback changed. Allocates only then.
   */
  bind(source: PoseSource, playback: Playback, bindings: () => readonly ClipBinding[]): void {
    const playbackBound = source === playback && playback.rootMotion === this.#extractor;
    if (!this.#dirty && source === this.#boundSource && (source !== playback || playbackBound)) return;
    this.#dirty = false;
    this.#unbind(playback);
    this.#boundSource = source;
    if (!this.extracting) return;
    const options: RootMotionOptions = {
      joint: this.#joint,
      planar: this.#planar && !this.#forced,
      yaw: this.#yaw || this.#forced,
    };
    if (source === playback) {
      this.#extractor = new RootMotion(this.skeleton, bindings(), options);
      playback.rootMotion = this.#extractor;
    } else if (extractsItself(source)) this.#extractor = source.bindRootMotion(options);
  }

  /**
   * After the source ran (its pose in `pose`): takes the frame's delta, scaled by `scale`. With `handoff`
   * (physics owns the vertical: a jump) the vertical delta is dropped and the pelvis rise is flattened out
   * of the pose, so a physics jump does not stack with the clip's.
   */
  collect(pose: Pose, scale: number, handoff: boolean): void {
    const d = this.delta;
    const e = this.#extractor;
    if (e !== null && this.extracting) {
      d[0] = e.delta[0] * scale;
      d[1] = handoff ? 0 : e.delta[1] * scale;
      d[2] = e.delta[2] * scale;
      d[3] = e.delta[3];
    } else d.fill(0);
    if (handoff) this.#flatten(pose);
  }

  /** Moves `root` by the last delta (turned by its heading), when the mode is `apply`. */
  applyTo(root: Object3D): void {
    if (this.#mode !== 'apply') return;
    const d = this.delta;
    const heading = root.rotation.y;
    const c = Math.cos(heading);
    const s = Math.sin(heading);
    root.position.x += c * d[0] + s * d[2];
    root.position.y += d[1];
    root.position.z += -s * d[0] + c * d[2];
    root.rotation.y = heading + d[3];
  }

  /** Stops extracting (a rig being disposed, or a source swap). */
  #unbind(playback: Playback): void {
    if (playback.rootMotion === this.#extractor || this.#extractor === null) playback.rootMotion = null;
    const source = this.#boundSource;
    if (source !== null && source !== playback && extractsItself(source)) source.bindRootMotion(null);
    this.#extractor = null;
  }

  /** Lowers the root joint to its rest height when the clip lifts it (a crouch stays), leaving its ground position. */
  #flatten(pose: Pose): void {
    const j = this.#joint;
    const t = pose.translations;
    const L = this.#parentLinear;
    const x = t[j * 3];
    const y = t[j * 3 + 1];
    const z = t[j * 3 + 2];
    const rise = L[1] * x + L[4] * y + L[7] * z - this.#restHeight;
    if (!(rise > 0)) return;
    const I = this.#parentInverse;
    t[j * 3] = x - I[3] * rise;
    t[j * 3 + 1] = y - I[4] * rise;
    t[j * 3 + 2] = z - I[5] * rise;
  }

  /** The joint's parent at rest, for flattening. */
  #measure(): void {
    const s = this.skeleton;
    const j = this.#joint;
    const rest = createPose(s.jointCount);
    setRestPose(s, rest);
    const model = new Float32Array(s.jointCount * 16);
    localToModel(s, rest, null, model);
    const parent = s.parents[j];
    const L = this.#parentLinear;
    if (parent < 0) L.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    else {
      const m = model.subarray(parent * 16, parent * 16 + 16);
      L.set([m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]]);
    }
    // parent translation cancels out of a height difference, so only the rest height is kept
    this.#restHeight =
      L[1] * rest.translations[j * 3] + L[4] * rest.translations[j * 3 + 1] + L[7] * rest.translations[j * 3 + 2];
    invert3(L, this.#parentInverse);
  }
}

/** `Hips` when the skeleton has it, else the first root joint that has children (else joint 0). */
export function defaultRootJoint(skeleton: Skeleton): number {
  const hips = skeleton.indexByName.get('Hips') ?? skeleton.indexByName.get('hips');
  if (hips !== undefined) return hips;
  for (let j = 0; j < skeleton.jointCount; j++) {
    if (skeleton.parents[j] >= 0) continue;
    for (let k = j + 1; k < skeleton.jointCount; k++) if (skeleton.parents[k] === j) return j;
  }
  return 0;
}
