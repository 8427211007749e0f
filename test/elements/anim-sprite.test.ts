import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-sprite.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimSprite } from '../../src/elements/anim-sprite.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { advanceClock, createClock, resetClock, WRAP_MODES } from '../../src/runtime/index.js';
import { pageTicker } from '../../src/scene/tween/page-ticker.js';

const SHEET = '/assets/mannequin-walk-sprites.png';
const ATLAS = '/assets/mannequin-walk-sprites.json';

function collect<T = unknown>(el: EventTarget, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (e) => seen.push((e as CustomEvent).detail));
  return seen;
}

async function loaded<T extends HTMLElement>(template: TemplateResult, pick?: (root: T) => AnimSprite) {
  const root = await fixture<T>(template);
  const sprite = pick ? pick(root) : (root as unknown as AnimSprite);
  if (sprite.frameCount === 0) await oneEvent(sprite, 'anim-load');
  return { root, sprite };
}

/** A 2 m billboard of the 4 × 2 sheet at x = 0.5 in a paused scene, its camera off to the side. */
const billboardInScene = () =>
  loaded<AnimScene>(
    html`<anim-scene paused camera-orbit="60deg 10deg 4m">
      <anim-sprite src=${SHEET} columns="4" rows="2" size="2" position="0.5 0 0" billboard></anim-sprite>
    </anim-scene>`,
    (root) => root.querySelector('anim-sprite')!,
  );

const frameBox = (sprite: AnimSprite) => sprite.shadowRoot!.querySelector<HTMLElement>('[part="frame"]')!;

describe('<anim-sprite>', () => {
  // outside a scene, time moves only by step(): the page loop must not add wall-clock frames
  before(() => {
    pageTicker.paused = true;
  });
  after(() => {
    pageTicker.paused = false;
  });

  describe('on a 2D page', () => {
    it('cuts a grid and shows each frame by background-position, scaled to the element', async () => {
      const { sprite } = await loaded<AnimSprite>(
        html`<anim-sprite src=${SHEET} columns="4" rows="2" fps="10" loop="once"></anim-sprite>`,
      );
      expect(sprite.frameCount).to.equal(8);
      expect(sprite.getBoundingClientRect().width, 'the frame size by default').to.equal(128);
      const box = frameBox(sprite);
      expect(box.style.backgroundSize).to.equal('400% 200%');
      expect(box.style.backgroundPosition).to.equal('0% 0%');
      sprite.step(0.55);
      expect(sprite.frame).to.equal(5);
      // frame 5 is column 1 of row 1: 128 px of the 384 px the position can travel, and the full 128 down
      expect(box.style.backgroundPosition).to.match(/^33\.333\d*% 100%$/);
    });

    it('plays the atlas with its own frame times, reporting frames, loops and the finish', async () => {
      const json = await (await fetch(ATLAS)).json();
      const seconds = json.frames['walk-0'].duration / 1000;
      const { sprite } = await loaded<AnimSprite>(html`<anim-sprite src=${ATLAS} frame-events></anim-sprite>`);
      const frames = collect<{ frame: number; name: string }>(sprite, 'anim-sprite-frame');
      const loops = collect(sprite, 'anim-loop');
      sprite.step(seconds * 1.5);
      expect(frames).to.deep.equal([{ frame: 1, name: 'walk-1' }]);
      sprite.step(seconds * 7);
      expect(sprite.frame).to.equal(0);
      expect(loops).to.deep.equal([{ clip: ATLAS, count: 1 }]);
      sprite.loop = 'once';
      sprite.step(0);
      const finishes = collect(sprite, 'anim-finish');
      sprite.step(seconds * 20);
      expect([sprite.frame, finishes.length]).to.deep.equal([7, 1]);
    });

    it("loop means what a clip's loop means: the frames follow the clip clock of the same mode, events included", async () => {
      // 8 frames at 10 fps: a 0.8 s range. Steps run to the end, past it, then with the speed reversed (never
      // landing on a frame's edge, so the frame is the clock time's tenth).
      const plan: Array<[dt: number, speed?: number]> = [
        [0.33],
        [0.35],
        [0.35],
        [0.17, -1],
        [0.31],
        [0.6],
        [0.27, 1],
        [0.22],
      ];
      for (const loop of WRAP_MODES) {
        const { sprite } = await loaded<AnimSprite>(
          html`<anim-sprite src=${SHEET} columns="4" rows="2" fps="10" loop=${loop}></anim-sprite>`,
        );
        const loops = collect(sprite, 'anim-loop');
        const finishes = collect(sprite, 'anim-finish');
        // the oracle: the runtime clock a character's clip plays on, in the same mode
        const clock = createClock();
        resetClock(clock, 0, 0.8, 1, loop);
        let [clockLoops, clockFinishes] = [0, 0];
        for (const [i, [dt, speed]] of plan.entries()) {
          if (speed !== undefined) {
            sprite.speed = speed;
            await sprite.updateComplete;
            clock.speed = speed;
          }
          sprite.step(dt);
          advanceClock(clock, dt);
          clockLoops += clock.stepLoops > 0 ? 1 : 0;
          clockFinishes += clock.stepFinished ? 1 : 0;
          const frame = Math.min(7, Math.floor(Math.min(clock.time, 0.8 - 1e-9) * 10 + 1e-9));
          expect(sprite.frame, `${loop}, step ${i}`).to.equal(frame);
          expect([loops.length, finishes.length], `${loop}, events by step ${i}`).to.deep.equal([
            clockLoops,
            clockFinishes,
          ]);
        }
        expect(clockLoops + clockFinishes, `${loop} reports something`).to.be.above(0);
        sprite.remove();
      }
    });

    it('a frame range, per-frame durations and pingpong', async () => {
      const { sprite } = await loaded<AnimSprite>(html`
        <anim-sprite src=${SHEET} columns="4" rows="2" frame-start="2" frame-end="4" durations="125ms 250ms 125ms" loop="pingpong"></anim-sprite>
      `);
      const shown = [sprite.frame];
      for (let i = 0; i < 11; i++) {
        sprite.step(0.0625);
        shown.push(sprite.frame);
      }
      // frames start at 0, 0.125 and 0.375 s; the range lasts 0.5 s, then plays back
      // t = .0625 .125 .1875 .25 .3125 .375 .4375 .5 | back .4375 .375 .3125
      expect(shown).to.deep.equal([2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 3]);
    });

    it('fires no frame events unless asked', async () => {
      const { sprite } = await loaded<AnimSprite>(html`<anim-sprite src=${SHEET} columns="4" rows="2"></anim-sprite>`);
      const frames = collect(sprite, 'anim-sprite-frame');
      sprite.step(1);
      expect(sprite.frame).to.not.equal(0);
      expect(frames).to.have.length(0);
    });
  });

  describe('in a scene', () => {
    // first of the scene tests: the quad's code is fetched here, when a sprite first joins a scene
    it('moved from the page into a scene, becomes a quad there on the frame it showed', async () => {
      const { sprite } = await loaded<AnimSprite>(
        html`<anim-sprite src=${SHEET} columns="4" rows="2" fps="4"></anim-sprite>`,
      );
      sprite.step(0.6);
      expect(sprite.frame).to.equal(2);
      expect(sprite.object3D, 'drawn by CSS: no quad').to.equal(undefined);
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      scene.append(sprite);
      // the fetch of the quad's code: waitUntil's default second is too short on a busy CI machine
      await waitUntil(() => sprite.object3D !== undefined, 'the quad is made once its code has loaded', {
        timeout: 20000,
      });
      expect(sprite.object3D!.parent).to.equal(scene.stage!.content);
      const mesh = sprite.object3D!.children[0] as import('three').Mesh<
        import('three').PlaneGeometry,
        import('three').MeshBasicMaterial
      >;
      expect([mesh.material.map!.offset.x, mesh.material.map!.offset.y]).to.deep.equal([0.5, 0.5]);
      expect(sprite.frame).to.equal(2);
    });

    it('is a textured quad showing the frame through the texture offset, facing the camera with billboard', async () => {
      const { root: scene, sprite } = await billboardInScene();
      expect(sprite.getBoundingClientRect().width, 'no box on the page').to.equal(0);
      const group = sprite.object3D!;
      expect(group.parent).to.equal(scene.stage!.content);
      const mesh = group.children[0] as import('three').Mesh<
        import('three').PlaneGeometry,
        import('three').MeshBasicMaterial
      >;
      sprite.seek(5 / 12 + 0.01);
      const map = mesh.material.map!;
      expect([map.repeat.x, map.repeat.y]).to.deep.equal([0.25, 0.5]);
      expect([map.offset.x, map.offset.y]).to.deep.equal([0.25, 0]);
      expect(mesh.scale.y).to.equal(2);
      expect(group.position.x).to.equal(0.5);
      scene.step(0);
      const camera = scene.stage!.camera.position;
      expect(mesh.rotation.y).to.be.closeTo(Math.atan2(camera.x - 0.5, camera.z), 1e-6);
      sprite.billboard = false;
      await sprite.updateComplete;
      scene.step(0);
      expect(mesh.rotation.y).to.equal(0);
    });

    it('is framed by the cylinder a billboard sweeps, whether or not a render has turned it yet', async () => {
      const { root: scene, sprite } = await billboardInScene();
      const stage = scene.stage!;
      const mesh = sprite.object3D!.children[0] as import('three').Mesh;
      mesh.rotation.y = 0;
      stage.contentChanged();
      const before = stage.frameBounds.clone();
      scene.step(0);
      expect(mesh.rotation.y, 'the render turned the quad').to.not.be.closeTo(0, 0.1);
      stage.contentChanged();
      const after = stage.frameBounds;
      // the sheet's frames are square (128 px), so a 2 m sprite at x = 0.5 sweeps a cylinder 1 m in radius
      expect(after.max.toArray().map((v) => +v.toFixed(6))).to.deep.equal([1.5, 2, 1]);
      expect(after.min.toArray().map((v) => +v.toFixed(6))).to.deep.equal([-0.5, 0, -1]);
      expect(after.equals(before), 'the fit did not follow the turn').to.equal(true);
      sprite.billboard = false;
      await sprite.updateComplete;
      stage.contentChanged();
      expect(stage.frameBounds.max.z, 'an upright quad has no depth').to.equal(0);
    });

    it('advances with scene.step', async () => {
      const { root: scene, sprite } = await loaded<AnimScene>(
        html`<anim-scene paused><anim-sprite src=${SHEET} columns="4" rows="2" fps="4"></anim-sprite></anim-scene>`,
        (root) => root.querySelector('anim-sprite')!,
      );
      scene.step(0.6);
      expect(sprite.frame).to.equal(2);
    });
  });

  describe('bad input', () => {
    let warn: typeof console.warn;
    beforeEach(() => {
      warn = console.warn;
      console.warn = () => {};
    });
    afterEach(() => {
      console.warn = warn;
    });

    it('a frame range outside the sheet is one bad-sprite-sheet, and the sprite keeps playing', async () => {
      const { sprite } = await loaded<AnimSprite>(html`<anim-sprite src=${SHEET} columns="4" rows="2"></anim-sprite>`);
      const errors = collect<AnimErrorDetail>(sprite, 'anim-error');
      sprite.frameEnd = 12;
      await sprite.updateComplete;
      sprite.step(0.25);
      await Promise.resolve();
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-sprite-sheet']);
      expect(errors[0].message).to.contain('0..12');
      expect(sprite.frame).to.equal(3);
    });

    it('bad attribute values keep the previous value', async () => {
      const sprite = await fixture<AnimSprite>(html`<anim-sprite columns="4"></anim-sprite>`);
      const errors = collect<AnimErrorDetail>(sprite, 'anim-error');
      sprite.setAttribute('columns', '0');
      sprite.setAttribute('loop', 'sometimes');
      sprite.setAttribute('durations', '1 fast');
      await Promise.resolve();
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
      expect([sprite.columns, sprite.loop, sprite.durations]).to.deep.equal([4, 'repeat', null]);
      expect(errors[1].message).to.contain('sometimes');
    });

    it('a missing sheet or a src that is no URL is load-failed; a JSON that is no atlas is bad-sprite-sheet', async () => {
      const missing = await fixture<AnimSprite>(html`<anim-sprite src="/assets/nope.png"></anim-sprite>`);
      const first = await oneEvent(missing, 'anim-error');
      expect(first.detail.code).to.equal('load-failed');
      // listened to before it connects: the URL that is none fails at once
      const noUrl = document.createElement('anim-sprite');
      noUrl.setAttribute('src', 'http://[');
      const failing = oneEvent(noUrl, 'anim-error');
      const holder = await fixture<HTMLDivElement>(html`<div></div>`);
      holder.append(noUrl);
      const third = await failing;
      expect([third.detail.code, third.detail.message]).to.deep.equal(['load-failed', 'http://[: not a valid URL']);
      const wrong = await fixture<AnimSprite>(html`<anim-sprite src="/package.json"></anim-sprite>`);
      const second = await oneEvent(wrong, 'anim-error');
      expect(second.detail.code).to.equal('bad-sprite-sheet');
      expect(second.detail.message).to.contain('frames');
    });
  });
});
