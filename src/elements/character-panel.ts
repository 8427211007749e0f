import { css, LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import { acceptValue } from './accept-value.js';
import { parseEnum, parseTime } from './units.js';

const parseInterval = (text: string) => parseTime(text, { min: 0.016 });
const THEMES = ['auto', 'light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const parseTheme = (text: string) => parseEnum(text, THEMES);

/**
 * What `<anim-graph-view>` and `<anim-inspector>` share: a panel about one character (`for`: its id, in the
 * same document or shadow root), brought up to date on connect and every `interval` while connected, light or
 * dark by `theme`. Each panel documents these attributes itself.
 */
export abstract class CharacterPanel extends LitElement {
  @property() for = '';

  readonly #defaultInterval: number;
  #interval: number;
  #theme: Theme = 'auto';
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(defaultInterval: number) {
    super();
    this.#defaultInterval = this.#interval = defaultInterval;
  }

  @property()
  get interval(): number {
    return this.#interval;
  }
  set interval(value: number | string | null | undefined) {
    this.#interval = acceptValue(this, 'interval', value, parseInterval, this.#interval, this.#defaultInterval);
    if (this.isConnected) this.#startTimer();
  }

  @property({ reflect: true })
  get theme(): 'auto' | 'light' | 'dark' {
    return this.#theme;
  }
  set theme(value: string | null | undefined) {
    this.#theme = acceptValue(this, 'theme', value, parseTheme, this.#theme, 'auto');
  }

  /** Brings the panel up to date now (it also does so every `interval`). */
  abstract refresh(): void;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#startTimer();
    queueMicrotask(() => this.refresh());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** The element `for` names in this panel's document or shadow root, or null. */
  protected forTarget(): HTMLElement | null {
    const root = this.getRootNode() as Document | ShadowRoot;
    return this.for && typeof root.getElementById === 'function' ? root.getElementById(this.for) : null;
  }

  #startTimer(): void {
    clearInterval(this.#timer);
    this.#timer = setInterval(() => this.refresh(), this.#interval * 1000);
  }
}

/** The panels' frame and type, light or dark from the colour scheme (each maps its own `--_` colours). */
export const panelStyles = css`
  :host {
    color-scheme: light dark;
    box-sizing: border-box;
    border: 1px solid var(--_border);
    border-radius: 12px;
    background: var(--_surface);
    color: var(--_text);
    font: 12px/1.35 ui-sans-serif, system-ui, -apple-system, 'Segoe UI', sans-serif;
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
`;
