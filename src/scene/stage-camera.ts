import { Box3, MathUtils, type PerspectiveCamera, Sphere, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import {
  AUTO_FOV,
  AUTO_ORBIT,
  AUTO_PITCH,
  AUTO_YAW,
  type DistanceSpec,
  type OrbitSpec,
  resolveDistance,
  type TargetSpec,
} from './camera-spec.js';
import { clipPlanes, fitDistance } from './framing.js';
import { orbitPosition } from './orbit.js';

/** What the camera frames when the stage holds nothing: a person-sized volume standing on the origin. */
const EMPTY_BOUNDS = new Box3(new Vector3(-0.4, 0, -0.4), new Vector3(0.4, 1.8, 0.4));
/** Auto-rotate speed, degrees per second (a turn in 30 s, as model-viewer). */
const AUTO_ROTATE_SPEED = 12;
/** How far the user may zoom in and out, as a multiple of the fitted distance, when the limits are `auto`. */
const AUTO_MIN_ZOOM = 0.25;
const AUTO_MAX_ZOOM = 4;

const _sphere = new Sphere();
const _offset = new Vector3();

/** The camera side of a stage: orbit, target, field of view, limits, framing, controls and auto-rotate. */
export class StageCamera {
  orbit: OrbitSpec = AUTO_ORBIT;
  target: TargetSpec = 'auto';
  /** Degrees, or `auto`. */
  fov: number | 'auto' = 'auto';
  minOrbit: OrbitSpec = AUTO_ORBIT;
  maxOrbit: OrbitSpec = AUTO_ORBIT;
  /** Field-of-view limits for zooming (degrees). */
  minFov: number | 'auto' = 'auto';
  maxFov: number | 'auto' = 'auto';
  autoRotate = false;
  /** Seconds without interaction before auto-rotate (re)starts. */
  autoRotateDelay = 3;

  /** The fitted target and distance: what `auto` means for the current model. */
  readonly fittedTarget = new Vector3(0, 0.9, 0);
  fittedDistance = 4;
  readonly #bounds = new Box3().copy(EMPTY_BOUNDS);
  readonly #target = new Vector3();
  /** Where `place` last put the camera: a camera elsewhere was moved since (see `fit`). */
  readonly #placedAt = new Vector3();
  #controls: OrbitControls | undefined;
  #idle = Number.POSITIVE_INFINITY;
  /** Asked for a redraw after every camera change. */
  readonly #redraw: () => void;

  constructor(
    readonly camera: PerspectiveCamera,
    readonly canvas: HTMLCanvasElement,
    redraw: () => void,
  ) {
    this.#redraw = redraw;
    this.#placedAt.copy(camera.position);
  }

  /** The model's framing bounds (world space); an empty box means the empty-stage default. */
  get bounds(): Box3 {
    return this.#bounds;
  }

  /**
   * Fits to new bounds (`auto` parts follow them) and places the camera; with `unlessMoved`, only while the
   * camera is where it was last placed (a camera moved since stays, and the bounds wait for the next fit).
   */
  fit(bounds: Box3, unlessMoved = false): void {
    // a camera moved since it was placed (dragged, zoomed, turned by the keys, auto-rotate, a script) may stay
    if (unlessMoved && !this.camera.position.equals(this.#placedAt)) return;
    this.#bounds.copy(bounds.isEmpty() ? EMPTY_BOUNDS : bounds);
    this.place();
  }

  /** Places the camera from the spec and the last fit: resets the orbit the user dragged to. */
  place(): void {
    const camera = this.camera;
    camera.fov = MathUtils.clamp(this.#fov(), 1, 179);
    const angles = { yaw: this.#yaw(this.orbit), pitch: this.#pitch(this.orbit) };
    this.#bounds.getCenter(this.fittedTarget);
    this.fittedDistance = fitDistance(this.#bounds, angles, camera.fov, camera.aspect) || 4;
    const distance = this.#clampDistance(resolveDistance(this.orbit.distance, this.fittedDistance));
    const target = this.target === 'auto' ? this.fittedTarget : this.#target.fromArray(this.target);
    if (this.target !== 'auto') this.#target.fromArray(this.target);
    orbitPosition(
      target,
      angles.yaw,
      MathUtils.clamp(angles.pitch, this.#limit('pitch', -90, 'min'), this.#limit('pitch', 90, 'max')),
      distance,
      camera.position,
    );
    camera.lookAt(target);
    const radius = this.#bounds.getBoundingSphere(_sphere).radius;
    const { near, far } = clipPlanes(radius, distance, this.#maxDistance());
    camera.near = near;
    camera.far = far;
    camera.updateProjectionMatrix();
    this.#configureControls(target);
    this.#placedAt.copy(camera.position);
    this.#redraw();
  }

  /** The camera's orbit now, in degrees and metres (after any drag, zoom or auto-rotate). */
  current(): { yaw: number; pitch: number; distance: number } {
    const target = this.#controls?.target ?? (this.target === 'auto' ? this.fittedTarget : this.#target);
    _offset.subVectors(this.camera.position, target);
    const distance = _offset.length();
    const yaw = MathUtils.radToDeg(Math.atan2(_offset.x, _offset.z));
    const pitch = MathUtils.radToDeg(Math.asin(MathUtils.clamp(_offset.y / (distance || 1), -1, 1)));
    return { yaw, pitch, distance };
  }

  /** The point the camera looks at now. */
  currentTarget(out: Vector3): Vector3 {
    return out.copy(this.#controls?.target ?? (this.target === 'auto' ? this.fittedTarget : this.#target));
  }

  /** Turns three's OrbitControls (drag to orbit, wheel to zoom, right-drag to pan) on or off. */
  setControls(enabled: boolean): void {
    if (enabled === !!this.#controls) return;
    if (enabled) {
      const controls = new OrbitControls(this.camera, this.canvas);
      controls.addEventListener('change', this.#redraw);
      controls.addEventListener('start', this.#interacted);
      this.#controls = controls;
      this.place();
    } else {
      this.#controls?.removeEventListener('change', this.#redraw);
      this.#controls?.removeEventListener('start', this.#interacted);
      this.#controls?.dispose();
      this.#controls = undefined;
    }
  }

  get controls(): OrbitControls | undefined {
    return this.#controls;
  }

  readonly #interacted = (): void => {
    this.#idle = 0;
  };

  /** Per frame, before the controls update: auto-rotate after `autoRotateDelay` seconds without interaction. */
  advance(dt: number): void {
    if (!this.autoRotate || dt <= 0) return;
    this.#idle += dt;
    // only the part of the frame past the delay turns (a long frame that ends the wait turns by its remainder)
    const turning = Math.min(dt, this.#idle - this.autoRotateDelay);
    if (turning <= 0) return;
    const target = this.#controls?.target ?? (this.target === 'auto' ? this.fittedTarget : this.#target);
    _offset.subVectors(this.camera.position, target);
    _offset.applyAxisAngle(this.camera.up, MathUtils.degToRad(AUTO_ROTATE_SPEED * turning));
    this.camera.position.copy(target).add(_offset);
    this.camera.lookAt(target);
    this.#controls?.update();
    this.#redraw();
  }

  /** The controls follow the target and the limits (angles, distances, zoom). */
  #configureControls(target: Vector3): void {
    const controls = this.#controls;
    if (!controls) return;
    controls.target.copy(target);
    controls.minDistance = this.#minDistance();
    controls.maxDistance = this.#maxDistance();
    const yawMin = this.minOrbit.yaw;
    const yawMax = this.maxOrbit.yaw;
    controls.minAzimuthAngle = yawMin === 'auto' ? Number.NEGATIVE_INFINITY : MathUtils.degToRad(yawMin);
    controls.maxAzimuthAngle = yawMax === 'auto' ? Number.POSITIVE_INFINITY : MathUtils.degToRad(yawMax);
    // three's polar angle is measured from straight up; ours (pitch) from the horizon
    controls.maxPolarAngle = MathUtils.degToRad(90 - this.#limit('pitch', -90, 'min'));
    controls.minPolarAngle = MathUtils.degToRad(90 - this.#limit('pitch', 90, 'max'));
    controls.update();
  }

  #fov(): number {
    const fov = this.fov === 'auto' ? AUTO_FOV : this.fov;
    const min = this.minFov === 'auto' ? 1 : this.minFov;
    const max = this.maxFov === 'auto' ? 179 : this.maxFov;
    return MathUtils.clamp(fov, min, max);
  }

  #yaw(orbit: OrbitSpec): number {
    const yaw = orbit.yaw === 'auto' ? AUTO_YAW : orbit.yaw;
    return MathUtils.clamp(yaw, this.#limit('yaw', -Infinity, 'min'), this.#limit('yaw', Infinity, 'max'));
  }

  #pitch(orbit: OrbitSpec): number {
    return orbit.pitch === 'auto' ? AUTO_PITCH : orbit.pitch;
  }

  #limit(part: 'yaw' | 'pitch', fallback: number, side: 'min' | 'max'): number {
    const value = (side === 'min' ? this.minOrbit : this.maxOrbit)[part];
    return value === 'auto' ? fallback : value;
  }

  #distanceLimit(spec: DistanceSpec, zoom: number): number {
    return spec === 'auto' ? this.fittedDistance * zoom : resolveDistance(spec, this.fittedDistance);
  }

  #minDistance(): number {
    return this.#distanceLimit(this.minOrbit.distance, AUTO_MIN_ZOOM);
  }

  #maxDistance(): number {
    return this.#distanceLimit(this.maxOrbit.distance, AUTO_MAX_ZOOM);
  }

  /** An asked-for distance within the explicit limits (the `auto` zoom limits bind only the user's zooming). */
  #clampDistance(distance: number): number {
    const { min, max } = { min: this.minOrbit.distance, max: this.maxOrbit.distance };
    const low = min === 'auto' ? 0 : resolveDistance(min, this.fittedDistance);
    const high = max === 'auto' ? Number.POSITIVE_INFINITY : resolveDistance(max, this.fittedDistance);
    return MathUtils.clamp(distance, low, Math.max(low, high));
  }

  dispose(): void {
    this.setControls(false);
  }
}
