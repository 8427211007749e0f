import { customElement, property } from 'lit/decorators.js';
import { BLEND_SPACE_TYPES, type BlendSpaceType, type StateDefinition } from '../graph/definition.js';
import { acceptValue } from './accept-value.js';
import type { AnimBlendPoint } from './anim-blend-point.js';
import './anim-blend-point.js';
import { GraphPart } from './graph-part.js';
import { parseNumberOrParam, parseStateLoop } from './graph-values.js';
import { parseEnum, parseNumber } from './units.js';

const parseFraction = (text: string) => parseNumber(text, { min: 0, max: 1 });
const parseBlendType = (text: string) => parseEnum(text, BLEND_SPACE_TYPES);

/**
 * A state of its character's state graph: a clip, or a blend space of clips, that plays while the graph is
 * in it. Transitions (`<anim-transition>`) move between states, crossfading.
 *
 * A blend-space state holds `<anim-blend-point clip x y>` children instead of a `clip` and names its axes
 * by params: `blend-x="speed"` (1D), plus `blend-y="direction"` for 2D (`directional` by default, or
 * `blend-type="cartesian"`). A state with neither clip nor points is empty: it plays nothing, so on an
 * upper layer the layers below show through.
 *
 * A state inside an `<anim-layer>` belongs to that layer; elsewhere to the layer its `layer` names (default
 * the base layer). Editing a state takes effect on the character's next frame; the layers keep their
 * current states and times.
 *
 * @summary A state of the graph: a clip or a blend space, its loop, speed and play window.
 *
 * @attr name - The state's name, used by transitions and reported by `anim-state-enter` / `anim-state-exit` and the character's `state`. A second state of one name reports `duplicate-name`.
 * @attr clip - The logical clip it plays (an `<anim-clip>` name or a model clip). A name the character lacks reports `unknown-clip`; the state then plays nothing.
 * @attr loop - `repeat` (the default) loops; `once` plays through and holds the last frame (exit-time transitions then fire once).
 * @attr speed - Playback rate (a number; negative plays backwards), or the name of a float or int param whose value is the rate each frame. Default 1.
 * @attr start - Start of the play window, a fraction 0–1 of each clip. Default 0.
 * @attr end - End of the play window, a fraction 0–1 of each clip. Default 1.
 * @attr {boolean} default - The entry state of its layer (default: the layer's first state). Two on a layer report `two-defaults`.
 * @attr layer - The layer it belongs to when it is not inside an `<anim-layer>`. A name no layer has reports `unknown-layer` (it joins the base layer).
 * @attr blend-x - The float or int param on the blend space's x axis.
 * @attr blend-y - The param on the y axis (2D blend spaces).
 * @attr blend-type - `1d`, `directional` (2D polar gradient bands, for direction × speed) or `cartesian` (2D freeform). Default `1d` without `blend-y`, `directional` with it.
 *
 * @prop {string} name - See the `name` attribute.
 * @prop {string} clip - See the `clip` attribute.
 * @prop {boolean | null} loop - See the `loop` attribute: true loops, false plays once; null when unset (loops).
 * @prop {number | string} speed - See the `speed` attribute.
 * @prop {number | null} start - See the `start` attribute; null when unset.
 * @prop {number | null} end - See the `end` attribute; null when unset.
 * @prop {boolean} default - See the `default` attribute.
 * @prop {string} layer - See the `layer` attribute.
 * @prop {string} blendX - See the `blend-x` attribute.
 * @prop {string} blendY - See the `blend-y` attribute.
 * @prop {BlendSpaceType | null} blendType - See the `blend-type` attribute; null when unset.
 * @prop {StateDefinition} definition - The plain definition the graph is built from (its layer included).
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `loop`, `speed`, `start`, `end` or `blend-type` (`bad-attribute`; the previous value stays).
 *
 * @slot - `<anim-blend-point>` elements, for a blend-space state.
 */
@customElement('anim-state')
export class AnimState extends GraphPart {
  #loop: boolean | null = null;
  #speed: number | string | null = null;
  #start: number | null = null;
  #end: number | null = null;
  #blendType: BlendSpaceType | null = null;

  @property() name = '';
  @property() clip = '';
  @property({ type: Boolean }) default = false;
  @property() layer = '';
  @property({ attribute: 'blend-x' }) blendX = '';
  @property({ attribute: 'blend-y' }) blendY = '';

  @property()
  get loop(): boolean | null {
    return this.#loop;
  }
  set loop(value: boolean | string | null | undefined) {
    this.#loop = acceptValue<boolean | null>(this, 'loop', value, parseStateLoop, this.#loop, null);
  }

  @property()
  get speed(): number | string {
    return this.#speed ?? 1;
  }
  set speed(value: number | string | null | undefined) {
    this.#speed = acceptValue<number | string | null>(this, 'speed', value, parseNumberOrParam, this.#speed, null);
  }

  @property()
  get start(): number | null {
    return this.#start;
  }
  set start(value: number | string | null | undefined) {
    this.#start = acceptValue<number | null>(this, 'start', value, parseFraction, this.#start, null);
  }

  @property()
  get end(): number | null {
    return this.#end;
  }
  set end(value: number | string | null | undefined) {
    this.#end = acceptValue<number | null>(this, 'end', value, parseFraction, this.#end, null);
  }

  @property({ attribute: 'blend-type' })
  get blendType(): BlendSpaceType | null {
    return this.#blendType;
  }
  set blendType(value: string | null | undefined) {
    this.#blendType = acceptValue<BlendSpaceType | null>(
      this,
      'blend-type',
      value,
      parseBlendType,
      this.#blendType,
      null,
    );
  }

  get definition(): StateDefinition {
    const state: StateDefinition = { name: this.name };
    const layer = this.parentElement?.closest('anim-layer, anim-character');
    const layerName = layer?.localName === 'anim-layer' ? (layer as Element & { name: string }).name : this.layer;
    if (layerName) state.layer = layerName;
    if (this.clip) state.clip = this.clip;
    const points = [...this.querySelectorAll<AnimBlendPoint>(':scope > anim-blend-point')].filter(
      (p) => typeof p.definition === 'object',
    );
    if (points.length > 0 || this.blendX) {
      state.blend = { x: this.blendX, points: points.map((p) => p.definition) };
      if (this.blendY) state.blend.y = this.blendY;
      if (this.#blendType) state.blend.type = this.#blendType;
    }
    if (this.#loop !== null) state.loop = this.#loop;
    if (this.#speed !== null) state.speed = this.#speed;
    if (this.#start !== null) state.start = this.#start;
    if (this.#end !== null) state.end = this.#end;
    if (this.default) state.default = true;
    return state;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-state': AnimState;
  }
}
