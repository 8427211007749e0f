/**
 * A scroll or view timeline measured on the page: the browser's own `ScrollTimeline` / `ViewTimeline`
 * (through an empty animation carrying the range) where it has them, else the same progress computed from
 * scroll offsets and element boxes (timeline-range.ts). `read()` is polled once a frame; it measures again
 * only when the scroll offset or the page's layout epoch moved.
 */
import { layoutEpoch } from './page-watch.js';
import {
  formatRange,
  type LengthPercentage,
  type RangeEdge,
  rangeProgress,
  type TimelineGeometry,
  type TimelineRange,
  type TimelineSource,
} from './timeline-range.js';

interface NativeTimelines {
  ScrollTimeline?: new (options: { source: Element; axis: string }) => AnimationTimeline;
  ViewTimeline?: new (options: { subject: Element; axis: string; inset: string }) => AnimationTimeline;
}

/** Whether this browser has scroll-driven animation timelines. */
export function hasNativeTimelines(): boolean {
  const g = globalThis as NativeTimelines;
  return typeof g.ScrollTimeline === 'function' && typeof g.ViewTimeline === 'function';
}

function isScrollContainer(el: Element, vertical: boolean): boolean {
  const style = getComputedStyle(el);
  const overflow = vertical ? style.overflowY : style.overflowX;
  return overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden';
}

/** Our viewers clip their canvas with `overflow: hidden` but never scroll: `nearest` looks past them. */
const VIEWERS = new Set(['anim-scene', 'anim-character']);

/** The nearest scroll container around `el` (across shadow roots), else the page's scroller. */
function nearestScroller(el: Element, vertical: boolean): Element {
  let node: Element | null = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);
  while (node && node !== document.documentElement && node !== document.body) {
    if (!VIEWERS.has(node.localName) && isScrollContainer(node, vertical)) return node;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host || null);
  }
  return rootScroller();
}

function rootScroller(): Element {
  return document.scrollingElement ?? document.documentElement;
}

const lengthText = (l: LengthPercentage | 'auto') => (l === 'auto' ? 'auto' : `${l.value}${l.unit}`);

/** An edge as the browser's TimelineRangeOffset (text would need an effect target to be parsed against). */
function rangeOffset(e: RangeEdge): { rangeName?: string; offset: unknown } {
  const css = (globalThis as unknown as { CSS: Record<'percent' | 'px', (v: number) => unknown> }).CSS;
  const offset = e.offset.unit === '%' ? css.percent(e.offset.value) : css.px(e.offset.value);
  return e.name ? { rangeName: e.name, offset } : { offset };
}

export class PageTimeline {
  /** Whether the browser's own timeline measures it. */
  readonly native: boolean;
  readonly #source: TimelineSource;
  readonly #range: TimelineRange;
  readonly #subject: Element;
  readonly #scroller: Element;
  readonly #vertical: boolean;
  readonly #animation: Animation | null = null;
  readonly #geometry: TimelineGeometry = {
    scroll: 0,
    maxScroll: 0,
    viewport: 0,
    subjectStart: 0,
    subjectSize: 0,
    insetStart: 0,
    insetEnd: 0,
  };
  #lastScroll = Number.NaN;
  #lastEpoch = -1;
  #progress = Number.NaN;

  constructor(source: TimelineSource, range: TimelineRange, subject: Element, useNative: boolean) {
    this.#source = source;
    this.#range = range;
    this.#subject = subject;
    // block is y and inline x in a horizontal writing mode, the page's usual one
    this.#vertical = source.axis === 'block' || source.axis === 'y';
    this.#scroller =
      source.kind === 'scroll' && source.scroller === 'root'
        ? rootScroller()
        : source.kind === 'scroll' && source.scroller === 'self'
          ? subject
          : nearestScroller(subject, this.#vertical);
    let animation: Animation | null = null;
    try {
      animation = useNative && hasNativeTimelines() ? this.#nativeAnimation() : null;
    } catch {
      // a browser whose timelines take other options: the computed progress is exact too
    }
    this.#animation = animation;
    this.native = animation !== null;
  }

  #nativeAnimation(): Animation {
    const g = globalThis as NativeTimelines;
    const s = this.#source;
    const timeline =
      s.kind === 'scroll'
        ? new g.ScrollTimeline!({ source: this.#scroller, axis: s.axis })
        : new g.ViewTimeline!({
            subject: this.#subject,
            axis: s.axis,
            inset: `${lengthText(s.insetStart)} ${lengthText(s.insetEnd)}`,
          });
    const animation = new Animation(new KeyframeEffect(null, null, { fill: 'both' }), timeline);
    const ranged = animation as Animation & { rangeStart: unknown; rangeEnd: unknown };
    ranged.rangeStart = rangeOffset(this.#range.start);
    ranged.rangeEnd = rangeOffset(this.#range.end);
    animation.play();
    return animation;
  }

  /** The range as CSS writes it (for messages). */
  get rangeText(): string {
    return formatRange(this.#range);
  }

  /** Progress 0–1 through the range now; NaN while it cannot be measured (nothing to scroll). */
  read(): number {
    const scroller = this.#scroller;
    const scroll = this.#vertical ? scroller.scrollTop : scroller.scrollLeft;
    const epoch = layoutEpoch();
    if (scroll === this.#lastScroll && epoch === this.#lastEpoch && !Number.isNaN(this.#progress))
      return this.#progress;
    this.#lastScroll = scroll;
    this.#lastEpoch = epoch;
    if (this.#animation) {
      const p = this.#animation.effect?.getComputedTiming().progress;
      if (typeof p === 'number') {
        this.#progress = p;
        return p;
      }
      // the browser's timeline catches up on its next rendered frame (never, while the page's time is stepped
      // by hand): till then the computed progress stands in, and the next read asks the browser again
      this.#lastScroll = Number.NaN;
    }
    this.#progress = this.#measure(scroll);
    return this.#progress;
  }

  /** The exact fallback: the timeline's geometry along its axis, then rangeProgress. */
  #measure(scroll: number): number {
    const g = this.#geometry;
    const el = this.#scroller;
    const v = this.#vertical;
    g.scroll = scroll;
    g.viewport = v ? el.clientHeight : el.clientWidth;
    g.maxScroll = (v ? el.scrollHeight : el.scrollWidth) - g.viewport;
    if (this.#source.kind === 'scroll') return g.maxScroll > 0 ? rangeProgress('scroll', this.#range, g) : Number.NaN;
    const box = this.#subject.getBoundingClientRect();
    let portStart = 0;
    if (el !== rootScroller()) {
      const port = el.getBoundingClientRect();
      portStart = (v ? port.top : port.left) + (v ? el.clientTop : el.clientLeft);
    }
    g.subjectStart = (v ? box.top : box.left) - portStart + scroll;
    g.subjectSize = v ? box.height : box.width;
    g.insetStart = insetPx(this.#source.insetStart, g.viewport);
    g.insetEnd = insetPx(this.#source.insetEnd, g.viewport);
    return rangeProgress('view', this.#range, g);
  }

  dispose(): void {
    this.#animation?.cancel();
  }
}

function insetPx(inset: LengthPercentage | 'auto', viewport: number): number {
  if (inset === 'auto') return 0;
  return inset.unit === '%' ? (inset.value / 100) * viewport : inset.value;
}
