/**
 * Event kinds in a graph instance's queue, and the queue's sizes. A module of its own: the elements that read
 * the events load without the instance's code.
 */
export const STATE_ENTER = 0;
export const STATE_EXIT = 1;
export const TRANSITION_START = 2;
export const TRANSITION_END = 3;

/** Most states one layer keeps live at once (the current one and those fading out); more drop the faintest. */
export const MAX_LIVE_STATES = 4;
/**
 * Most events one layer can raise in one update: its entry, a fade completing (the other live states exit,
 * the transition ends), then a new transition (the one it interrupts ends, the faintest state exits, the
 * transition starts, its state enters, and a zero fade completes at once). The queue holds this many per
 * layer, so no event is ever dropped.
 */
export const EVENTS_PER_LAYER = 1 + MAX_LIVE_STATES + 4 + MAX_LIVE_STATES;
