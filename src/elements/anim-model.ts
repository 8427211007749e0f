import { css, html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { Group, type Object3D, type SkinnedMesh } from 'three';
import { WRAP_MODES, type WrapMode } from '../runtime/core.js';
import { CodedError } from '../scene/coded-error.js';
import { disposeObject, loadGltf } from '../scene/load-gltf.js';
import type { ModelAnimation } from '../scene/model-animation.js';
import type { Actor } from '../scene/stage.js';
import { setTransform } from '../scene/transform.js';
import { acceptValue, listText } from './accept-value.js';
import { reportCaught, reportError } from './errors.js';
import {
  type AnimModelEventMap,
  type AnimModelLoadDetail,
  type AnimModelPlaybackDetail,
  type Listen,
  queueEvent,
} from './events.js';
import { FirstUse } from './first-use.js';
import { type StageLease, StageLeaseController } from './stage-lease.js';
import { parseAngles3, parseEnum, parseScale, parseVector3, type Vector3Tuple } from './units.js';

/** `<anim-model>`'s property-track player, fetched when a model first starts loading. */
export const modelPlayerCode = new FirstUse(() => import('../scene/model-animation.js'));

const ORIGIN: Vector3Tuple = [0, 0, 0];
const UNIT: Vector3Tuple = [1, 1, 1];
const parseWrap = (text: string) => parseEnum(text, WRAP_MODES);

export type { AnimModelEventMap, AnimModelLoadDetail, AnimModelPlaybackDetail };

/**
 * A static glTF/GLB model on the stage: props, scenery, a ground for feet to stand on. It loads `src`
 * (with Draco and meshopt decoding), places it by `position`, `rotation` and `scale`, and casts shadows like
 * everything else on the stage. Inside an `<anim-scene>` it joins the scene's stage; on its own it shows in
 * a stage of its own that fills the element.
 *
 * Changing `src` loads the new file and replaces the old model when it arrives (a load still in flight is
 * abandoned). A model that fails to load leaves the stage as it was and reports one `anim-error`.
 *
 * A model is static, but its file may animate its properties: `clip` plays one of its animations' KHR_animation_pointer
 * tracks (material colours, emissive and opacity, light intensity and colour, camera field of view, node
 * visibility and transforms), so a lamp can pulse or a sign blink. Its joint and node channels are a
 * character's business (`<anim-character>`).
 *
 * The loaded scene hangs under {@link AnimModel.object3D}, a group that is on the stage from the start, so a
 * tween or anchor may hold on to it before the file arrives.
 *
 * @summary A static glTF model with a position, rotation and scale.
 *
 * @attr src - URL of a `.glb` or `.gltf` file. Relative URLs resolve against the page.
 * @attr position - Where the model's origin stands, `"x y z"` in metres (or with `cm`/`mm`). Default `"0 0 0"`.
 * @attr rotation - Euler angles `"x y z"` in degrees (or with `rad`/`turn`), applied X, then Y, then Z. Default `"0 0 0"`.
 * @attr scale - One number for every axis (`"2"`) or three (`"1 2 1"`). Default `1`.
 * @attr {boolean} ground - Feet stand on it: characters' foot IK probes its meshes (as it does the scene's `ground`). Marks `object3D.userData.ground`.
 * @attr {boolean} collider - Ragdolls (and anything else in the scene's physics) collide with its meshes, as placed (moving it moves them). Marks `object3D.userData.collider`. Costs nothing until a page uses physics.
 * @attr clip - The name of an animation in the file whose property tracks (KHR_animation_pointer) play.
 * @attr loop - How `clip` plays: `repeat` (default), `once`, `pingpong` or `clamp`.
 *
 * @prop {string} src - See the `src` attribute.
 * @prop {[number, number, number]} position - `[x, y, z]` in metres; accepts the attribute's text too.
 * @prop {[number, number, number]} rotation - `[x, y, z]` in degrees; accepts the attribute's text too.
 * @prop {[number, number, number]} scale - `[x, y, z]`; accepts a number or the attribute's text too.
 * @prop {boolean} ground - See the `ground` attribute.
 * @prop {boolean} collider - See the `collider` attribute.
 * @prop {Group} object3D - The three.js group holding the model (empty until it loads); for tweens, anchors and advanced use.
 * @prop {string | null} clip - See the `clip` attribute.
 * @prop {WrapMode} loop - See the `loop` attribute.
 * @prop {string[]} clips - Names of the file's animations (empty until it loads).
 * @prop {boolean} loaded - Whether the current `src` has loaded.
 *
 * @fires {CustomEvent<AnimModelLoadDetail>} anim-load - The model arrived and is on the stage; the detail names its `src`, the `clips` the file holds and the `bones` of its skins (a static model does not play them).
 * @fires {CustomEvent<AnimModelPlaybackDetail>} anim-loop - The clip looped (`repeat`, or a bounce of `pingpong`).
 * @fires {CustomEvent<AnimModelPlaybackDetail>} anim-finish - A `once` or `clamp` clip reached its end.
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - `load-failed` (the file could not be fetched), `bad-gltf` (it is not a glTF, or its property tracks are broken), `unknown-clip` (no animation of that name), or `bad-attribute` (a bad `position`, `rotation`, `scale` or `loop`, kept at its previous value); `context-lost` when the model draws on a stage of its own (outside an `<anim-scene>`) and the browser takes its WebGL context away.
 * @fires {CustomEvent<AnimContextRestoredDetail>} anim-context-restored - Outside an `<anim-scene>`: the WebGL context is back after a `context-lost` and the model draws again.
 *
 * @cssprop [--anim-model-height=300px] - Height of a model shown on its own (outside a scene) when the page sets none.
 */
@customElement('anim-model')
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below only types the inherited listener methods
export class AnimModel extends LitElement {
  static override styles = css`
    :host {
      display: block;
    }
    :host([data-own-stage]) {
      position: relative;
      height: var(--anim-model-height, 300px);
    }
  `;

  /** The group the model hangs under; it stays on the stage while the element is connected. */
  readonly object3D = new Group();

  @property() src = '';
  @property({ type: Boolean }) ground = false;
  @property({ type: Boolean }) collider = false;
  @property() clip: string | null = null;

  #position = ORIGIN;
  #rotation = ORIGIN;
  #scale = UNIT;
  readonly #stage = new StageLeaseController(this, {
    join: (lease) => this.#attach(lease),
    leave: (lease) => this.#leave(lease),
  });
  get #lease(): StageLease | undefined {
    return this.#stage.lease;
  }
  #model: Object3D | undefined;
  #loadedSrc = '';
  #abort: AbortController | undefined;
  #loop: WrapMode = 'repeat';
  #animation: ModelAnimation | undefined;

  @property()
  get position(): Vector3Tuple {
    return this.#position;
  }
  set position(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#position = acceptValue(this, 'position', text, parseVector3, this.#position, ORIGIN);
  }

  @property()
  get rotation(): Vector3Tuple {
    return this.#rotation;
  }
  set rotation(value: readonly number[] | string | null | undefined) {
    const text = listText(value);
    this.#rotation = acceptValue(this, 'rotation', text, parseAngles3, this.#rotation, ORIGIN);
  }

  @property()
  get scale(): Vector3Tuple {
    return this.#scale;
  }
  set scale(value: readonly number[] | number | string | null | undefined) {
    const text = listText(value);
    this.#scale = acceptValue(this, 'scale', text, parseScale, this.#scale, UNIT);
  }

  @property()
  get loop(): WrapMode {
    return this.#loop;
  }
  set loop(value: WrapMode | string | null | undefined) {
    this.#loop = acceptValue(this, 'loop', value, parseWrap, this.#loop, 'repeat');
  }

  get clips(): string[] {
    return this.#animation?.clipNames ?? [];
  }

  get loaded(): boolean {
    return this.#model !== undefined && this.#loadedSrc === this.src;
  }

  /** Shows the model on the stage it got (the scene's, or its own), loading it when needed. */
  #attach(lease: StageLease): void {
    this.toggleAttribute('data-own-stage', lease.own);
    this.object3D.name = 'anim-model';
    lease.stage.content.add(this.object3D);
    lease.stage.addActor(this.#actor);
    lease.stage.contentChanged();
    // reconnected with the model already loaded: nothing to fetch again
    if (this.src && this.#loadedSrc !== this.src) this.#load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#abort?.abort();
    this.#abort = undefined;
  }

  /** Takes the model off its stage (an own stage is disposed right after). */
  #leave(lease: StageLease): void {
    this.object3D.removeFromParent();
    lease.stage.removeActor(this.#actor);
    if (!lease.own) lease.stage.contentChanged();
  }

  protected override render() {
    return this.#lease?.own ? html`${this.#lease.stage.canvas}` : html``;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('src') && this.isConnected && this.#loadedSrc !== this.src) this.#load();
    if (changed.has('clip') || changed.has('loop' as keyof AnimModel)) this.#playClip();
    setTransform(this.object3D, this.#position, this.#rotation, this.#scale);
    this.object3D.userData.ground = this.ground;
    this.object3D.userData.collider = this.collider;
    this.#lease?.stage.contentChanged();
  }

  async #load(): Promise<void> {
    this.#abort?.abort();
    const src = this.src;
    if (!src) {
      this.#replaceModel(undefined, '');
      return;
    }
    const abort = new AbortController();
    this.#abort = abort;
    try {
      // the property-track player arrives while the file downloads: a page's first chunk does without it
      const player = modelPlayerCode.loadBeside('model player');
      const gltf = await loadGltf(src, { signal: abort.signal });
      if (!gltf || abort.signal.aborted) return;
      const animation = await player
        .then(({ ModelAnimation }) => ModelAnimation.from(gltf))
        .catch((error: unknown) => {
          disposeObject(gltf.scene);
          throw error;
        });
      if (abort.signal.aborted) {
        disposeObject(gltf.scene);
        return;
      }
      this.#replaceModel(gltf.scene, src);
      this.#animation = animation;
      this.#playClip();
      const detail: AnimModelLoadDetail = {
        src,
        clips: gltf.animations.map((clip) => clip.name),
        bones: boneNames(gltf.scene),
      };
      queueEvent(this, 'anim-load', detail);
    } catch (error) {
      if (abort.signal.aborted) return;
      // the loader's errors name the URL already; a property track's (bad-gltf) and anything unexpected do not
      reportCaught(this, error, error instanceof CodedError ? undefined : src);
    }
  }

  readonly #actor: Actor = {
    failed: (error) => reportCaught(this, error, 'during a frame'),
    update: (dt) => {
      const animation = this.#animation;
      if (!animation?.playing) return;
      animation.update(dt);
      const { clock } = animation;
      if (clock.stepLoops > 0) this.#emitPlayback('anim-loop');
      if (clock.stepFinished) this.#emitPlayback('anim-finish');
    },
  };

  #emitPlayback(type: 'anim-loop' | 'anim-finish'): void {
    const detail: AnimModelPlaybackDetail = { clip: this.clip ?? '', count: this.#animation?.clock.loops ?? 0 };
    queueEvent(this, type, detail);
  }

  /** Starts `clip` on the loaded model (an unknown name is reported and nothing plays). */
  #playClip(): void {
    const animation = this.#animation;
    if (!animation) return;
    if (!animation.play(this.clip, this.#loop)) {
      animation.play(null, this.#loop);
      const known = animation.clipNames.join(', ') || 'none';
      reportError(this, 'unknown-clip', `clip "${this.clip}" is not in ${this.src} (animations: ${known})`);
    }
    this.#lease?.stage.loop.requestRedraw();
  }

  #replaceModel(model: Object3D | undefined, src: string): void {
    if (this.#model) {
      this.#model.removeFromParent();
      disposeObject(this.#model);
    }
    this.#model = model;
    this.#animation = undefined;
    this.#loadedSrc = src;
    if (model) this.object3D.add(model);
    this.#lease?.stage.contentChanged();
  }
}

/** Joint names of every skin under `root`, each once. */
function boneNames(root: Object3D): string[] {
  const names = new Set<string>();
  root.traverse((object) => {
    for (const bone of (object as SkinnedMesh).skeleton?.bones ?? []) names.add(bone.name);
  });
  return [...names];
}

/** `addEventListener` and `removeEventListener` typed by {@link AnimModelEventMap}. */
export interface AnimModel {
  addEventListener: Listen<AnimModelEventMap, AnimModel, AddEventListenerOptions>;
  removeEventListener: Listen<AnimModelEventMap, AnimModel, EventListenerOptions>;
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-model': AnimModel;
  }
}
