/**
 * A character's animated extent and skin reach are bind-time measures of its file: every copy of one file
 * (a crowd's thousand) shares them, measured once, and they equal a fresh measure.
 */
import { expect } from '@open-wc/testing';
import { Matrix4, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { sharedClipBinding } from '../../src/runtime/core.js';
import { bindGltf, type GltfBinding } from '../../src/scene/gltf-binding.js';
import { JointBounds } from '../../src/scene/joint-bounds.js';
import { animatedExtent, rigExtent } from '../../src/scene/rig-extent.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

async function mannequin(): Promise<GltfBinding> {
  const bytes = await fetchBytes('/assets/mannequin.glb');
  const gltf = await new GLTFLoader().parseAsync(bytes.buffer as ArrayBuffer, '');
  return bindGltf(gltf, 'mannequin.glb');
}

function coveredBounds(binding: GltfBinding): JointBounds[] {
  const bounds = binding.asset.skins.map((skin) => new JointBounds(skin));
  for (const { mesh, skin } of binding.skinned) bounds[skin].cover(mesh.geometry);
  return bounds;
}

describe('bind-time measures shared by the copies of one file', () => {
  it('the skin reach is the farthest vertex from its heaviest joint, by three’s own bone inverses', async () => {
    const binding = await mannequin();
    const [bounds] = coveredBounds(binding);
    // the oracle: three's skeleton of the same mesh, each vertex from the bind position of its heaviest bone
    let reach = 0;
    const bone = new Matrix4();
    const vertex = new Vector3();
    const joint = new Vector3();
    for (const { mesh } of binding.skinned) {
      const { position, skinIndex, skinWeight } = mesh.geometry.attributes;
      for (let v = 0; v < position.count; v++) {
        let best = 0;
        for (let k = 1; k < 4; k++) if (skinWeight.getComponent(v, k) > skinWeight.getComponent(v, best)) best = k;
        bone.copy(mesh.skeleton.boneInverses[skinIndex.getComponent(v, best)]).invert();
        joint.setFromMatrixPosition(bone);
        reach = Math.max(reach, vertex.fromBufferAttribute(position, v).distanceTo(joint));
      }
    }
    expect(reach, 'some skin lies away from its joint, under a metre').to.be.within(0.05, 1);
    expect(bounds.margin).to.be.closeTo(reach, 1e-5);
    const [again] = coveredBounds(binding);
    expect(again.margin, 'a second copy’s bounds read the same reach').to.equal(bounds.margin);
  });

  it('one extent per file and clip set, equal to a fresh measure; another clip set gets its own', async () => {
    const binding = await mannequin();
    const { asset } = binding;
    const clips = asset.clips.map((clip) => sharedClipBinding(clip, asset.skeleton, asset.morphs));
    expect(clips.length).to.be.greaterThan(2);
    const first = rigExtent(binding, coveredBounds(binding), clips);
    const second = rigExtent(binding, coveredBounds(binding), [...clips]);
    expect(second.sphere, 'the same file and clips: the extent measured once').to.equal(first.sphere);
    const joints = asset.skins.flatMap((skin) => Array.from(skin.joints));
    const margin = coveredBounds(binding)[0].margin;
    const fresh = animatedExtent(asset.skeleton, joints, clips, margin);
    expect(first.sphere.radius).to.be.closeTo(fresh.sphere.radius, 1e-9);
    expect(first.sphere.center.distanceTo(fresh.sphere.center)).to.be.below(1e-9);

    const idle = clips.filter((c) => c.clip.name === 'idle');
    expect(idle).to.have.length(1);
    const still = rigExtent(binding, coveredBounds(binding), idle);
    expect(still.sphere, 'another clip set is measured apart').not.to.equal(first.sphere);
    const freshIdle = animatedExtent(asset.skeleton, joints, idle, margin);
    expect(still.sphere.radius).to.be.closeTo(freshIdle.sphere.radius, 1e-9);
    expect(still.sphere.radius, 'idle stays nearer than the climb and the falls').to.be.below(first.sphere.radius);
  });
});
