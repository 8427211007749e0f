/**
 * Foot IK for `<anim-character>`: its `foot-ik` attribute and `<anim-foot-ik>` children come here. One
 * FootIkDriver per character, on its current rig; rebuilt when a new model loads.
 */
import { CodedError } from '../scene/coded-error.js';
import { FootIkDriver } from '../scene/foot-ik-driver.js';
import type { AnimCharacter } from './anim-character.js';
import { reportError } from './errors.js';

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

interface Entry {
  driver: FootIkDriver | null;
  rig: unknown;
  listening: boolean;
}

const entries = new WeakMap<AnimCharacter, Entry>();

function knobSourceOf(character: AnimCharacter): KnobSource | null {
  const child = character.querySelector(':scope > anim-foot-ik') as (Element & Partial<KnobSource>) | null;
  return child?.knobs ? (child as KnobSource) : null;
}

/** The character's foot IK driver while it runs (for tests and controllers), else null. */
export function footIkOf(character: AnimCharacter): FootIkDriver | null {
  const entry = entries.get(character);
  return entry?.driver && entry.rig === character.rig ? entry.driver : null;
}

/**
 * Brings a character's foot IK in line with its markup: on when it has `foot-ik` or an `<anim-foot-ik>`
 * child (whose knobs apply), off otherwise; rebuilt on a new model. Legs that cannot be found report
 * `unknown-bone` (or `bad-chain`) once per model, and the character animates on without foot IK.
 */
export function syncFootIk(character: AnimCharacter): void {
  let entry = entries.get(character);
  if (!entry) entries.set(character, (entry = { driver: null, rig: undefined, listening: false }));
  if (!entry.listening) {
    entry.listening = true;
    character.addEventListener('anim-load', (event) => {
      if (event.target === character) syncFootIk(character);
    });
  }
  const source = knobSourceOf(character);
  const wanted = character.footIk || source !== null;
  const rig = character.rig;
  const stage = character.stage;
  if (entry.driver && (!wanted || entry.rig !== rig)) {
    entry.driver.detach();
    entry.driver = null;
  }
  if (wanted && rig && stage && !entry.driver && entry.rig !== rig) {
    entry.rig = rig;
    try {
      entry.driver = new FootIkDriver(rig, stage);
      entry.driver.attach();
    } catch (error) {
      if (!(error instanceof CodedError)) throw error;
      reportError(source ?? character, error.code, error.message);
    }
  }
  if (!wanted) entry.rig = undefined;
  if (entry.driver) applyKnobs(entry.driver, source?.knobs ?? FOOT_IK_DEFAULTS);
  stage?.loop.requestRedraw();
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
