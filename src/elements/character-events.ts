/**
 * The DOM events of `<anim-character>`. Every one bubbles and is composed, and goes through the page's
 * event queue: raised inside a frame, it is dispatched after that frame's work; raised elsewhere, on a
 * microtask. Details hold copies, never live views. The event maps that type listeners are in events.ts.
 */
import type { RagdollPhase } from '../scene/ragdoll.js';

export interface AnimLoadDetail {
  /** Clips the character can play: the model's, then those its `<anim-clip>` children define. */
  clips: string[];
  /** Joint names of the model's skins. */
  bones: string[];
  /** Humanoid slots the model's map found (under its `rig`), null when it cannot be mapped. */
  humanoid: string[] | null;
}

export interface AnimProgressDetail {
  /** 0 to 1; 1 once the model is parsed. */
  progress: number;
}

export interface AnimPlayDetail {
  clip: string;
}

export interface AnimLoopDetail {
  clip: string;
  /** Loops completed since the clip started (a pingpong bounce counts as one). */
  count: number;
}

export interface AnimFinishDetail {
  /** The clip that reached its end (`loop="once"` or `"clamp"`). */
  clip: string;
}

export interface AnimEventDetail {
  /** The `<anim-event>`'s name. */
  name: string;
  clip: string;
  /** The event's time in seconds from the clip's start. */
  time: number;
  /** The `<anim-event>`'s data: parsed JSON when it parses, else the text. */
  data: unknown;
}

export interface AnimWarpEndDetail {
  /** The `<anim-warp>`'s name. */
  warp: string;
  clip: string;
  /** True when the clip played through; false when another clip (or warp) took over. */
  completed: boolean;
}

export interface AnimRagdollDetail {
  /** `start` (physics took over), `settled` (it came to rest, frozen), `recovered` (back on its feet). */
  phase: RagdollPhase;
}
