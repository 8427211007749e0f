import type { Group, Scene } from 'three';
import type { FrameLoop } from './frame-loop.js';

/** Something the frame loop advances: a character, a tween, a physics world. */
export interface Actor {
  /** Advances by `dt` seconds (already scaled by the stage's time scale; 0 on a redraw). Must not throw. */
  update(dt: number): void;
  /** `'character'` for a character's rig: `debug="stats"` counts them. */
  readonly kind?: 'character';
  /** Told once when `update` throws; the actor stays in the loop (see `tickActor`). */
  failed?(error: unknown): void;
}

/**
 * When in a frame an actor runs. Phases run in this order, every frame; within a phase, actors run in the
 * order they were added (none of them reads another of its phase).
 * - `physics`: the physics world steps; the others read its bodies in the same frame.
 * - `control`: controllers and their input move characters and set their params, before they pose.
 * - `animate`: characters' rigs pose (graph, clips, root motion, IK, skinning); tweens, models, sprites.
 * - `secondary`: what follows a posed character within the frame: cloth.
 * - `follow`: after the camera moved, just before the render: followers of final results (bone anchors
 *   riding an IK-corrected bone, overlays projected through this frame's camera, debug arrows).
 */
export const ACTOR_PHASES = ['physics', 'control', 'animate', 'secondary', 'follow'] as const;
export type ActorPhase = (typeof ACTOR_PHASES)[number];

/** What the stage's services (the physics world, the collider overlay) use of it: its type lives here so
 * they need not import the Stage, which imports them. */
export interface StageCore {
  readonly scene: Scene;
  /** Where actors put their objects. */
  readonly content: Group;
  readonly loop: FrameLoop;
  addActor(actor: Actor, phase?: ActorPhase): void;
  addEarlyActor(actor: Actor): void;
  addLateActor(actor: Actor): void;
  removeActor(actor: Actor): void;
  /** Runs `callback` once when the stage is disposed. */
  onDispose(callback: () => void): void;
}
