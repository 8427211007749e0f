/**
 * How many of a stage's ragdolls simulate at once. Kept apart from the ragdolls themselves, which load with
 * the physics engine on a stage's first ragdoll: a scene sets its cap without loading them.
 */
import type { Stage } from './stage.js';

/** What the cap reaches: the stage's ragdoll manager, once its first ragdoll made one. */
export interface CappedManager {
  maxActive: number;
  setMaxActive(count: number): void;
}

const managers = new WeakMap<Stage, CappedManager>();
const caps = new WeakMap<Stage, number>();

/** The stage's manager: the one registered, else the one `make` returns, given the cap set before it existed. */
export function registeredManager<M extends CappedManager>(stage: Stage, make: () => M): M {
  let manager = managers.get(stage) as M | undefined;
  if (!manager) {
    manager = make();
    manager.maxActive = caps.get(stage) ?? manager.maxActive;
    managers.set(stage, manager);
  }
  return manager;
}

/** How many of a stage's ragdolls simulate at once (default 12); lowering it settles the farthest now. */
export function setMaxRagdolls(stage: Stage, count: number): void {
  caps.set(stage, count);
  managers.get(stage)?.setMaxActive(count);
}
