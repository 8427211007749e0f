import { eventQueue } from '../event-queue.js';
import type { Actor } from '../stage.js';
import { MAX_FRAME_DT, tickActor } from '../tick-actor.js';

const actors = new Set<Actor>();
let frameId = 0;
let lastTime = -1;
let paused = false;

/**
 * The one requestAnimationFrame loop for actors outside any scene (a tween of a CSS property on a 2D page,
 * a sprite drawn with CSS). It runs only while it has actors and the page is visible; steps are clamped
 * like a stage's, and the events a frame raises are dispatched after it.
 */
export const pageTicker = {
  /** While true the loop requests no frames: time moves only by `step` (tests, scrubbing, offline capture). */
  get paused(): boolean {
    return paused;
  },
  set paused(value: boolean) {
    paused = value;
    if (paused) cancel();
    else schedule();
  },
  add(actor: Actor): void {
    actors.add(actor);
    schedule();
  },
  remove(actor: Actor): void {
    actors.delete(actor);
    if (actors.size === 0) cancel();
  },
  /** Advances one actor by exactly `dt` seconds, its events dispatched when it is done (tests, scrubbing). */
  step(actor: Actor, dt: number): void {
    eventQueue.beginFrame();
    try {
      tickActor(actor, dt);
    } finally {
      eventQueue.endFrame();
    }
  },
};

function schedule(): void {
  if (frameId === 0 && actors.size > 0 && !paused && !document.hidden) frameId = requestAnimationFrame(frame);
}

function cancel(): void {
  if (frameId !== 0) cancelAnimationFrame(frameId);
  frameId = 0;
  lastTime = -1;
}

function frame(time: number): void {
  frameId = 0;
  const dt = lastTime < 0 ? 0 : Math.min((time - lastTime) / 1000, MAX_FRAME_DT);
  lastTime = time;
  eventQueue.beginFrame();
  try {
    for (const actor of actors) tickActor(actor, dt);
  } finally {
    eventQueue.endFrame();
  }
  schedule();
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden) cancel();
  else schedule();
});
