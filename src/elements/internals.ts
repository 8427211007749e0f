/**
 * The scene-side internals of an `<anim-character>`, for the library's own elements (anchors, IK, cloth, the
 * graph view, the controller) and for tests. Not public API: src/index.ts does not export this module.
 *
 * The character hands its reader in here when its class is defined (a static block reaching its `#`
 * fields), so this module imports nothing of it and any element may import this one.
 */

import type { CharacterRig } from '../scene/character-rig.js';
import type { FootIkDriver } from '../scene/foot-ik-driver.js';
import type { Ragdoll } from '../scene/ragdoll.js';
import type { RigPlacement } from '../scene/rig-placement.js';
import type { Stage } from '../scene/stage.js';
import type { CharacterGraph } from './character-graph.js';

export interface CharacterInternals {
  /** The bound three.js side, while a model is shown. */
  readonly rig: CharacterRig | undefined;
  /** The stage the character draws on, while connected. */
  readonly stage: Stage | undefined;
  /** The state graph's run (compiled graph, instance, params). */
  readonly graph: CharacterGraph;
  /** The foot IK driver while foot IK runs on the current model, else null. */
  readonly footIk: FootIkDriver | null;
  /** The ragdoll made for the current model, if any. */
  readonly ragdoll: Ragdoll | undefined;
  /** Hands the character's place to a crowd's steering (null: back to the page), for this rig and the next. */
  place(placement: RigPlacement | null): void;
  /** Brings foot IK in line with the markup (`foot-ik`, `<anim-foot-ik>` children and their knobs). */
  syncFootIk(): void;
  /**
   * Gives the character materials of its own (what a material tween changes): drawn alone from now on, the
   * shared copy's materials cloned for it, and its next loads its own. Before this, characters showing one
   * file share its materials.
   */
  ownMaterials(): void;
}

let reader: ((el: Element) => CharacterInternals | undefined) | undefined;

/** Called once, by the `<anim-character>` class. */
export function provideCharacterInternals(read: (el: Element) => CharacterInternals | undefined): void {
  reader = read;
}

/** The internals of `el` when it is an upgraded `<anim-character>`, else undefined. */
export function characterInternals(el: Element | null | undefined): CharacterInternals | undefined {
  return el ? reader?.(el) : undefined;
}
