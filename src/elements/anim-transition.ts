import { customElement, property } from 'lit/decorators.js';
import {
  EASES,
  type Ease,
  INTERRUPTION_SOURCES,
  type InterruptionSource,
  type TransitionDefinition,
} from '../graph/index.js';
import { TRANSITION_BLENDS, type TransitionBlend } from '../runtime/transition-blends.js';
import { acceptValue } from './accept-value.js';
import { GraphPart } from './graph-part.js';
import { parseEnum, parseNumber, parseTime } from './units.js';

const parseFade = (text: string) => parseTime(text, { min: 0 });
const parseExitTime = (text: string) => parseNumber(text, { min: 0 });
const parseEase = (text: string) => parseEnum(text, EASES);
const parseInterrupt = (text: string) => parseEnum(text, INTERRUPTION_SOURCES);
const parseBlend = (text: string) => parseEnum(text, TRANSITION_BLENDS);

/**
 * An edge of its character's state graph: from a state (or `*`, any state of the destination's layer) to
 * another, taken when its condition holds, crossfading over `fade`. Each frame, per layer, the first
 * transition that fires wins: higher `priority` first, then document order. A trigger param the condition
 * reads is reset when the transition fires.
 *
 * `when` is parsed, never run as script: numbers, param names, `==` `!=` `<` `>` `<=` `>=`, `&&`, `||`,
 * `!` and parentheses (`speed > 0.1 && grounded || !alive`), at most 512 tokens long and nested at most 32
 * deep. A condition that does not parse (or is longer or deeper) reports `bad-condition` with the position
 * and what was expected there; one that names a param the graph does not declare reports `unknown-param`;
 * either way that transition is left out and the rest of the graph runs on. Editing a transition takes effect on the character's next frame.
 *
 * @summary A transition between states: condition, crossfade, exit time, easing, interruption, priority.
 *
 * @attr from - The source state's name, or `*` for any state of the destination's layer (never re-entering the state it is in). An unknown name reports `unknown-state`.
 * @attr to - The destination state's name. An unknown name reports `unknown-state`.
 * @attr when - The condition over params; omitted, the transition fires as soon as its exit time allows (or at once). Syntax errors (and conditions over 512 tokens or nested over 32 deep) report `bad-condition`, unknown params `unknown-param`, a comparison of a bool with a number `type-mismatch`.
 * @attr fade - Crossfade time, seconds (or with `s` / `ms`), 0 or more. Default `0.25s`.
 * @attr exit-time - The source state's normalized time the transition waits for: below 1 it is checked on every loop (0.75 each time a loop passes 75%); at 1 or more once, after that many loops. Default none.
 * @attr ease - The crossfade's curve: `linear` (the default), `ease-in`, `ease-out` or `ease-in-out`.
 * @attr blend - `crossfade` (the default: both states are sampled and mixed over `fade`) or `inertial`: the destination shows at once and the difference from the pose shown before, with its velocity, decays to nothing over `fade` on a quintic (x0·(1 − 10s³ + 15s⁴ − 6s⁵) + v0·fade·(s − 6s³ + 8s⁴ − 3s⁵), s = t / fade). Only the destination is sampled, and feet planted in it stay planted; `ease` does not apply.
 * @attr interrupt - Which transitions may cut in while this one fades: `none` (the default), `source` (the source state's, ranked before this one), `destination`, `source-then-destination` or `destination-then-source`.
 * @attr priority - Higher is tried first; ties keep document order. Default 0.
 *
 * @prop {string} from - See the `from` attribute.
 * @prop {string} to - See the `to` attribute.
 * @prop {string | null} when - See the `when` attribute; null when unset.
 * @prop {number | null} fade - See the `fade` attribute; seconds, null when unset (0.25).
 * @prop {number | null} exitTime - See the `exit-time` attribute; null when unset.
 * @prop {Ease | null} ease - See the `ease` attribute; null when unset (linear).
 * @prop {TransitionBlend | null} blend - See the `blend` attribute; null when unset (crossfade).
 * @prop {InterruptionSource | null} interrupt - See the `interrupt` attribute; null when unset (none).
 * @prop {number} priority - See the `priority` attribute.
 * @prop {TransitionDefinition} definition - The plain definition the graph is built from.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `fade`, `exit-time`, `ease`, `blend`, `interrupt` or `priority` (`bad-attribute`; the previous value stays).
 */
@customElement('anim-transition')
export class AnimTransition extends GraphPart {
  #fade: number | null = null;
  #exitTime: number | null = null;
  #ease: Ease | null = null;
  #interrupt: InterruptionSource | null = null;
  #blend: TransitionBlend | null = null;
  #priority: number | null = null;

  @property() from = '';
  @property() to = '';
  @property() when: string | null = null;

  @property()
  get fade(): number | null {
    return this.#fade;
  }
  set fade(value: number | string | null | undefined) {
    this.#fade = acceptValue<number | null>(this, 'fade', value, parseFade, this.#fade, null);
  }

  @property({ attribute: 'exit-time' })
  get exitTime(): number | null {
    return this.#exitTime;
  }
  set exitTime(value: number | string | null | undefined) {
    this.#exitTime = acceptValue<number | null>(this, 'exit-time', value, parseExitTime, this.#exitTime, null);
  }

  @property()
  get ease(): Ease | null {
    return this.#ease;
  }
  set ease(value: string | null | undefined) {
    this.#ease = acceptValue<Ease | null>(this, 'ease', value, parseEase, this.#ease, null);
  }

  @property()
  get blend(): TransitionBlend | null {
    return this.#blend;
  }
  set blend(value: string | null | undefined) {
    this.#blend = acceptValue<TransitionBlend | null>(this, 'blend', value, parseBlend, this.#blend, null);
  }

  @property()
  get interrupt(): InterruptionSource | null {
    return this.#interrupt;
  }
  set interrupt(value: string | null | undefined) {
    this.#interrupt = acceptValue<InterruptionSource | null>(
      this,
      'interrupt',
      value,
      parseInterrupt,
      this.#interrupt,
      null,
    );
  }

  @property()
  get priority(): number {
    return this.#priority ?? 0;
  }
  set priority(value: number | string | null | undefined) {
    this.#priority = acceptValue<number | null>(this, 'priority', value, parseNumber, this.#priority, null);
  }

  get definition(): TransitionDefinition {
    const transition: TransitionDefinition = { from: this.from, to: this.to };
    if (this.when !== null) transition.when = this.when;
    if (this.#fade !== null) transition.fade = this.#fade;
    if (this.#exitTime !== null) transition.exitTime = this.#exitTime;
    if (this.#ease !== null) transition.ease = this.#ease;
    if (this.#blend !== null) transition.blend = this.#blend;
    if (this.#interrupt !== null) transition.interrupt = this.#interrupt;
    if (this.#priority !== null) transition.priority = this.#priority;
    return transition;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-transition': AnimTransition;
  }
}
