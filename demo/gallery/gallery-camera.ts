import { Vector3 } from 'three';
import { orbitPosition } from '../../src/scene/orbit.js';
import type { Actor, Stage } from '../../src/scene/stage.js';

/** Keys that pan, by `KeyboardEvent.code` (the key's place, whatever the keyboard layout): [right, forward]. */
const PAN_KEYS: Record<string, readonly [number, number]> = {
  KeyW: [0, 1],
  KeyS: [0, -1],
  KeyA: [-1, 0],
  KeyD: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** Pan speed in view heights per second: the same feel at any zoom. */
const PAN_RATE = 0.8;
const MIN_PITCH = 5;
/** How far across the view (in normalized device coordinates) a framed box may reach. */
const FRAME_MARGIN = 0.9;
const MAX_PITCH = 85;

/**
 * The gallery's camera: W A S D (or the arrow keys) pan over the ground, the wheel zooms toward the target,
 * dragging orbits. Panning moves with the stage's time (an Actor), so it stops when the page is hidden.
 * `onChange` runs after each move, for whatever follows the camera (the labels).
 */
export class GalleryCamera implements Actor {
  yaw = 0;
  pitch = 50;
  distance = 10;
  targetX = 0;
  targetY = 0;
  targetZ = 0;
  minDistance = 1;
  maxDistance = 100;

  readonly #stage: Stage;
  readonly #surface: HTMLElement;
  readonly #onChange: () => void;
  readonly #held = new Set<string>();
  #dragging = false;
  #dragX = 0;
  #dragY = 0;

  constructor(stage: Stage, surface: HTMLElement, onChange: () => void) {
    this.#stage = stage;
    this.#surface = surface;
    this.#onChange = onChange;
    window.addEventListener('keydown', this.#onKeyDown);
    window.addEventListener('keyup', this.#onKeyUp);
    window.addEventListener('blur', this.#onBlur);
    surface.addEventListener('wheel', this.#onWheel, { passive: false });
    surface.addEventListener('pointerdown', this.#onPointerDown);
    stage.addActor(this);
  }

  /**
   * Frames a box standing on the ground (model units) from the current yaw and pitch: the nearest distance
   * at which all eight corners fall inside the view, with a margin. Load-time work, once per layout.
   */
  frame(minX: number, maxX: number, minZ: number, maxZ: number, top: number): void {
    this.targetX = (minX + maxX) / 2;
    this.targetY = top * 0.45;
    this.targetZ = (minZ + maxZ) / 2;
    const probe = this.#stage.camera.clone();
    // no far plane for the search: beyond it every corner would fail and the search would run off outward
    probe.far = 1e9;
    probe.updateProjectionMatrix();
    const corner = new Vector3();
    let low = 0;
    let high = 0;
    /** Places the probe; true when every corner is in view (and notes how high and low they reach). */
    const fits = (distance: number) => {
      orbitPosition(
        corner.set(this.targetX, this.targetY, this.targetZ),
        this.yaw,
        this.pitch,
        distance,
        probe.position,
      );
      probe.lookAt(this.targetX, this.targetY, this.targetZ);
      probe.updateMatrixWorld();
      low = Infinity;
      high = -Infinity;
      let inside = true;
      for (let i = 0; i < 8; i++) {
        corner.set(i & 1 ? maxX : minX, i & 2 ? top : 0, i & 4 ? maxZ : minZ).project(probe);
        low = Math.min(low, corner.y);
        high = Math.max(high, corner.y);
        if (corner.z > 1 || Math.abs(corner.x) > FRAME_MARGIN || Math.abs(corner.y) > FRAME_MARGIN) inside = false;
      }
      return inside;
    };
    const size = Math.hypot(maxX - minX, maxZ - minZ, top) || 1;
    const yaw = (this.yaw * Math.PI) / 180;
    const halfFov = (probe.fov * Math.PI) / 360;
    // perspective squeezes the far side: fit, then slide the target toward the side with room to spare, a few times
    for (let round = 0; round < 6; round++) {
      let near = 0;
      let far = size * 20;
      for (let i = 0; i < 40; i++) {
        const mid = (near + far) / 2;
        if (fits(mid)) far = mid;
        else near = mid;
      }
      this.distance = far;
      fits(far);
      const offset = (high + low) / 2;
      // metres of ground per unit of NDC height at the target, seen at this pitch
      const groundPerNdc = (far * Math.tan(halfFov)) / Math.sin((this.pitch * Math.PI) / 180);
      this.targetX -= Math.sin(yaw) * offset * groundPerNdc * 0.7;
      this.targetZ -= Math.cos(yaw) * offset * groundPerNdc * 0.7;
    }
    this.minDistance = size * 0.1;
    this.maxDistance = Math.max(this.distance * 3, size * 2);
    this.apply();
  }

  /** Pushes the camera state to the stage. */
  apply(): void {
    // near and far follow the distance, so a model in centimetres draws as one in metres does
    const camera = this.#stage.camera;
    camera.near = this.distance / 200;
    camera.far = this.distance * 20;
    camera.updateProjectionMatrix();
    this.#stage.setTarget(this.targetX, this.targetY, this.targetZ);
    this.#stage.setOrbit(this.yaw, this.pitch, this.distance);
    this.#onChange();
  }

  update(dt: number): void {
    if (this.#held.size === 0 || dt <= 0) return;
    let right = 0;
    let forward = 0;
    for (const code of this.#held) {
      const dir = PAN_KEYS[code];
      right += dir[0];
      forward += dir[1];
    }
    if (right === 0 && forward === 0) return;
    const step =
      (PAN_RATE * dt * this.distance * Math.tan((this.#stage.camera.fov * Math.PI) / 360) * 2) /
      Math.hypot(right, forward);
    const yaw = (this.yaw * Math.PI) / 180;
    // forward is away from the camera along the ground; right is the screen's right
    this.targetX += (right * Math.cos(yaw) - forward * Math.sin(yaw)) * step;
    this.targetZ += (-right * Math.sin(yaw) - forward * Math.cos(yaw)) * step;
    this.apply();
  }

  /** Simulates the keys (for tests): the same path as real key presses. */
  press(code: string, down: boolean): void {
    if (!(code in PAN_KEYS)) return;
    if (down) this.#held.add(code);
    else this.#held.delete(code);
  }

  dispose(): void {
    window.removeEventListener('keydown', this.#onKeyDown);
    window.removeEventListener('keyup', this.#onKeyUp);
    window.removeEventListener('blur', this.#onBlur);
    this.#surface.removeEventListener('wheel', this.#onWheel);
    this.#surface.removeEventListener('pointerdown', this.#onPointerDown);
    this.#stage.removeActor(this);
  }

  readonly #onKeyDown = (event: KeyboardEvent): void => {
    if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (!(event.code in PAN_KEYS)) return;
    event.preventDefault();
    this.press(event.code, true);
  };

  readonly #onKeyUp = (event: KeyboardEvent): void => this.press(event.code, false);

  readonly #onBlur = (): void => this.#held.clear();

  readonly #onWheel = (event: WheelEvent): void => {
    event.preventDefault();
    const lines = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? 33 : 1;
    const zoomed = this.distance * Math.exp(event.deltaY * lines * 0.0015);
    this.distance = Math.min(this.maxDistance, Math.max(this.minDistance, zoomed));
    this.apply();
  };

  readonly #onPointerDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    this.#dragging = true;
    this.#dragX = event.clientX;
    this.#dragY = event.clientY;
    this.#surface.setPointerCapture(event.pointerId);
    this.#surface.addEventListener('pointermove', this.#onPointerMove);
    this.#surface.addEventListener('pointerup', this.#onPointerUp);
    this.#surface.addEventListener('pointercancel', this.#onPointerUp);
  };

  readonly #onPointerMove = (event: PointerEvent): void => {
    if (!this.#dragging) return;
    this.yaw -= (event.clientX - this.#dragX) * 0.3;
    this.pitch = Math.min(MAX_PITCH, Math.max(MIN_PITCH, this.pitch + (event.clientY - this.#dragY) * 0.3));
    this.#dragX = event.clientX;
    this.#dragY = event.clientY;
    this.apply();
  };

  readonly #onPointerUp = (): void => {
    this.#dragging = false;
    this.#surface.removeEventListener('pointermove', this.#onPointerMove);
    this.#surface.removeEventListener('pointerup', this.#onPointerUp);
    this.#surface.removeEventListener('pointercancel', this.#onPointerUp);
  };
}

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}
