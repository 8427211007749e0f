import { css, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Object3D } from 'three';
import {
  type Easing,
  linear,
  parseEasing,
  TWEEN_DIRECTIONS,
  TWEEN_END,
  TWEEN_FILLS,
  TWEEN_LOOP,
  TWEEN_START,
  type TweenDirection,
  type TweenFill,
} from '../runtime/core.js';
import type { ErrorCode } from '../scene/coded-error.js';
import type { Actor, Stage } from '../scene/stage.js';
import { TWEEN_COMPOSITES, type TweenChannel, type TweenComposite } from '../scene/tween/channel.js';
import { cssVariableChannel, elementChannel } from '../scene/tween/dom-channels.js';
import { objectChannel } from '../scene/tween/object-channels.js';
import { pageTicker } from '../scene/tween/page-ticker.js';
import { TweenPlayer } from '../scene/tween/tween-player.js';
import { acceptFinite, acceptValue } from './accept-value.js';
import { reportCaught, reportError } from './errors.js';
import { type AnimTweenEventDetail, queueEvent } from './events.js';
import { characterInternals } from './internals.js';
import { findSceneStage } from './stage-context.js';
import { cssValueShape, parseTweenValue } from './tween-values.js';
import { type Parsed, parseEnum, parseNumber, parseTime } from './units.js';

export type { AnimTweenEventDetail };

/** Path heads that name a three.js object's properties. */
const OBJECT_HEADS = ['position', 'rotation', 'scale', 'quaternion', 'material', 'light'];

const parseDuration = (text: string) => parseTime(text, { min: 0 });
const parseDirection = (text: string) => parseEnum(text, TWEEN_DIRECTIONS);
const parseComposite = (text: string) => parseEnum(text, TWEEN_COMPOSITES);
const parseFill = (text: string) => parseEnum(text, TWEEN_FILLS);

/** Web Animations' iteration count: a number, 0 or more (fractions end part-way), or `infinite`. */
function parseIterations(text: string): Parsed<number> {
  if (/^\s*(infinite|infinity)\s*$/i.test(text)) return { ok: true, value: Number.POSITIVE_INFINITY };
  const n = parseNumber(text, { min: 0 });
  return n.ok ? n : { ok: false, message: `"${text}" is not a number of iterations (0 or more) or "infinite"` };
}

/**
 * The three.js object a 3D element shows: a model's or sprite's `object3D`, a character's rig root, a
 * scene's whole scene (its lights). Undefined while it is still loading; null for an element that is not 3D.
 */
function objectOf(el: Element): Object3D | undefined | null {
  const host = el as Element & { object3D?: Object3D; rig?: { root: Object3D }; stage?: Stage };
  if ('object3D' in host) return host.object3D;
  if ('rig' in host) return host.rig?.root;
  if (el.localName === 'anim-scene') return host.stage?.scene;
  return null;
}

type Resolved = { channel: TweenChannel } | { wait: true } | { code: ErrorCode; message: string };

/**
 * Tweens one property of one element from a value to another: a 3D object's `position.y`, a material's
 * colour, a light's intensity, a CSS custom property, a numeric attribute or property of any element.
 *
 * The target is the parent element unless `target` names another by CSS selector. Its property is chosen by
 * `property`:
 * - on `<anim-model>`, `<anim-sprite>` (anything with an `object3D`), `<anim-character>` (its placement, on
 *   top of its `position`) and `<anim-scene>`:
 *   `position`, `rotation` (degrees), `scale`, each also by axis (`position.y`, `rotation.y`, `scale.x`);
 *   `quaternion` (`"x y z w"`, slerped); `material.color`, `material.emissive`, `material.opacity` and any
 *   other numeric material property, for every material of the model (a character that shares its file with
 *   others takes materials of its own for it, and is drawn alone rather than instanced); `light.intensity`, `light.color`
 *   for every light under it (on a scene: its key and fill lights);
 * - on any element: a CSS custom property (`--glow`, numbers with a unit such as `"0px"` → `"12px"`, or
 *   colours, mixed in linear light), a numeric JavaScript property (`exposure` of a scene, `value` of a
 *   `<progress>`), or else a numeric attribute (`r` of an SVG circle).
 *
 * Timing is Web Animations' (what `Element.animate()` does with the same options): `delay`, then `iterations`
 * iterations of `duration`, each run in the `direction`, eased by `easing`; `fill` says whether the tween
 * holds its first value during the delay (`backwards`) and its last after the end (`forwards`). Unlike
 * `Element.animate()`, whose fill defaults to `none`, a tween fills `both` unless told otherwise; with `none`
 * or `forwards` the property shows its own value (or the tweens under it) during the delay, and with `none`
 * or `backwards` it gets it back after the end. Several tweens on one property compose in document order:
 * each `replace`s what lies under it, or with `composite="add"` adds to it (a bob on top of a slide).
 *
 * Inside an `<anim-scene>` a tween ticks with the scene's frame loop (so `scene.step(dt)` advances it);
 * elsewhere with one shared page loop, and `step(dt)` advances it by hand.
 *
 * @summary Tweens a property of a 3D object or of any element, with Web Animations timing: easing, delay, iterations, direction, fill.
 *
 * @attr target - CSS selector of the element to animate (searched in this element's document or shadow root). Default: the parent element.
 * @attr property - What to animate; see above. Required.
 * @attr from - The start value; left out, the property's value before any tween.
 * @attr to - The end value. Required.
 * @attr duration - Seconds per iteration (`ms`/`s` accepted), 0 or more. Default 1.
 * @attr delay - Seconds before the first iteration, 0 or more. Default 0.
 * @attr easing - `linear`; `in-`, `out-` or `in-out-` followed by `quad`, `cubic`, `quart`, `quint`, `sine`, `expo`, `circ`, `elastic`, `back` or `bounce`; the CSS keywords `ease`, `ease-in`, `ease-out`, `ease-in-out`; `cubic-bezier(x1, y1, x2, y2)`; `steps(n, jump-start | jump-end | jump-none | jump-both)`. Default `linear`.
 * @attr iterations - How many times it runs: a number, 0 or more (`2.5` ends half-way through the third), or `infinite`. Default 1.
 * @attr direction - `normal`, `reverse`, `alternate` (back and forth, starting forwards) or `alternate-reverse` (back and forth, starting reversed). Default `normal`.
 * @attr fill - `none`, `forwards` (holds the last value after the end), `backwards` (holds the first value during the delay) or `both`. Default `both`.
 * @attr {boolean} autoplay - Plays as soon as the tween is connected.
 * @attr composite - `replace` (default) or `add`: how the value meets the tweens before it in the document (or the property's own value).
 *
 * @prop {string | null} target - See the `target` attribute.
 * @prop {string} property - See the `property` attribute.
 * @prop {string | null} from - See the `from` attribute.
 * @prop {string} to - See the `to` attribute.
 * @prop {number} duration - Seconds; accepts the attribute's text too.
 * @prop {number} delay - Seconds; accepts the attribute's text too.
 * @prop {string} easing - See the `easing` attribute.
 * @prop {number} iterations - See the `iterations` attribute (`Infinity` for ever); accepts the attribute's text too.
 * @prop {TweenDirection} direction - See the `direction` attribute.
 * @prop {TweenFill} fill - See the `fill` attribute.
 * @prop {boolean} autoplay - See the `autoplay` attribute.
 * @prop {TweenComposite} composite - See the `composite` attribute.
 * @prop {boolean} playing - Whether the tween is running now (read only).
 * @prop {number} time - Seconds since it began, the delay included (read only).
 * @prop {number | null} progress - The eased progress from `from` (0) to `to` (1), null while the tween does not apply (before its delay ends without a backwards fill, after its end without a forwards one): `getComputedTiming().progress` of Web Animations (read only).
 *
 * @fires {CustomEvent<AnimTweenEventDetail>} anim-tween-start - The delay is over and the first iteration begins.
 * @fires {CustomEvent<AnimTweenEventDetail>} anim-tween-loop - An iteration ended and the next began: one event per frame that crossed a seam (however many), `iteration` the one running now.
 * @fires {CustomEvent<AnimTweenEventDetail>} anim-tween-end - The last iteration ended.
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `missing-target` (the selector matches nothing), `unknown-property` (the target has no such property), `unknown-easing`, or `bad-attribute` (`from`/`to` that do not fit the property, a bad duration, delay, iterations, direction, fill or composite).
 */
@customElement('anim-tween')
export class AnimTween extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  @property() target: string | null = null;
  @property() property = '';
  @property() from: string | null = null;
  @property() to = '';
  @property({ type: Boolean }) autoplay = false;

  readonly #player = new TweenPlayer(this);
  #duration = 1;
  #delay = 0;
  #easingText = 'linear';
  #easing: Easing = linear;
  #iterations = 1;
  #direction: TweenDirection = 'normal';
  #fill: TweenFill = 'both';
  #composite: TweenComposite = 'replace';
  #stage: Stage | undefined;
  #needsBind = true;
  #failure = '';
  #watched: Element | undefined;

  @property()
  get duration(): number {
    return this.#duration;
  }
  set duration(value: number | string | null | undefined) {
    this.#duration = acceptValue(this, 'duration', value, parseDuration, this.#duration, 1);
  }

  @property()
  get delay(): number {
    return this.#delay;
  }
  set delay(value: number | string | null | undefined) {
    this.#delay = acceptValue(this, 'delay', value, parseDuration, this.#delay, 0);
  }

  @property()
  get easing(): string {
    return this.#easingText;
  }
  set easing(value: string | null | undefined) {
    if (value === null || value === undefined) {
      [this.#easingText, this.#easing] = ['linear', linear];
      return;
    }
    const parsed = parseEasing(String(value));
    if (!parsed.ok) {
      reportError(this, parsed.code, `easing: ${parsed.message}`);
      return;
    }
    [this.#easingText, this.#easing] = [String(value), parsed.easing];
  }

  @property()
  get iterations(): number {
    return this.#iterations;
  }
  set iterations(value: number | string | null | undefined) {
    this.#iterations = acceptValue(this, 'iterations', value, parseIterations, this.#iterations, 1);
  }

  @property()
  get direction(): TweenDirection {
    return this.#direction;
  }
  set direction(value: TweenDirection | string | null | undefined) {
    this.#direction = acceptValue(this, 'direction', value, parseDirection, this.#direction, 'normal');
  }

  @property()
  get fill(): TweenFill {
    return this.#fill;
  }
  set fill(value: TweenFill | string | null | undefined) {
    this.#fill = acceptValue(this, 'fill', value, parseFill, this.#fill, 'both');
  }

  @property()
  get composite(): TweenComposite {
    return this.#composite;
  }
  set composite(value: TweenComposite | string | null | undefined) {
    this.#composite = acceptValue(this, 'composite', value, parseComposite, this.#composite, 'replace');
  }

  get playing(): boolean {
    return this.#player.state.playing;
  }

  get time(): number {
    return this.#player.state.time;
  }

  get progress(): number | null {
    const { state } = this.#player;
    return state.inEffect ? state.progress : null;
  }

  /** Plays from the start (or on from where `pause()` left it). */
  play(): void {
    this.#applyPending();
    this.#player.play();
    this.#requestFrame();
  }

  pause(): void {
    this.#player.pause();
  }

  /** Jumps to `time` seconds after the delay (clamped to the tween's length), without events. */
  seek(time: number): void {
    this.#applyPending();
    if (!acceptFinite(this, 'seek', time, 'the time must be a finite number of seconds')) return;
    this.#player.seek(time);
    this.#requestFrame();
  }

  /**
   * Advances this tween alone by exactly `dt` seconds, dispatching its events before returning: for tests
   * and scrubbing. (Inside a scene, `scene.step(dt)` advances every tween in it.)
   */
  step(dt: number): void {
    if (!acceptFinite(this, 'step', dt, 'dt must be a finite number of seconds')) return;
    this.#applyPending();
    pageTicker.step(this.#actor, dt);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#stage = findSceneStage(this);
    if (this.#stage) this.#stage.addActor(this.#actor);
    else pageTicker.add(this.#actor);
    this.#needsBind = true;
    this.#applyTiming();
    if (this.autoplay) this.#player.play();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stage?.removeActor(this.#actor);
    pageTicker.remove(this.#actor);
    this.#stage = undefined;
    this.#player.unbind();
    this.#watched?.removeEventListener('anim-load', this.#onTargetLoad);
    this.#watched = undefined;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const keys = ['target', 'property', 'from', 'to', 'composite'] as const;
    if (keys.some((key) => changed.has(key))) {
      // a failure already reported stays reported: its message names the configuration that failed
      this.#needsBind = true;
      this.#bind();
    }
    this.#applyTiming();
    if (changed.has('autoplay') && this.autoplay && changed.get('autoplay') === false) this.#player.play();
    this.#requestFrame();
  }

  readonly #actor: Actor = {
    failed: (error) => reportCaught(this, error, 'during a frame'),
    update: (dt) => {
      if (this.#needsBind) this.#bind();
      if (!this.#player.bound) return;
      this.#player.update(dt);
      const { events, iteration } = this.#player.state;
      if (events & TWEEN_START) this.#emit('anim-tween-start', 0);
      if (events & TWEEN_LOOP) this.#emit('anim-tween-loop', iteration);
      if (events & TWEEN_END) this.#emit('anim-tween-end', iteration);
    },
  };

  #emit(type: 'anim-tween-start' | 'anim-tween-loop' | 'anim-tween-end', iteration: number): void {
    queueEvent(this, type, { iteration });
  }

  #applyPending(): void {
    if (this.isUpdatePending) this.performUpdate();
  }

  #requestFrame(): void {
    this.#stage?.loop.requestRedraw();
  }

  #applyTiming(): void {
    const { timing } = this.#player;
    timing.duration = this.#duration;
    timing.delay = this.#delay;
    timing.iterations = this.#iterations;
    timing.direction = this.#direction;
    timing.fill = this.#fill;
    timing.easing = this.#easing;
    this.#player.composite = this.#composite;
    this.#player.refresh();
  }

  /** Resolves target and property and parses the values; reports each distinct failure once and retries later. */
  #bind(): void {
    if (!this.isConnected) return;
    const resolved = this.#resolve();
    if ('wait' in resolved) return;
    if ('code' in resolved) {
      this.#player.unbind();
      const failure = `${resolved.code}:${resolved.message}`;
      if (failure !== this.#failure) reportError(this, resolved.code, resolved.message);
      this.#failure = failure;
      return;
    }
    this.#needsBind = false;
    this.#failure = '';
    const { channel } = resolved;
    const unit = channel.valueType === 'css-number' ? this.#cssUnit() : '';
    const to = parseTweenValue(this.to, channel.valueType, unit);
    const from = this.from === null ? undefined : parseTweenValue(this.from, channel.valueType, unit);
    const bad = !to.ok ? ['to', to.message] : from && !from.ok ? ['from', from.message] : undefined;
    if (bad || !to.ok || (from && !from.ok)) {
      this.#player.unbind();
      reportError(this, 'bad-attribute', `${bad?.[0]}: ${bad?.[1]} (for ${this.property})`);
      return;
    }
    this.#player.bind({ channel, from: from?.value, to: to.value }, this.#composite);
  }

  /** A target that loads a new model (anim-load) has new materials and lights: bind again on the next frame. */
  #watch(el: Element): void {
    if (el === this.#watched) return;
    this.#watched?.removeEventListener('anim-load', this.#onTargetLoad);
    this.#watched = el;
    el.addEventListener('anim-load', this.#onTargetLoad);
  }

  readonly #onTargetLoad = (event: Event): void => {
    if (event.target !== this.#watched) return;
    this.#needsBind = true;
    this.#requestFrame();
  };

  #cssUnit(): string {
    const shape = cssValueShape(this.to);
    return shape === undefined || shape === 'color' ? '' : shape;
  }

  #resolve(): Resolved {
    let el: Element | null;
    try {
      const root = this.getRootNode() as Document | ShadowRoot;
      el = this.target === null ? this.parentElement : root.querySelector(this.target);
    } catch {
      return { code: 'missing-target', message: `target "${this.target}" is not a valid CSS selector` };
    }
    if (!el) {
      const what =
        this.target === null ? 'the tween has no parent element' : `target "${this.target}" matches no element`;
      return { code: 'missing-target', message: what };
    }
    this.#watch(el);
    const path = this.property.trim();
    const unknown = (why: string): Resolved => ({
      code: 'unknown-property',
      message: `property "${path}" ${why} on <${el.localName}>`,
    });
    if (path === '') return unknown('is empty: name what to animate');
    if (path.startsWith('--')) {
      if (!(el instanceof HTMLElement || el instanceof SVGElement)) return unknown('cannot be styled');
      const shape = cssValueShape(this.to);
      return { channel: cssVariableChannel(el, path, shape === 'color' ? 'color' : (shape ?? '')) };
    }
    const head = path.split('.')[0];
    if (OBJECT_HEADS.includes(head)) {
      // a character's materials may be shared with others showing its file: it takes its own to change
      if (head === 'material') characterInternals(el)?.ownMaterials();
      const three = objectOf(el);
      if (three === null) return unknown('needs a 3D element');
      if (three === undefined) return { wait: true };
      const channel = objectChannel(three, path);
      if (channel) return { channel };
      // materials and lights arrive with the model
      return (el as { loaded?: boolean }).loaded === false ? { wait: true } : unknown('does not exist');
    }
    const channel = elementChannel(el, path);
    return channel ? { channel } : unknown('is neither a numeric property nor an attribute');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-tween': AnimTween;
  }
}
