/**
 * Ragdolls for `<anim-character>`: the character's `ragdoll()` / `getUp()` and `<anim-ragdoll>` come here.
 * Physics (Rapier) is started on the first ragdoll of a stage, never before.
 */

import type { RagdollLimits } from '../runtime/ragdoll/index.js';
import { CodedError } from '../scene/coded-error.js';
import { startPhysics } from '../scene/physics.js';
import { Ragdoll, type RagdollPhase } from '../scene/ragdoll.js';
import type { AnimCharacter } from './anim-character.js';
import { type AnimPlayDetail, queueEvent } from './character-events.js';
import { reportError } from './errors.js';

export interface AnimRagdollDetail {
  /** `start` (physics took over), `settled` (it came to rest, frozen), `recovered` (back on its feet). */
  phase: RagdollPhase;
}

declare global {
  interface HTMLElementEventMap {
    'anim-ragdoll': CustomEvent<AnimRagdollDetail>;
  }
}

export interface RagdollOptions {
  /** Launch velocity every body inherits, `[x, y, z]` m/s in world space. */
  velocity?: readonly [number, number, number];
  limits?: RagdollLimits;
}

/** What `<anim-ragdoll>` contributes (read without importing the element). */
interface RagdollDescription extends Element {
  velocity?: readonly [number, number, number];
  limits?: RagdollLimits;
}

const ragdolls = new WeakMap<AnimCharacter, { ragdoll: Ragdoll; limits: RagdollLimits; rig: unknown }>();

/** The character's ragdoll, if one has been made for its current model. */
export function ragdollOf(character: AnimCharacter): Ragdoll | undefined {
  const entry = ragdolls.get(character);
  return entry && entry.rig === character.rig ? entry.ragdoll : undefined;
}

/**
 * Switches the character to physics from its current pose (waiting for the model and for Rapier).
 * Reports `no-humanoid` (the animation plays on) for a model without humanoid bones, `physics-failed` when
 * Rapier cannot start. Resolves once the bodies are in the world (or the request failed).
 */
export async function startRagdoll(character: AnimCharacter, options: RagdollOptions = {}): Promise<void> {
  // an <anim-ragdoll> child describes the character's ragdoll; options given here win
  const description = character.querySelector(':scope > anim-ragdoll') as RagdollDescription | null;
  const velocity = options.velocity ?? description?.velocity ?? [0, 0, 0];
  if (velocity.length !== 3 || !velocity.every(Number.isFinite)) {
    reportError(character, 'bad-attribute', `ragdoll velocity ${JSON.stringify(velocity)} is not [x, y, z] in m/s`);
    return;
  }
  try {
    await character.ready;
  } catch {
    return; // the load already reported its error
  }
  const rig = character.rig;
  const stage = character.stage;
  if (!rig || !stage) return;
  const limits = options.limits ?? description?.limits ?? 'natural';
  try {
    const physics = await startPhysics(stage);
    if (character.rig !== rig) return;
    let entry = ragdolls.get(character);
    if (!entry || entry.rig !== rig || (entry.limits !== limits && entry.ragdoll.status === 'off')) {
      entry?.ragdoll.dispose();
      const ragdoll = new Ragdoll(rig, physics, stage, limits, {
        phase: (phase) => queueEvent<AnimRagdollDetail>(character, 'anim-ragdoll', { phase }),
      });
      entry = { ragdoll, limits, rig };
      ragdolls.set(character, entry);
    }
    entry.ragdoll.start(velocity);
    stage.loop.requestRedraw();
  } catch (error) {
    if (error instanceof CodedError) reportError(character, error.code, `ragdoll(): ${error.message}`);
    else throw error;
  }
}

/**
 * Stands a ragdolled character up where it lies (see Ragdoll.getUp); the get-up clip it plays (face up or face
 * down) fires `anim-play`. Returns whether it was down.
 */
export function standUp(character: AnimCharacter): boolean {
  const ragdoll = ragdollOf(character);
  if (!ragdoll || ragdoll.status === 'off') return false;
  const clip = ragdoll.getUp();
  if (clip) queueEvent<AnimPlayDetail>(character, 'anim-play', { clip });
  character.stage?.loop.requestRedraw();
  return true;
}
