import type { PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { PARAM_TYPES, type ParamDefinition, type ParamType } from '../graph/index.js';
import { acceptValue } from './accept-value.js';
import { GraphPart } from './graph-part.js';
import { parseParamValue } from './graph-values.js';
import { parseEnum } from './units.js';

const parseType = (text: string) => parseEnum(text, PARAM_TYPES);

/**
 * A parameter of its character's state graph: a number or a switch that transitions test (`speed > 0.1`),
 * blend spaces read and state speeds or layer weights follow.
 *
 * Setting `value` (the attribute or the property) sets the live parameter, exactly like
 * `character.setParam(name, value)`: a `trigger` set to `true` fires once and resets when a transition
 * consumes it (set it again to fire again; `current` shows the reset). Changing `name` or `type`, adding or
 * removing the element changes the graph itself; the character recompiles it before its next frame, keeping
 * every param's value and each layer's state.
 *
 * @summary A state graph parameter: float, int, bool or trigger, set from markup or script.
 *
 * @attr name - The param's name, an identifier (`speed`, `isGrounded`, `jump`). A second param of one name reports `duplicate-name`.
 * @attr type - `float` (the default), `int` (truncated), `bool` or `trigger` (a bool that resets when a transition uses it).
 * @attr value - Starting value, and the live value whenever it is set: a number, or `true` / `false`. Default 0 (false). A value the type cannot hold reports `type-mismatch`.
 *
 * @prop {string} name - See the `name` attribute.
 * @prop {ParamType} type - See the `type` attribute.
 * @prop {number | boolean | null} value - The value last set here (a number or a boolean); null when unset.
 * @prop {number | boolean | undefined} current - Read-only: the param's live value in the running graph (a consumed trigger reads `false`); undefined outside a character.
 * @prop {ParamDefinition} definition - The plain definition the graph is built from.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `type` or `value` text (`bad-attribute`; the previous value stays); a value its type cannot hold (`type-mismatch`).
 */
@customElement('anim-param')
export class AnimParam extends GraphPart {
  #type: ParamType = 'float';
  #value: number | boolean | null = null;

  @property() name = '';

  @property()
  get type(): ParamType {
    return this.#type;
  }
  set type(value: string | null | undefined) {
    this.#type = acceptValue(this, 'type', value, parseType, this.#type, 'float');
  }

  @property()
  get value(): number | boolean | null {
    return this.#value;
  }
  set value(value: number | boolean | string | null | undefined) {
    this.#value = acceptValue<number | boolean | null>(this, 'value', value, parseParamValue, this.#value, null);
    // the live param follows at once (a setter never dispatches: errors are queued)
    if (this.#value !== null && this.name !== '') this.owner?.paramValueChanged(this, this.name, this.#value);
  }

  get current(): number | boolean | undefined {
    return this.owner?.paramValue(this.name);
  }

  get definition(): ParamDefinition {
    const definition: ParamDefinition = { name: this.name, type: this.#type };
    if (this.#value !== null) definition.value = this.#value;
    return definition;
  }

  protected override changesGraph(changed: PropertyValues): boolean {
    return !(changed.size === 1 && changed.has('value'));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-param': AnimParam;
  }
}
