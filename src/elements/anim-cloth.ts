import { css, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { type ClothPins, DEFAULT_CLOTH_SETTINGS } from '../runtime/cloth/settings.js';
import type { ClothColliders, ClothDriver } from '../scene/cloth-driver.js';
import { acceptValue, listText } from './accept-value.js';
import type { AnimCharacter } from './anim-character.js';
import type { AnimModel } from './anim-model.js';
import { CodeFetch } from './code-fetch.js';
import { reportCaught } from './errors.js';
import { FirstUse } from './first-use.js';
import { characterInternals } from './internals.js';
import { findSceneStage } from './stage-context.js';
import { type Parsed, parseEnum, parseNumber, parseVector3, type Vector3Tuple } from './units.js';

const DEFAULT_PIN: ClothPins = { top: 0.05 };
const COLLIDERS: readonly ClothColliders[] = ['bones', 'none'];
const DEFAULTS = DEFAULT_CLOTH_SETTINGS;

/**
 * The solver and its driver, fetched when the first `<anim-cloth>` connects (while its model loads): a page
 * without cloth loads none of it. Exported for tests, which make the fetch fail.
 */
export const clothCode = new FirstUse(() => import('../scene/cloth-driver.js'));

/** `top 0.05` (a band, a fraction of the mesh's height) or `vertices 0 1 2 …` (listed vertices). */
export function parsePin(text: string): Parsed<ClothPins> {
  const words = text.trim().split(/[\s,]+/);
  const fail = { ok: false, message: `"${text}" is not a pin: "top <fraction 0–1>" or "vertices <index> …"` } as const;
  if (words[0] === 'top' && words.length <= 2) {
    const band = words.length === 2 ? Number(words[1]) : 0.05;
    return words.length === 1 || (/^[\d.e+-]+$/.test(words[1]) && band >= 0 && band <= 1)
      ? { ok: true, value: { top: band } }
      : fail;
  }
  if (words[0] === 'vertices' && words.length > 1) {
    const list = words.slice(1).map(Number);
    return list.every((v) => Number.isInteger(v) && v >= 0) ? { ok: true, value: { vertices: list } } : fail;
  }
  return fail;
}

const formatPin = (pin: ClothPins) =>
  'top' in pin ? `top ${pin.top}` : `vertices ${Array.from(pin.vertices).join(' ')}`;
const parseUnit = (text: string) => parseNumber(text, { min: 0, max: 1 });
const parseNonNegative = (text: string) => parseNumber(text, { min: 0 });
const parsePositive = (text: string): Parsed<number> => {
  const parsed = parseNumber(text, { min: 0 });
  return parsed.ok && parsed.value === 0 ? { ok: false, message: `"${text}" is not a number above 0` } : parsed;
};
const parseIterations = (text: string): Parsed<number> => {
  const parsed = parseNumber(text, { min: 1, max: 64 });
  return parsed.ok && !Number.isInteger(parsed.value)
    ? { ok: false, message: `"${text}" is not a whole number between 1 and 64` }
    : parsed;
};
const parseColliders = (text: string) => parseEnum(text, COLLIDERS);

/**
 * Cloth on one of the character's meshes: the mesh's own vertices become a Verlet / position-based cloth.
 * Coincident vertices are welded, a band at the top (or listed vertices) is pinned to the joints the mesh
 * is skinned to there, and the rest falls, swings and trails under gravity, kept off the body by capsules
 * on the humanoid bones (the ragdoll's). The cloth runs in fixed substeps of 1/120 s, so it behaves the
 * same at any frame rate, and is drawn in place of the skinned mesh with normals recomputed each frame.
 * Each character gets its own cloth, even when several share a model.
 *
 * Put it inside an `<anim-character>` (`<anim-cloth mesh="Cape" pin="top 0.05">`) or inside an
 * `<anim-model>` in a scene (a flag, a banner: pinned vertices follow the model's placement, no body
 * colliders). A mesh the model lacks, or no `mesh` at all, reports `unknown-mesh` once (the message lists
 * the meshes) and the character animates on.
 *
 * @summary A cloth simulation on a character's mesh (a cape, a skirt, a flag).
 *
 * @attr mesh - The mesh's name in the model (its glTF node's name), e.g. `Cape`. Required (without it: `unknown-mesh`).
 * @attr pin - What holds: `top 0.05` (the top band, a fraction 0–1 of the mesh's height; the top row at least) or `vertices 0 1 2` (vertex indices). Default `top 0.05`.
 * @attr stiffness - How firmly edges keep their length, 0–1. Default 0.9.
 * @attr damping - Air drag, per second (velocity decays as e^(−damping·t)), 0 or more. Default 1.
 * @attr gravity - Acceleration `"x y z"` in m/s². Default `"0 -9.81 0"`.
 * @attr iterations - Constraint passes per substep, 1–64: more is stiffer and costs more. Default 4.
 * @attr max-speed - Particles never move faster than this, m/s (a sudden jerk of the body cannot explode the cloth). Default 12.
 * @attr colliders - `bones` (capsules on the humanoid bones keep the cloth off the body) or `none`. Default `bones`.
 *
 * @prop {string} mesh - See the `mesh` attribute.
 * @prop {ClothPins} pin - `{top}` or `{vertices}`; accepts the attribute's text too.
 * @prop {number} stiffness - See the `stiffness` attribute.
 * @prop {number} damping - See the `damping` attribute.
 * @prop {[number, number, number]} gravity - See the `gravity` attribute.
 * @prop {number} iterations - See the `iterations` attribute.
 * @prop {number} maxSpeed - See the `max-speed` attribute.
 * @prop {'bones' | 'none'} colliders - See the `colliders` attribute.
 * @prop {ClothDriver | undefined} driver - The running cloth while bound (for tests and advanced use); set once `updateComplete` resolves after the model loads (the solver's code is fetched when the first cloth connects).
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `unknown-mesh` for a mesh the model lacks or a missing `mesh`; `bad-attribute` for a bad value (the previous one stays) or pinned vertices the mesh lacks; `load-failed` when the solver's code cannot be fetched (tried again when the cloth reconnects or its `mesh`, `pin` or `colliders` change).
 */
@customElement('anim-cloth')
export class AnimCloth extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  @property() mesh = '';
  #pin: ClothPins = DEFAULT_PIN;
  #stiffness = DEFAULTS.stiffness;
  #damping = DEFAULTS.damping;
  #gravity: Vector3Tuple = [...DEFAULTS.gravity];
  #iterations = DEFAULTS.iterations;
  #maxSpeed = DEFAULTS.maxSpeed;
  #colliders: ClothColliders = 'bones';
  #driver: ClothDriver | undefined;
  /** The character or model the cloth is on (its nearest one). */
  #host: AnimCharacter | AnimModel | null = null;
  /** What the driver was made for: the character's rig or the model's loaded scene. */
  #boundTo: unknown;
  /** Connected since the last bind: the next update binds (once, however many properties changed with it). */
  #connectedSinceBind = false;
  /** The solver's code; after a failed fetch, a reconnect or a new mesh, pin or colliders tries again. */
  readonly #code = new CodeFetch(this, clothCode, 'the cloth solver', () => {
    this.#connectedSinceBind = true;
    this.requestUpdate();
  });

  @property()
  get pin(): ClothPins {
    return this.#pin;
  }
  set pin(value: ClothPins | string | null | undefined) {
    const text = value !== null && typeof value === 'object' ? formatPin(value) : value;
    this.#pin = acceptValue(this, 'pin', text, parsePin, this.#pin, DEFAULT_PIN);
  }

  @property()
  get stiffness(): number {
    return this.#stiffness;
  }
  set stiffness(value: number | string | null | undefined) {
    this.#stiffness = acceptValue(this, 'stiffness', value, parseUnit, this.#stiffness, DEFAULTS.stiffness);
  }

  @property()
  get damping(): number {
    return this.#damping;
  }
  set damping(value: number | string | null | undefined) {
    this.#damping = acceptValue(this, 'damping', value, parseNonNegative, this.#damping, DEFAULTS.damping);
  }

  @property()
  get gravity(): Vector3Tuple {
    return this.#gravity;
  }
  set gravity(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#gravity = acceptValue(this, 'gravity', text, parseVector3, this.#gravity, [...DEFAULTS.gravity]);
  }

  @property()
  get iterations(): number {
    return this.#iterations;
  }
  set iterations(value: number | string | null | undefined) {
    this.#iterations = acceptValue(this, 'iterations', value, parseIterations, this.#iterations, DEFAULTS.iterations);
  }

  @property({ attribute: 'max-speed' })
  get maxSpeed(): number {
    return this.#maxSpeed;
  }
  set maxSpeed(value: number | string | null | undefined) {
    this.#maxSpeed = acceptValue(this, 'max-speed', value, parsePositive, this.#maxSpeed, DEFAULTS.maxSpeed);
  }

  @property()
  get colliders(): ClothColliders {
    return this.#colliders;
  }
  set colliders(value: string | null | undefined) {
    this.#colliders = acceptValue(this, 'colliders', value, parseColliders, this.#colliders, 'bones');
  }

  get driver(): ClothDriver | undefined {
    return this.#driver;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#host = this.parentElement?.closest('anim-character, anim-model') ?? null;
    this.#host?.addEventListener('anim-load', this.#onLoad);
    // already loaded: the next update binds, once (a load in flight binds on its anim-load)
    this.#connectedSinceBind = true;
    this.requestUpdate();
    this.#code.retry();
    this.#code.need();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#host?.removeEventListener('anim-load', this.#onLoad);
    this.#host = null;
    this.#unbind();
  }

  readonly #onLoad = (event: Event): void => {
    const target = this.#target();
    if (event.target === this.#host && target && target !== this.#boundTo) this.#bind();
  };

  /** The loaded thing to put the cloth on: a character's rig or a model's loaded scene (none while loading). */
  #target(): unknown {
    const host = this.#host;
    if (!host) return undefined;
    if (host.localName === 'anim-character') return characterInternals(host)?.rig;
    const model = host as AnimModel;
    return model.loaded ? model.object3D.children[0] : undefined;
  }

  /** Also waits for the solver's code when it is being fetched (`driver` is set once both are done). */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.#code.afterUpdates(() => super.getUpdateComplete());
  }

  protected override updated(changed: PropertyValues<this>): void {
    const remade = changed.has('mesh') || changed.has('pin') || changed.has('colliders');
    if (this.#connectedSinceBind || remade) {
      if (remade) this.#code.retry();
      this.#connectedSinceBind = false;
      if (this.#driver || this.#target()) this.#bind();
    } else if (this.#driver) {
      try {
        this.#driver.setSettings(this.#settings());
      } catch (error) {
        reportCaught(this, error);
      }
    }
  }

  #settings() {
    return {
      stiffness: this.#stiffness,
      damping: this.#damping,
      gravity: [...this.#gravity] as Vector3Tuple,
      iterations: this.#iterations,
      maxSpeed: this.#maxSpeed,
    };
  }

  #bind(): void {
    this.#unbind();
    const host = this.#host;
    const target = this.#target();
    if (!host || !target) return;
    const code = this.#code.need();
    if (!code) return;
    const character = host.localName === 'anim-character' ? (host as AnimCharacter) : null;
    const rig = characterInternals(character)?.rig;
    const stage = character ? characterInternals(character)?.stage : findSceneStage(host);
    if (!stage) return;
    const options = { mesh: this.mesh, pins: this.#pin, settings: this.#settings(), colliders: this.#colliders };
    this.#boundTo = target; // tried for this target, bound or not: its anim-load does not try (and report) again
    try {
      this.#driver = rig
        ? code.ClothDriver.onRig(rig, stage, options)
        : code.ClothDriver.onObject((host as AnimModel).object3D, stage, options);
      stage.loop.requestRedraw();
    } catch (error) {
      reportCaught(this, error, this.mesh ? `mesh="${this.mesh}"` : 'mesh is required');
    }
  }

  #unbind(): void {
    this.#driver?.dispose();
    this.#driver = undefined;
    this.#boundTo = undefined;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-cloth': AnimCloth;
  }
}
