import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-cloth.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import { type AnimCloth, clothCode } from '../../src/elements/anim-cloth.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { CAPSULE_FLOATS } from '../../src/runtime/cloth/index.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const DT = 1 / 60;

async function caped(cloth = 'mesh="Cape" pin="top 0.05"', count = 1) {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
  scene.innerHTML = Array.from(
    { length: count },
    (_, i) =>
      `<anim-character src="${MANNEQUIN}" clip="walk" position="${i * 1.5} 0 0"><anim-cloth ${cloth}></anim-cloth></anim-character>`,
  ).join('');
  const characters = [...scene.querySelectorAll('anim-character')] as AnimCharacter[];
  await Promise.all(characters.map((c) => c.ready));
  const cloths = characters.map((c) => c.querySelector('anim-cloth') as AnimCloth);
  await Promise.all(cloths.map((c) => c.updateComplete));
  return { scene, characters, cloths };
}

/** One walking mannequin holding `cloth` (markup), its errors collected from before it connects; resolves once it loaded. */
async function walkerWith(cloth: string) {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
  const character = document.createElement('anim-character');
  const errors = collectErrors(character);
  character.setAttribute('src', MANNEQUIN);
  character.setAttribute('clip', 'walk');
  character.innerHTML = cloth;
  scene.append(character);
  await character.ready;
  return { scene, character, cloth: character.querySelector('anim-cloth') as AnimCloth, errors };
}

describe('<anim-cloth>', () => {
  // first in this file: no cloth has fetched the solver's code yet
  it("fetches the solver's code when a cloth connects; a failed fetch is one load-failed, a change of the cloth tries again", async () => {
    performance.clearResourceTimings();
    const fetched = () =>
      performance.getEntriesByType('resource').filter((entry) => entry.name.includes('cloth-driver')).length;
    expect(clothCode.loaded, 'not loaded by a page without cloth').to.equal(undefined);

    const fetch = clothCode.fetch;
    clothCode.fetch = () => Promise.reject(new Error('offline'));
    const { scene, character, cloth, errors } = await walkerWith('<anim-cloth mesh="Cape"></anim-cloth>');
    await cloth.updateComplete;
    clothCode.fetch = fetch;
    scene.step(DT);
    expect(errors.map((e) => e.code)).to.deep.equal(['load-failed']);
    expect(errors[0].message).to.contain('cloth').and.to.contain('offline');
    expect(cloth.driver).to.equal(undefined);
    const cape = internals(character).rig!.binding.skinned.find((p) => p.mesh.name === 'Cape')!.mesh;
    expect(cape.visible, 'the skinned cape still draws').to.equal(true);
    const time = character.time;
    scene.step(0.1);
    expect(character.time, 'the character animates on').to.be.closeTo(time + 0.1, 1e-6);

    scene.step(DT);
    expect(clothCode.loaded, 'not tried again by the frames').to.equal(undefined);
    cloth.setAttribute('pin', 'top 0.1');
    await cloth.updateComplete;
    expect(fetched(), 'fetched at the next bind').to.equal(1);
    expect(cloth.driver, 'bound once the code arrived').to.not.equal(undefined);
    expect(cape.visible, 'the cloth draws in place of the skinned cape').to.equal(false);
    expect(errors).to.have.length(1);
  });

  it('takes over the Cape: pins follow the chest, the rest swings, nothing enters the body capsules', async () => {
    const { scene, characters, cloths } = await caped();
    const driver = cloths[0].driver!;
    expect(driver, 'bound').to.not.equal(undefined);
    const cloth = driver.cloth;
    expect(cloth.pins.length).to.be.above(0);
    const rig = internals(characters[0]).rig!;
    const cape = rig.binding.skinned.find((p) => p.mesh.name === 'Cape')!.mesh;
    expect(cape.visible, 'the skinned cape is hidden').to.equal(false);
    let moved = 0;
    for (let f = 0; f < 180; f++) {
      scene.step(DT);
      // a pin sits where the skin would put its vertex: chest (and neck) matrices × rest position
      const chest = rig.model.subarray(rig.binding.asset.skeleton.indexByName.get('Chest')! * 16);
      for (const p of cloth.pins) {
        const [x, y, z] = cloth.rest.subarray(p * 3, p * 3 + 3);
        const anchored = cloth.anchor[p];
        expect(anchored).to.be.at.least(0);
        if (f === 179) {
          // the chest's skinning matrix is translation-only at bind (rest rotations are the identity)
          const m = chest;
          const chestRest = [0, 1.22, 0];
          const want = [0, 1, 2].map(
            (k) =>
              m[k] * (x - chestRest[0]) + m[4 + k] * (y - chestRest[1]) + m[8 + k] * (z - chestRest[2]) + m[12 + k],
          );
          const got = cloth.positions.subarray(p * 3, p * 3 + 3);
          // the top row is weighted 0.3 to the neck: allow the neck's small sway there
          expect(Math.hypot(got[0] - want[0], got[1] - want[1], got[2] - want[2]), `pin ${p}`).to.be.below(0.03);
        }
      }
    }
    // the bottom corner has left the rigid chest's frame: it trails and swings
    const chest = rig.model.subarray(rig.binding.asset.skeleton.indexByName.get('Chest')! * 16);
    for (let p = 0; p < cloth.particleCount; p++) {
      if (cloth.inverseMass[p] === 0) continue;
      const [x, y, z] = cloth.rest.subarray(p * 3, p * 3 + 3);
      const rigid = [0, 1, 2].map((k) => chest[k] * x + chest[4 + k] * (y - 1.22) + chest[8 + k] * z + chest[12 + k]);
      const d = Math.hypot(...[0, 1, 2].map((k) => cloth.positions[p * 3 + k] - rigid[k]));
      moved = Math.max(moved, d);
      expect(Number.isFinite(d)).to.equal(true);
    }
    expect(moved, 'the cloth moves on its own').to.be.above(0.05);
    // no free particle inside a capsule (beyond a millimetre)
    for (let p = 0; p < cloth.particleCount; p++) {
      if (cloth.inverseMass[p] === 0) continue;
      for (let c = 0; c < cloth.capsuleCount; c++) {
        const q = cloth.capsules.subarray(c * CAPSULE_FLOATS, c * CAPSULE_FLOATS + CAPSULE_FLOATS);
        const s = [q[3] - q[0], q[4] - q[1], q[5] - q[2]];
        const d = [0, 1, 2].map((k) => cloth.positions[p * 3 + k] - q[k]);
        const len2 = s[0] ** 2 + s[1] ** 2 + s[2] ** 2;
        const t = Math.min(1, Math.max(0, (d[0] * s[0] + d[1] * s[1] + d[2] * s[2]) / (len2 || 1)));
        const dist = Math.hypot(d[0] - s[0] * t, d[1] - s[1] * t, d[2] - s[2] * t);
        expect(dist, `particle ${p} in capsule ${c}`).to.be.above(q[6] - 0.001);
      }
    }
  });

  it('gives each character its own cloth', async () => {
    const { scene, cloths } = await caped(undefined, 2);
    expect(cloths[0].driver!.cloth).to.not.equal(cloths[1].driver!.cloth);
    for (let f = 0; f < 10; f++) scene.step(DT);
    const dx = cloths[1].driver!.cloth.positions[0] - cloths[0].driver!.cloth.positions[0];
    expect(dx).to.be.closeTo(1.5, 0.05);
  });

  it('runs on an <anim-model> too: the pins follow the model as it moves, the rest hangs behind', async () => {
    await import('../../src/elements/anim-model.js');
    const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
    scene.innerHTML = `<anim-model src="${MANNEQUIN}"><anim-cloth mesh="Cape" colliders="none"></anim-cloth></anim-model>`;
    const model = scene.querySelector('anim-model')!;
    const cloth = scene.querySelector('anim-cloth') as AnimCloth;
    await new Promise<void>((resolve) => model.addEventListener('anim-load', () => resolve(), { once: true }));
    await cloth.updateComplete;
    const driver = cloth.driver!;
    expect(driver, 'bound to the model').to.not.equal(undefined);
    for (let f = 0; f < 30; f++) {
      model.setAttribute('position', `${f * 0.02} 0 0`);
      await model.updateComplete;
      scene.step(DT);
    }
    const c = driver.cloth;
    for (const p of c.pins) expect(c.positions[p * 3] - c.rest[p * 3], 'pins ride along').to.be.closeTo(0.58, 1e-5);
    const bottom = c.particleCount - 1;
    expect(c.positions[bottom * 3] - c.rest[bottom * 3], 'the hem lags').to.be.below(0.55);
  });

  it('reports unknown-mesh for a mesh the model lacks, once, and the character animates on', async () => {
    const { scene, character, errors } = await walkerWith('<anim-cloth mesh="Skirt"></anim-cloth>');
    await settle();
    scene.step(DT);
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-mesh']);
    expect(errors[0].message).to.contain('Skirt').and.to.contain('Cape');
    const before = character.time;
    scene.step(0.1);
    expect(character.time).to.not.equal(before);
  });

  it('rejects bad values with bad-attribute and keeps the previous ones; removing restores defaults', async () => {
    const { cloths } = await caped();
    const cloth = cloths[0];
    const errors = collectErrors(cloth);
    const cases: Array<[string, string, keyof AnimCloth]> = [
      ['stiffness', '2', 'stiffness'],
      ['damping', '-1', 'damping'],
      ['iterations', '0', 'iterations'],
      ['iterations', '2.5', 'iterations'],
      ['max-speed', '0', 'maxSpeed'],
      ['gravity', '0 -9.8', 'gravity'],
      ['pin', 'bottom 0.1', 'pin'],
      ['colliders', 'all', 'colliders'],
    ];
    for (const [attribute, value, prop] of cases) {
      const before = JSON.stringify(cloth[prop]);
      cloth.setAttribute(attribute, value);
      expect(JSON.stringify(cloth[prop]), attribute).to.equal(before);
    }
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(cases.map(() => 'bad-attribute'));
    expect(errors[0].message).to.contain('"2"');
    cloth.setAttribute('stiffness', '0.5');
    cloth.setAttribute('pin', 'top 0.2');
    await cloth.updateComplete;
    expect(cloth.stiffness).to.equal(0.5);
    expect(cloth.driver!.cloth.settings.stiffness).to.equal(0.5);
    expect(cloth.pin).to.deep.equal({ top: 0.2 });
    cloth.removeAttribute('stiffness');
    expect(cloth.stiffness).to.equal(0.9);
    // a pinned vertex the mesh lacks cannot build a cloth
    cloth.setAttribute('pin', 'vertices 99999');
    await cloth.updateComplete;
    await settle();
    expect(errors[errors.length - 1].code).to.equal('bad-attribute');
    expect(errors[errors.length - 1].message).to.contain('99999');
  });
});
