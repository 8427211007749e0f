/**
 * Bind-time work of many characters taken in turns. A crowd's thousand copies get their model in the same
 * moment and would each copy it, bind a rig and pose it in one task of seconds, the page frozen. Each such
 * step first awaits `bindTurn()`: turns are handed out one at a time, in order, and once a task has spent
 * `SLICE_MS` on them the rest wait for a later task, so input, frames and other scripts run in between. A
 * character that arrives alone gets its turn at once (one microtask later).
 */

/** How long one task hands out turns before the rest wait for the next (milliseconds). */
const SLICE_MS = 8;

const waiting: (() => void)[] = [];
/** When the current task's slice began (-1: no slice yet in this task). */
let sliceStart = -1;
/** A turn's grant is queued and has not run yet: the next is considered after it. */
let granting = false;
let clock: () => number = () => performance.now();
/** Posts the slice's end to a later task (made on first use: importing this module starts nothing). */
let channel: MessagePort | null = null;

/** Resolves when it is this caller's turn: run the step's synchronous work straight after. */
export function bindTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!granting) grantNext();
  });
}

/** Whether steps wait for their turn (a crowd is still arriving). */
export function bindTurnsWaiting(): boolean {
  return waiting.length > 0;
}

/** For tests: the clock the slices are measured by. */
export function setBindTurnClock(now: () => number): void {
  clock = now;
}

function grantNext(): void {
  granting = false;
  if (waiting.length === 0) return;
  const now = clock();
  if (sliceStart < 0) {
    sliceStart = now;
    // the message arrives in a later task: the slice ends with this one
    laterTask();
  } else if (now - sliceStart > SLICE_MS) return; // newSlice resumes in a later task
  granting = true;
  waiting.shift()!();
  // after the granted step's synchronous run (its continuation was queued first)
  queueMicrotask(grantNext);
}

function newSlice(): void {
  sliceStart = -1;
  if (!granting) grantNext();
}

/** Calls `newSlice` in a later task: a message, which a page's timers do not delay (setTimeout is clamped). */
function laterTask(): void {
  if (!channel) {
    const pair = new MessageChannel();
    pair.port1.onmessage = newSlice;
    channel = pair.port2;
  }
  channel.postMessage(0);
}
