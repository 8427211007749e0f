import type { Object3D } from 'three';
import {
  type ClipBinding,
  defaultRootJoint,
  flattenRise,
  type Playback,
  type Pose,
  type RestParentFrame,
  RootMotion,
  type RootMotionOptions,
  restHeightOf,
  restParentFrame,
  type Skeleton,
} from '../runtime/core.js';
import type { PoseSource } from './pose-pipeline.js';
import type { RootMotionMode } from './root-motion-modes.js';

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
  /** The joint's parent at rest in model space, and the joint's rest height: what flattening measures in. */
  #parent!: RestParentFrame;
  #restHeight = 0;
  /** The humanoid map's hips, read when the default joint is wanted (-1: none). */
  readonly #hips: () => number;
  /** Whether the joint is the default one (no `root-bone`): it follows a new humanoid map. */
  #isDefault = true;

  /** `hips` answers the humanoid map's hips joint (-1 when the model has no map), asked when the default is chosen. */
  constructor(
    readonly skeleton: Skeleton,
    hips: () => number = () => -1,
  ) {
    this.#hips = hips;
    this.#joint = defaultRootJoint(skeleton, hips());
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

  /**
   * Chooses the root joint by name (null: the default: the humanoid map's hips, else `Hips`, else the
   * skeleton's root); false for an unknown name.
   */
  setJoint(name: string | null): boolean {
    const joint = name === null ? defaultRootJoint(this.skeleton, this.#hips()) : this.skeleton.indexByName.get(name);
    if (joint === undefined) return false;
    this.#isDefault = name === null;
    if (joint !== this.#joint) {
      this.#joint = joint;
      this.#measure();
      this.#dirty = true;
    }
    return true;
  }

  /** The humanoid map changed: a default joint is chosen again from it. */
  humanoidChanged(): void {
    if (this.#isDefault) this.setJoint(null);
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
    if (handoff) flattenRise(pose, this.#joint, this.#parent, this.#restHeight);
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

  /** The joint's parent at rest and the joint's rest height, for flattening. */
  #measure(): void {
    this.#parent = restParentFrame(this.skeleton, this.#joint);
    this.#restHeight = restHeightOf(this.skeleton, this.#joint, this.#parent);
  }
}
