/**
 * Ragdolls for `<anim-character>`: the character's `ragdoll()` / `getUp()` and `<anim-ragdoll>` come here.
 * One controller per character, for the character's lifetime; its Ragdoll is made for the current model.
 * Physics (Rapier) is started on the first ragdoll of a stage, never before; the ragdolls' own code loads with it
 * (a page that never ragdolls never fetches it).
 */
import type { ReactiveController } from 'lit';
import { describeValue } from '../runtime/describe-value.js';

import type { RagdollLimits } from '../runtime/ragdoll/index.js';
import type { CharacterRig } from '../scene/character-rig.js';
import { startPhysics } from '../scene/physics.js';
import type { Ragdoll } from '../scene/ragdoll.js';
import type { Stage } from '../scene/stage.js';
import { reportCaught, reportCaughtOnce, reportError } from './errors.js';
import { queueEvent } from './events.js';

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

/** What the ragdoll reads of its character. */
export interface RagdollHost {
  readonly host: HTMLElement;
  rig(): CharacterRig | undefined;
  stage(): Stage | undefined;
  /** Resolves when the current model is bound (rejects when its load failed). */
  ready(): Promise<void>;
}

/** An array or typed array of three finite numbers. */
function isVector3(value: unknown): value is readonly [number, number, number] {
  const list = Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
  if (!list) return false;
  const items = value as ArrayLike<unknown>;
  return items.length === 3 && Array.from(items).every((v) => typeof v === 'number' && Number.isFinite(v));
}

export class RagdollController implements ReactiveController {
  readonly #c: RagdollHost;
  #entry: { ragdoll: Ragdoll; limits: RagdollLimits; rig: CharacterRig } | undefined;

  constructor(c: RagdollHost) {
    this.#c = c;
  }

  /** The ragdoll, if one has been made for the current model. */
  get ragdoll(): Ragdoll | undefined {
    const entry = this.#entry;
    return entry && entry.rig === this.#c.rig() ? entry.ragdoll : undefined;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    // the ragdoll's bodies are not freed here: the physics world's manager frees those of a character that
    // left the stage on its next step, and a scene removed with its characters has freed the world already
    this.#entry = undefined;
  }

  /**
   * Switches the character to physics from its current pose (waiting for the model and for Rapier).
   * Reports `no-humanoid` (the animation plays on) for a model without humanoid bones, `physics-unavailable`
   * or `physics-failed` (once per page) when Rapier cannot start, `bad-attribute` for options that are not an
   * object or a velocity that is not three finite numbers. Resolves once the bodies are in the world, or once
   * the failure is reported: it never rejects.
   */
  async start(options: RagdollOptions | null | undefined): Promise<void> {
    const character = this.#c.host;
    if (options != null && (typeof options !== 'object' || Array.isArray(options))) {
      const message = `ragdoll(${describeValue(options)}): options are an object ({velocity, limits})`;
      reportError(character, 'bad-attribute', message);
      return;
    }
    // an <anim-ragdoll> child describes the character's ragdoll; options given here win
    const description = character.querySelector(':scope > anim-ragdoll') as RagdollDescription | null;
    const velocity = options?.velocity ?? description?.velocity ?? [0, 0, 0];
    if (!isVector3(velocity)) {
      const message = `ragdoll velocity ${describeValue(velocity)} is not [x, y, z] (three finite numbers, m/s)`;
      reportError(character, 'bad-attribute', message);
      return;
    }
    try {
      await this.#c.ready();
    } catch {
      return; // the load already reported its error
    }
    const rig = this.#c.rig();
    const stage = this.#c.stage();
    if (!rig || !stage) return;
    const limits = options?.limits ?? description?.limits ?? 'natural';
    let physics: Awaited<ReturnType<typeof startPhysics>>;
    let ragdolls: typeof import('../scene/ragdoll.js');
    try {
      [physics, ragdolls] = await Promise.all([startPhysics(stage), import('../scene/ragdoll.js')]);
    } catch (error) {
      reportCaughtOnce(character, error, 'ragdoll()'); // the scene and controllers meet the same cause
      return;
    }
    try {
      if (this.#c.rig() !== rig) return;
      let entry = this.#entry;
      // made again while off when its limits changed, or its body did (a cloth took a mesh over, or gave it back):
      // the capsules then never depend on whether a cloth bound before the first ragdoll() or after
      const stale = entry?.limits !== limits || !entry.ragdoll.fitsBody();
      if (!entry || entry.rig !== rig || (stale && entry.ragdoll.status === 'off')) {
        entry?.ragdoll.dispose();
        const ragdoll = new ragdolls.Ragdoll(rig, physics, stage, limits, {
          phase: (phase) => queueEvent(character, 'anim-ragdoll', { phase }),
        });
        entry = { ragdoll, limits, rig };
        this.#entry = entry;
      }
      entry.ragdoll.start(velocity);
      stage.loop.requestRedraw();
    } catch (error) {
      reportCaught(character, error, 'ragdoll()');
    }
  }

  /**
   * Stands a ragdolled character up where it lies (see Ragdoll.getUp); the get-up clip it plays (face up or
   * face down) fires `anim-play`. Returns whether it was down.
   */
  standUp(): boolean {
    const ragdoll = this.ragdoll;
    if (!ragdoll || ragdoll.status === 'off') return false;
    const clip = ragdoll.getUp();
    if (clip) queueEvent(this.#c.host, 'anim-play', { clip });
    this.#c.stage()?.loop.requestRedraw();
    return true;
  }
}
