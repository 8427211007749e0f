/**
 * The types of every `anim-*` DOM event, per element and page-wide.
 *
 * Each element that raises events types its own `addEventListener`/`removeEventListener` by its event map
 * (`model.addEventListener('anim-load', e => e.detail.src)`), so a name two elements share (`anim-load`
 * on a character, a model and a sprite) carries the detail of the element listened on. Every event
 * bubbles and is composed, so it also reaches the scene, `document` and `window`: there a name carries the
 * union of what any element sends under it ({@link AnimEventMap}), whose common fields need no narrowing
 * (`e.detail.code` of `anim-error`, `e.detail.clips` of `anim-load`).
 *
 * An element's map types the events it raises itself. An event of the same name raised by an element
 * inside it (an `<anim-model>` in a character's `<bone-anchor>`) passes by too: compare `e.target` with
 * `e.currentTarget` where that can happen.
 */

import { eventQueue } from '../scene/event-queue.js';
import type {
  AnimEventDetail,
  AnimFinishDetail,
  AnimLoadDetail,
  AnimLoopDetail,
  AnimPlayDetail,
  AnimProgressDetail,
  AnimRagdollDetail,
  AnimWarpEndDetail,
} from './character-events.js';
import type { AnimErrorDetail } from './errors.js';
import type { AnimStateDetail, AnimTransitionDetail, AnimTransitionEndDetail } from './graph-events.js';

/** The detail of `anim-load` on `<anim-model>` (named as a character's is: `clips`, `bones`). */
export interface AnimModelLoadDetail {
  /** The URL that loaded. */
  src: string;
  /** Names of the animations the file holds (`clip` plays one's property tracks). */
  clips: string[];
  /** Joint names of the file's skins. */
  bones: string[];
}

/** The detail of `anim-loop` and `anim-finish` on `<anim-model>` (named as a character's are). */
export interface AnimModelPlaybackDetail {
  clip: string;
  /** Loops completed since the clip started (a pingpong bounce counts as one). */
  count: number;
}

/** The detail of `anim-load` on `<anim-sprite>`: `clips` and `bones` are empty (the page-wide shape). */
export interface AnimSpriteLoadDetail {
  /** The sheet's URL. */
  src: string;
  clips: string[];
  bones: string[];
}

/** The detail of `anim-sprite-frame`. */
export interface AnimSpriteFrameDetail {
  /** The sheet frame now shown (0-based, in sheet order). */
  frame: number;
  /** Its name: the atlas key, or the grid index as text. */
  name: string;
}

/**
 * The detail of `anim-loop` and `anim-finish` on `<anim-sprite>`, named as a character's are (`clip`,
 * `count`); the sprite's `clip` is its sheet's `src`.
 */
export interface AnimSpritePlaybackDetail {
  /** The sheet's `src`. */
  clip: string;
  /** Loops completed since the sprite started (a pingpong bounce counts as one). */
  count: number;
}

/** The detail of `anim-tween-start`, `anim-tween-loop` and `anim-tween-end`. */
export interface AnimTweenEventDetail {
  /** The iteration now running (0-based); for the end, the last one. */
  iteration: number;
}

/** The detail of `anim-context-restored`: the WebGL context is back and the stage draws again. */
export interface AnimContextRestoredDetail {
  /** The element that owns the stage: the `<anim-scene>`, or a character or model drawing on its own. */
  source: Element;
}

/** Every `anim-*` event as an ancestor sees it: a name shared by several elements carries the union. */
export interface AnimEventMap {
  'anim-error': CustomEvent<AnimErrorDetail>;
  'anim-load': CustomEvent<AnimLoadDetail | AnimModelLoadDetail | AnimSpriteLoadDetail>;
  'anim-progress': CustomEvent<AnimProgressDetail>;
  'anim-play': CustomEvent<AnimPlayDetail>;
  'anim-loop': CustomEvent<AnimLoopDetail | AnimModelPlaybackDetail | AnimSpritePlaybackDetail>;
  'anim-finish': CustomEvent<AnimFinishDetail | AnimModelPlaybackDetail | AnimSpritePlaybackDetail>;
  'anim-event': CustomEvent<AnimEventDetail>;
  'anim-state-enter': CustomEvent<AnimStateDetail>;
  'anim-state-exit': CustomEvent<AnimStateDetail>;
  'anim-transition-start': CustomEvent<AnimTransitionDetail>;
  'anim-transition-end': CustomEvent<AnimTransitionEndDetail>;
  'anim-warp-end': CustomEvent<AnimWarpEndDetail>;
  'anim-ragdoll': CustomEvent<AnimRagdollDetail>;
  'anim-tween-start': CustomEvent<AnimTweenEventDetail>;
  'anim-tween-loop': CustomEvent<AnimTweenEventDetail>;
  'anim-tween-end': CustomEvent<AnimTweenEventDetail>;
  'anim-sprite-frame': CustomEvent<AnimSpriteFrameDetail>;
  'anim-context-restored': CustomEvent<AnimContextRestoredDetail>;
}

declare global {
  interface HTMLElementEventMap extends AnimEventMap {}
  interface DocumentEventMap extends AnimEventMap {}
  interface WindowEventMap extends AnimEventMap {}
}

/** An element's own events over the page-wide ones (which still type events that bubble up from inside). */
type Own<M> = Omit<HTMLElementEventMap, keyof M> & M;

/** `<anim-character>`'s events. */
export interface AnimCharacterEventMap
  extends Own<{
    'anim-load': CustomEvent<AnimLoadDetail>;
    'anim-loop': CustomEvent<AnimLoopDetail>;
    'anim-finish': CustomEvent<AnimFinishDetail>;
  }> {}

/** `<anim-model>`'s events. */
export interface AnimModelEventMap
  extends Own<{
    'anim-load': CustomEvent<AnimModelLoadDetail>;
    'anim-loop': CustomEvent<AnimModelPlaybackDetail>;
    'anim-finish': CustomEvent<AnimModelPlaybackDetail>;
  }> {}

/** `<anim-sprite>`'s events. */
export interface AnimSpriteEventMap
  extends Own<{
    'anim-load': CustomEvent<AnimSpriteLoadDetail>;
    'anim-loop': CustomEvent<AnimSpritePlaybackDetail>;
    'anim-finish': CustomEvent<AnimSpritePlaybackDetail>;
  }> {}

/**
 * The type of an element's `addEventListener` (with `O` = `AddEventListenerOptions`) or
 * `removeEventListener` (`EventListenerOptions`), typed by its event map `M`; other names take any listener.
 * An element declares it by merging an interface into its class:
 * `interface AnimModel { addEventListener: Listen<AnimModelEventMap, AnimModel, AddEventListenerOptions> }`.
 */
export interface Listen<M, T, O> {
  <K extends keyof M>(type: K, listener: (this: T, event: M[K]) => unknown, options?: boolean | O): void;
  (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | O): void;
}

type DetailOf<K extends keyof AnimEventMap> = AnimEventMap[K]['detail'];

/** Queues a bubbling, composed `anim-*` event on `target` (see the event queue: never synchronous). */
export function queueEvent<K extends keyof AnimEventMap>(target: EventTarget, type: K, detail: DetailOf<K>): void {
  eventQueue.enqueue(target, new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
