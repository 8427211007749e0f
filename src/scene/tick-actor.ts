// Apart from FrameLoop, so that a loop of its own (the page ticker) does not bring the stage's loop with it.

/** Longest step one frame may take, in seconds, before scaling: a stall (a debugger, a frozen tab) is not one huge step. */
export const MAX_FRAME_DT = 0.1;

/** What a frame loop ticks: a stage's actors, the page ticker's. */
export interface Ticked {
  update(dt: number): void;
  /** Told when `update` throws (the element reports it as its `anim-error`); never called twice in a row. */
  failed?(error: unknown): void;
}

const failing = new WeakSet<Ticked>();
let failingCount = 0;

/**
 * Runs one actor's frame, the rule for every loop: an actor that throws does not stop the others, and is
 * told once through its `failed` hook (its element's `anim-error`; the console without one), not again
 * every frame. It stays in the loop: a page that fixes what broke it (a param, a target) sees it animate
 * again, and after a frame it runs through cleanly a new failure is reported anew.
 */
export function tickActor(actor: Ticked, dt: number): void {
  try {
    actor.update(dt);
  } catch (error) {
    if (failing.has(actor)) return;
    failing.add(actor);
    failingCount++;
    try {
      if (actor.failed) actor.failed(error);
      else console.error('An actor threw during a frame (reported once; it stays in the loop).', error);
    } catch {
      // a report that fails has nowhere left to go
    }
    return;
  }
  if (failingCount > 0 && failing.delete(actor)) failingCount--;
}
