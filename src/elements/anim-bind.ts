import { css, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { Actor } from '../scene/actor.js';
import type { Stage } from '../scene/stage.js';
import { acceptValue } from './accept-value.js';
import {
  type BindSource,
  type BindValue,
  formatBindValue,
  mapped,
  numberAt,
  type PointerSource,
  parseBindSource,
  parseBindValue,
  parsePointer,
  parseStill,
} from './bind-values.js';
import { reportError } from './errors.js';
import { characterInternals } from './internals.js';
import { PageTimeline } from './page-timeline.js';
import { layoutEpoch, pointer, pointerProgress, prefersReducedMotion, unwatchPage, watchPage } from './page-watch.js';
import { parseRange, parseTimeline, type TimelineRange, type TimelineSource, WHOLE_RANGE } from './timeline-range.js';
import type { Parsed } from './units.js';

/** What a binding uses of its `<anim-character>` (read without importing it). */
type BoundCharacter = HTMLElement & { readonly updateComplete: Promise<boolean>; readonly ready: Promise<void> };
type SourceAttribute = 'timeline' | 'range' | 'pointer' | 'bind';

/**
 * Binds a character to the page without script: a clip's time, or a graph param, follows a scroll timeline,
 * a view timeline, the pointer, a CSS custom property or an input element. A child of `<anim-character>`.
 *
 * What it drives: `clip="walk"` holds that clip at the bound time (the character plays it, moved there each
 * frame as playing would: scrolling back plays it backwards exactly, and its `<anim-event>`s fire once per
 * crossing either way; `to` past the clip's end, `400%` say, walks it through that many cycles), or
 * `param="speed"` sets that param of the state graph, or `for="#gaze" property="object3D.position.x"` sets a
 * number on another element (a dotted path: an IK chain's `weight`, a model's position). What drives it, one of:
 * - `timeline`: `scroll([nearest|root|self] [block|inline|x|y])` (the scroll position of the nearest scroller
 *   around the scene, the page's, or the `subject` itself) or `view([axis] [inset [inset]])` (the `subject`'s
 *   progress through its scroller's view), as in CSS, with `range` in CSS `animation-range` syntax
 *   (`entry 0% exit 100%`, `cover 20% cover 80%`, `200px 1200px`). The browser's own ScrollTimeline /
 *   ViewTimeline measure it where it has them; elsewhere the same progress is computed from scroll offsets
 *   and element boxes (a horizontal writing mode is assumed; `auto` insets count as 0).
 * - `pointer`: `x` or `y`, over the character's box (`scene`, the default: the scene's box for a character
 *   in one) or the viewport (`page`); 0 at the left / top edge, 1 at the right / bottom, clamped.
 * - `bind`: a CSS custom property (`--speed`, read on `subject` with inheritance: set it on any ancestor),
 *   re-read only when a style, class or the document's nodes changed, at most once a frame; or an input
 *   element (`#slider`: a range, number or text input, a select; a checkbox reads 1 or 0), read when it
 *   fires `input` or `change`.
 * Timelines and the pointer give a progress 0–1, `bind` its own number; the value written is
 * `from + (to − from) × progress` (`from` / `to` default 0 and 1 for a param, `0%` and `100%` of the clip
 * for a clip: a clip's are clip times, seconds or percentages).
 *
 * With `still`, a page that prefers reduced motion (`prefers-reduced-motion: reduce`) gets a still pose: the
 * binding holds that progress instead of following its source.
 *
 * @summary Drives a clip's time or a param from scroll, view, the pointer, a CSS custom property or an input.
 *
 * @attr clip - The clip whose time it drives (a model clip or an `<anim-clip>` name). Not with a state graph (`graph-active`); an unknown name reports `unknown-clip`.
 * @attr param - The graph param it sets. An unknown name reports `unknown-param`.
 * @attr for - Selector of an element one of whose numbers it sets (with `property`). A selector matching nothing reports `missing-target`. Give one of `clip`, `param` and `for` (`bad-attribute` otherwise).
 * @attr property - With `for`: the number it sets, a dotted path from that element (`weight`, `object3D.position.x`). A path that leads to no number reports `unknown-property`.
 * @attr timeline - `scroll(…)` or `view(…)` as in CSS. A bad value reports `bad-attribute` naming it.
 * @attr range - The part of the timeline mapped onto 0–1, CSS `animation-range` syntax. Default `normal` (the whole timeline). A bad value reports `bad-attribute` naming it.
 * @attr pointer - `x` or `y`, optionally with `scene` (the default) or `page`.
 * @attr bind - `--name` (a CSS custom property) or a selector of an input element. A selector matching nothing reports `missing-target`. Give one of `timeline`, `pointer` and `bind` (`bad-attribute` otherwise).
 * @attr subject - Selector of the element a view timeline follows, the nearest scroller is found from and a custom property is read on. Default the character. A selector matching nothing reports `missing-target`.
 * @attr from - The value at progress 0: a number (a param), or a clip time (seconds, `1.5s`, or `40%` of the clip). Default 0 (`0%` for a clip).
 * @attr to - The value at progress 1. Default 1 (`100%` for a clip).
 * @attr still - A progress 0–1 (or a percentage) held instead of the source when the page prefers reduced motion. Default none: the binding follows its source regardless.
 *
 * @prop {string} clip - See the `clip` attribute.
 * @prop {string} param - See the `param` attribute.
 * @prop {string} for - See the `for` attribute.
 * @prop {string} property - See the `property` attribute.
 * @prop {string | null} timeline - See the `timeline` attribute.
 * @prop {string | null} range - See the `range` attribute.
 * @prop {string | null} pointer - See the `pointer` attribute.
 * @prop {string | null} bind - See the `bind` attribute.
 * @prop {string} subject - See the `subject` attribute.
 * @prop {number | string | null} from - See the `from` attribute (a number, or the text of a percentage).
 * @prop {number | string | null} to - See the `to` attribute.
 * @prop {number | null} still - See the `still` attribute, as a progress 0–1.
 * @prop {number} progress - Read-only: the source's value as of the last frame (NaN before it was first read).
 * @prop {number} value - Read-only: the value written last (seconds of the clip, or the param's value).
 * @prop {boolean} nativeTimeline - Read-only: whether the browser's own ScrollTimeline / ViewTimeline measures the timeline.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `bad-attribute` (a value that does not parse, no or several sources, both or neither of clip and param), `missing-target`, `unknown-clip`, `unknown-param`, `unknown-property`, `graph-active`.
 */
@customElement('anim-bind')
export class AnimBind extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  /** Whether bindings use the browser's ScrollTimeline / ViewTimeline when it has them (false: the computed fallback). */
  static nativeTimelines = true;

  #timeline: TimelineSource | null = null;
  #range: TimelineRange | null = null;
  #pointer: PointerSource | null = null;
  #bind: BindSource | null = null;
  #from: BindValue | null = null;
  #to: BindValue | null = null;
  #still: number | null = null;
  #texts: Record<SourceAttribute, string | null> = { timeline: null, range: null, pointer: null, bind: null };

  @property() clip = '';
  @property() param = '';
  @property({ attribute: 'for' }) for = '';
  @property() property = '';
  @property() subject = '';

  @property()
  get timeline(): string | null {
    return this.#texts.timeline;
  }
  set timeline(value: string | null | undefined) {
    this.#timeline = this.#accept('timeline', value, parseTimeline, this.#timeline);
  }

  @property()
  get range(): string | null {
    return this.#texts.range;
  }
  set range(value: string | null | undefined) {
    this.#range = this.#accept('range', value, parseRange, this.#range);
  }

  @property()
  get pointer(): string | null {
    return this.#texts.pointer;
  }
  set pointer(value: string | null | undefined) {
    this.#pointer = this.#accept('pointer', value, parsePointer, this.#pointer);
  }

  @property()
  get bind(): string | null {
    return this.#texts.bind;
  }
  set bind(value: string | null | undefined) {
    this.#bind = this.#accept('bind', value, parseBindSource, this.#bind);
  }

  @property()
  get from(): number | string | null {
    return this.#from && formatBindValue(this.#from);
  }
  set from(value: number | string | null | undefined) {
    this.#from = acceptValue<BindValue | null>(this, 'from', value, parseBindValue, this.#from, null);
  }

  @property()
  get to(): number | string | null {
    return this.#to && formatBindValue(this.#to);
  }
  set to(value: number | string | null | undefined) {
    this.#to = acceptValue<BindValue | null>(this, 'to', value, parseBindValue, this.#to, null);
  }

  @property()
  get still(): number | null {
    return this.#still;
  }
  set still(value: number | string | null | undefined) {
    this.#still = acceptValue<number | null>(this, 'still', value, parseStill, this.#still, null);
  }

  /** A source attribute: its text kept as given when it parses (null when removed), the parsed value returned. */
  #accept<T>(name: SourceAttribute, value: unknown, parse: (t: string) => Parsed<T>, current: T | null): T | null {
    const next = acceptValue<T | null>(this, name, value, parse, current, null);
    if (value === null || value === undefined) this.#texts[name] = null;
    else if (next !== current) this.#texts[name] = String(value);
    return next;
  }

  progress = Number.NaN;
  value = Number.NaN;

  get nativeTimeline(): boolean {
    return this.#pageTimeline?.native ?? false;
  }

  #character: BoundCharacter | null = null;
  #stage: Stage | undefined;
  #connection = 0;
  #pageTimeline: PageTimeline | null = null;
  #input: Element | null = null;
  /** `for` / `property`: the object holding the number, and its key. */
  #holder: Record<string, unknown> | null = null;
  #key = '';
  #inputDirty = true;
  #style: CSSStyleDeclaration | null = null;
  #epoch = -1;
  #scrollY = Number.NaN;
  #moves = -1;
  #sourceValue = Number.NaN;
  #written = Number.NaN;
  /** Whether the attributes make a binding (checked after each change of what is bound). */
  #configured = false;
  /** Problems reported for the current configuration (each once). */
  readonly #reported = new Set<string>();

  readonly #actor: Actor = { update: () => this.#frame() };

  override connectedCallback(): void {
    super.connectedCallback();
    watchPage();
    const character =
      this.parentElement?.localName === 'anim-character' ? (this.parentElement as BoundCharacter) : null;
    if (!character) {
      reportError(this, 'missing-target', '<anim-bind> must be a child of an <anim-character>');
      return;
    }
    this.#character = character;
    this.requestUpdate();
    const connection = ++this.#connection;
    void this.#attach(character, connection);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    unwatchPage();
    this.#connection++;
    this.#stage?.removeActor(this.#actor);
    this.#stage = undefined;
    this.#release();
    this.#setInput(null);
    this.#pageTimeline?.dispose();
    this.#pageTimeline = null;
    this.#character = null;
    this.#configured = false;
  }

  async #attach(character: BoundCharacter, connection: number): Promise<void> {
    await character.updateComplete;
    let stage = characterInternals(character)?.stage;
    if (!stage) {
      await character.ready.catch(() => {});
      stage = characterInternals(character)?.stage;
    }
    if (!stage || connection !== this.#connection) return;
    this.#stage = stage;
    stage.addActor(this.#actor, 'control');
  }

  protected override updated(changed: PropertyValues): void {
    // only a change of what is bound rebuilds the source; the mapping values are read each frame
    const rebuild = ['timeline', 'range', 'pointer', 'bind', 'subject', 'clip', 'param', 'for', 'property'].some((k) =>
      changed.has(k),
    );
    if ((!rebuild && this.#configured) || !this.#character) return;
    if (changed.has('clip') || changed.has('param')) this.#release();
    this.#reported.clear();
    this.#configure();
  }

  /** Checks the combination of attributes and builds the source's reader. */
  #configure(): void {
    this.#pageTimeline?.dispose();
    this.#pageTimeline = null;
    this.#setInput(null);
    this.#style = null;
    this.#epoch = -1;
    this.#moves = -1;
    this.#sourceValue = Number.NaN;
    this.#written = Number.NaN;
    this.#configured = false;
    const sources = (['timeline', 'pointer', 'bind'] as const).filter((k) => this.#texts[k] !== null);
    if (sources.length !== 1) {
      const has = sources.length ? `has ${sources.join(' and ')}` : 'has none';
      this.#report('bad-attribute', `a binding takes one source, timeline, pointer or bind (it ${has})`);
      return;
    }
    if ([this.clip, this.param, this.for].filter((t) => t !== '').length !== 1) {
      this.#report('bad-attribute', 'a binding drives a clip, a param or a property: give one of clip, param and for');
      return;
    }
    if (this.for !== '' && !this.#findHolder()) return;
    const subject = this.#findSubject();
    if (!subject) return;
    if (this.#timeline) {
      const range = this.#range ?? WHOLE_RANGE;
      this.#pageTimeline = new PageTimeline(this.#timeline, range, subject, AnimBind.nativeTimelines);
    } else if (this.#bind?.kind === 'css') this.#style = getComputedStyle(subject);
    else if (this.#bind?.kind === 'input') {
      const input = this.#root().querySelector(this.#bind.selector);
      if (!input) this.#report('missing-target', `bind "${this.#bind.selector}" matches no element`);
      this.#setInput(input);
    }
    this.#configured = true;
  }

  #root(): ParentNode {
    return this.getRootNode() as ParentNode;
  }

  #findSubject(): Element | null {
    if (this.subject.trim() === '') return this.#character;
    let found: Element | null = null;
    try {
      found = this.#root().querySelector(this.subject);
    } catch {
      // reported below as matching nothing
    }
    if (!found) this.#report('missing-target', `subject "${this.subject}" matches no element`);
    return found;
  }

  /** The object the `property` path ends in (its last key in `#key`), when it leads to a number. */
  #findHolder(): boolean {
    this.#holder = null;
    let target: Element | null = null;
    try {
      target = this.#root().querySelector(this.for);
    } catch {
      // reported below as matching nothing
    }
    if (!target) {
      this.#report('missing-target', `for "${this.for}" matches no element`);
      return false;
    }
    const found = numberAt(target, this.property);
    if (!found) this.#report('unknown-property', `property "${this.property}" of "${this.for}" is not a number`);
    this.#holder = found?.holder ?? null;
    this.#key = found?.key ?? '';
    return found !== null;
  }

  #setInput(input: Element | null): void {
    this.#input?.removeEventListener('input', this.#onInput);
    this.#input?.removeEventListener('change', this.#onInput);
    this.#input = input;
    input?.addEventListener('input', this.#onInput);
    input?.addEventListener('change', this.#onInput);
    this.#inputDirty = true;
  }

  readonly #onInput = (): void => {
    this.#inputDirty = true;
  };

  #report(
    code: 'bad-attribute' | 'missing-target' | 'unknown-clip' | 'unknown-param' | 'unknown-property' | 'graph-active',
    message: string,
  ): void {
    if (this.#reported.has(message)) return;
    this.#reported.add(message);
    reportError(this, code, message);
  }

  /** The source's value now (NaN when it has none yet). */
  #read(): number {
    const epoch = layoutEpoch();
    if (this.#pageTimeline) return this.#pageTimeline.read();
    const p = this.#pointer;
    if (p) {
      if (pointer.moves === 0) return Number.NaN;
      if (pointer.moves === this.#moves && epoch === this.#epoch && window.scrollY === this.#scrollY)
        return this.#sourceValue;
      this.#moves = pointer.moves;
      this.#epoch = epoch;
      this.#scrollY = window.scrollY;
      this.#sourceValue = pointerProgress(p.axis, p.area === 'page' ? null : this.#character!);
      return this.#sourceValue;
    }
    if (this.#style && epoch !== this.#epoch) {
      this.#epoch = epoch;
      const v = Number.parseFloat(this.#style.getPropertyValue((this.#bind as { property: string }).property));
      if (Number.isFinite(v)) this.#sourceValue = v;
    } else if (this.#input && this.#inputDirty) {
      this.#inputDirty = false;
      const el = this.#input as HTMLInputElement;
      const v = el.type === 'checkbox' || el.type === 'radio' ? (el.checked ? 1 : 0) : Number.parseFloat(el.value);
      if (Number.isFinite(v)) this.#sourceValue = v;
    }
    return this.#sourceValue;
  }

  /** One frame, in the stage's control phase: read the source, map it, write it. */
  #frame(): void {
    const character = this.#character;
    if (!character || !this.#configured) return;
    const still = this.#still !== null && prefersReducedMotion() ? this.#still : Number.NaN;
    const v = Number.isNaN(still) ? this.#read() : still;
    if (Number.isNaN(v)) return;
    this.progress = v;
    const internals = characterInternals(character);
    if (this.#holder) {
      const value = this.#map(v, 1, 0, 1);
      if (value !== this.#written) this.#holder[this.#key] = this.value = this.#written = value;
      return;
    }
    if (this.param !== '') {
      const value = this.#map(v, 1, 0, 1);
      const graph = internals?.graph;
      if (value === this.#written || !graph?.compiled) return;
      if (!graph.driver.setParam(this.param, value)) {
        const known = graph.compiled.paramNames.join(', ') || 'none';
        this.#report('unknown-param', `param "${this.param}": the graph has no such param (params: ${known})`);
        return;
      }
      this.value = this.#written = value;
      return;
    }
    const rig = internals?.rig;
    if (!rig || this.clip === '') return;
    if (internals?.graph.compiled) {
      this.#report('graph-active', `clip "${this.clip}": a state graph drives this character; bind a param instead`);
      return;
    }
    const length = rig.clipLength(this.clip);
    if (length === undefined) {
      this.#report('unknown-clip', `clip "${this.clip}": no such clip (clips: ${rig.clipNames.join(', ') || 'none'})`);
      return;
    }
    this.value = this.#map(v, length, 0, length);
    // a range inside the clip holds at its ends; one past them runs the clip through its cycles
    const from = this.#from ? mapped(this.#from, length) : 0;
    const to = this.#to ? mapped(this.#to, length) : length;
    const inside = Math.min(from, to) >= 0 && Math.max(from, to) <= length;
    rig.drive(this.clip, this.value, inside ? 'clamp' : 'repeat');
  }

  /** from + (to − from) × v, percentages taken of `whole`, unset ends at their defaults. */
  #map(v: number, whole: number, from0: number, to0: number): number {
    const from = this.#from ? mapped(this.#from, whole) : from0;
    const to = this.#to ? mapped(this.#to, whole) : to0;
    return from + (to - from) * v;
  }

  /** Lets go of the clip it held (it plays on from there). */
  #release(): void {
    const rig = characterInternals(this.#character)?.rig;
    if (rig && this.clip !== '' && rig.currentClip === this.clip) rig.release();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-bind': AnimBind;
  }
}
