/**
 * What a character's state graph tells the page: its instance's events of a frame as DOM events, and its
 * problems reported once each (again only after they went away and came back).
 */
import { STATE_ENTER, STATE_EXIT, TRANSITION_START } from '../graph/index.js';
import type { ErrorCode } from '../scene/coded-error.js';
import type { GraphSource } from '../scene/graph-source.js';
import { reportError } from './errors.js';
import { queueEvent } from './events.js';

/** A problem to report: a stable key (reported again only after it went away), where, code and message. */
export interface Report {
  key: string;
  el: Element;
  code: ErrorCode;
  message: string;
}

/** Reports each problem not reported last time; returns the keys now standing. */
export function reportNew(before: ReadonlySet<string>, reports: readonly Report[]): Set<string> {
  const now = new Set<string>();
  for (const r of reports) {
    if (!before.has(r.key) && !now.has(r.key)) reportError(r.el, r.code, r.message);
    now.add(r.key);
  }
  return now;
}

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
