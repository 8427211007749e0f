/**
 * DOM events wait here until the work that caused them is over: events raised inside a frame are dispatched
 * after that frame has updated and rendered every actor, so a listener always sees a consistent scene.
 * Events raised outside a frame (an attribute parsed, a load settled) are dispatched on a microtask, so
 * never from inside the setter or callback that raised them.
 *
 * One queue serves the page: a frame of any stage drains everything pending. Draining is re-entrant: a
 * listener may step a scene (which drains at its end) or call anything that queues; every event is
 * dispatched exactly once, in the order it was queued, whichever drain reaches it.
 */
class EventQueue {
  // two parallel lists rather than a list of pairs: no wrapper object per event
  readonly #targets: EventTarget[] = [];
  readonly #events: Event[] = [];
  /** The next event to dispatch; shared by nested drains so none dispatches an event twice. */
  #next = 0;
  #frameDepth = 0;
  #microtaskScheduled = false;

  /** Queues `event` for `target`. */
  enqueue(target: EventTarget, event: Event): void {
    this.#targets.push(target);
    this.#events.push(event);
    if (this.#frameDepth === 0 && !this.#microtaskScheduled) {
      this.#microtaskScheduled = true;
      queueMicrotask(this.#onMicrotask);
    }
  }

  readonly #onMicrotask = (): void => {
    this.#microtaskScheduled = false;
    if (this.#frameDepth === 0) this.drain();
  };

  /** Marks the start of a frame's work: events queued from now on wait for `endFrame`. */
  beginFrame(): void {
    this.#frameDepth++;
  }

  /** Marks the end of a frame's work and dispatches what it queued. */
  endFrame(): void {
    this.#frameDepth = Math.max(0, this.#frameDepth - 1);
    if (this.#frameDepth === 0) this.drain();
  }

  /** Dispatches every pending event in the order it was queued, including events queued by listeners. */
  drain(): void {
    while (this.#next < this.#events.length) {
      const i = this.#next++;
      // a throwing listener does not stop the loop: dispatchEvent reports listener errors itself
      this.#targets[i].dispatchEvent(this.#events[i]);
    }
    // every event is out (a nested drain may already have cleared the lists: the loop above then ended)
    this.#targets.length = 0;
    this.#events.length = 0;
    this.#next = 0;
  }

  /** Number of events waiting (for tests). */
  get size(): number {
    return this.#events.length - this.#next;
  }
}

export type { EventQueue };

/** The page's event queue. */
export const eventQueue = new EventQueue();
