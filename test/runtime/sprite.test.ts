import { expect } from '@open-wc/testing';
import {
  AnimError,
  advanceSprite,
  atlasSheet,
  buildSpriteTimeline,
  createSpritePlayer,
  gridSheet,
  seekSprite,
  spriteFrameAt,
  type WrapMode,
} from '../../src/runtime/index.js';

function expectSheetError(fn: () => unknown, text: string): void {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(AnimError);
    expect((error as AnimError).code).to.equal('bad-sprite-sheet');
    expect((error as AnimError).message).to.contain(text);
    return;
  }
  expect.fail(`no error for ${text}`);
}

/** Frames shown after each of `count` steps of `dt`, plus loops and finishes raised. */
function play(wrap: WrapMode, frames: number, fps: number, dt: number, count: number, speed = 1) {
  const sheet = gridSheet({ columns: frames, rows: 1 }, frames * 10, 10);
  const player = createSpritePlayer(buildSpriteTimeline(sheet, { fps }), wrap, speed);
  const shown = [player.frame];
  let loops = 0;
  let finishes = 0;
  for (let i = 0; i < count; i++) {
    advanceSprite(player, dt);
    shown.push(player.frame);
    loops += player.clock.stepLoops;
    if (player.clock.stepFinished) finishes++;
  }
  return { shown, loops, finishes };
}

describe('sprite sheets', () => {
  it('a grid reads frames row by row in pixels', () => {
    const sheet = gridSheet({ columns: 4, rows: 2, frames: 6 }, 512, 256);
    expect(sheet.count).to.equal(6);
    expect([...sheet.rects.subarray(4 * 5, 4 * 6)]).to.deep.equal([128, 128, 128, 128]);
    expect([...sheet.rects.subarray(4 * 3, 4 * 4)]).to.deep.equal([384, 0, 128, 128]);
  });

  it('refuses bad grids', () => {
    expectSheetError(() => gridSheet({ columns: 0, rows: 2 }, 10, 10), '0 × 2');
    expectSheetError(() => gridSheet({ columns: 2.5, rows: 2 }, 10, 10), '2.5 × 2');
    expectSheetError(() => gridSheet({ columns: 2, rows: 2, frames: 5 }, 10, 10), 'got 5');
    expectSheetError(() => gridSheet({ columns: 2, rows: 2 }, 0, 10), 'no size');
  });

  it("reads the mannequin's TexturePacker hash atlas, frame times included", async () => {
    const json = await (await fetch('/assets/mannequin-walk-sprites.json')).json();
    const sheet = atlasSheet(json);
    expect(sheet.count).to.equal(Object.keys(json.frames).length);
    expect(sheet.names[0]).to.equal('walk-0');
    expect([sheet.width, sheet.height]).to.deep.equal([json.meta.size.w, json.meta.size.h]);
    const second = json.frames[sheet.names[1]].frame;
    expect([...sheet.rects.subarray(4, 8)]).to.deep.equal([second.x, second.y, second.w, second.h]);
    expect(sheet.durations[0]).to.be.closeTo(json.frames['walk-0'].duration / 1000, 1e-7);
  });

  it('reads the array layout in its order, and frames of different sizes', () => {
    const sheet = atlasSheet({
      frames: [
        { filename: 'b', frame: { x: 10, y: 0, w: 20, h: 30 } },
        { filename: 'a', frame: { x: 0, y: 0, w: 10, h: 10 }, duration: 50 },
      ],
      meta: { size: { w: 30, h: 30 } },
    });
    expect(sheet.names).to.deep.equal(['b', 'a']);
    expect([...sheet.rects]).to.deep.equal([10, 0, 20, 30, 0, 0, 10, 10]);
    expect(Number.isNaN(sheet.durations[0])).to.equal(true);
    expect(sheet.durations[1]).to.be.closeTo(0.05, 1e-9);
  });

  it('refuses atlases that are not TexturePacker JSON, naming the problem', () => {
    const meta = { size: { w: 10, h: 10 } };
    expectSheetError(() => atlasSheet(null), 'no "frames"');
    expectSheetError(() => atlasSheet({ frames: {}, meta }), 'no frames');
    expectSheetError(() => atlasSheet({ frames: { a: { frame: { x: 0, y: 0, w: 5, h: 5 } } } }), 'meta.size');
    expectSheetError(() => atlasSheet({ frames: { a: { frame: { x: 0, y: 0, w: 5 } } }, meta }), 'frame "a"');
    expectSheetError(() => atlasSheet({ frames: { a: { frame: { x: 8, y: 0, w: 5, h: 5 } } }, meta }), 'outside');
    expectSheetError(
      () => atlasSheet({ frames: { a: { frame: { x: 0, y: 0, w: 5, h: 5 }, rotated: true } }, meta }),
      'rotated',
    );
    expectSheetError(
      () => atlasSheet({ frames: { a: { frame: { x: 0, y: 0, w: 5, h: 5 }, duration: -1 } }, meta }),
      'duration',
    );
  });
});

describe('sprite timing', () => {
  const sheet = gridSheet({ columns: 4, rows: 2 }, 400, 200);

  it('fps, per-frame durations, atlas times and a frame range', () => {
    const byFps = buildSpriteTimeline(sheet, { fps: 10, frameStart: 2, frameEnd: 5 });
    expect(byFps.length).to.be.closeTo(0.4, 1e-12);
    expect([0, 0.05, 0.1, 0.25, 0.39, 5].map((t) => spriteFrameAt(byFps, t))).to.deep.equal([2, 2, 3, 4, 5, 5]);

    const byList = buildSpriteTimeline(sheet, { durations: [0.1, 0.3, 0.1], frameStart: 0, frameEnd: 2 });
    expect([0.05, 0.15, 0.39, 0.41].map((t) => spriteFrameAt(byList, t))).to.deep.equal([0, 1, 1, 2]);

    const atlas = atlasSheet({
      frames: { a: { frame: { x: 0, y: 0, w: 1, h: 1 }, duration: 500 }, b: { frame: { x: 1, y: 0, w: 1, h: 1 } } },
      meta: { size: { w: 2, h: 1 } },
    });
    expect(buildSpriteTimeline(atlas, { fps: 4 }).length, 'atlas time, then fps').to.be.closeTo(0.75, 1e-9);
    expect(buildSpriteTimeline(atlas, { fps: 4, fpsOverridesAtlas: true }).length).to.be.closeTo(0.5, 1e-9);
  });

  it('refuses bad ranges, fps and durations', () => {
    expectSheetError(() => buildSpriteTimeline(sheet, { frameStart: 5, frameEnd: 3 }), '5..3');
    expectSheetError(() => buildSpriteTimeline(sheet, { frameEnd: 8 }), '0..8');
    expectSheetError(() => buildSpriteTimeline(sheet, { fps: 0 }), 'fps');
    expectSheetError(() => buildSpriteTimeline(sheet, { durations: [0.1, 0.2] }), '2 durations for 8 frames');
    expectSheetError(() => buildSpriteTimeline(sheet, { durations: [0] }), 'must be > 0');
  });

  // 4 frames at 4 fps (one second a cycle), stepped by 0.3 s: t = 0.3, 0.6, 0.9, 1.2, …
  it('repeat wraps, one loop a cycle', () => {
    // steps of 0.375 s (exact in binary): t = 0.375, 0.75, 1.125, 1.5, 1.875, 2.25, 2.625
    const { shown, loops, finishes } = play('repeat', 4, 4, 0.375, 7);
    expect(shown).to.deep.equal([0, 1, 3, 0, 2, 3, 1, 2]);
    expect([loops, finishes]).to.deep.equal([2, 0]);
  });

  it('once stops on the last frame and finishes once', () => {
    const { shown, loops, finishes } = play('once', 4, 4, 0.3, 6);
    expect(shown).to.deep.equal([0, 1, 2, 3, 3, 3, 3]);
    expect([loops, finishes]).to.deep.equal([0, 1]);
  });

  it('clamp holds the last frame', () => {
    const { shown, finishes } = play('clamp', 4, 4, 0.3, 6);
    expect(shown).to.deep.equal([0, 1, 2, 3, 3, 3, 3]);
    expect(finishes).to.equal(1);
  });

  it('pingpong bounces at each end, each bounce a loop', () => {
    const { shown, loops } = play('pingpong', 4, 4, 0.3, 8);
    // t: 0.3 0.6 0.9 | back 0.8 0.5 0.2 | fwd 0.1 0.4
    expect(shown).to.deep.equal([0, 1, 2, 3, 3, 2, 0, 0, 1]);
    expect(loops).to.equal(2);
  });

  it('a negative speed plays backwards from the last frame', () => {
    const { shown } = play('repeat', 4, 4, 0.3, 4, -1);
    expect(shown).to.deep.equal([3, 2, 1, 0, 3]);
  });

  it('reports frame changes and seeks', () => {
    const player = createSpritePlayer(buildSpriteTimeline(sheet, { fps: 10 }), 'repeat');
    advanceSprite(player, 0.05);
    expect([player.frame, player.frameChanged]).to.deep.equal([0, false]);
    advanceSprite(player, 0.06);
    expect([player.frame, player.frameChanged]).to.deep.equal([1, true]);
    seekSprite(player, 0.55);
    expect([player.frame, player.frameChanged]).to.deep.equal([5, true]);
  });
});
