import { customElement, property } from 'lit/decorators.js';
import type { LayerBlend, LayerDefinition } from '../graph/index.js';
import { acceptValue } from './accept-value.js';
import { GraphPart } from './graph-part.js';
import { parseNumberOrParam } from './graph-values.js';
import { parseEnum } from './units.js';

const parseWeight = (text: string) => parseNumberOrParam(text, { min: 0, max: 1 });
const parseBlend = (text: string) => parseEnum(text, ['override', 'additive'] as const);

/**
 * A layer of its character's state graph, with its own states and transitions (its children), running
 * alongside the base layer: an upper-body layer waves or punches while the legs keep walking. Layers stack
 * in document order over the base layer (the states outside any `<anim-layer>`). An `override` layer
 * replaces the joints of its `mask` by its `weight`; an `additive` one adds each clip's difference from
 * its first frame (a lean, a breath) on top. An empty state on a layer lets the layers below show through.
 *
 * Naming a layer `base` gives the base layer a mask (its states may then sit inside it).
 *
 * @summary A graph layer: its own states and transitions, a bone mask, a weight, override or additive.
 *
 * @attr name - The layer's name (states outside it may join it with `layer="…"`). A second layer of one name reports `duplicate-name`.
 * @attr mask - Which joints it drives: `upper-body` (the spine up: chest, arms, head), `lower-body` (hips and legs), or joint names (each with everything below it), separated by spaces. Default every joint. A joint the model lacks reports `unknown-bone`.
 * @attr weight - 0–1, or the name of a float param that sets it each frame (fade a layer in from script). Default 1.
 * @attr blend - `override` (the default) or `additive`.
 *
 * @prop {string} name - See the `name` attribute.
 * @prop {string} mask - See the `mask` attribute.
 * @prop {number | string} weight - See the `weight` attribute.
 * @prop {LayerBlend} blend - See the `blend` attribute.
 * @prop {LayerDefinition} definition - The plain definition the graph is built from.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `weight` or `blend` (`bad-attribute`; the previous value stays).
 *
 * @slot - The layer's `<anim-state>` and `<anim-transition>` elements.
 */
@customElement('anim-layer')
export class AnimLayer extends GraphPart {
  #weight: number | string | null = null;
  #blend: LayerBlend | null = null;

  @property() name = '';
  @property() mask = '';

  @property()
  get weight(): number | string {
    return this.#weight ?? 1;
  }
  set weight(value: number | string | null | undefined) {
    this.#weight = acceptValue<number | string | null>(this, 'weight', value, parseWeight, this.#weight, null);
  }

  @property()
  get blend(): LayerBlend {
    return this.#blend ?? 'override';
  }
  set blend(value: string | null | undefined) {
    this.#blend = acceptValue<LayerBlend | null>(this, 'blend', value, parseBlend, this.#blend, null);
  }

  get definition(): LayerDefinition {
    const layer: LayerDefinition = { name: this.name };
    const mask = this.mask.trim();
    if (mask) layer.mask = mask;
    if (this.#weight !== null) layer.weight = this.#weight;
    if (this.#blend !== null) layer.blend = this.#blend;
    return layer;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-layer': AnimLayer;
  }
}
