import { customElement, property } from 'lit/decorators.js';
import type { ClipEventDefinition } from '../scene/clip-library.js';
import { acceptValue } from './accept-value.js';
import { ClipPart } from './clip-part.js';
import { parseTime } from './units.js';

const parseEventTime = (text: string) => parseTime(text, { min: 0 });

/**
 * A timed event on a clip. Each time playback crosses `time` (forward, backward, across a loop seam, at a
 * pingpong bounce: once per crossing) the character fires `anim-event` with `{name, clip, time, data}`.
 * Adding, removing or editing an event takes effect on the character's next frame.
 *
 * @summary A timed event on an `<anim-clip>`: fires `anim-event` on the character at each crossing.
 *
 * @attr time - Seconds from the clip's start (a bare number, or with `s` / `ms`), 0 or more. Default 0. An event past the clip's end never fires and is reported (`bad-attribute`).
 * @attr name - The event's name, passed in the detail (`footstep`, `hit`, …).
 * @attr data - Free data for listeners: parsed as JSON when it parses (`{"foot":"left"}`, `3`), else passed as the text.
 *
 * @prop {number} time - See the `time` attribute; seconds.
 * @prop {string} name - See the `name` attribute.
 * @prop {string} data - The `data` text as written.
 * @prop {unknown} value - `data` as listeners receive it (parsed JSON, or the text).
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `time` (`bad-attribute`); the previous value stays.
 */
@customElement('anim-event')
export class AnimEvent extends ClipPart {
  #time = 0;

  @property()
  get time(): number {
    return this.#time;
  }
  set time(value: number | string | null | undefined) {
    this.#time = acceptValue(this, 'time', value, parseEventTime, this.#time, 0);
  }

  @property() name = '';
  @property() data = '';

  /** `data` as listeners receive it: the parsed JSON when the text is JSON, else the text itself. */
  get value(): unknown {
    if (this.data.trim() === '') return this.data;
    try {
      return JSON.parse(this.data);
    } catch {
      return this.data;
    }
  }

  /** The plain definition the scene layer plays. */
  get definition(): ClipEventDefinition {
    return { time: this.#time, name: this.name, data: this.value };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-event': AnimEvent;
  }
}
