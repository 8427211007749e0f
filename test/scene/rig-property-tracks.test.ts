import { expect } from '@open-wc/testing';
import type { Mesh, MeshStandardMaterial, PointLight } from 'three';
import { CharacterRig } from '../../src/scene/character-rig.js';
import { loadGltf } from '../../src/scene/load-gltf.js';
import { RigPropertyTracks } from '../../src/scene/rig-property-tracks.js';
import { expectClose } from '../helpers/math.js';
import { pointerGlb } from '../helpers/pointer-glb.js';

const COLOR = '/materials/0/pbrMetallicRoughness/baseColorFactor';
const INTENSITY = '/extensions/KHR_lights_punctual/lights/0/intensity';

/** A rig over a file whose animation "pulse" moves the lamp (a joint track) and drives its colour and light. */
async function pulseRig() {
  const bytes = await pointerGlb(
    'pulse',
    [
      { pointer: COLOR, times: [0, 2], values: [1, 1, 1, 1, 0, 0, 1, 1] },
      { pointer: INTENSITY, times: [0, 1, 2], values: [0, 8, 0] },
    ],
    { times: [0, 2], values: [0, 0, 0, 0, 2, 0] },
  );
  const url = URL.createObjectURL(new Blob([bytes]));
  const gltf = (await loadGltf(url))!;
  const rig = await CharacterRig.create(gltf, url, {
    definitions: [{ name: 'late-half', from: 'pulse', start: { seconds: 1 }, end: { seconds: 2 } }],
  });
  const tracks = await RigPropertyTracks.attach(rig, gltf);
  const lamp = gltf.scene.getObjectByName('Lamp') as Mesh;
  const light = gltf.scene.getObjectByProperty('isLight', true) as PointLight;
  URL.revokeObjectURL(url);
  return { rig, tracks, material: lamp.material as MeshStandardMaterial, light };
}

describe('RigPropertyTracks', () => {
  it("drives a character clip's material colour and light intensity beside its joint track", async () => {
    const { rig, tracks, material, light } = await pulseRig();
    expect(tracks).to.not.equal(undefined);
    expect(rig.play('pulse', { fade: 0 })).to.equal('started');
    rig.update(0.5);
    expectClose(material.color.toArray(), [0.75, 0.75, 1], 1e-6, 'colour at 0.5 s');
    expect(light.intensity).to.be.closeTo(4, 1e-6);
    // the joint track moved the lamp: its matrix is in the rig's output
    const joint = rig.binding.asset.skeleton.indexByName.get('Lamp')!;
    expect(rig.model[joint * 16 + 13]).to.be.closeTo(0.5, 1e-6);
    rig.update(1);
    expect(light.intensity).to.be.closeTo(4, 1e-6);
  });

  it('a slice reads its model clip at the slice time; detached, it writes nothing', async () => {
    const { rig, tracks, light } = await pulseRig();
    rig.play('late-half', { fade: 0 });
    rig.update(0.25);
    // 0.25 s into a slice that starts 1 s into "pulse"
    expect(light.intensity).to.be.closeTo(6, 1e-6);
    tracks!.detach();
    rig.update(0.25);
    expect(light.intensity).to.be.closeTo(6, 1e-6);
  });

  it('stays out of a file without property tracks', async () => {
    const gltf = (await loadGltf('/assets/mannequin.glb'))!;
    const rig = await CharacterRig.create(gltf, '/assets/mannequin.glb');
    expect(await RigPropertyTracks.attach(rig, gltf)).to.equal(undefined);
    expect(rig.modelModifiers).to.have.length(0);
  });
});
