/** What a character's state graph tells the page: its instance's events of a frame as DOM events. */
import { STATE_ENTER, STATE_EXIT, TRANSITION_START } from '../graph/index.js';
import type { GraphSource } from '../scene/graph-source.js';
import { queueEvent } from './events.js';

/** The instance's events of this update on `host`, as DOM events (dispatched after the frame). */
export function queueGraphEvents(host: Element, source: GraphSource): void {
  const { instance, graph } = source;
  for (let i = 0; i < instance.eventCount; i++) {
    const kind = instance.eventKind[i];
    const layer = graph.layers[instance.eventLayer[i]].name;
    const state = graph.states[instance.eventState[i]]?.name ?? '';
    if (kind === STATE_ENTER || kind === STATE_EXIT) {
      const type = kind === STATE_ENTER ? 'anim-state-enter' : 'anim-state-exit';
      queueEvent(host, type, { state, layer });
      continue;
    }
    const from = graph.states[instance.eventFrom[i]]?.name ?? '';
    if (kind === TRANSITION_START) {
      queueEvent(host, 'anim-transition-start', { from, to: state, layer });
    } else {
      const interrupted = instance.eventCompleted[i] === 0;
      queueEvent(host, 'anim-transition-end', { from, to: state, layer, interrupted });
    }
  }
}
