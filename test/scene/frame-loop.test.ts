import { expect } from '@open-wc/testing';
import { FrameLoop } from '../../src/scene/frame-loop.js';

/** Replaces requestAnimationFrame with a hand-cranked one: frames run only when the test says, at the time it says. */
function fakeAnimationFrames() {
  const realRequest = window.requestAnimationFrame;
  const realCancel = window.cancelAnimationFrame;
  let pending = new Map<number, FrameRequestCallback>();
  let nextId = 1;
  window.requestAnimationFrame = (cb) => {
    pending.set(nextId, cb);
    return nextId++;
  };
  window.cancelAnimationFrame = (id) => void pending.delete(id);
  return {
    get pending() {
      return pending.size;
    },
    /** Runs the frames requested so far, at `time` milliseconds. */
    frame(time: number) {
      const callbacks = [...pending.values()];
      pending = new Map();
      for (const cb of callbacks) cb(time);
    },
    restore() {
      window.requestAnimationFrame = realRequest;
      window.cancelAnimationFrame = realCancel;
    },
  };
}

describe('FrameLoop', () => {
  let frames: ReturnType<typeof fakeAnimationFrames>;
  let ticks: number[];
  let loop: FrameLoop;
  let observed: HTMLElement;

  beforeEach(() => {
    frames = fakeAnimationFrames();
    ticks = [];
    observed = document.createElement('div');
    document.body.append(observed);
    loop = new FrameLoop((dt) => ticks.push(dt), observed);
  });
  afterEach(() => {
    loop.dispose();
    observed.remove();
    frames.restore();
  });

  it('ticks with the time between frames, the first frame with 0', () => {
    loop.start();
    frames.frame(1000);
    frames.frame(1016);
    frames.frame(1048);
    expect(ticks.map((t) => +t.toFixed(6))).to.deep.equal([0, 0.016, 0.032]);
  });

  it('scales time by timeScale', () => {
    loop.start();
    loop.timeScale = 0.5;
    frames.frame(0);
    frames.frame(100);
    expect(ticks).to.deep.equal([0, 0.05]);
  });

  it('clamps a long stall to MAX_FRAME_DT', () => {
    loop.start();
    frames.frame(0);
    frames.frame(5000);
    expect(ticks).to.deep.equal([0, FrameLoop.MAX_FRAME_DT]);
  });

  it('requests no frames while paused, and does not count the paused time after', () => {
    loop.start();
    frames.frame(0);
    loop.paused = true;
    expect(frames.pending, 'nothing requested while paused').to.equal(0);
    loop.paused = false;
    frames.frame(3000);
    frames.frame(3010);
    expect(ticks.map((t) => +t.toFixed(6))).to.deep.equal([0, 0, 0.01]);
  });

  it('draws one redraw frame with dt 0 when asked while paused', () => {
    loop.start();
    loop.paused = true;
    loop.requestRedraw();
    frames.frame(0);
    expect(ticks).to.deep.equal([0]);
    expect(frames.pending).to.equal(0);
  });

  it('stops requesting frames while the page is hidden', () => {
    loop.start();
    frames.frame(0);
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      expect(frames.pending).to.equal(0);
      expect(loop.running).to.equal(false);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
    }
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loop.running).to.equal(true);
    expect(frames.pending).to.equal(1);
  });

  it('stops requesting frames while off screen', async () => {
    loop.start();
    observed.style.cssText = 'position:absolute; top:-10000px; width:10px; height:10px';
    // wait until an observer of our own has seen it leave the screen; the loop's is told in the same update
    await new Promise<void>((resolve) => {
      const witness = new IntersectionObserver((entries) => {
        if (entries.some((e) => !e.isIntersecting)) {
          witness.disconnect();
          resolve();
        }
      });
      witness.observe(observed);
    });
    // each observer's callback runs in its own task
    await new Promise((resolve) => setTimeout(resolve));
    expect(loop.running).to.equal(false);
    expect(frames.pending).to.equal(0);
  });
});
