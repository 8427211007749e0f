/** `<anim-scene lod>`: the tier rule, bad values, and the tiers the stage gives characters near, far and unseen. */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collect, collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const DT = 1 / 60;

/** A paused scene looking from +Z down -Z at the origin (not framed to the crowd), at characters placed by `positions`, all walking. */
async function crowd(positions: string[], lod?: string) {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused camera-orbit="0deg 5deg 6m" camera-target="0 1 0" style="width: 160px; height: 120px"></anim-scene>`,
  );
  if (lod !== undefined) scene.setAttribute('lod', lod);
  const errors = collectErrors(scene);
  scene.innerHTML = positions
    .map((p) => `<anim-character src="${MANNEQUIN}" clip="walk" root-motion="apply" position="${p}"></anim-character>`)
    .join('');
  const characters = [...scene.querySelectorAll('anim-character')] as AnimCharacter[];
  await Promise.all(characters.map((c) => c.ready));
  await settle();
  const rigs = characters.map((c) => internals(c).rig!);
  return { scene, errors, characters, rigs };
}

describe('<anim-scene lod>', () => {
  it('defaults to on (15% and 5% of the view height) and takes off, fractions, percentages and objects', async () => {
    const el = await fixture<AnimScene>(html`<anim-scene></anim-scene>`);
    expect(el.lod).to.deep.equal({ enabled: true, full: 0.15, half: 0.05 });
    el.setAttribute('lod', 'off');
    expect(el.lod.enabled).to.equal(false);
    el.setAttribute('lod', '30% 10%');
    expect(el.lod).to.deep.equal({ enabled: true, full: 0.3, half: 0.1 });
    el.setAttribute('lod', '0.2 0.2');
    expect(el.lod).to.deep.equal({ enabled: true, full: 0.2, half: 0.2 });
    el.lod = { enabled: true, full: 0.5, half: 0.25 };
    expect(el.lod).to.deep.equal({ enabled: true, full: 0.5, half: 0.25 });
    el.removeAttribute('lod');
    el.setAttribute('lod', 'on');
    expect(el.lod).to.deep.equal({ enabled: true, full: 0.15, half: 0.05 });
    el.removeAttribute('lod');
    expect(el.lod).to.deep.equal({ enabled: true, full: 0.15, half: 0.05 });
    await el.updateComplete;
    expect(el.stage!.lod.settings).to.deep.equal(el.lod);
  });

  for (const bad of ['0.05 0.15', '120% 5%', 'fast', '0.2', 'off 0.1', '-0.1 -0.2', '']) {
    it(`lod="${bad}" gives one bad-attribute naming the value and keeps the previous rule`, async () => {
      const el = await fixture<AnimScene>(html`<anim-scene lod="40% 20%"></anim-scene>`);
      const errors = collectErrors(el);
      const warn = console.warn;
      console.warn = () => {};
      try {
        el.setAttribute('lod', bad);
        await el.updateComplete;
        el.step(0);
      } finally {
        console.warn = warn;
      }
      expect(errors).to.have.length(1);
      expect(errors[0].code).to.equal('bad-attribute');
      expect(errors[0].message).to.include('lod').and.to.include(`"${bad}"`);
      expect(el.lod).to.deep.equal({ enabled: true, full: 0.4, half: 0.2 });
    });
  }

  it('poses the near every frame, the far every 2nd or 4th, the unseen never; their clocks and events keep pace', async function () {
    this.timeout(120000);
    // near, 20 m off (half), 60 m off (quarter), behind the camera, far to the side
    const { scene, errors, characters, rigs } = await crowd(['0 0 0', '0 0 -20', '0 0 -60', '0 0 30', '80 0 0']);
    const events = characters.map((c) => collect<{ name: string }>(c, 'anim-loop'));
    const before = rigs.map((r) => r.posedFrames);
    const start = rigs.map((r) => r.root.position.clone());
    for (let f = 0; f < 120; f++) scene.step(DT);
    await settle();
    expect(rigs.map((r) => r.tier)).to.deep.equal(['full', 'half', 'quarter', 'culled', 'culled']);
    const posed = rigs.map((r, i) => r.posedFrames - before[i]);
    // (a redraw the page asks for, dt 0, poses whoever is in view once more)
    expect(posed[0]).to.be.within(120, 122);
    expect(posed[1]).to.be.within(60, 62);
    expect(posed[2]).to.be.within(30, 32);
    expect(posed.slice(3), 'the unseen are never posed').to.deep.equal([0, 0]);
    // every one walked as far and looped as often as the near one
    const walked = rigs.map((r, i) => r.root.position.distanceTo(start[i]));
    expect(walked[0]).to.be.greaterThan(0.5);
    for (let i = 1; i < rigs.length; i++) {
      expect(rigs[i].time, `character ${i}: clock`).to.equal(rigs[0].time);
      expect(walked[i], `character ${i}: root motion`).to.be.closeTo(walked[0], 1e-9);
      expect(events[i].length, `character ${i}: loops`).to.equal(events[0].length);
    }
    expect(events[0].length).to.be.greaterThan(0);
    expect(errors).to.have.length(0);
  });

  it('keeps the nearest at full rate even when it is small, and lod="off" poses everyone every frame', async function () {
    this.timeout(120000);
    const { scene, rigs } = await crowd(['0 0 -60', '0 0 -80', '90 0 0'], '90% 80%');
    scene.step(DT);
    expect(rigs.map((r) => r.tier)).to.deep.equal(['full', 'quarter', 'culled']);
    scene.lod = 'off';
    const before = rigs.map((r) => r.posedFrames);
    for (let f = 0; f < 5; f++) scene.step(DT);
    expect(rigs.map((r) => r.tier)).to.deep.equal(['full', 'full', 'full']);
    expect(rigs.map((r, i) => r.posedFrames - before[i])).to.deep.equal([5, 5, 5]);
  });

  it('staggers reduced-rate characters so each frame poses an even share', async function () {
    this.timeout(120000);
    const positions = Array.from({ length: 8 }, (_, i) => `${(i - 4) * 3} 0 -70`);
    // a near one keeps the nearest rule away from the eight
    const { scene, rigs } = await crowd(['0 0 0', ...positions]);
    const far = rigs.slice(1);
    for (let f = 0; f < 4; f++) scene.step(DT);
    expect(far.every((r) => r.tier === 'quarter')).to.equal(true);
    const perFrame: number[] = [];
    for (let f = 0; f < 8; f++) {
      scene.step(DT);
      perFrame.push(far.filter((r) => r.posed).length);
    }
    expect(perFrame).to.deep.equal([2, 2, 2, 2, 2, 2, 2, 2]);
  });

  it('a redraw (dt 0) does not shift which frames pose a reduced-rate character', async function () {
    this.timeout(120000);
    const { scene, rigs } = await crowd(['0 0 0', '0 0 -60']);
    const far = rigs[1];
    const posed: boolean[] = [];
    for (let f = 0; f < 8; f++) {
      scene.step(DT);
      posed.push(far.posed);
      // redraws between steps, as a load or a resize asks for: three of them would move a 4-frame cycle by three
      if (f === 3) for (let r = 0; r < 3; r++) scene.step(0);
    }
    expect(far.tier).to.equal('quarter');
    expect(posed.filter(Boolean)).to.have.length(2);
    expect(posed.slice(4), 'the same frames of the cycle after the redraws').to.deep.equal(posed.slice(0, 4));
  });

  it('staggers by the order characters join their scene, not by the order their loads finish', async function () {
    this.timeout(120000);
    const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
    scene.innerHTML = `<anim-character></anim-character><anim-character src="${MANNEQUIN}"></anim-character>`;
    const [first, second] = [...scene.querySelectorAll('anim-character')] as AnimCharacter[];
    await second.ready;
    // the first one's model binds last
    first.src = MANNEQUIN;
    await first.ready;
    // numbered by the scene, whatever the page made before
    expect([internals(first).rig!.lodSlot, internals(second).rig!.lodSlot]).to.deep.equal([0, 1]);
    // a new model keeps the character's frames
    first.src = '/assets/rigs/mixamo-style.glb';
    await first.ready;
    expect(internals(first).rig!.lodSlot).to.equal(0);
  });
});
