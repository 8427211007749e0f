import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { AUTO_ORBIT, type OrbitSpec, type TargetSpec } from '../scene/camera-spec.js';
import type { ToneMappingName } from '../scene/environment.js';
import type { Stage } from '../scene/stage.js';
import { acceptValue, listText } from './accept-value.js';
import { reportCaught } from './errors.js';
import { parseNumber, parseTime, type Vector3Tuple } from './units.js';
import {
  formatOrbitSpec,
  parseEnvironmentImage,
  parseFieldOfView,
  parseOrbitSpec,
  parseShadowIntensity,
  parseTargetSpec,
  parseToneMapping,
} from './view-values.js';

/** The camera orbit now, after fitting, dragging, zooming and auto-rotating: degrees and metres. */
export interface CurrentOrbit {
  yaw: number;
  pitch: number;
  distance: number;
}

const orbitText = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? formatOrbitSpec(value as OrbitSpec) : value;
const parseNonNegative = (text: string) => parseNumber(text, { min: 0 });
const parseDelay = (text: string) => parseTime(text, { min: 0 });

type ViewKey =
  | 'cameraOrbit'
  | 'cameraTarget'
  | 'fieldOfView'
  | 'minCameraOrbit'
  | 'maxCameraOrbit'
  | 'minFieldOfView'
  | 'maxFieldOfView'
  | 'autoRotate'
  | 'autoRotateDelay'
  | 'environmentImage'
  | 'skyboxImage'
  | 'toneMapping'
  | 'exposure'
  | 'shadowIntensity';

/**
 * The camera and light attributes of a viewer, in the model-viewer manner, shared by `<anim-scene>` and a
 * standalone `<anim-character>` (which makes its own stage): `camera-orbit`, `camera-target`,
 * `field-of-view` and their limits, `auto-rotate`, `environment-image`, `skybox-image`, `tone-mapping`,
 * `exposure`, `shadow-intensity`, and `frame()`. The host says which stage they steer (`viewStage()`); they
 * reach it when it appears and whenever they change. Bad values: one `bad-attribute` naming the value.
 */
export abstract class ViewElement extends LitElement {
  #cameraOrbit: OrbitSpec = AUTO_ORBIT;
  #cameraTarget: TargetSpec = 'auto';
  #fieldOfView: number | 'auto' = 'auto';
  #minCameraOrbit: OrbitSpec = AUTO_ORBIT;
  #maxCameraOrbit: OrbitSpec = AUTO_ORBIT;
  #minFieldOfView: number | 'auto' = 'auto';
  #maxFieldOfView: number | 'auto' = 'auto';
  #autoRotateDelay = 3;
  #environmentImage = 'neutral';
  #skyboxImage: string | null = null;
  #toneMapping: ToneMappingName = 'neutral';
  #exposure = 1;
  #shadowIntensity = 1;
  /** The stage the attributes were last applied to in full. */
  #applied: Stage | undefined;

  /** The stage these attributes steer: undefined while there is none (or it belongs to a scene). */
  protected abstract viewStage(): Stage | undefined;

  @property({ attribute: 'camera-orbit' })
  get cameraOrbit(): OrbitSpec {
    return this.#cameraOrbit;
  }
  set cameraOrbit(value: OrbitSpec | string | null | undefined) {
    const text = orbitText(value);
    this.#cameraOrbit = acceptValue(this, 'camera-orbit', text, parseOrbitSpec, this.#cameraOrbit, AUTO_ORBIT);
  }

  @property({ attribute: 'camera-target' })
  get cameraTarget(): TargetSpec {
    return this.#cameraTarget;
  }
  set cameraTarget(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#cameraTarget = acceptValue(this, 'camera-target', text, parseTargetSpec, this.#cameraTarget, 'auto');
  }

  @property({ attribute: 'field-of-view' })
  get fieldOfView(): number | 'auto' {
    return this.#fieldOfView;
  }
  set fieldOfView(value: number | string | null | undefined) {
    this.#fieldOfView = acceptValue(this, 'field-of-view', value, parseFieldOfView, this.#fieldOfView, 'auto');
  }

  @property({ attribute: 'min-camera-orbit' })
  get minCameraOrbit(): OrbitSpec {
    return this.#minCameraOrbit;
  }
  set minCameraOrbit(value: OrbitSpec | string | null | undefined) {
    const text = orbitText(value);
    this.#minCameraOrbit = acceptValue(
      this,
      'min-camera-orbit',
      text,
      parseOrbitSpec,
      this.#minCameraOrbit,
      AUTO_ORBIT,
    );
  }

  @property({ attribute: 'max-camera-orbit' })
  get maxCameraOrbit(): OrbitSpec {
    return this.#maxCameraOrbit;
  }
  set maxCameraOrbit(value: OrbitSpec | string | null | undefined) {
    const text = orbitText(value);
    this.#maxCameraOrbit = acceptValue(
      this,
      'max-camera-orbit',
      text,
      parseOrbitSpec,
      this.#maxCameraOrbit,
      AUTO_ORBIT,
    );
  }

  @property({ attribute: 'min-field-of-view' })
  get minFieldOfView(): number | 'auto' {
    return this.#minFieldOfView;
  }
  set minFieldOfView(value: number | string | null | undefined) {
    this.#minFieldOfView = acceptValue(
      this,
      'min-field-of-view',
      value,
      parseFieldOfView,
      this.#minFieldOfView,
      'auto',
    );
  }

  @property({ attribute: 'max-field-of-view' })
  get maxFieldOfView(): number | 'auto' {
    return this.#maxFieldOfView;
  }
  set maxFieldOfView(value: number | string | null | undefined) {
    this.#maxFieldOfView = acceptValue(
      this,
      'max-field-of-view',
      value,
      parseFieldOfView,
      this.#maxFieldOfView,
      'auto',
    );
  }

  @property({ attribute: 'auto-rotate', type: Boolean }) autoRotate = false;

  @property({ attribute: 'auto-rotate-delay' })
  get autoRotateDelay(): number {
    return this.#autoRotateDelay;
  }
  set autoRotateDelay(value: number | string | null | undefined) {
    this.#autoRotateDelay = acceptValue(this, 'auto-rotate-delay', value, parseDelay, this.#autoRotateDelay, 3);
  }

  @property({ attribute: 'environment-image' })
  get environmentImage(): string {
    return this.#environmentImage;
  }
  set environmentImage(value: string | null | undefined) {
    const current = this.#environmentImage;
    this.#environmentImage = acceptValue(this, 'environment-image', value, parseEnvironmentImage, current, 'neutral');
  }

  @property({ attribute: 'skybox-image' })
  get skyboxImage(): string | null {
    return this.#skyboxImage;
  }
  set skyboxImage(value: string | null | undefined) {
    this.#skyboxImage = value === null || value === undefined || String(value).trim() === '' ? null : String(value);
  }

  @property({ attribute: 'tone-mapping' })
  get toneMapping(): ToneMappingName {
    return this.#toneMapping;
  }
  set toneMapping(value: string | null | undefined) {
    this.#toneMapping = acceptValue(this, 'tone-mapping', value, parseToneMapping, this.#toneMapping, 'neutral');
  }

  @property()
  get exposure(): number {
    return this.#exposure;
  }
  set exposure(value: number | string | null | undefined) {
    this.#exposure = acceptValue(this, 'exposure', value, parseNonNegative, this.#exposure, 1);
  }

  @property({ attribute: 'shadow-intensity' })
  get shadowIntensity(): number {
    return this.#shadowIntensity;
  }
  set shadowIntensity(value: number | string | null | undefined) {
    const current = this.#shadowIntensity;
    this.#shadowIntensity = acceptValue(this, 'shadow-intensity', value, parseShadowIntensity, current, 1);
  }

  /** Fits the camera to the model now: target, distance and clip planes from its animated bounds; the orbit returns to `camera-orbit`. */
  frame(): void {
    this.viewStage()?.frame();
  }

  /** The camera's orbit now (after fitting, dragging, zooming, auto-rotating): `{yaw, pitch, distance}` in degrees and metres. */
  getCameraOrbit(): CurrentOrbit {
    return this.viewStage()?.view.current() ?? { yaw: 0, pitch: 0, distance: 0 };
  }

  /** The point the camera looks at now, `[x, y, z]` in metres. */
  getCameraTarget(): Vector3Tuple {
    const stage = this.viewStage();
    if (!stage) return [0, 0, 0];
    const { x, y, z } = stage.view.currentTarget(stage.camera.position.clone());
    return [x, y, z];
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    const stage = this.viewStage();
    if (!stage) return;
    if (stage !== this.#applied) {
      this.#applied = stage;
      this.applyView(stage, VIEW_KEYS);
    } else this.applyView(stage, [...changed.keys()] as string[]);
  }

  /** Hands the given properties (all when the stage is new) to the stage. */
  protected applyView(stage: Stage, keys: readonly string[]): void {
    const view = stage.view;
    let camera = false;
    for (const key of keys) {
      switch (key as ViewKey) {
        case 'cameraOrbit':
          view.orbit = this.#cameraOrbit;
          camera = true;
          break;
        case 'cameraTarget':
          view.target = this.#cameraTarget;
          camera = true;
          break;
        case 'fieldOfView':
          view.fov = this.#fieldOfView;
          camera = true;
          break;
        case 'minCameraOrbit':
        case 'maxCameraOrbit':
          view.minOrbit = this.#minCameraOrbit;
          view.maxOrbit = this.#maxCameraOrbit;
          camera = true;
          break;
        case 'minFieldOfView':
        case 'maxFieldOfView':
          view.minFov = this.#minFieldOfView;
          view.maxFov = this.#maxFieldOfView;
          camera = true;
          break;
        case 'autoRotate':
        case 'autoRotateDelay':
          view.autoRotate = this.autoRotate;
          view.autoRotateDelay = this.#autoRotateDelay;
          break;
        case 'environmentImage':
          stage.environment.setEnvironment(this.#environmentImage).catch((error) => reportCaught(this, error));
          break;
        case 'skyboxImage':
          stage.environment.setSkybox(this.#skyboxImage).catch((error) => reportCaught(this, error));
          break;
        case 'toneMapping':
          stage.environment.setToneMapping(this.#toneMapping);
          break;
        case 'exposure':
          stage.setExposure(this.#exposure);
          break;
        case 'shadowIntensity':
          stage.lights.shadowIntensity = this.#shadowIntensity;
          stage.loop.requestRedraw();
          break;
      }
    }
    if (camera) view.place();
  }
}

const VIEW_KEYS: readonly ViewKey[] = [
  'cameraOrbit',
  'cameraTarget',
  'fieldOfView',
  'minCameraOrbit',
  'maxCameraOrbit',
  'minFieldOfView',
  'maxFieldOfView',
  'autoRotate',
  'autoRotateDelay',
  'environmentImage',
  'skyboxImage',
  'toneMapping',
  'exposure',
  'shadowIntensity',
];
