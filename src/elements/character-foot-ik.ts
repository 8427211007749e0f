/**
 * Foot IK for `<anim-character>`: its `foot-ik` attribute and `<anim-foot-ik>` children come here. One
 * controller per character, for the character's lifetime; its FootIkDriver is made for the current rig
 * and made again for a new model. The driver's code (the solver, the leg finder, the ground probes) is
 * fetched the first time a character asks for foot IK: a page whose characters never do loads none of it.
 */
import type { ReactiveController } from 'lit';
import type { CharacterRig } from '../scene/character-rig.js';
import type { FootIkDriver } from '../scene/foot-ik-driver.js';
import type { Stage } from '../scene/stage.js';
import { reportCaught, reportError } from './errors.js';
import { FirstUse } from './first-use.js';
import { characterInternals } from './internals.js';

/** The driver's code (exported for tests, which make its fetch fail). */
export const footIkCode = new FirstUse(() => import('../scene/foot-ik-driver.js'));

/** The knobs of foot IK (see `<anim-foot-ik>`); lengths in metres, speeds in m/s. */
export interface FootIkKnobs {
  plantThreshold: number;
  plantSpeed: number;
  pelvisLimit: number;
  flatten: boolean;
  weight: number;
  airborne: boolean;
}

export const FOOT_IK_DEFAULTS: Readonly<FootIkKnobs> = {
  plantThreshold: 0.05,
  plantSpeed: 0.5,
  pelvisLimit: 0.35,
  flatten: true,
  weight: 1,
  airborne: false,
};

/** What supplies a character's knobs: its first `<anim-foot-ik>` child, when it has one. */
interface KnobSource extends Element {
  readonly knobs: FootIkKnobs;
}

/** What foot IK reads of its character. */
export interface FootIkHost {
  readonly host: HTMLElement;
  /** The `foot-ik` attribute. */
  wanted(): boolean;
  rig(): CharacterRig | undefined;
  stage(): Stage | undefined;
}

/** Asks a character to bring its foot IK in line with its markup (an `<anim-foot-ik>` child changed). */
export function syncFootIk(character: Element): void {
  characterInternals(character)?.syncFootIk();
}

export class FootIkController implements ReactiveController {
  readonly #c: FootIkHost;
  #driver: FootIkDriver | null = null;
  /** The rig the driver was made for (or tried: a rig without legs is not tried again). */
  #rig: CharacterRig | undefined;
  /** The fetch of the driver's code this character waits for, until it settles. */
  #fetching: Promise<void> | undefined;

  constructor(c: FootIkHost) {
    this.#c = c;
  }

  /** The driver while foot IK runs on the current rig, else null. */
  get driver(): FootIkDriver | null {
    return this.#driver && this.#rig === this.#c.rig() ? this.#driver : null;
  }

  /** Settles once the code foot IK asked for has arrived (at once when none is awaited). */
  get settled(): Promise<void> {
    return this.#fetching ?? Promise.resolve();
  }

  /** Fetches the driver's code ahead of a model's install when foot IK is wanted, so it runs from the first pose. */
  prepare(): Promise<void> {
    if (!this.#wanted()) return Promise.resolve();
    return footIkCode.load().then(
      () => undefined,
      () => undefined, // reported by the sync that finds it missing
    );
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.#driver?.detach();
    this.#driver = null;
    this.#rig = undefined;
  }

  /**
   * On when the character has `foot-ik` or an `<anim-foot-ik>` child (whose knobs apply), off otherwise;
   * rebuilt on a new model. Legs that cannot be found report `unknown-bone` (or `bad-chain`) once per model,
   * and the character animates on without foot IK.
   */
  sync(): void {
    const source = this.#knobSource();
    const wanted = this.#c.wanted() || source !== null;
    const rig = this.#c.rig();
    const stage = this.#c.stage();
    if (this.#driver && (!wanted || this.#rig !== rig)) {
      this.#driver.detach();
      this.#driver = null;
    }
    if (wanted && rig && stage && !this.#driver && this.#rig !== rig) {
      const code = footIkCode.loaded;
      if (!code) {
        this.#fetch(source);
        return;
      }
      this.#rig = rig;
      try {
        this.#driver = new code.FootIkDriver(rig, stage);
        this.#driver.attach();
      } catch (error) {
        reportCaught(source ?? this.#c.host, error);
      }
    }
    if (!wanted) this.#rig = undefined;
    if (this.#driver) applyKnobs(this.#driver, source?.knobs ?? FOOT_IK_DEFAULTS);
    stage?.loop.requestRedraw();
  }

  #wanted(): boolean {
    return this.#c.wanted() || this.#knobSource() !== null;
  }

  /** Fetches the driver's code, then syncs again; a failed fetch is one `load-failed` on whoever asked. */
  #fetch(source: Element | null): void {
    if (this.#fetching) return;
    this.#fetching = footIkCode.load().then(
      () => {
        this.#fetching = undefined;
        if (this.#c.host.isConnected) this.sync();
      },
      (error) => {
        this.#fetching = undefined;
        reportError(source ?? this.#c.host, 'load-failed', `the foot IK code could not be fetched (${error})`);
      },
    );
  }

  #knobSource(): KnobSource | null {
    const child = this.#c.host.querySelector(':scope > anim-foot-ik') as (Element & Partial<KnobSource>) | null;
    return child?.knobs ? (child as KnobSource) : null;
  }
}

function applyKnobs(driver: FootIkDriver, knobs: FootIkKnobs): void {
  const ik = driver.footIk;
  ik.plantHeight = knobs.plantThreshold;
  ik.plantSpeed = knobs.plantSpeed;
  ik.pelvisLimit = knobs.pelvisLimit;
  ik.flatten = knobs.flatten;
  driver.weight = knobs.weight;
  driver.airborne = knobs.airborne;
}
