import { css, LitElement } from 'lit';
import { customElement } from 'lit/decorators.js';
import { type HandMap, HUMANOID_SLOTS, type HumanoidSlot } from '../runtime/core.js';
import type { CharacterOwner as AnimCharacter } from './character-part.js';
import { reportError } from './errors.js';

/** `leftUpperArm` → `left-upper-arm`: the attribute that names a slot's bone. */
export function slotAttribute(slot: HumanoidSlot): string {
  return slot.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

const SLOT_BY_ATTRIBUTE: ReadonlyMap<string, HumanoidSlot> = new Map(HUMANOID_SLOTS.map((s) => [slotAttribute(s), s]));
/** HTML's own attributes, which any element may carry without naming a slot. */
const GLOBAL_ATTRIBUTE =
  /^(id|class|style|title|lang|dir|hidden|inert|slot|part|exportparts|role|tabindex|translate|nonce|is|autofocus|popover|draggable|spellcheck|contenteditable|data-.*|aria-.*|on.*)$/;

/** Tells a character its map changed (one not yet upgraded reads its children when it loads). */
function notify(character: AnimCharacter | null): void {
  if (typeof character?.rigChanged === 'function') character.rigChanged();
}

/**
 * A character's humanoid map written by hand, as a child of the `<anim-character>`: one attribute per slot,
 * naming the bone that plays it — `<anim-rig hips="Pelvis" left-upper-arm="L_UpperArm" right-upper-arm="R_UpperArm">`.
 * It is the markup form of the character's `rig` attribute given a JSON map (`rig='{"hips": "Pelvis", …}'`)
 * and means the same: the slots it names take those bones, every other slot is found as `rig="auto"` finds
 * it, and the map is used when a clip is played with `<anim-clip retarget>`. With the `rig` attribute a JSON
 * map as well, these slots win over it; several `<anim-rig>` children add up, later ones winning.
 *
 * Attribute names are the slots in kebab case; an attribute that names no slot (`left-uper-arm`) or an empty
 * bone name reports `bad-attribute` here and is left out. A bone the model lacks reports `unknown-bone` on the
 * character when a retargeted clip needs the map (as the JSON map does); the character keeps its own clips.
 *
 * @summary The humanoid map by hand: which bone plays each humanoid slot, for retargeted clips.
 *
 * @attr hips - The pelvis bone, the root of the humanoid body (its translation is the one retargeted).
 * @attr spine - The first spine bone above the hips.
 * @attr chest - The spine bone below the neck (or the upper chest).
 * @attr upper-chest - A spine bone between the chest and the neck.
 * @attr neck - The neck bone.
 * @attr head - The head bone.
 * @attr left-shoulder - The left clavicle (the character's own left).
 * @attr left-upper-arm - The left upper arm.
 * @attr left-lower-arm - The left forearm.
 * @attr left-hand - The left hand (the wrist).
 * @attr right-shoulder - The right clavicle.
 * @attr right-upper-arm - The right upper arm.
 * @attr right-lower-arm - The right forearm.
 * @attr right-hand - The right hand (the wrist).
 * @attr left-upper-leg - The left thigh.
 * @attr left-lower-leg - The left shin.
 * @attr left-foot - The left foot (the ankle).
 * @attr left-toes - The left toes.
 * @attr right-upper-leg - The right thigh.
 * @attr right-lower-leg - The right shin.
 * @attr right-foot - The right foot (the ankle).
 * @attr right-toes - The right toes.
 *
 * @prop {Partial<Record<HumanoidSlot, string>>} map - The slots this element names, slot (camel case, as in the JSON map) → bone; setting it replaces every slot attribute.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `bad-attribute`: an attribute that names no humanoid slot, an empty bone name, or an `<anim-rig>` outside an `<anim-character>`.
 */
@customElement('anim-rig')
export class AnimRig extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  #character: AnimCharacter | null = null;
  #map: HandMap = {};
  /** `name=value` of the bad attributes already reported, so a rescan does not repeat them. */
  readonly #reported = new Set<string>();
  readonly #observer = new MutationObserver(() => this.#read());

  /** The slots this element names, slot → bone (a new object each read). */
  get map(): HandMap {
    return { ...this.#map };
  }
  set map(value: HandMap | null | undefined) {
    for (const attribute of SLOT_BY_ATTRIBUTE.keys()) this.removeAttribute(attribute);
    for (const [slot, bone] of Object.entries(value ?? {})) {
      const known = SLOT_BY_ATTRIBUTE.get(slotAttribute(slot as HumanoidSlot));
      if (known === slot) this.setAttribute(slotAttribute(known), String(bone));
      else
        reportError(
          this,
          'bad-attribute',
          `map: "${slot}" is not a humanoid slot (slots: ${HUMANOID_SLOTS.join(', ')})`,
        );
    }
    this.#read();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const parent = this.parentElement;
    this.#character = parent?.localName === 'anim-character' ? (parent as AnimCharacter) : null;
    if (!this.#character) {
      reportError(this, 'bad-attribute', '<anim-rig> must be a child of the <anim-character> whose bones it maps');
    }
    this.#observer.observe(this, { attributes: true });
    this.#read();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#observer.disconnect();
    const character = this.#character;
    this.#character = null;
    // once this element is gone the character maps its rig without it
    notify(character);
  }

  /** Reads the slot attributes into the map, reports the bad ones, and tells the character if the map changed. */
  #read(): void {
    const map: HandMap = {};
    for (const { name, value } of this.attributes) {
      const slot = SLOT_BY_ATTRIBUTE.get(name);
      if (slot && value.trim() !== '') {
        map[slot] = value.trim();
        continue;
      }
      if (!slot && GLOBAL_ATTRIBUTE.test(name)) continue;
      const key = `${name}=${value}`;
      if (this.#reported.has(key)) continue;
      this.#reported.add(key);
      reportError(
        this,
        'bad-attribute',
        slot
          ? `${name}="${value}": the bone name is empty`
          : `${name}="${value}": "${name}" is not a humanoid slot (slots: ${[...SLOT_BY_ATTRIBUTE.keys()].join(', ')})`,
      );
    }
    if (JSON.stringify(map) === JSON.stringify(this.#map)) return;
    this.#map = map;
    notify(this.#character);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-rig': AnimRig;
  }
}
