import { expect } from '@open-wc/testing';
import { Box3, type Object3D, PropertyBinding, type SkinnedMesh, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { generateRigGlb } from '../../scripts/mannequin/generate';
import { MIXAMO_STYLE, RIG_STYLES } from '../../scripts/mannequin/rigs';
import { fetchBytes } from './mannequin-fixture';

/** The skinned body's bounds at rest, through three's skinning (bone matrices × inverse binds × vertices). */
function skinnedBounds(root: Object3D): Box3 {
  root.updateMatrixWorld(true);
  const box = new Box3();
  const p = new Vector3();
  root.traverse((o) => {
    const mesh = o as SkinnedMesh;
    if (!mesh.isSkinnedMesh) return;
    mesh.skeleton.update();
    for (let i = 0; i < mesh.geometry.getAttribute('position').count; i++) {
      box.expandByPoint(mesh.getVertexPosition(i, p).applyMatrix4(mesh.matrixWorld));
    }
  });
  return box;
}

describe('mannequin rig variants (assets/rigs/)', () => {
  for (const style of RIG_STYLES) {
    it(`${style.file}: the committed file is what the generator writes (run \`npm run generate\` if not)`, async () => {
      const generated = await generateRigGlb(style);
      const committed = await fetchBytes(`/assets/rigs/${style.file}.glb`);
      expect(generated.length, 'byte length').to.equal(committed.length);
      expect(
        generated.every((v, i) => v === committed[i]),
        'identical bytes',
      ).to.equal(true);
    });

    it(`${style.file}: stands on the ground at its proportions, facing its way, in metres through its skin`, async () => {
      const bytes = await fetchBytes(`/assets/rigs/${style.file}.glb`);
      const gltf = await new GLTFLoader().parseAsync(bytes.buffer as ArrayBuffer, '');
      const box = skinnedBounds(gltf.scene);
      // the mannequin is 1.75 m tall with 0.9 m legs; the rig's legs scale the lower half
      expect(box.min.y, 'soles').to.be.closeTo(0, 0.01);
      expect(box.max.y, 'top of the head').to.be.within(1.6, 1.95);
      const armature = gltf.scene.getObjectByName('Armature')!;
      expect(armature.scale.x).to.be.closeTo(1 / style.unitsPerMetre, 1e-9);
      const toes = gltf.scene
        .getObjectByName(PropertyBinding.sanitizeNodeName(style.name('Toes', 'Left')))!
        .getWorldPosition(new Vector3());
      const foot = gltf.scene
        .getObjectByName(PropertyBinding.sanitizeNodeName(style.name('Foot', 'Left')))!
        .getWorldPosition(new Vector3());
      expect(Math.sign(toes.z - foot.z), 'toes ahead of the ankle').to.equal(style.facing);
      expect(Math.sign(foot.x) * style.facing, 'the left foot on the body’s left').to.equal(1);
      expect(gltf.animations.map((a) => a.name)).to.have.members(Object.values(style.clips));
    });
  }

  it('mixamo-style: 65 joints named mixamorig:*, the armature at a hundredth, bones in centimetres', async () => {
    const bytes = await fetchBytes(`/assets/rigs/${MIXAMO_STYLE.file}.glb`);
    const gltf = await new GLTFLoader().parseAsync(bytes.buffer as ArrayBuffer, '');
    let body: SkinnedMesh | undefined;
    gltf.scene.traverse((o) => {
      if ((o as SkinnedMesh).isSkinnedMesh) body = o as SkinnedMesh;
    });
    // three drops the colon from node names: read the file's own names through its joints
    const nodes = gltf.parser.json.nodes as Array<{ name: string }>;
    const joints = (gltf.parser.json.skins as Array<{ joints: number[] }>)[0].joints;
    const names = joints.map((j) => nodes[j].name);
    expect(body!.skeleton.bones.length).to.equal(65);
    expect(names.length).to.equal(65);
    for (const name of names) expect(name).to.match(/^mixamorig:[A-Za-z0-9_]+$/);
    expect(names).to.include.members(['mixamorig:LeftHandPinky4', 'mixamorig:HeadTop_End', 'mixamorig:Spine2']);
    const hips = gltf.scene.getObjectByName('mixamorigHips')!;
    expect(hips.position.y, 'hips height in centimetres').to.be.closeTo(95 * MIXAMO_STYLE.legScale, 0.01);
    expect(hips.getWorldPosition(new Vector3()).y, 'in metres in the scene').to.be.closeTo(
      0.95 * MIXAMO_STYLE.legScale,
      1e-4,
    );
  });
});
