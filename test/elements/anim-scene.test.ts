import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { releaseIdleRenderer, sharedSurfaceCount } from '../../src/scene/shared-renderer.js';
import '../../stories/support/demo-shape.js';
import type { DemoShape } from '../../stories/support/demo-shape.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

function collectErrors(el: Element): AnimErrorDetail[] {
  const seen: AnimErrorDetail[] = [];
  el.addEventListener('anim-error', (e) => seen.push((e as CustomEvent<AnimErrorDetail>).detail));
  return seen;
}

/** Renders one frame by hand and reads the whole canvas back; `at(x, y)` in CSS pixels from the top left. */
function capture(scene: AnimScene) {
  scene.step(0);
  const { renderer, canvas } = scene.stage!;
  const gl = renderer.getContext();
  const { width, height } = canvas;
  const data = new Uint8Array(width * height * 4);
  // same task as the render: the drawing buffer is still there without preserveDrawingBuffer
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data);
  const ratio = width / canvas.clientWidth;
  return {
    at(x: number, y: number): number[] {
      const i = ((height - 1 - Math.floor(y * ratio)) * width + Math.floor(x * ratio)) * 4;
      return [...data.subarray(i, i + 4)];
    },
  };
}

/** One pixel of a freshly rendered frame. */
const probe = (scene: AnimScene, x: number, y: number) => capture(scene).at(x, y);

describe('<anim-scene>', () => {
  describe('mounting and size', () => {
    it('fills the element with a canvas in its shadow root and follows its size', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene style="width: 320px; height: 200px"></anim-scene>`);
      const canvas = el.shadowRoot!.querySelector('canvas')!;
      expect(canvas).to.equal(el.stage!.canvas);
      const ratio = Math.min(devicePixelRatio, 2);
      expect([canvas.width, canvas.height]).to.deep.equal([320 * ratio, 200 * ratio]);
      expect(canvas.getBoundingClientRect().height).to.equal(200);
      el.style.height = '120px';
      await nextFrame();
      await nextFrame();
      expect(canvas.height).to.equal(120 * ratio);
      expect(el.stage!.camera.aspect).to.be.closeTo(320 / 120, 1e-9);
    });

    it('defaults to the documented values', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene></anim-scene>`);
      expect(el.cameraOrbit).to.deep.equal({ yaw: 'auto', pitch: 'auto', distance: 'auto' });
      expect(el.cameraTarget).to.equal('auto');
      expect([el.fieldOfView, el.environmentImage, el.toneMapping, el.shadowIntensity]).to.deep.equal([
        'auto',
        'neutral',
        'neutral',
        1,
      ]);
      expect([el.autoRotate, el.autoRotateDelay, el.skyboxImage]).to.deep.equal([false, 3, null]);
      // an empty stage frames a person-sized volume standing on the origin, from 30° round and 15° up
      const orbit = el.getCameraOrbit();
      expect(orbit.yaw).to.be.closeTo(30, 1e-6);
      expect(orbit.pitch).to.be.closeTo(15, 1e-6);
      expect(el.getCameraTarget()[1]).to.be.closeTo(0.9, 1e-6);
      expect([el.controls, el.shadows, el.ground, el.paused]).to.deep.equal([false, false, false, false]);
      expect([el.background, el.exposure, el.timeScale]).to.deep.equal(['#e9ebee', 1, 1]);
      expect(el.debug).to.deep.equal([]);
      expect(el.getBoundingClientRect().height).to.equal(400);
    });

    it('provides its stage to 3D children through context', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene><demo-shape></demo-shape></anim-scene>`);
      const shape = el.querySelector('demo-shape')!;
      expect(shape.lease!.own).to.equal(false);
      expect(shape.lease!.stage).to.equal(el.stage);
      expect(shape.mesh!.parent).to.equal(el.stage!.content);
    });

    it('a 3D element outside any scene makes a stage of its own', async () => {
      const shape = await fixture<DemoShape>(html`<demo-shape style="display:block;height:100px"></demo-shape>`);
      expect(shape.lease!.own).to.equal(true);
      expect(shape.shadowRoot!.querySelector('canvas')).to.equal(shape.lease!.stage.canvas);
      const stage = shape.lease!.stage;
      const surfaces = sharedSurfaceCount();
      shape.remove();
      expect(sharedSurfaceCount(), 'its own stage leaves the page renderer with it').to.equal(surfaces - 1);
      // the renderer outlives its last viewer a few seconds; freed now, its context goes with it
      releaseIdleRenderer();
      expect(stage.renderer.getContext().isContextLost(), 'its own stage is freed with it').to.equal(
        sharedSurfaceCount() === 0,
      );
    });
  });

  describe('time', () => {
    it('step(dt) advances every actor by exactly dt and renders once', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const seen: number[] = [];
      el.stage!.addActor({ update: (dt) => seen.push(dt) });
      await nextFrame();
      seen.length = 0;
      const framesBefore = el.stage!.renderer.info.render.frame;
      el.step(0.25);
      el.step(1 / 60);
      expect(seen).to.deep.equal([0.25, 1 / 60]);
      expect(el.stage!.renderer.info.render.frame - framesBefore).to.equal(2);
    });

    it('step(dt) ignores the time scale and works while paused', async () => {
      const el = await fixture<AnimScene>(
        html`<anim-scene paused time-scale="0.5"><demo-shape></demo-shape></anim-scene>`,
      );
      const shape = el.querySelector('demo-shape')!;
      const before = shape.elapsed;
      el.step(0.5);
      expect(shape.elapsed - before).to.equal(0.5);
    });

    it('paused: the loop only redraws (dt 0); unpaused it advances', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const seen: number[] = [];
      el.stage!.addActor({ update: (dt) => seen.push(dt) });
      for (let i = 0; i < 3; i++) await nextFrame();
      expect(seen.every((dt) => dt === 0)).to.equal(true);
      el.paused = false;
      await el.updateComplete;
      while (!seen.some((dt) => dt > 0)) await nextFrame();
      expect(el.stage!.loop.running).to.equal(true);
    });

    it('auto-rotate turns the camera a turn in 30 s, and waits auto-rotate-delay after the user touches it', async () => {
      const el = await fixture<AnimScene>(
        html`<anim-scene paused controls auto-rotate auto-rotate-delay="2s" style="width: 200px; height: 150px"></anim-scene>`,
      );
      el.step(0);
      const start = el.getCameraOrbit();
      const yaw = () => el.getCameraOrbit().yaw;
      for (let i = 0; i < 6; i++) el.step(0.5);
      // from the first frame: 3 s at 12° a second
      expect(yaw() - start.yaw).to.be.closeTo(36, 1e-3);
      expect(el.getCameraOrbit().pitch).to.be.closeTo(start.pitch, 1e-3);
      expect(el.getCameraOrbit().distance).to.be.closeTo(start.distance, 1e-3);
      // the user zooms with the wheel: the camera holds still for the delay, then turns again
      const canvas = el.stage!.canvas;
      canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: -40, bubbles: true, cancelable: true }));
      el.step(0);
      const touched = yaw();
      for (let i = 0; i < 3; i++) el.step(0.5);
      expect(yaw(), 'held during the delay').to.be.closeTo(touched, 1e-3);
      for (let i = 0; i < 3; i++) el.step(0.5);
      // 3 s after the touch: 1 s past the delay
      expect(yaw() - touched).to.be.closeTo(12, 1e-3);
      // turned off, it stays where it is
      el.autoRotate = false;
      await el.updateComplete;
      const off = yaw();
      el.step(1);
      expect(yaw()).to.be.closeTo(off, 1e-6);
    });

    it('time-scale reaches the loop', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene time-scale="0.25"></anim-scene>`);
      expect(el.timeScale).to.equal(0.25);
      expect(el.stage!.timeScale).to.equal(0.25);
      el.timeScale = 2;
      await el.updateComplete;
      expect(el.stage!.timeScale).to.equal(2);
    });
  });

  describe('attributes', () => {
    it('parses units: camera-orbit, camera-target, exposure, debug', async () => {
      const el = await fixture<AnimScene>(
        html`<anim-scene camera-orbit="90deg 0 250cm" camera-target="0 1 0" exposure="1.5" debug="skeleton"></anim-scene>`,
      );
      expect(el.cameraOrbit).to.deep.equal({ yaw: 90, pitch: 0, distance: 2.5 });
      el.step(0);
      // the page's renderer takes each stage's exposure from its look for its render
      const { camera, look } = el.stage!;
      expect(camera.position.x).to.be.closeTo(2.5, 1e-9);
      expect(camera.position.y).to.be.closeTo(1, 1e-9);
      expect(camera.position.z).to.be.closeTo(0, 1e-9);
      expect(look.exposure).to.equal(1.5);
      expect(el.debug).to.deep.equal(['skeleton']);
    });

    it('accepts structured values from JavaScript', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene></anim-scene>`);
      el.cameraOrbit = { yaw: -90, pitch: 10, distance: 3 };
      el.cameraTarget = [1, 2, 3];
      el.debug = ['skeleton'];
      await el.updateComplete;
      expect(el.cameraOrbit).to.deep.equal({ yaw: -90, pitch: 10, distance: 3 });
      expect(el.cameraTarget).to.deep.equal([1, 2, 3]);
      expect(el.debug).to.deep.equal(['skeleton']);
    });

    const BAD: Array<[attribute: string, good: string, bad: string, property: keyof AnimScene]> = [
      ['camera-orbit', '10deg 20deg 3m', '10deg 20deg -3m', 'cameraOrbit'],
      ['camera-target', '0 1 0', '0 1', 'cameraTarget'],
      ['camera-orbit', 'auto auto 150%', 'auto auto -5%', 'cameraOrbit'],
      ['field-of-view', '45deg', '0deg', 'fieldOfView'],
      ['min-camera-orbit', 'auto 0deg auto', 'auto 100deg auto', 'minCameraOrbit'],
      ['max-camera-orbit', 'auto 60deg 10m', 'sideways', 'maxCameraOrbit'],
      ['min-field-of-view', '10deg', '200deg', 'minFieldOfView'],
      ['max-field-of-view', '60deg', 'wide', 'maxFieldOfView'],
      ['auto-rotate-delay', '1s', '-1s', 'autoRotateDelay'],
      ['tone-mapping', 'aces', 'filmic', 'toneMapping'],
      ['shadow-intensity', '0.5', '1.5', 'shadowIntensity'],
      ['exposure', '2', '-1', 'exposure'],
      ['time-scale', '0.5', 'abc', 'timeScale'],
      ['background', '#123456', 'not-a-colour', 'background'],
      ['debug', 'skeleton', 'skeleton wireframe', 'debug'],
    ];
    for (const [attribute, good, bad, property] of BAD) {
      it(`${attribute}="${bad}" gives one bad-attribute error naming the value and keeps the previous value`, async () => {
        const el = await fixture<AnimScene>(html`<anim-scene></anim-scene>`);
        el.setAttribute(attribute, good);
        const previous = el[property];
        const errors = collectErrors(el);
        const warn = console.warn;
        console.warn = () => {};
        try {
          el.setAttribute(attribute, bad);
          expect(errors, 'never from inside the setter').to.have.length(0);
          await el.updateComplete;
          el.step(0);
        } finally {
          console.warn = warn;
        }
        expect(errors).to.have.length(1);
        expect(errors[0].code).to.equal('bad-attribute');
        expect(errors[0].message).to.include(attribute).and.to.include(`"${bad}"`);
        expect(errors[0].source).to.equal(el);
        expect(el[property]).to.deep.equal(previous);
      });
    }

    it('removing an attribute restores the default', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene exposure="3" camera-orbit="0 0 9"></anim-scene>`);
      el.removeAttribute('exposure');
      el.removeAttribute('camera-orbit');
      expect(el.exposure).to.equal(1);
      expect(el.cameraOrbit).to.deep.equal({ yaw: 'auto', pitch: 'auto', distance: 'auto' });
    });

    it('a bad property value from JavaScript fails the same way', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene></anim-scene>`);
      const errors = collectErrors(el);
      const warn = console.warn;
      console.warn = () => {};
      el.exposure = Number.NaN;
      console.warn = warn;
      await el.updateComplete;
      el.step(0);
      expect(errors.map((e) => e.message)).to.deep.equal(['exposure: "NaN" is not a number (zero or more)']);
      expect(el.exposure).to.equal(1);
    });
  });

  describe('pixels', () => {
    it('clears to the background colour', async () => {
      const el = await fixture<AnimScene>(
        html`<anim-scene paused background="#336699" style="width:64px;height:64px"></anim-scene>`,
      );
      const [r, g, b, a] = probe(el, 32, 32);
      expect([r, g, b, a]).to.deep.equal([0x33, 0x66, 0x99, 255]);
      el.background = 'rgb(255 0 0)';
      await el.updateComplete;
      expect(probe(el, 32, 32).slice(0, 3)).to.deep.equal([255, 0, 0]);
    });

    it('draws the ground below the horizon and fades it into the background', async () => {
      const el = await fixture<AnimScene>(
        html`<anim-scene paused ground background="#ffffff" camera-orbit="0 8deg 4m" camera-target="0 0.5 0" style="width:200px;height:200px"></anim-scene>`,
      );
      const top = probe(el, 100, 2);
      const bottom = probe(el, 100, 198);
      expect(top.slice(0, 3), 'sky is background').to.deep.equal([255, 255, 255]);
      const [r, g, b] = bottom;
      expect(Math.max(r, g, b), 'ground is darker than white').to.be.lessThan(250);
      expect(Math.min(r, g, b), 'ground is a light grey, not black').to.be.greaterThan(100);
      el.ground = false;
      await el.updateComplete;
      expect(probe(el, 100, 198).slice(0, 3)).to.deep.equal([255, 255, 255]);
    });

    it('shadows darken the ground beside a shape', async () => {
      const el = await fixture<AnimScene>(
        html`<anim-scene paused ground camera-orbit="200deg 35deg 5m" camera-target="0 0.5 0" style="width:200px;height:200px"><demo-shape spin="0"></demo-shape></anim-scene>`,
      );
      const frame = () => {
        const image = capture(el);
        const greens: number[] = [];
        for (let y = 2; y < 200; y += 4) for (let x = 2; x < 200; x += 4) greens.push(image.at(x, y)[1]);
        return greens;
      };
      const lit = frame();
      el.shadows = true;
      await el.updateComplete;
      const shadowed = frame();
      const darkened = shadowed.filter((g, i) => g < lit[i] - 20).length;
      expect(darkened / lit.length, 'share of the view in clear shadow').to.be.greaterThan(0.02);
    });

    it('screenshot() returns a PNG data URL of the frame', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene paused style="width:32px;height:32px"></anim-scene>`);
      expect(el.screenshot()).to.match(/^data:image\/png;base64,/);
    });
  });

  describe('resources', () => {
    it('50 connects and disconnects of a child leave renderer memory at its baseline', async () => {
      const el = await fixture<AnimScene>(html`<anim-scene paused style="width:64px;height:64px"></anim-scene>`);
      const { memory } = el.stage!.renderer.info;
      const shape = document.createElement('demo-shape');
      const cycle = () => {
        el.append(shape);
        el.step(1 / 60);
        expect(memory.geometries, 'the shape was uploaded').to.be.greaterThan(0);
        shape.remove();
        el.step(0);
      };
      // the first cycle also makes the renderer's own lazy, shared textures (the DFG lookup table of physical materials), kept for life
      cycle();
      const baseline = { ...memory };
      for (let i = 0; i < 50; i++) cycle();
      el.step(0);
      expect({ ...memory }).to.deep.equal(baseline);
    });

    it('50 connects and disconnects of scenes share the one WebGL context and leave no viewer behind', async () => {
      const keeper = await fixture<AnimScene>(html`<anim-scene style="width:16px;height:16px"></anim-scene>`);
      const viewers = sharedSurfaceCount();
      const host = document.createElement('div');
      document.body.append(host);
      const scene = document.createElement('anim-scene');
      scene.style.cssText = 'width:16px;height:16px';
      for (let i = 0; i < 50; i++) {
        host.append(scene);
        scene.step(1 / 60);
        expect(scene.stage!.renderer, `cycle ${i}: the page's renderer`).to.equal(keeper.stage!.renderer);
        scene.remove();
        expect(sharedSurfaceCount(), `cycle ${i}: its viewer released`).to.equal(viewers);
      }
      host.remove();
      expect(keeper.stage!.renderer.getContext().isContextLost()).to.equal(false);
      expect(probe(keeper, 8, 8).slice(0, 3)).to.deep.equal([0xe9, 0xeb, 0xee]);
    });
  });
});
