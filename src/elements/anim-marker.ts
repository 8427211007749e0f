import { customElement, property } from 'lit/decorators.js';
import type { MarkerInput } from '../runtime/sync-markers.js';
import { acceptValue } from './accept-value.js';
import { ClipPart } from './clip-part.js';
import { parseTime } from './units.js';

const parseMarkerTime = (text: string) => parseTime(text, { min: 0 });

/**
 * A sync marker on a clip: a named instant of its cycle, such as a foot touching down. States of a
 * character's graph whose clips carry markers of the same names keep in step: a transition starts the
 * new clip at the same marker position (the same fraction of the way from one marker to the next) and
 * the fading clips follow the heavier one; a blend space's clips follow its heaviest. So a walk→run
 * transition lands on the same foot, whatever the clips' lengths and however many steps each holds.
 * Markers add to those of the model clip's `extras.markers` and, with `<anim-clip markers="auto">`, to
 * the feet's detected touch-downs.
 *
 * @summary A named instant of a clip's cycle (`left-foot`, `right-foot`): keeps graph transitions and blend spaces in step.
 *
 * @attr name - The marker's name; markers of the same name match across clips (`left-foot`, `right-foot`).
 * @attr time - Seconds from the clip's start (a bare number, or with `s` / `ms`), 0 or more. Default 0. A marker past the clip's end is left out.
 *
 * @prop {string} name - See the `name` attribute.
 * @prop {number} time - See the `time` attribute; seconds.
 * @prop {MarkerInput} definition - The plain marker the character uses.
 *
 * @fires {CustomEvent<AnimErrorDetail>} anim-error - A bad `time` (`bad-attribute`); the previous value stays.
 */
@customElement('anim-marker')
export class AnimMarker extends ClipPart {
  #time = 0;

  @property() name = '';

  @property()
  get time(): number {
    return this.#time;
  }
  set time(value: number | string | null | undefined) {
    this.#time = acceptValue(this, 'time', value, parseMarkerTime, this.#time, 0);
  }

  get definition(): MarkerInput {
    return { name: this.name, time: this.#time };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'anim-marker': AnimMarker;
  }
}
