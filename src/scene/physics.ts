// The one file that imports Rapier, and only by dynamic import(): a page without physics never loads it, nor
// the world's own code (physics-world.ts), which loads with it.
import type { StageCore as Stage } from './actor.js';
import { CodedError } from './coded-error.js';
import type { PhysicsWorld, Rapier } from './physics-world.js';

export type {
  PhysicsListener,
  PhysicsWorld,
  Rapier,
  RapierBody,
  RapierCollider,
  RapierWorld,
  RayHit,
} from './physics-world.js';

const RAPIER_PACKAGE = '@dimforge/rapier3d-compat';
const importRapier = (): Promise<unknown> => import('@dimforge/rapier3d-compat');
let importer: () => Promise<unknown> = importRapier;
let rapier: Promise<Rapier> | undefined;

/** For tests: how Rapier's module is imported (a failing importer stands for a page without the package). */
export function setRapierImporter(next: (() => Promise<unknown>) | undefined): void {
  importer = next ?? importRapier;
  rapier = undefined;
}

/**
 * Loads and initializes Rapier's WebAssembly once per page. A failure is not kept: the next request tries
 * again (the network may be back). Rejects with `physics-unavailable` when the optional package cannot be
 * imported, `physics-failed` when it was imported but could not start (a page whose CSP forbids WebAssembly).
 */
export function loadRapier(): Promise<Rapier> {
  rapier ??= importer().then(
    async (module) => {
      const loaded = ((module as { default?: Rapier }).default ?? module) as Rapier;
      try {
        await loaded.init();
      } catch (error) {
        throw new CodedError('physics-failed', `Rapier could not start: ${String(error)}`, { cause: error });
      }
      return loaded;
    },
    (error: unknown) => {
      throw new CodedError(
        'physics-unavailable',
        `physics needs the optional package ${RAPIER_PACKAGE} (npm install ${RAPIER_PACKAGE}); importing it failed: ${String(error)}`,
        { cause: error },
      );
    },
  );
  rapier.catch(() => {
    rapier = undefined;
  });
  return rapier;
}

/** What a debug line outlines: a collider of a fixed, kinematic or dynamic body (`debugLineBody`). */
export const DEBUG_FIXED = 0;
export const DEBUG_KINEMATIC = 1;
export const DEBUG_DYNAMIC = 2;
/** Not a collider: a body's axes or a joint's anchors. */
export const DEBUG_OTHER = -1;

/** Hues (degrees) of Rapier's default debug style: fixed 30, kinematic 20, dynamic 340 (joints 0 and 240). */
const FIXED_HUE = 30;
const KINEMATIC_HUE = 20;
const DYNAMIC_HUE = 340;
const HUE_TOLERANCE = 4;

/**
 * What the debug line through point `point` of `debugLines().colors` belongs to: `DEBUG_FIXED`,
 * `DEBUG_KINEMATIC`, `DEBUG_DYNAMIC` or `DEBUG_OTHER` (body axes: pure red, green, blue; joints), told by
 * the colour's hue, which Rapier keeps when it darkens sleeping bodies.
 */
export function debugLineBody(colors: Float32Array, point: number): number {
  const r = colors[point * 4];
  const g = colors[point * 4 + 1];
  const b = colors[point * 4 + 2];
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (!(span > 1e-6)) return DEBUG_OTHER;
  let hue = max === r ? (60 * (g - b)) / span : max === g ? 60 * ((b - r) / span + 2) : 60 * ((r - g) / span + 4);
  if (hue < 0) hue += 360;
  if (Math.abs(hue - FIXED_HUE) <= HUE_TOLERANCE) return DEBUG_FIXED;
  if (Math.abs(hue - KINEMATIC_HUE) <= HUE_TOLERANCE) return DEBUG_KINEMATIC;
  if (Math.abs(hue - DYNAMIC_HUE) <= HUE_TOLERANCE) return DEBUG_DYNAMIC;
  return DEBUG_OTHER;
}

const worlds = new WeakMap<Stage, Promise<PhysicsWorld>>();
/** The worlds that have started, for per-frame readers that must not wait (debug overlays). */
const running = new WeakMap<Stage, PhysicsWorld>();

/** The stage's physics world if it runs now; undefined before it started (or when none was asked for). */
export function runningPhysics(stage: Stage): PhysicsWorld | undefined {
  return running.get(stage);
}

/** A stage's physics settings (from `<anim-scene gravity fixed-step>`), kept for a world started later. */
export interface PhysicsSettings {
  gravity: readonly [number, number, number];
  fixedStep: number;
}

const settings = new WeakMap<Stage, PhysicsSettings>();

/**
 * Sets a stage's gravity and fixed step: applied to its world now if it runs, else when one starts (by
 * `physics` on the scene, a ragdoll or a controller). With `start`, starts the world (Rapier loads once).
 */
export function configurePhysics(stage: Stage, value: PhysicsSettings, start: boolean): Promise<PhysicsWorld> | null {
  settings.set(stage, value);
  const running = worlds.get(stage);
  void running?.then(
    (world) => applySettings(world, value),
    () => undefined,
  );
  return start ? startPhysics(stage) : null;
}

function applySettings(world: PhysicsWorld, value: PhysicsSettings): void {
  world.setGravity(value.gravity[0], value.gravity[1], value.gravity[2]);
  world.fixedStep = value.fixedStep;
}

/**
 * The stage's physics world, started on first use: Rapier loads (once per page), the world is made and joins
 * the stage's frame loop. Later calls return the same world.
 * @throws CodedError `physics-unavailable` or `physics-failed` (as the rejection), see {@link loadRapier}; the
 * next call tries again.
 */
export function startPhysics(stage: Stage): Promise<PhysicsWorld> {
  let started = worlds.get(stage);
  if (!started) {
    started = Promise.all([loadRapier(), import('./physics-world.js')]).then(
      ([module, { PhysicsWorld }]) => {
        const physics = new PhysicsWorld(module, undefined, stage.content);
        const chosen = settings.get(stage);
        if (chosen) applySettings(physics, chosen);
        // stepped first in each frame, so characters pose from this frame's bodies
        stage.addEarlyActor(physics);
        running.set(stage, physics);
        stage.onDispose(() => {
          worlds.delete(stage);
          running.delete(stage);
          physics.dispose();
        });
        return physics;
      },
      (error: unknown) => {
        worlds.delete(stage);
        throw error instanceof CodedError
          ? error
          : new CodedError('physics-failed', `Rapier could not start: ${String(error)}`, { cause: error });
      },
    );
    worlds.set(stage, started);
  }
  return started;
}
