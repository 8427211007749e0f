import type { Actor } from './actor.js';
import type { CharacterRig } from './character-rig.js';
import { GroundTrail } from './ground-trail.js';
import { RootMotionArrow } from './root-motion-arrow.js';
import type { Stage } from './stage.js';

/**
 * A character's two views of its root motion: the `debug="root-motion"` arrow and the ground trail of a clip
 * played in place. Each is made the first frame it is wanted, not when the character joins: most characters
 * never show either, and a crowd of a thousand would otherwise make two thousand canvases and scene objects
 * for nothing. A late actor: both read the rig's last delta after the frame's work. It is in the stage's
 * frame only while a view shows or may be wanted (the debug view is on, or the character plays in place):
 * a crowd's members, which neither, do not each spend a call a frame asking.
 */
export class RootMotionViews implements Actor {
  #arrow: RootMotionArrow | undefined;
  #trail: GroundTrail | undefined;
  #acting = false;
  readonly #unwatch: () => void;

  constructor(
    readonly stage: Stage,
    readonly rig: () => CharacterRig | undefined,
    /** Whether the character plays its root motion in place (then the trail shows it). */
    readonly inPlace: () => boolean,
  ) {
    this.#unwatch = stage.watchDebug(() => this.refresh());
    this.refresh();
  }

  /** Joins the stage's frame while a view may be wanted, leaves it otherwise (call when `inPlace` may have changed). */
  refresh(): void {
    const wanted = !!this.#arrow || !!this.#trail || this.stage.hasDebug('root-motion') || this.inPlace();
    if (wanted === this.#acting) return;
    this.#acting = wanted;
    if (wanted) this.stage.addLateActor(this);
    else this.stage.removeActor(this);
  }

  /** The arrow, once it has been wanted. */
  get arrow(): RootMotionArrow | undefined {
    return this.#arrow;
  }

  /** The trail, once it has been wanted. */
  get trail(): GroundTrail | undefined {
    return this.#trail;
  }

  update(dt: number): void {
    const rig = this.rig();
    if (rig && !this.#arrow && this.stage.hasDebug('root-motion') && rig.rootMotion.extracting) {
      this.#arrow = new RootMotionArrow(this.stage, this.rig);
    }
    if (rig && !this.#trail && this.inPlace() && rig.rootMotion.mode === 'expose') {
      this.#trail = new GroundTrail(this.stage, this.rig, this.inPlace);
    }
    this.#arrow?.update(dt);
    this.#trail?.update();
  }

  dispose(): void {
    this.#unwatch();
    this.stage.removeActor(this);
    this.#acting = false;
    this.#arrow?.dispose();
    this.#trail?.dispose();
    this.#arrow = undefined;
    this.#trail = undefined;
  }
}
