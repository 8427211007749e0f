import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { Color } from 'three';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-model.js';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-tween.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimTween } from '../../src/elements/anim-tween.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { pageTicker } from '../../src/scene/tween/page-ticker.js';
import { internals } from '../helpers/internals.js';

function collect(el: EventTarget, type: string): unknown[] {
  const seen: unknown[] = [];
  el.addEventListener(type, (e) => seen.push((e as CustomEvent).detail));
  return seen;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function sceneWithModel(tweens: unknown) {
  const scene = await fixture<AnimScene>(html`
    <anim-scene paused>
      <anim-model src="/assets/mannequin.glb">${tweens}</anim-model>
    </anim-scene>
  `);
  const model = scene.querySelector('anim-model')!;
  if (!model.loaded) await oneEvent(model, 'anim-load');
  return { scene, model };
}

describe('<anim-tween>', () => {
  // outside a scene, time moves only by step(): the page loop must not add wall-clock frames
  before(() => {
    pageTicker.paused = true;
  });
  after(() => {
    pageTicker.paused = false;
  });

  describe('targets', () => {
    it('drives a 3D position by axis inside a scene, ticking with scene.step', async () => {
      const { scene, model } = await sceneWithModel(
        html`<anim-tween property="position.y" from="0" to="2m" duration="1s" autoplay></anim-tween>`,
      );
      scene.step(0.25);
      expect(model.object3D.position.y).to.be.closeTo(0.5, 1e-6);
      scene.step(0.5);
      expect(model.object3D.position.y).to.be.closeTo(1.5, 1e-6);
      scene.step(5);
      expect(model.object3D.position.y).to.be.closeTo(2, 1e-6);
    });

    it('turns rotation.y in degrees and slerps a quaternion', async () => {
      const { scene, model } = await sceneWithModel(html`
        <anim-tween property="rotation.y" from="0" to="90deg" autoplay></anim-tween>
      `);
      scene.step(0.5);
      expect(model.object3D.rotation.y).to.be.closeTo(Math.PI / 4, 1e-6);
    });

    it('mixes a material colour in linear light, on every material of the model', async () => {
      const { scene, model } = await sceneWithModel(html`
        <anim-tween property="material.color" from="#ff0000" to="#0000ff" duration="2" autoplay></anim-tween>
      `);
      scene.step(0.5);
      const expected = new Color('#ff0000').lerp(new Color('#0000ff'), 0.25);
      const colors: Color[] = [];
      model.object3D.traverse((o) => {
        const material = (o as unknown as { material?: { color: Color } }).material;
        if (material) colors.push(material.color);
      });
      expect(colors.length).to.be.greaterThan(0);
      for (const color of colors) {
        expect(color.r).to.be.closeTo(expected.r, 1e-6);
        expect(color.b).to.be.closeTo(expected.b, 1e-6);
      }
    });

    it('binds again to the new materials when the target loads another model', async () => {
      const { scene, model } = await sceneWithModel(html`
        <anim-tween property="material.color" from="#000000" to="#ffffff" duration="2" autoplay></anim-tween>
      `);
      model.src = '/assets/mannequin.glb?second';
      await oneEvent(model, 'anim-load');
      scene.step(0.5);
      const reds: number[] = [];
      model.object3D.traverse((o) => {
        const material = (o as unknown as { material?: { color: Color } }).material;
        if (material) reds.push(material.color.r);
      });
      expect(reds.length).to.be.greaterThan(0);
      // 0.5 s of 2 s: a quarter of the way from black to white, in linear light
      for (const r of reds) expect(r).to.be.closeTo(0.25, 1e-6);
    });

    it("changes one character's materials alone among characters sharing its file, and draws it alone", async () => {
      const scene = await fixture<AnimScene>(html`
        <anim-scene paused>
          <anim-character id="tinted" src="/assets/mannequin.glb" clip="idle">
            <anim-tween property="material.color" from="#000000" to="#ffffff" duration="2" autoplay></anim-tween>
          </anim-character>
          <anim-character src="/assets/mannequin.glb" clip="idle" position="1 0 0"></anim-character>
          <anim-character src="/assets/mannequin.glb" clip="idle" position="-1 0 0"></anim-character>
        </anim-scene>
      `);
      const errors = collect(scene, 'anim-error');
      const [tinted, ...others] = scene.querySelectorAll('anim-character');
      await Promise.all([tinted, ...others].map((c) => c.ready));
      const redsOf = (character: Element) => {
        const reds: number[] = [];
        for (const { mesh } of internals(character).rig!.binding.skinned) {
          reds.push((mesh.material as unknown as { color: Color }).color.r);
        }
        return reds;
      };
      const before = redsOf(others[0]);
      expect(Math.min(...before), 'the file has no black').to.be.above(0);
      scene.step(0.5);
      // a quarter of the way from black to white on the tinted one; the others keep the file's colours
      for (const r of redsOf(tinted)) expect(r).to.be.closeTo(0.25, 1e-6);
      for (const other of others) expect(redsOf(other)).to.deep.equal(before);
      expect(internals(tinted).rig!.instanced, 'the tinted one drawn alone').to.equal(false);
      expect(
        others.map((c) => internals(c).rig!.instanced),
        'the others drawn together',
      ).to.deep.equal([true, true]);
      // a tween added to a character already drawn together: it takes its own materials then
      const [kept, late] = others;
      late.insertAdjacentHTML(
        'beforeend',
        '<anim-tween property="material.color" from="#000000" to="#000000" duration="1" autoplay></anim-tween>',
      );
      await (late.lastElementChild as AnimTween).updateComplete;
      scene.step(0.1);
      for (const r of redsOf(late)) expect(r).to.equal(0);
      expect(redsOf(kept)).to.deep.equal(before);
      expect([late, kept].map((c) => internals(c).rig!.instanced)).to.deep.equal([false, true]);
      // the tinted ones count no more among the characters showing the file: a newcomer with only them draws alone
      kept.remove();
      scene.insertAdjacentHTML(
        'beforeend',
        '<anim-character src="/assets/mannequin.glb" clip="idle"></anim-character>',
      );
      const newcomer = scene.lastElementChild as AnimCharacter;
      await newcomer.ready;
      scene.step(0);
      expect(internals(newcomer).rig!.instanced, 'a newcomer alone with the file').to.equal(false);
      expect(errors).to.deep.equal([]);
    });

    it("moves a character's placement, and its bones with it", async () => {
      const scene = await fixture<AnimScene>(html`
        <anim-scene paused>
          <anim-character src="/assets/mannequin.glb" clip="idle">
            <anim-tween property="position.x" from="0" to="2" duration="1" autoplay></anim-tween>
          </anim-character>
        </anim-scene>
      `);
      const character = scene.querySelector('anim-character')!;
      await character.ready;
      const hipsAtRest = character.boneMatrix('Hips')![12];
      scene.step(0.5);
      scene.step(0);
      expect(internals(character).rig!.root.position.x).to.be.closeTo(1, 1e-6);
      expect(character.boneMatrix('Hips')![12] - hipsAtRest).to.be.closeTo(1, 0.05);
      expect(scene.stage!.scene.position.x, 'the stage itself stays put').to.equal(0);
    });

    it("tweens the scene's light intensity and its exposure property", async () => {
      const scene = await fixture<AnimScene>(html`
        <anim-scene paused>
          <anim-tween target="anim-scene" property="light.intensity" from="0" to="4" autoplay></anim-tween>
          <anim-tween target="anim-scene" property="exposure" from="1" to="2" autoplay></anim-tween>
        </anim-scene>
      `);
      scene.step(0.5);
      expect(scene.stage!.lights.key.intensity).to.be.closeTo(2, 1e-6);
      expect(scene.exposure).to.be.closeTo(1.5, 1e-6);
    });

    it('drives a CSS custom property with its unit, and a colour one in linear light, outside any scene', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div>
          <anim-tween id="a" property="--glow" from="0px" to="12px" autoplay></anim-tween>
          <anim-tween id="b" property="--tint" from="black" to="white" autoplay></anim-tween>
        </div>
      `);
      const a = box.querySelector<AnimTween>('#a')!;
      const b = box.querySelector<AnimTween>('#b')!;
      a.step(0.5);
      b.step(0.5);
      expect(box.style.getPropertyValue('--glow')).to.equal('6px');
      // half-way in linear light is 0.5, which sRGB encodes as 188 of 255
      const srgb = new Color().setRGB(0.5, 0.5, 0.5).getStyle();
      expect(srgb).to.equal('rgb(188,188,188)');
      expect(box.style.getPropertyValue('--tint')).to.match(/^rgb\(187\.\d+ 187\.\d+ 187\.\d+\)$/);
    });

    it('drives a numeric attribute of any element', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div>
          <svg><circle id="dot" r="1"></circle></svg>
          <anim-tween target="#dot" property="r" to="11" duration="2" autoplay></anim-tween>
        </div>
      `);
      const tween = box.querySelector('anim-tween')!;
      tween.step(1);
      expect(box.querySelector('#dot')!.getAttribute('r')).to.equal('6');
    });
  });

  describe('timing and events', () => {
    it('delay, iterations and alternate at fixed steps, with start, loop and end events', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div data-v="0">
          <anim-tween property="data-v" from="0" to="1" duration="1" delay="0.5" iterations="3" direction="alternate"></anim-tween>
        </div>
      `);
      const tween = box.querySelector('anim-tween')!;
      const starts = collect(tween, 'anim-tween-start');
      const loops = collect(tween, 'anim-tween-loop');
      const ends = collect(tween, 'anim-tween-end');
      tween.play();
      const seen: string[] = [];
      for (let i = 0; i < 8; i++) {
        tween.step(0.5);
        seen.push(box.dataset.v!);
      }
      expect(seen).to.deep.equal(['0', '0.5', '1', '0.5', '0', '0.5', '1', '1']);
      expect(starts).to.deep.equal([{ iteration: 0 }]);
      expect(loops).to.deep.equal([{ iteration: 1 }, { iteration: 2 }]);
      expect(ends).to.deep.equal([{ iteration: 2 }]);
      expect(tween.playing).to.equal(false);
    });

    it('fill: none gives the property back during the delay and after the end; forwards and backwards each hold one side', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div data-none="7" data-forwards="7" data-backwards="7" data-both="7">
          ${['none', 'forwards', 'backwards', 'both'].map(
            (fill) =>
              html`<anim-tween property="data-${fill}" from="0" to="1" delay="0.5" iterations="1.5" duration="1" fill=${fill}></anim-tween>`,
          )}
        </div>
      `);
      const tweens = [...box.querySelectorAll('anim-tween')];
      for (const tween of tweens) tween.play();
      const seen: string[][] = [];
      for (const dt of [0.25, 0.5, 0.5, 0.75, 0.5]) {
        for (const tween of tweens) tween.step(dt);
        seen.push([box.dataset.none!, box.dataset.forwards!, box.dataset.backwards!, box.dataset.both!]);
      }
      expect(seen).to.deep.equal([
        ['7', '7', '0', '0'], // in the delay: only a backwards fill applies
        ['0.25', '0.25', '0.25', '0.25'],
        ['0.75', '0.75', '0.75', '0.75'],
        ['7', '0.5', '7', '0.5'], // ended half-way through the second iteration: only a forwards fill holds
        ['7', '0.5', '7', '0.5'],
      ]);
      expect(tweens.map((t) => t.progress)).to.deep.equal([null, 0.5, null, 0.5]);
      expect(tweens.map((t) => t.playing)).to.deep.equal([false, false, false, false]);
    });

    it('iterations="infinite" never ends; iterations="0" ends as soon as its delay is over', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div data-a="9" data-b="9">
          <anim-tween property="data-a" from="0" to="1" duration="0.5" iterations="infinite"></anim-tween>
          <anim-tween property="data-b" from="0" to="1" delay="0.25" iterations="0"></anim-tween>
        </div>
      `);
      const [forever, none] = box.querySelectorAll('anim-tween');
      expect(forever.iterations).to.equal(Number.POSITIVE_INFINITY);
      const ends = collect(none, 'anim-tween-end');
      const loops = collect(forever, 'anim-tween-loop');
      forever.play();
      none.play();
      for (let i = 0; i < 40; i++) {
        forever.step(0.125);
        none.step(0.125);
      }
      expect([forever.playing, loops.length], 'a seam every 0.5 s for 5 s').to.deep.equal([true, 10]);
      expect([none.playing, ends.length, box.dataset.b]).to.deep.equal([false, 1, '0']);
    });

    it('reverse, an easing, pause and seek', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div data-v="0"><anim-tween property="data-v" from="0" to="1" direction="reverse" easing="in-quad"></anim-tween></div>
      `);
      const tween = box.querySelector('anim-tween')!;
      tween.play();
      tween.step(0.5);
      expect(box.dataset.v).to.equal('0.25');
      tween.pause();
      tween.step(0.25);
      expect(box.dataset.v, 'paused').to.equal('0.25');
      tween.seek(0.75);
      expect(box.dataset.v).to.equal('0.0625');
      expect(tween.time).to.equal(0.75);
    });

    it('outside a scene the page loop drives it, frame by frame, until paused', async () => {
      const box = await fixture<HTMLDivElement>(
        html`<div data-v="0"><anim-tween property="data-v" to="1" duration="100" autoplay></anim-tween></div>`,
      );
      const tween = box.querySelector('anim-tween')!;
      pageTicker.paused = false;
      try {
        for (let i = 0; i < 60 && tween.time === 0; i++) await new Promise((r) => requestAnimationFrame(r));
      } finally {
        pageTicker.paused = true;
      }
      expect(tween.time).to.be.greaterThan(0);
      expect(Number(box.dataset.v)).to.be.greaterThan(0);
      const held = tween.time;
      await new Promise((r) => requestAnimationFrame(r));
      await new Promise((r) => requestAnimationFrame(r));
      expect(tween.time, 'paused page loop').to.equal(held);
    });

    it('does nothing to its target until played', async () => {
      const box = await fixture<HTMLDivElement>(
        html`<div data-v="7"><anim-tween property="data-v" to="1"></anim-tween></div>`,
      );
      box.querySelector('anim-tween')!.step(0.5);
      expect(box.dataset.v).to.equal('7');
    });
  });

  describe('composition', () => {
    it('tweens on one property compose in document order: replace wins, add adds', async () => {
      const box = await fixture<HTMLDivElement>(html`
        <div style="--x: 100px">
          <anim-tween id="slide" property="--x" from="0px" to="10px" autoplay></anim-tween>
          <anim-tween id="bob" property="--x" from="0px" to="4px" composite="add" autoplay></anim-tween>
        </div>
      `);
      const [slide, bob] = [...box.querySelectorAll('anim-tween')];
      // bob is updated first: the order of updates must not matter, only the document's
      bob.step(0.5);
      slide.step(0.5);
      expect(box.style.getPropertyValue('--x')).to.equal('7px');
      slide.composite = 'add';
      await slide.updateComplete;
      slide.step(0);
      expect(box.style.getPropertyValue('--x'), 'both added to the base 100px').to.equal('107px');
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

    it('unknown easing, unknown property and missing target each give one anim-error, and the rest animate', async () => {
      const box = document.createElement('div');
      box.dataset.v = '0';
      const errors = collect(box, 'anim-error') as AnimErrorDetail[];
      box.innerHTML = `
        <anim-tween id="ease" property="data-v" to="1" easing="wobbly"></anim-tween>
        <anim-tween id="prop" property="no-such-thing" to="1" autoplay></anim-tween>
        <anim-tween id="target" target="#nowhere" property="data-v" to="1" autoplay></anim-tween>
        <anim-tween id="good" property="data-v" from="0" to="1" autoplay></anim-tween>`;
      document.body.append(box);
      await settle();
      for (const tween of box.querySelectorAll('anim-tween')) tween.step(0.5);
      for (const tween of box.querySelectorAll('anim-tween')) tween.step(0.1);
      await settle();
      const byCode = errors.map((e) => [e.code, (e.source as Element).id]);
      expect(byCode).to.have.deep.members([
        ['unknown-easing', 'ease'],
        ['unknown-property', 'prop'],
        ['missing-target', 'target'],
      ]);
      expect(errors.find((e) => e.code === 'unknown-easing')!.message).to.contain('"wobbly"');
      expect(errors.find((e) => e.code === 'missing-target')!.message).to.contain('#nowhere');
      expect(box.dataset.v, 'the good tween animates').to.equal('0.6');
      box.remove();
    });

    it('a bad easing keeps the previous one; values that do not fit the property are bad-attribute', async () => {
      const { scene, model } = await sceneWithModel(html`
        <anim-tween property="position" to="1 2" autoplay></anim-tween>
      `);
      const errors = collect(scene, 'anim-error') as AnimErrorDetail[];
      const tween = model.querySelector('anim-tween')!;
      tween.easing = 'out-cubic';
      tween.easing = 'out-nothing';
      expect(tween.easing).to.equal('out-cubic');
      tween.duration = -1;
      tween.iterations = 'lots';
      tween.fill = 'sideways';
      tween.iterations = -1;
      tween.to = '0 1 0';
      await tween.updateComplete;
      scene.step(0.5);
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal([
        'unknown-easing',
        'bad-attribute',
        'bad-attribute',
        'bad-attribute',
        'bad-attribute',
      ]);
      expect(errors.map((e) => e.message).join(' '))
        .to.contain('iterations: "lots"')
        .and.contain('fill: "sideways"')
        .and.contain('iterations: "-1"');
      expect([tween.duration, tween.iterations, tween.fill]).to.deep.equal([1, 1, 'both']);
      expect(model.object3D.position.y).to.be.closeTo(1 - 0.5 ** 3, 1e-6);
    });

    it('a 3D path the model lacks, or on an element that is not 3D, is unknown-property', async () => {
      const { scene, model } = await sceneWithModel(html`
        <anim-tween id="a" property="material.sparkle" to="1" autoplay></anim-tween>
        <anim-tween id="b" property="position.w" to="1" autoplay></anim-tween>
      `);
      const errors = collect(scene, 'anim-error') as AnimErrorDetail[];
      const div = document.createElement('div');
      div.innerHTML = '<anim-tween id="c" property="position.y" to="1" autoplay></anim-tween>';
      scene.append(div);
      for (let i = 0; i < 3; i++) scene.step(0.1);
      await settle();
      expect(errors.map((e) => [e.code, (e.source as Element).id])).to.have.deep.members([
        ['unknown-property', 'a'],
        ['unknown-property', 'b'],
        ['unknown-property', 'c'],
      ]);
      expect(errors.find((e) => (e.source as Element).id === 'c')!.message).to.contain('needs a 3D element');
      expect(model.object3D.position.toArray()).to.deep.equal([0, 0, 0]);
    });

    it('reports a bad "to" once, naming it', async () => {
      const box = await fixture<HTMLDivElement>(html`<div style="--g: 1px"></div>`);
      const errors = collect(box, 'anim-error') as AnimErrorDetail[];
      box.innerHTML = '<anim-tween property="--g" from="1px" to="banana" autoplay></anim-tween>';
      await settle();
      box.querySelector('anim-tween')!.step(0.1);
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
      expect(errors[0].message).to.contain('banana');
    });

    it('a model that fails to load is load-failed', async () => {
      const model = await fixture<AnimModel>(html`<anim-model src="/assets/missing.glb"></anim-model>`);
      const errors = collect(model, 'anim-error') as AnimErrorDetail[];
      await oneEvent(model, 'anim-error');
      expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
    });
  });
});
