import type { Actor } from './actor.js';
import type { CharacterRig } from './character-rig.js';
import { GroundTrail } from './ground-trail.js';
import { RootMotionArrow } from './root-motion-arrow.js';
import type { Stage } from './stage.js';

/**
 * A character's two views of its root motion: the `debug="root-motion"` arrow and the ground trail of a clip
 * played in place. Each is made the first frame it is wanted, not when the character joins: most characters
 * never show either, and a crowd of a thousand would otherwise make two thousand canvases and scene objects
 * for nothing. A late actor: both read the rig's last delta after the frame's work.
 */
export class RootMotionViews implements Actor {
  #arrow: RootMotionArrow | undefined;
  #trail: GroundTrail | undefined;

  constructor(
    readonly stage: Stage,
    readonly rig: () => CharacterRig | undefined,
    /** Whether the character plays its root motion in place (then the trail shows it). */
    readonly inPlace: () => boolean,
  ) {}

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
    this.#arrow?.dispose();
    this.#trail?.dispose();
    this.#arrow = undefined;
    this.#trail = undefined;
  }
}
