/**
 * What a viewer (an `<anim-scene>`, or an `<anim-character>` with a stage of its own) shows and says around
 * its canvas: a placeholder or `poster` until its first frame with every model loaded (`reveal="auto"`) or
 * until `dismissPoster()` (`reveal="manual"`), the canvas's accessible name (`alt`, as `role="img"`), and
 * keyboard orbit while the canvas has focus (arrow keys turn the camera, `+` / `-` zoom).
 */
import { css, html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { nudgeOrbit, orbitKey } from '../scene/keyboard-orbit.js';
import type { Stage } from '../scene/stage.js';
import { parseEnum } from './units.js';

export const REVEAL_MODES = ['auto', 'manual'] as const;
export type RevealMode = (typeof REVEAL_MODES)[number];
export const parseReveal = (text: string) => parseEnum(text, REVEAL_MODES);

/** Model loads in flight on each stage: a viewer's cover waits for them. */
const pending = new WeakMap<Stage, number>();

/** Counts a load on `stage` until the returned function is called (once). */
export function trackLoad(stage: Stage): () => void {
  pending.set(stage, (pending.get(stage) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending.set(stage, (pending.get(stage) ?? 1) - 1);
    stage.loop.requestRedraw(); // the next frame may be the one to reveal
  };
}

export class ViewerCover implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #label: string;
  #stage: Stage | undefined;
  #keyboard = false;
  reveal: RevealMode = 'auto';
  alt: string | null = null;
  /** Whether the placeholder or poster has gone. */
  revealed = false;

  /** `label` is the canvas's accessible name when `alt` is not set. */
  constructor(host: ReactiveControllerHost & HTMLElement, label: string) {
    this.#host = host;
    this.#label = label;
    host.addController(this);
  }

  /** The host draws `stage` as a viewer: label its canvas, listen for keys, wait for its first frame. */
  attach(stage: Stage, keyboard: boolean): void {
    this.detach();
    this.#stage = stage;
    stage.onPresent = this.#onPresent;
    stage.canvas.setAttribute('role', 'img');
    stage.canvas.addEventListener('keydown', this.#onKey);
    this.setKeyboard(keyboard);
    this.applyAlt();
  }

  /** Arrow keys and `+` / `-` orbit and zoom while the canvas has focus; it joins the tab order. */
  setKeyboard(on: boolean): void {
    this.#keyboard = on;
    if (on) this.#stage?.canvas.setAttribute('tabindex', '0');
    else this.#stage?.canvas.removeAttribute('tabindex');
  }

  applyAlt(): void {
    this.#stage?.canvas.setAttribute('aria-label', this.alt ?? this.#label);
  }

  /** Takes the placeholder or poster away now. */
  dismiss(): void {
    if (this.revealed) return;
    this.revealed = true;
    this.#host.requestUpdate();
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.detach();
    // back on the page, it waits for its first frame again
    this.revealed = false;
  }

  detach(): void {
    const stage = this.#stage;
    if (!stage) return;
    this.#stage = undefined;
    if (stage.onPresent === this.#onPresent) stage.onPresent = null;
    stage.canvas.removeEventListener('keydown', this.#onKey);
  }

  readonly #onPresent = (): void => {
    const stage = this.#stage;
    if (this.revealed || this.reveal !== 'auto' || !stage || (pending.get(stage) ?? 0) > 0) return;
    this.dismiss();
  };

  readonly #onKey = (event: KeyboardEvent): void => {
    const stage = this.#stage;
    const change = this.#keyboard && stage && !event.altKey && !event.ctrlKey && !event.metaKey && orbitKey(event.key);
    if (!change || !stage) return;
    event.preventDefault(); // no page scroll
    nudgeOrbit(stage.camera, stage.orbitTarget, change[0], change[1], change[2]);
    stage.loop.requestRedraw();
  };

  /** The placeholder (or the `poster` image, or the `poster` slot's content) until revealed. */
  render(poster: string | null) {
    const image = poster ? html`<img part="poster" src=${poster} alt="" />` : html`<div class="spinner"></div>`;
    return html`<div part="placeholder" class=${this.revealed ? 'revealed' : ''} aria-hidden="true">
      <slot name="poster">${image}</slot>
    </div>`;
  }
}

/** The placeholder's look: a soft neutral backdrop and a quiet spinner (still under reduced motion). */
export const viewerCoverStyles = css`
  [part='placeholder'] {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    background: var(--anim-placeholder-background, radial-gradient(circle at 50% 42%, #f5f6f8, #dcdfe4 75%));
    pointer-events: none;
    transition: opacity 0.3s ease-out, visibility 0.3s;
  }
  [part='placeholder'].revealed {
    opacity: 0;
    visibility: hidden;
  }
  [part='placeholder'] [part='poster'] {
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
  .spinner {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    border: 3px solid var(--anim-placeholder-color, #9aa3ad);
    border-right-color: transparent;
    opacity: 0.7;
    animation: anim-spin 0.9s linear infinite;
  }
  @keyframes anim-spin {
    to {
      transform: rotate(1turn);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
    [part='placeholder'] {
      transition: none;
    }
  }
`;
