import { css, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { RAGDOLL_LIMITS, type RagdollLimits } from '../runtime/ragdoll/limits.js';
import { acceptValue, listText } from './accept-value.js';
import type { AnimCharacter } from './anim-character.js';
import type { AnimRagdollDetail } from './character-events.js';
import { parseEnum, parseVector3, type Vector3Tuple } from './units.js';

const parseLimits = (text: string) => parseEnum(text, RAGDOLL_LIMITS);
const STILL: Vector3Tuple = [0, 0, 0];

/**
 * The ragdoll of its character: how it falls (`limits`, the launch `velocity`) and whether it is down
 * (`active`). Setting `active` knocks the character down (as `character.ragdoll()`), removing it stands
 * it up (as `character.getUp()`); either way round, the attribute follows the character, so a downed
 * character's markup says `active` and, saved and reloaded, the character comes back down.
 *
 * The character's `ragdoll()` takes its `velocity` and `limits` from here unless told otherwise. The
 * ragdoll is a capsule per major humanoid bone (the bones of the character's humanoid map, so its `rig`
 * names them too) with anatomical joint limits; it collides with the ground and the scene's colliders,
 * settles when still (then costs nothing), and at most 12 simulate at once per scene, the nearest the
 * camera first; one out of view pauses.
 *
 * @summary A character's ragdoll: knock it down, let it settle, get it up.
 *
 * @attr {boolean} active - The character is a ragdoll (down). Follows the character: set on `start`, cleared on `recovered`.
 * @attr velocity - Launch velocity every body inherits, `"x y z"` in m/s (world). Default `"0 0 0"`.
 * @attr limits - `natural` (anatomical joint limits: elbows and knees bend one way, a tight neck) or `loose` (generous). Default `natural`.
 *
 * @prop {boolean} active - See the `active` attribute.
 * @prop {[number, number, number]} velocity - See the `velocity` attribute; accepts the text too.
 * @prop {'natural' | 'loose'} limits - See the `limits` attribute.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `velocity` or `limits` (`bad-attribute`; the previous value stays). The character reports `no-humanoid`.
 */
@customElement('anim-ragdoll')
export class AnimRagdoll extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  @property({ type: Boolean, reflect: true }) active = false;
  #velocity: Vector3Tuple = STILL;
  #limits: RagdollLimits = 'natural';
  #character: AnimCharacter | null = null;
  /** True while `active` is being set to follow the character, not to command it. */
  #following = false;

  @property()
  get velocity(): Vector3Tuple {
    return this.#velocity;
  }
  set velocity(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#velocity = acceptValue(this, 'velocity', text, parseVector3, this.#velocity, STILL);
  }

  @property()
  get limits(): RagdollLimits {
    return this.#limits;
  }
  set limits(value: string | null | undefined) {
    this.#limits = acceptValue(this, 'limits', value, parseLimits, this.#limits, 'natural');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#character = this.parentElement?.closest('anim-character') ?? null;
    this.#character?.addEventListener('anim-ragdoll', this.#onPhase);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#character?.removeEventListener('anim-ragdoll', this.#onPhase);
    this.#character = null;
  }

  readonly #onPhase = (event: CustomEvent<AnimRagdollDetail>): void => {
    if (event.target !== this.#character) return;
    const down = event.detail.phase !== 'recovered';
    if (down === this.active) return;
    this.#following = true;
    this.active = down;
  };

  protected override updated(changed: PropertyValues<this>): void {
    if (!changed.has('active')) return;
    if (this.#following) {
      this.#following = false;
      return;
    }
    const character = this.#character;
    if (!character || typeof character.ragdoll !== 'function') return;
    // the first render of a saved `active` and every later change command the character
    if (this.active) void character.ragdoll({ velocity: this.#velocity, limits: this.#limits });
    else if (changed.get('active') === true) character.getUp();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-ragdoll': AnimRagdoll;
  }
}
