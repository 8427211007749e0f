import { expect } from '@open-wc/testing';
import type { InstancedBufferGeometry, Mesh } from 'three';
import { type Demo, mountDemo } from '../../demo/demo.js';
import { clipsSection } from '../../demo/sections/clips.js';
import { crowdDemo, crowdSection } from '../../demo/sections/crowd.js';
import { collectErrors } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

describe('the demo’s Crowd tab', () => {
  let demo: Demo;
  let root: HTMLElement;

  before(async () => {
    root = document.createElement('div');
    root.style.cssText = 'width: 1000px; height: 640px;';
    document.body.append(root);
    demo = await mountDemo(root, { paused: true, sections: [clipsSection, crowdSection] });
  });

  after(() => {
    demo.dispose();
    root.remove();
  });

  it('fills the plaza with walking mannequins drawn instanced, and leaving puts the scene back', async () => {
    const errors = collectErrors(root);
    const orbit = demo.scene.getAttribute('camera-orbit');
    expect(crowdDemo.count, 'a thousand on the page').to.equal(1000);
    // fewer for the test
    crowdDemo.count = 24;
    demo.show('crowd');
    const crowd = demo.scene.querySelector('anim-crowd')!;
    await crowd.updateComplete;
    await crowd.ready;
    for (let f = 0; f < 30; f++) demo.scene.step(1 / 30);
    expect(crowd.characters).to.have.length(24);
    expect(crowd.characters.every((c) => internals(c).rig!.instanced)).to.equal(true);
    expect(crowd.agents.filter((a) => a.speed > 0.3).length, 'they walk').to.be.greaterThan(12);
    const batches: Mesh[] = [];
    demo.scene.stage!.content.traverse((o) => {
      if ((o as Mesh).isMesh && (o as Mesh).geometry.type === 'InstancedBufferGeometry') batches.push(o as Mesh);
    });
    expect(batches, 'one instanced draw per primitive of the mannequin').to.have.length(3);
    // the demo's own mannequin shares the model, but stands aside while the tab is on
    for (const batch of batches) expect((batch.geometry as InstancedBufferGeometry).instanceCount).to.equal(24);
    demo.show('clips');
    expect(demo.scene.querySelector('anim-crowd')).to.equal(null);
    expect(demo.scene.getAttribute('camera-orbit')).to.equal(orbit);
    demo.scene.step(0);
    expect(internals(demo.character).rig!.root.visible).to.equal(true);
    expect(errors).to.deep.equal([]);
  });
});
