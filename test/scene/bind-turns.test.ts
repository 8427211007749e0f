/**
 * Bind turns: steps that arrive together are granted one at a time, in order; a task that has handed out
 * its slice leaves the rest to later tasks; a lone step goes at once. The clock is stepped by hand.
 */
import { expect } from '@open-wc/testing';
import { bindTurn, bindTurnsWaiting, setBindTurnClock } from '../../src/scene/bind-turns.js';

/** Runs this task's queued microtasks (a resolved await never lets a task in between). */
async function drainMicrotasks(): Promise<void> {
  for (let i = 0; i < 100; i++) await null;
}

/** Lets one later task run (the scheduler's next slice among them). */
function laterTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe('bind turns', () => {
  let now = 0;
  beforeEach(async () => {
    await laterTask(); // a slice begun before the test ends
    now = 0;
    setBindTurnClock(() => now);
  });
  afterEach(() => setBindTurnClock(() => performance.now()));

  it('grants steps one at a time, in order, and leaves what a task’s 8 ms slice cannot hold to later tasks', async () => {
    const order: number[] = [];
    /** Each step takes 3 ms of the clock: steps start at 0, 3 and 6 ms, then the slice is spent. */
    const step = async (i: number) => {
      await bindTurn();
      order.push(i);
      // one at a time: no other step was granted while this one ran its synchronous part
      expect(order.length).to.equal(i + 1);
      now += 3;
    };
    const steps = Array.from({ length: 10 }, (_, i) => step(i));
    await drainMicrotasks();
    expect(order, 'this task: the steps at 0, 3 and 6 ms').to.deep.equal([0, 1, 2]);
    expect(bindTurnsWaiting()).to.equal(true);
    for (let i = 0; i < 20 && order.length === 3; i++) await laterTask();
    await drainMicrotasks();
    // each later slice starts anew and holds three more (whether one or two ran before this task is the browser's)
    expect(order.length, 'later tasks take a slice each').to.be.oneOf([6, 9]);
    await Promise.all(steps);
    expect(order).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(bindTurnsWaiting()).to.equal(false);
  });

  it('a lone step is granted in the same task, however long the last slice ran', async () => {
    now = 1000;
    let granted = false;
    void bindTurn().then(() => {
      granted = true;
    });
    await drainMicrotasks();
    expect(granted).to.equal(true);
  });

  it('a step that awaits inside its turn does not hold the others back', async () => {
    const order: string[] = [];
    let release!: () => void;
    const slow = (async () => {
      await bindTurn();
      order.push('slow');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('slow done');
    })();
    const quick = (async () => {
      await bindTurn();
      order.push('quick');
    })();
    await drainMicrotasks();
    expect(order).to.deep.equal(['slow', 'quick']);
    release();
    await Promise.all([slow, quick]);
    expect(order).to.deep.equal(['slow', 'quick', 'slow done']);
  });
});
