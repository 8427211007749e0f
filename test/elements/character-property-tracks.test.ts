import { expect } from '@open-wc/testing';
import type { Mesh, MeshStandardMaterial } from 'three';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import '../../src/index.js';
import { pointerGlb } from '../helpers/pointer-glb.js';

const COLOR = '/materials/0/pbrMetallicRoughness/baseColorFactor';

describe('<anim-character> with KHR_animation_pointer tracks', () => {
  it("plays a clip's material colour beside its joints", async () => {
    const bytes = await pointerGlb('pulse', [{ pointer: COLOR, times: [0, 2], values: [1, 1, 1, 1, 0, 0, 1, 1] }], {
      times: [0, 2],
      values: [0, 0, 0, 0, 2, 0],
    });
    const url = URL.createObjectURL(new Blob([bytes]));
    const host = document.createElement('div');
    host.innerHTML = `<anim-scene style="display:block;width:200px;height:150px"><anim-character src="${url}" clip="pulse" fade="0"></anim-character></anim-scene>`;
    document.body.append(host);
    const scene = host.querySelector('anim-scene') as AnimScene;
    const character = host.querySelector('anim-character') as AnimCharacter;
    await character.ready;
    scene.step(0.5);
    let material: MeshStandardMaterial | undefined;
    scene.stage!.content.traverse((o) => {
      if (o.name === 'Lamp') material = (o as Mesh).material as MeshStandardMaterial;
    });
    expect(material, 'the lamp mesh').to.not.equal(undefined);
    const [r, g, b] = material!.color.toArray();
    expect(r).to.be.closeTo(0.75, 1e-6);
    expect(g).to.be.closeTo(0.75, 1e-6);
    expect(b).to.be.closeTo(1, 1e-6);
    host.remove();
    URL.revokeObjectURL(url);
  });
});
