import { css, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { startPhysics } from '../scene/physics.js';
import type { Stage } from '../scene/stage.js';
import { type ControlInput, DEFAULT_THIRD_PERSON, ThirdPersonController } from '../scene/third-person.js';
import { acceptFinite, acceptValue, listText } from './accept-value.js';
import type { AnimCharacter } from './anim-character.js';
import { loadedCharacterCode } from './character-code.js';
import { reportCaught, reportCaughtOnce, reportError } from './errors.js';
import { characterInternals } from './internals.js';
import { parseAngle, parseEnum, parseLength, parseNumber } from './units.js';

const CONTROLLER_TYPES = ['third-person'] as const;
const CAMERA_MODES = ['spring-arm', 'none'] as const;
type CameraMode = (typeof CAMERA_MODES)[number];

const DEFAULT_KEYS = ['w', 'a', 's', 'd'];
const parseType = (text: string) => parseEnum(text, CONTROLLER_TYPES);
const parseCamera = (text: string) => parseEnum(text, CAMERA_MODES);
const parseSpeed = (text: string) => parseNumber(text, { min: 0 });
const parseTurn = (text: string) => parseAngle(text, { min: 0 });
const parseHeight = (text: string) => parseLength(text, { min: 0 });
/** Four keys, forward left back right: `KeyboardEvent.key` or `.code` values (`"w a s d"`, `"ArrowUp ArrowLeft ArrowDown ArrowRight"`). */
function parseKeys(text: string) {
  const keys = text.trim().split(/\s+/).filter(Boolean);
  return keys.length === 4
    ? { ok: true as const, value: keys }
    : { ok: false as const, message: `"${text}" is not four keys (forward left back right)` };
}
function parseKey(text: string) {
  const key = text.trim();
  return key && !/\s/.test(key)
    ? { ok: true as const, value: key }
    : { ok: false as const, message: `"${text}" is not one key` };
}

/** Whether a key event names `key` (by `key`, case-insensitive, or by `code`; `Space` and `" "` are one). */
function matches(event: KeyboardEvent, key: string): boolean {
  const k = key.toLowerCase();
  const pressed = event.key === ' ' ? 'space' : event.key.toLowerCase();
  return pressed === k || event.code.toLowerCase() === k || (k === ' ' && pressed === 'space');
}

/**
 * The third-person starter. Put it inside an `<anim-character>`: the character gets a capsule in the
 * scene's physics world (Rapier starts on first use) moved by Rapier's kinematic character controller, and
 * its root motion drives that capsule (`root-motion` becomes `expose planar`: the clip's horizontal motion
 * goes through `moveAndSlide`, so walls stop it, slopes and steps lift it and the feet keep pace). WASD
 * moves relative to the camera, the character turns to face its movement, Shift runs, Space jumps (a
 * physics jump: the vertical is handed off, gravity brings it down, and the landing is soft or hard by
 * the fall speed). It sets the locomotion graph's params `speed`, `grounded`, `jump` and `fall`; a
 * character without a graph of its own gets the built-in locomotion graph (over its clips, in step by
 * their sync markers). A spring-arm camera orbits the character (drag to turn it) and is pulled in front
 * of walls by a ray.
 *
 * Keys are read only while the scene has focus (click it, or tab to it): the page's other inputs keep
 * their keys. Scripts (and tests) drive it through `input` (`{forward, right, run, jump}`) without any
 * keyboard. Scenery collides once it is in the physics world: an `<anim-model collider>`, or from a script
 * `startPhysics(stage)` then its `addStaticMeshes(object)`.
 *
 * @summary Third-person controller: camera-relative WASD, run, jump, spring-arm camera, root motion into a Rapier capsule.
 *
 * @attr type - The kind of controller: `third-person` (the only one so far, and the default).
 * @attr keys - Four keys for forward, left, back and right, as `KeyboardEvent.key` or `.code` values. Default `"w a s d"`.
 * @attr run-key - The key held to run. Default `Shift`.
 * @attr jump-key - The key that jumps. Default `Space`.
 * @attr camera - `spring-arm` (the default: an orbit camera following the character, kept in front of walls) or `none` (the scene's camera stays where it is).
 * @attr walk-speed - Ground speed when walking, m/s. Default the mannequin's walk pace (1.18).
 * @attr run-speed - Ground speed when running, m/s. Default the mannequin's run pace (3.24).
 * @attr turn-speed - How fast the character turns to face its movement, degrees per second. Default 540.
 * @attr jump-height - How high a jump lifts the feet, metres. Default 0.9.
 *
 * @prop {string} type - See the `type` attribute.
 * @prop {string[]} keys - See the `keys` attribute; accepts the text too.
 * @prop {string} runKey - See the `run-key` attribute.
 * @prop {string} jumpKey - See the `jump-key` attribute.
 * @prop {'spring-arm' | 'none'} camera - See the `camera` attribute.
 * @prop {number} walkSpeed - See the `walk-speed` attribute.
 * @prop {number} runSpeed - See the `run-speed` attribute.
 * @prop {number} turnSpeed - See the `turn-speed` attribute; degrees per second.
 * @prop {number} jumpHeight - See the `jump-height` attribute.
 * @prop {ControlInput} input - Scripted input, added to the keys: `forward` and `right` from −1 to 1, `run`, and `jump` (consumed by the next frame on the ground).
 * @prop {boolean} grounded - Read-only: whether the capsule stands on something.
 * @prop {number} speed - Read-only: the ground speed the controller asks for now, m/s.
 * @prop {[number, number, number]} place - Read-only: where the capsule's feet are, metres.
 * @prop {Promise<void>} ready - Resolves once physics has started and the capsule exists; rejects when physics cannot start.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad attribute (`bad-attribute`), no character around it or physics that cannot start (`physics-unavailable` without the Rapier package, `physics-failed`).
 */
@customElement('anim-controller')
export class AnimController extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  /** Scripted input; the keys held are added to it each frame. */
  readonly input: ControlInput = { forward: 0, right: 0, run: false, jump: false };

  #type: (typeof CONTROLLER_TYPES)[number] = 'third-person';
  #keys: string[] = DEFAULT_KEYS;
  #runKey = 'Shift';
  #jumpKey = 'Space';
  #camera: CameraMode = 'spring-arm';
  #walkSpeed = DEFAULT_THIRD_PERSON.walkSpeed;
  #runSpeed = DEFAULT_THIRD_PERSON.runSpeed;
  #turnSpeed = (DEFAULT_THIRD_PERSON.turnSpeed * 180) / Math.PI;
  #jumpHeight = DEFAULT_THIRD_PERSON.jumpHeight;

  #character: AnimCharacter | null = null;
  #stage: Stage | undefined;
  #controller: ThirdPersonController | undefined;
  #focusTarget: HTMLElement | null = null;
  #held = new Set<string>();
  #jumpPressed = false;
  #drag: { x: number; y: number; id: number } | null = null;
  #ready: Promise<void> = Promise.resolve();
  #connection = 0;

  @property()
  get type(): string {
    return this.#type;
  }
  set type(value: string | null | undefined) {
    this.#type = acceptValue(this, 'type', value, parseType, this.#type, 'third-person');
  }

  @property()
  get keys(): string[] {
    return this.#keys;
  }
  set keys(value: readonly string[] | string | null | undefined) {
    const text = listText(value);
    this.#keys = acceptValue(this, 'keys', text, parseKeys, this.#keys, DEFAULT_KEYS);
  }

  @property({ attribute: 'run-key' })
  get runKey(): string {
    return this.#runKey;
  }
  set runKey(value: string | null | undefined) {
    this.#runKey = acceptValue(this, 'run-key', value, parseKey, this.#runKey, 'Shift');
  }

  @property({ attribute: 'jump-key' })
  get jumpKey(): string {
    return this.#jumpKey;
  }
  set jumpKey(value: string | null | undefined) {
    this.#jumpKey = acceptValue(this, 'jump-key', value, parseKey, this.#jumpKey, 'Space');
  }

  @property()
  get camera(): CameraMode {
    return this.#camera;
  }
  set camera(value: string | null | undefined) {
    this.#camera = acceptValue(this, 'camera', value, parseCamera, this.#camera, 'spring-arm');
  }

  @property({ attribute: 'walk-speed' })
  get walkSpeed(): number {
    return this.#walkSpeed;
  }
  set walkSpeed(value: number | string | null | undefined) {
    this.#walkSpeed = acceptValue(
      this,
      'walk-speed',
      value,
      parseSpeed,
      this.#walkSpeed,
      DEFAULT_THIRD_PERSON.walkSpeed,
    );
  }

  @property({ attribute: 'run-speed' })
  get runSpeed(): number {
    return this.#runSpeed;
  }
  set runSpeed(value: number | string | null | undefined) {
    this.#runSpeed = acceptValue(this, 'run-speed', value, parseSpeed, this.#runSpeed, DEFAULT_THIRD_PERSON.runSpeed);
  }

  @property({ attribute: 'turn-speed' })
  get turnSpeed(): number {
    return this.#turnSpeed;
  }
  set turnSpeed(value: number | string | null | undefined) {
    const fallback = (DEFAULT_THIRD_PERSON.turnSpeed * 180) / Math.PI;
    this.#turnSpeed = acceptValue(this, 'turn-speed', value, parseTurn, this.#turnSpeed, fallback);
  }

  @property({ attribute: 'jump-height' })
  get jumpHeight(): number {
    return this.#jumpHeight;
  }
  set jumpHeight(value: number | string | null | undefined) {
    this.#jumpHeight = acceptValue(
      this,
      'jump-height',
      value,
      parseHeight,
      this.#jumpHeight,
      DEFAULT_THIRD_PERSON.jumpHeight,
    );
  }

  get grounded(): boolean {
    return this.#controller?.grounded ?? false;
  }

  get speed(): number {
    return this.#controller?.speed ?? 0;
  }

  get place(): [number, number, number] {
    const p = this.#controller?.capsule.position;
    return p ? [p[0], p[1], p[2]] : [0, 0, 0];
  }

  get ready(): Promise<void> {
    return this.#ready;
  }

  /** The scene side (for tests and advanced use) once started. */
  get controller(): ThirdPersonController | undefined {
    return this.#controller;
  }

  /** Puts the character at x y z (metres) with no sweep: a respawn. */
  teleport(x: number, y: number, z: number): void {
    if (![x, y, z].every((v, i) => acceptFinite(this, 'teleport', v, `${'xyz'[i]} must be a finite number of metres`)))
      return;
    this.#controller?.teleport(x, y, z);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const character = this.parentElement?.localName === 'anim-character' ? (this.parentElement as AnimCharacter) : null;
    if (!character) {
      reportError(this, 'missing-target', '<anim-controller> must be a child of an <anim-character>');
      return;
    }
    this.#character = character;
    const connection = ++this.#connection;
    this.#ready = this.#start(character, connection);
    this.#ready.catch(() => {});
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#connection++;
    this.#stop();
  }

  protected override updated(_changed: PropertyValues<this>): void {
    this.#applySettings();
  }

  async #start(character: AnimCharacter, connection: number): Promise<void> {
    await character.updateComplete;
    const internals = characterInternals(character);
    const stage = internals?.stage;
    if (!stage) return;
    let physics: Awaited<ReturnType<typeof startPhysics>>;
    try {
      physics = await startPhysics(stage);
    } catch (error) {
      reportCaughtOnce(this, error);
      throw error;
    }
    if (connection !== this.#connection) return;
    this.#stage = stage;
    if (character.rootMotion === 'off' || character.rootMotion === 'auto') character.rootMotion = 'expose planar';
    const controller = new ThirdPersonController(
      stage,
      physics,
      () => internals?.rig,
      (rig) => loadedCharacterCode().locomotionSource(rig),
    );
    controller.orbit.yaw = (internals?.rig?.root.rotation.y ?? 0) * (180 / Math.PI) + 180;
    this.#controller = controller;
    this.#applySettings();
    // the controller moves the root in the control phase, then the rig poses there in the animate phase
    stage.addActor(this.#inputActor, 'control');
    stage.addActor(controller, 'control');
    this.#listen(stage);
  }

  #stop(): void {
    const stage = this.#stage;
    if (stage && this.#controller) {
      stage.removeActor(this.#inputActor);
      stage.removeActor(this.#controller);
      this.#controller.dispose();
    }
    this.#unlisten();
    this.#controller = undefined;
    this.#stage = undefined;
    this.#character = null;
  }

  #applySettings(): void {
    const c = this.#controller;
    if (!c) return;
    c.settings = {
      walkSpeed: this.#walkSpeed,
      runSpeed: this.#runSpeed,
      turnSpeed: (this.#turnSpeed * Math.PI) / 180,
      jumpHeight: this.#jumpHeight,
      camera: this.#camera === 'spring-arm',
    };
  }

  /** Each frame, before the controller: the keys held plus the scripted input. */
  readonly #inputActor = {
    failed: (error: unknown) => reportCaught(this, error, 'during a frame'),
    update: (): void => {
      const c = this.#controller;
      if (!c) return;
      // keys: forward, left, back, right (no destructuring or closure: this runs every frame)
      const keys = this.#keys;
      const held = this.#held;
      const input = this.input;
      c.input.forward = clamp1(input.forward + (held.has(keys[0]) ? 1 : 0) - (held.has(keys[2]) ? 1 : 0));
      c.input.right = clamp1(input.right + (held.has(keys[3]) ? 1 : 0) - (held.has(keys[1]) ? 1 : 0));
      c.input.run = input.run || held.has(this.#runKey);
      if (input.jump || this.#jumpPressed) c.input.jump = true;
      input.jump = false;
      this.#jumpPressed = false;
    },
  };

  #listen(stage: Stage): void {
    const scene = this.#character?.closest('anim-scene') as HTMLElement | null;
    const target = scene ?? this.#character;
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.tabIndex = 0;
    this.#focusTarget = target;
    target.addEventListener('keydown', this.#onKeyDown);
    target.addEventListener('keyup', this.#onKeyUp);
    target.addEventListener('blur', this.#onBlur);
    stage.canvas.addEventListener('pointerdown', this.#onPointerDown);
    stage.canvas.addEventListener('pointermove', this.#onPointerMove);
    stage.canvas.addEventListener('pointerup', this.#onPointerUp);
  }

  #unlisten(): void {
    const target = this.#focusTarget;
    target?.removeEventListener('keydown', this.#onKeyDown);
    target?.removeEventListener('keyup', this.#onKeyUp);
    target?.removeEventListener('blur', this.#onBlur);
    const canvas = this.#stage?.canvas;
    canvas?.removeEventListener('pointerdown', this.#onPointerDown);
    canvas?.removeEventListener('pointermove', this.#onPointerMove);
    canvas?.removeEventListener('pointerup', this.#onPointerUp);
    this.#focusTarget = null;
    this.#held.clear();
  }

  /** The configured key a key event names, if any. */
  #keyOf(event: KeyboardEvent): string | null {
    for (const key of [...this.#keys, this.#runKey, this.#jumpKey]) if (matches(event, key)) return key;
    return null;
  }

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    const key = this.#keyOf(event);
    if (key === null) return;
    event.preventDefault();
    if (key === this.#jumpKey && !event.repeat) this.#jumpPressed = true;
    this.#held.add(key);
    this.#stage?.loop.requestRedraw();
  };

  readonly #onKeyUp = (event: KeyboardEvent): void => {
    const key = this.#keyOf(event);
    if (key !== null) this.#held.delete(key);
    // Shift released while a letter is down changes that letter's key: drop by code too
    for (const held of [...this.#held]) if (matches(event, held)) this.#held.delete(held);
  };

  readonly #onBlur = (): void => this.#held.clear();

  readonly #onPointerDown = (event: PointerEvent): void => {
    this.#drag = { x: event.clientX, y: event.clientY, id: event.pointerId };
    (event.target as Element).setPointerCapture?.(event.pointerId);
    this.#focusTarget?.focus({ preventScroll: true });
  };

  readonly #onPointerMove = (event: PointerEvent): void => {
    const drag = this.#drag;
    if (!drag || drag.id !== event.pointerId) return;
    this.#controller?.turnCamera(-(event.clientX - drag.x) * 0.3, (event.clientY - drag.y) * 0.3);
    drag.x = event.clientX;
    drag.y = event.clientY;
  };

  readonly #onPointerUp = (): void => {
    this.#drag = null;
  };
}

function clamp1(v: number): number {
  return Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0;
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-controller': AnimController;
  }
}
