import { customElement, property } from 'lit/decorators.js';
import type { BlendPointDefinition } from '../graph/index.js';
import { acceptValue } from './accept-value.js';
import { GraphPart } from './graph-part.js';
import { parseNumber } from './units.js';

/**
 * A point of a blend-space `<anim-state>`: where on the state's axes (`blend-x`, `blend-y`) a clip plays
 * alone. Between points the clips blend (1D: the two neighbours; 2D: gradient-band weights), always summing
 * to 1, and looping clips stay in step (each at the same phase, the heaviest setting the pace).
 *
 * @summary A clip placed at a point of its state's blend space.
 *
 * @attr clip - The logical clip played at this point (an `<anim-clip>` name, or a clip of the model).
 * @attr x - Position on the x axis (the `blend-x` param's units, e.g. m/s for speed). Default 0.
 * @attr y - Position on the y axis, for 2D blend spaces. Default 0.
 *
 * @prop {string} clip - See the `clip` attribute.
 * @prop {number} x - See the `x` attribute.
 * @prop {number} y - See the `y` attribute.
 * @prop {BlendPointDefinition} definition - The plain definition the graph is built from.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `x` or `y` (`bad-attribute`; the previous value stays).
 */
@customElement('anim-blend-point')
export class AnimBlendPoint extends GraphPart {
  #x = 0;
  #y: number | null = null;

  @property() clip = '';

  @property()
  get x(): number {
    return this.#x;
  }
  set x(value: number | string | null | undefined) {
    this.#x = acceptValue(this, 'x', value, parseNumber, this.#x, 0);
  }

  @property()
  get y(): number {
    return this.#y ?? 0;
  }
  set y(value: number | string | null | undefined) {
    this.#y = acceptValue<number | null>(this, 'y', value, parseNumber, this.#y, null);
  }

  get definition(): BlendPointDefinition {
    return this.#y === null ? { clip: this.clip, x: this.#x } : { clip: this.clip, x: this.#x, y: this.#y };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-blend-point': AnimBlendPoint;
  }
}
