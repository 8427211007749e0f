import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import {
  advanceSprite,
  buildSpriteTimeline,
  createSpritePlayer,
  gridSheet,
  restartSprite,
  type SpritePlayer,
  type SpriteSheet,
  seekSprite,
  type WrapMode,
} from '../runtime/core.js';
import { AnimError } from '../runtime/errors.js';
import type { SpriteQuad } from '../scene/sprite-quad.js';
import type { Actor, Stage } from '../scene/stage.js';
import { setTransform } from '../scene/transform.js';
import { pageTicker } from '../scene/tween/page-ticker.js';
import { acceptFinite, acceptValue, listText } from './accept-value.js';
import { reportCaught } from './errors.js';
import {
  type AnimSpriteEventMap,
  type AnimSpriteFrameDetail,
  type AnimSpriteLoadDetail,
  type AnimSpritePlaybackDetail,
  type Listen,
  queueEvent,
} from './events.js';
import { FirstUse } from './first-use.js';
import { showFrameBox } from './sprite-frame-box.js';
import { loadSpriteSheet } from './sprite-load.js';
import { parseCount, parseDurations, parseFps, parseHeight, parseIndex, parseWrap } from './sprite-values.js';
import { findSceneStage } from './stage-context.js';
import { parseNumber, parseVector3, type Vector3Tuple } from './units.js';

export type { AnimSpriteEventMap, AnimSpriteFrameDetail, AnimSpriteLoadDetail, AnimSpritePlaybackDetail };

/** The 3D quad's code, fetched when a sprite first joins a scene: a sprite drawn with CSS loads no three.js. */
const quadCode = new FirstUse(() => import('../scene/sprite-quad.js'));

/**
 * A sprite-sheet animation. The sheet is an image cut into a grid (`columns`, `rows`, `frames`) or a
 * TexturePacker JSON atlas (`src` ending in `.json`, hash or array layout; its image is found through
 * `meta.image`, and frame `duration`s in ms are used). Frames play at `fps`, or for the times in
 * `durations`, over the range `frame-start`..`frame-end`, wrapping as `loop` says.
 *
 * Inside an `<anim-scene>` the sprite is a textured quad standing at `position`, `size` metres tall,
 * optionally turning to face the camera (`billboard`); it casts a cut-out shadow. Outside a scene it is a
 * plain inline-block element showing the frame through CSS `background-position`, so a 2D page can use it;
 * it is sized to the frame's pixels unless the page sizes it (its aspect ratio follows the frame).
 *
 * @summary A sprite-sheet animation: a textured quad in a scene, or a CSS-animated element on a 2D page.
 *
 * @attr src - URL of the sheet image (for a grid) or of a TexturePacker `.json` atlas.
 * @attr columns - Grid columns, 1 or more. Default 1. (Ignored for an atlas.)
 * @attr rows - Grid rows, 1 or more. Default 1. (Ignored for an atlas.)
 * @attr frames - Frames in use, read row by row (default columns × rows). (Ignored for an atlas.)
 * @attr fps - Frames per second. Unset, an atlas's own frame times are used, else 12.
 * @attr durations - Times per frame instead (`"100ms 100ms 250ms"`), one for every frame in the range, or one for all.
 * @attr loop - How the frame range wraps, as a clip's `loop` does: `repeat` (wraps to the start), `once` (plays to the end, fires `anim-finish`, stops there), `pingpong` (bounces between the ends, each bounce a loop) or `clamp` (holds at the end it reached and fires `anim-finish`, but moves again if the speed changes sign). Default `repeat`.
 * @attr speed - Playback rate; negative plays backwards. Default 1. A change plays on from the frame shown (other timing changes start the range over).
 * @attr frame-start - First frame played (0-based). Default 0.
 * @attr frame-end - Last frame played, inclusive. Default the last of the sheet.
 * @attr {boolean} paused - Holds the current frame.
 * @attr {boolean} billboard - In a scene, turns about its vertical axis to face the camera.
 * @attr position - In a scene, where the bottom centre stands: `"x y z"` in metres. Default `"0 0 0"`.
 * @attr size - In a scene, the height in metres (the width follows the frame). Default 1.
 * @attr {boolean} frame-events - Fires `anim-sprite-frame` on every frame change (off by default: it is chatty).
 *
 * @prop {string} src - See the `src` attribute.
 * @prop {number} columns - See the `columns` attribute.
 * @prop {number} rows - See the `rows` attribute.
 * @prop {number | null} frames - See the `frames` attribute.
 * @prop {number | null} fps - See the `fps` attribute.
 * @prop {number[] | null} durations - Seconds per frame; accepts the attribute's text too.
 * @prop {WrapMode} loop - See the `loop` attribute.
 * @prop {number} speed - See the `speed` attribute.
 * @prop {number | null} frameStart - See the `frame-start` attribute.
 * @prop {number | null} frameEnd - See the `frame-end` attribute.
 * @prop {boolean} paused - See the `paused` attribute.
 * @prop {boolean} billboard - See the `billboard` attribute.
 * @prop {[number, number, number]} position - See the `position` attribute.
 * @prop {number} size - See the `size` attribute.
 * @prop {boolean} frameEvents - See the `frame-events` attribute.
 * @prop {number} frame - The sheet frame shown now (read only).
 * @prop {number} frameCount - Frames in the sheet, 0 until it loads (read only).
 * @prop {Group | undefined} object3D - In a scene, the three.js group of the quad (for tweens and anchors).
 *
 * @fires {CustomEvent<{src: string, clips: string[], bones: string[]}>} anim-load - The sheet loaded and the first frame shows (`clips` and `bones` are empty: the page-wide shape of this event).
 * @fires {CustomEvent<AnimSpritePlaybackDetail>} anim-loop - A loop completed (`repeat`, or each bounce of `pingpong`).
 * @fires {CustomEvent<AnimSpritePlaybackDetail>} anim-finish - A `once` or `clamp` sprite reached the end it plays towards (the last frame; the first when the speed is negative).
 * @fires {CustomEvent<AnimSpriteFrameDetail>} anim-sprite-frame - The frame changed; only with `frame-events`.
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `load-failed`, `bad-sprite-sheet` (a grid, atlas, frame range or frame times that do not fit), or `bad-attribute`.
 *
 * @csspart frame - Outside a scene: the box that shows the frame.
 */
@customElement('anim-sprite')
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below only types the inherited listener methods
export class AnimSprite extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
      width: var(--anim-sprite-frame-width, 64px);
      aspect-ratio: var(--anim-sprite-frame-aspect, 1);
    }
    :host([data-in-scene]) {
      display: none;
    }
    [part='frame'] {
      width: 100%;
      height: 100%;
      background-repeat: no-repeat;
    }
  `;

  @property() src = '';
  @property({ type: Boolean }) paused = false;
  @property({ type: Boolean }) billboard = false;
  @property({ type: Boolean, attribute: 'frame-events' }) frameEvents = false;

  #columns = 1;
  #rows = 1;
  #frames: number | null = null;
  #fps: number | null = null;
  #durations: number[] | null = null;
  #loop: WrapMode = 'repeat';
  #speed = 1;
  #frameStart: number | null = null;
  #frameEnd: number | null = null;
  #position: Vector3Tuple = [0, 0, 0];
  #size = 1;

  #stage: Stage | undefined;
  #abort: AbortController | undefined;
  #image: HTMLImageElement | undefined;
  #atlas: SpriteSheet | undefined;
  #sheet: SpriteSheet | undefined;
  #player: SpritePlayer | undefined;
  #quad: SpriteQuad | undefined;
  #frameBox: HTMLElement | null = null;
  #requestedSrc = '';
  #shownSize = '';

  @property({ type: Number })
  get columns(): number {
    return this.#columns;
  }
  set columns(value: number | string | null | undefined) {
    this.#columns = acceptValue(this, 'columns', value, parseCount, this.#columns, 1);
  }

  @property({ type: Number })
  get rows(): number {
    return this.#rows;
  }
  set rows(value: number | string | null | undefined) {
    this.#rows = acceptValue(this, 'rows', value, parseCount, this.#rows, 1);
  }

  @property()
  get frames(): number | null {
    return this.#frames;
  }
  set frames(value: number | string | null | undefined) {
    this.#frames = acceptValue<number | null>(this, 'frames', value, parseCount, this.#frames, null);
  }

  @property()
  get fps(): number | null {
    return this.#fps;
  }
  set fps(value: number | string | null | undefined) {
    this.#fps = acceptValue<number | null>(this, 'fps', value, parseFps, this.#fps, null);
  }

  @property()
  get durations(): number[] | null {
    return this.#durations;
  }
  set durations(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#durations = acceptValue<number[] | null>(this, 'durations', text, parseDurations, this.#durations, null);
  }

  @property()
  get loop(): WrapMode {
    return this.#loop;
  }
  set loop(value: WrapMode | string | null | undefined) {
    this.#loop = acceptValue(this, 'loop', value, parseWrap, this.#loop, 'repeat');
  }

  @property()
  get speed(): number {
    return this.#speed;
  }
  set speed(value: number | string | null | undefined) {
    this.#speed = acceptValue(this, 'speed', value, parseNumber, this.#speed, 1);
  }

  @property({ attribute: 'frame-start' })
  get frameStart(): number | null {
    return this.#frameStart;
  }
  set frameStart(value: number | string | null | undefined) {
    this.#frameStart = acceptValue<number | null>(this, 'frame-start', value, parseIndex, this.#frameStart, null);
  }

  @property({ attribute: 'frame-end' })
  get frameEnd(): number | null {
    return this.#frameEnd;
  }
  set frameEnd(value: number | string | null | undefined) {
    this.#frameEnd = acceptValue<number | null>(this, 'frame-end', value, parseIndex, this.#frameEnd, null);
  }

  @property()
  get position(): Vector3Tuple {
    return this.#position;
  }
  set position(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#position = acceptValue(this, 'position', text, parseVector3, this.#position, [0, 0, 0]);
  }

  @property()
  get size(): number {
    return this.#size;
  }
  set size(value: number | string | null | undefined) {
    this.#size = acceptValue(this, 'size', value, parseHeight, this.#size, 1);
  }

  get frame(): number {
    return this.#player?.frame ?? 0;
  }

  get frameCount(): number {
    return this.#sheet?.count ?? 0;
  }

  get object3D() {
    return this.#quad?.object3D;
  }

  /** Advances this sprite alone by exactly `dt` seconds, dispatching its events before returning (tests, scrubbing). */
  step(dt: number): void {
    if (!acceptFinite(this, 'step', dt, 'dt must be a finite number of seconds')) return;
    if (this.isUpdatePending) this.performUpdate();
    pageTicker.step(this.#actor, dt);
  }

  /** Jumps to `time` seconds into the played range. */
  seek(time: number): void {
    if (!acceptFinite(this, 'seek', time, 'the time must be a finite number of seconds') || !this.#player) return;
    seekSprite(this.#player, time);
    this.#showFrame();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#stage = findSceneStage(this);
    this.toggleAttribute('data-in-scene', !!this.#stage);
    if (this.#stage) this.#stage.addActor(this.#actor);
    else pageTicker.add(this.#actor);
    if (this.src && !this.#image) this.#load();
    else if (this.#image) this.#makeQuad();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort();
    this.#stage?.removeActor(this.#actor);
    pageTicker.remove(this.#actor);
    this.#quad?.dispose();
    this.#stage?.contentChanged();
    this.#quad = undefined;
    this.#stage = undefined;
  }

  protected override render() {
    return this.#stage ? html`` : html`<div part="frame"></div>`;
  }

  protected override firstUpdated(): void {
    this.#frameBox = this.renderRoot.querySelector('[part="frame"]');
    this.#showFrame();
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('src') && this.src !== this.#requestedSrc) {
      this.#load();
      return;
    }
    const timing = ['columns', 'rows', 'frames', 'fps', 'durations', 'loop', 'frameStart', 'frameEnd'];
    if (timing.some((key) => changed.has(key as keyof AnimSprite))) this.#rebuild();
    // a new speed plays on from the frame shown, as a clip's does: a clamp sprite moves again when it flips sign
    else if (changed.has('speed') && this.#player) this.#player.clock.speed = this.#speed;
    this.#placeQuad();
  }

  readonly #actor: Actor = {
    failed: (error) => reportCaught(this, error, 'during a frame'),
    update: (dt) => {
      const player = this.#player;
      if (!player || this.paused) return;
      advanceSprite(player, dt);
      if (player.frameChanged) this.#showFrame();
      if (player.frameChanged && this.frameEvents) {
        const frame = player.frame;
        queueEvent(this, 'anim-sprite-frame', { frame, name: this.#sheet?.names[frame] ?? String(frame) });
      }
      if (player.clock.stepLoops > 0) this.#emitPlayback('anim-loop');
      if (player.clock.stepFinished) this.#emitPlayback('anim-finish');
    },
  };

  #emitPlayback(type: 'anim-loop' | 'anim-finish'): void {
    const detail: AnimSpritePlaybackDetail = { clip: this.#requestedSrc, count: this.#player?.clock.loops ?? 0 };
    queueEvent(this, type, detail);
  }

  async #load(): Promise<void> {
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    const src = this.src;
    this.#requestedSrc = src;
    if (!src) return;
    try {
      // in a scene, the quad's code loads beside the sheet: the quad is there by the time anim-load fires
      const [loaded] = await Promise.all([loadSpriteSheet(src, abort.signal), this.#stage ? quadCode.load() : null]);
      if (!loaded || abort.signal.aborted) return;
      const { image, atlas } = loaded;
      this.#atlas = atlas;
      this.#image = image;
      this.#makeQuad();
      this.#rebuild();
      queueEvent(this, 'anim-load', { src, clips: [], bones: [] });
    } catch (error) {
      if (abort.signal.aborted) return;
      // the loads' own errors name the URL already
      reportCaught(this, error, error instanceof AnimError ? undefined : src);
    }
  }

  #makeQuad(): void {
    this.#quad?.dispose();
    this.#quad = undefined;
    if (!this.#stage || !this.#image) return;
    const quads = quadCode.loaded;
    if (!quads) {
      quadCode.load().then(
        () => this.#quad || this.#makeQuad(),
        (error) => reportCaught(this, error, this.src),
      );
      return;
    }
    this.#quad = new quads.SpriteQuad(this.#image);
    this.#stage.content.add(this.#quad.object3D);
    this.#placeQuad();
    this.#showFrame();
    this.#stage.contentChanged();
  }

  #placeQuad(): void {
    if (!this.#quad) return;
    setTransform(this.#quad.object3D, this.#position, [0, 0, 0], [1, 1, 1]);
    this.#quad.setHeight(this.#size);
    this.#quad.billboard = this.billboard;
    this.#stage?.loop.requestRedraw();
  }

  /** Cuts the sheet and lays out its frames in time; a sheet that does not fit keeps the last good one. */
  #rebuild(): void {
    const image = this.#image;
    if (!image) return;
    try {
      const sheet =
        this.#atlas ??
        gridSheet(
          { columns: this.#columns, rows: this.#rows, frames: this.#frames ?? undefined },
          image.naturalWidth,
          image.naturalHeight,
        );
      const timeline = buildSpriteTimeline(sheet, {
        fps: this.#fps ?? 12,
        fpsOverridesAtlas: this.#fps !== null,
        durations: this.#durations ?? undefined,
        frameStart: this.#frameStart ?? undefined,
        frameEnd: this.#frameEnd ?? undefined,
      });
      this.#sheet = sheet;
      if (this.#player) restartSprite(this.#player, timeline, this.#loop, this.#speed);
      else this.#player = createSpritePlayer(timeline, this.#loop, this.#speed);
      this.#showFrame();
    } catch (error) {
      reportCaught(this, error, this.src);
    }
  }

  #showFrame(): void {
    const sheet = this.#sheet;
    const player = this.#player;
    if (!sheet || !player) return;
    if (this.#quad) {
      const r = player.frame * 4;
      this.#quad.setFrame(sheet.rects[r], sheet.rects[r + 1], sheet.rects[r + 2], sheet.rects[r + 3]);
      this.#stage?.loop.requestRedraw();
    }
    if (this.#frameBox && this.#image) {
      this.#shownSize = showFrameBox(this, this.#frameBox, this.#image, sheet, player.frame, this.#shownSize);
    }
  }
}

/** `addEventListener` and `removeEventListener` typed by {@link AnimSpriteEventMap}. */
export interface AnimSprite {
  addEventListener: Listen<AnimSpriteEventMap, AnimSprite, AddEventListenerOptions>;
  removeEventListener: Listen<AnimSpriteEventMap, AnimSprite, EventListenerOptions>;
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-sprite': AnimSprite;
  }
}
