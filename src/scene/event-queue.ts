/**
 * DOM events wait here until the work that caused them is over: events raised inside a frame are dispatched
 * after that frame has updated and rendered every actor, so a listener always sees a consistent scene and
 * can never re-enter the frame. Events raised outside a frame (an attribute parsed, a load settled) are
 * dispatched on a microtask, so never from inside the setter or callback that raised them.
 *
 * One queue serves the page: a frame of any stage drains everything pending.
 */
class EventQueue {
  #pending: Array<{ target: EventTarget; event: Event }> = [];
  #frameDepth = 0;
  #microtaskScheduled = false;

  /** Queues `event` for `target`. */
  enqueue(target: EventTarget, event: Event): void {
    this.#pending.push({ target, event });
    if (this.#frameDepth === 0 && !this.#microtaskScheduled) {
      this.#microtaskScheduled = true;
      queueMicrotask(() => {
        this.#microtaskScheduled = false;
        if (this.#frameDepth === 0) this.drain();
      });
    }
  }

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
    // Index loop, not a snapshot: a listener may queue more events and they follow in order.
    for (let i = 0; i < this.#pending.length; i++) {
      // a throwing listener does not stop the loop: dispatchEvent reports listener errors itself
      const { target, event } = this.#pending[i];
      target.dispatchEvent(event);
    }
    this.#pending.length = 0;
  }

  /** Number of events waiting (for tests). */
  get size(): number {
    return this.#pending.length;
  }
}

export type { EventQueue };

/** The page's event queue. */
export const eventQueue = new EventQueue();
