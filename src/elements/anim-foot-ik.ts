import { css, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { acceptValue } from './accept-value.js';
import type { AnimCharacter } from './anim-character.js';
import { FOOT_IK_DEFAULTS, type FootIkKnobs, syncFootIk } from './character-foot-ik.js';
import { reportError } from './errors.js';
import { type Parsed, parseEnum, parseLength, parseNumber } from './units.js';

const parseHeight = (text: string) => parseLength(text, { min: 0, max: 1 });
const parseSpeed = (text: string) => parseNumber(text, { min: 0 });
const parseWeight = (text: string) => parseNumber(text, { min: 0, max: 1 });
/** `on` / `off`; the bare attribute (`flatten`) means on. */
function parseSwitch(text: string): Parsed<'on' | 'off'> {
  return text.trim() === '' ? { ok: true, value: 'on' } : parseEnum(text, ['on', 'off'] as const);
}

/**
 * Foot IK's knobs, as a child of an `<anim-character>`; its presence turns foot IK on (as the character's
 * `foot-ik` attribute does, with the defaults).
 *
 * While the character stands on the ground, each foot is re-planted on what is under it: the heel and the
 * ball are probed straight down against every mesh marked as ground (the scene's `ground`, an
 * `<anim-model ground>`, or any three.js object with `userData.ground = true`), the leg is bent by
 * two-bone IK so the sole meets it, the pelvis drops (at most `pelvis-limit`) when a foot must reach lower
 * than the leg allows, and planted soles turn to the ground's slope (`flatten`). A foot is planted while it is
 * low and slow in the animation (within `plant-threshold` of the character's ground, rising or falling
 * slower than `plant-speed`); the correction blends in by that plant weight, so swinging feet keep their arc.
 *
 * It stands aside while the character is airborne (`airborne`, or a controller's flag on the rig) and while
 * something else owns the vertical (the rig's vertical hand-off), so a jump is never dragged to the ground.
 *
 * @summary Foot IK's knobs: plant threshold and speed, pelvis drop limit, sole flattening, airborne.
 *
 * @attr plant-threshold - A sole this close to the character's ground in the animation (or closer) counts as planted, metres (or `cm` / `mm`), 0–1. Default `5cm`.
 * @attr plant-speed - A sole rising or falling this fast (m/s) or faster counts as swinging, not planted. Default 0.5.
 * @attr pelvis-limit - The pelvis drops at most this far so the lower foot can reach, metres, 0–1. Default `0.35m`.
 * @attr flatten - `on` (the default; the bare attribute too): planted soles turn to the ground's slope; `off`: they keep the animated angle.
 * @attr weight - How much of the correction shows, 0 (the animation alone) to 1. Default 1.
 * @attr {boolean} airborne - The character is in the air (a scripted jump): foot IK leaves the pose alone. A controller sets the rig's own flag instead.
 *
 * @prop {number} plantThreshold - See the `plant-threshold` attribute; metres.
 * @prop {number} plantSpeed - See the `plant-speed` attribute; m/s.
 * @prop {number} pelvisLimit - See the `pelvis-limit` attribute; metres.
 * @prop {'on' | 'off'} flatten - See the `flatten` attribute.
 * @prop {number} weight - See the `weight` attribute.
 * @prop {boolean} airborne - See the `airborne` attribute.
 * @prop {FootIkKnobs} knobs - Read-only: the values foot IK uses.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `bad-attribute` (a value that does not parse; the previous one stays), `unknown-bone` (a model whose legs are neither in its humanoid map nor found by their names: it animates on without foot IK).
 */
@customElement('anim-foot-ik')
export class AnimFootIk extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  #knobs: FootIkKnobs = { ...FOOT_IK_DEFAULTS };
  #character: AnimCharacter | null = null;

  @property({ attribute: 'plant-threshold' })
  get plantThreshold(): number {
    return this.#knobs.plantThreshold;
  }
  set plantThreshold(value: number | string | null | undefined) {
    const k = this.#knobs;
    k.plantThreshold = acceptValue(
      this,
      'plant-threshold',
      value,
      parseHeight,
      k.plantThreshold,
      FOOT_IK_DEFAULTS.plantThreshold,
    );
    this.#sync();
  }

  @property({ attribute: 'plant-speed' })
  get plantSpeed(): number {
    return this.#knobs.plantSpeed;
  }
  set plantSpeed(value: number | string | null | undefined) {
    const k = this.#knobs;
    k.plantSpeed = acceptValue(this, 'plant-speed', value, parseSpeed, k.plantSpeed, FOOT_IK_DEFAULTS.plantSpeed);
    this.#sync();
  }

  @property({ attribute: 'pelvis-limit' })
  get pelvisLimit(): number {
    return this.#knobs.pelvisLimit;
  }
  set pelvisLimit(value: number | string | null | undefined) {
    const k = this.#knobs;
    k.pelvisLimit = acceptValue(this, 'pelvis-limit', value, parseHeight, k.pelvisLimit, FOOT_IK_DEFAULTS.pelvisLimit);
    this.#sync();
  }

  @property()
  get flatten(): 'on' | 'off' {
    return this.#knobs.flatten ? 'on' : 'off';
  }
  set flatten(value: boolean | string | null | undefined) {
    const text = typeof value === 'boolean' ? (value ? 'on' : 'off') : value;
    const k = this.#knobs;
    k.flatten = acceptValue(this, 'flatten', text, parseSwitch, this.flatten, 'on') === 'on';
    this.#sync();
  }

  @property()
  get weight(): number {
    return this.#knobs.weight;
  }
  set weight(value: number | string | null | undefined) {
    const k = this.#knobs;
    k.weight = acceptValue(this, 'weight', value, parseWeight, k.weight, FOOT_IK_DEFAULTS.weight);
    this.#sync();
  }

  @property({ type: Boolean })
  get airborne(): boolean {
    return this.#knobs.airborne;
  }
  set airborne(value: boolean) {
    this.#knobs.airborne = Boolean(value);
    this.#sync();
  }

  /** The values foot IK uses now. */
  get knobs(): FootIkKnobs {
    return this.#knobs;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const parent = this.parentElement;
    this.#character = parent?.localName === 'anim-character' ? (parent as AnimCharacter) : null;
    if (!this.#character) {
      reportError(this, 'bad-attribute', '<anim-foot-ik> must be a child of the <anim-character> it plants');
      return;
    }
    this.#sync();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    const character = this.#character;
    this.#character = null;
    // once this element is gone the character falls back to its own foot-ik attribute
    if (character) queueMicrotask(() => syncFootIk(character));
  }

  #sync(): void {
    if (this.#character) syncFootIk(this.#character);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-foot-ik': AnimFootIk;
  }
}
