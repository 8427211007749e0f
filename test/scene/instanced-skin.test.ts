import { expect } from '@open-wc/testing';
import {
  type DataTexture,
  type InstancedBufferGeometry,
  type InstancedMesh,
  Matrix4,
  type Mesh,
  type Object3D,
  type SkinnedMesh,
  Vector3,
} from 'three';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { parseGlb } from '../../src/runtime/gltf.js';
import { instancedSkinsOf } from '../../src/scene/instanced-skin.js';
import type { InstancedSkinOutput } from '../../src/scene/instanced-skin-output.js';
import { modelCopies } from '../../src/scene/model-copies.js';
import { MANNEQUIN, settle } from '../helpers/character.js';
import { blobUrl, packGlb } from '../helpers/glb.js';
import { drawCalls, expectDrawnAlike, mountRow, quarterRate } from '../helpers/instanced-row.js';
import { internals } from '../helpers/internals.js';
import { expectClose } from '../helpers/math.js';
import { imagePixels } from '../helpers/pixels.js';

/** The mannequin has three primitives (the body's two materials and the cape). */
const PRIMITIVES = 3;

/** The mannequin with a node "Badge" under its head: a primitive of the body's vertices drawn in `mode` (4 triangles, 0 points). */
async function proppedMannequin(mode: number): Promise<string> {
  const { json, buffers } = parseGlb(await (await fetch(MANNEQUIN)).arrayBuffer());
  const doc = json as unknown as {
    nodes: { name?: string; mesh?: number; children?: number[] }[];
    meshes: { primitives: { attributes: Record<string, number>; mode?: number }[] }[];
  };
  const position = doc.meshes[0].primitives[0].attributes.POSITION;
  doc.meshes.push({ primitives: [{ attributes: { POSITION: position }, mode }] });
  doc.nodes.push({ name: 'Badge', mesh: doc.meshes.length - 1 });
  const head = doc.nodes.find((node) => node.name === 'Head')!;
  head.children = [...(head.children ?? []), doc.nodes.length - 1];
  return blobUrl(packGlb(doc, new Uint8Array(buffers[0])));
}

/**
 * The conformance fixture's body (skinned, 8 morph targets, animated by `weights-linear`) with its targets
 * moving its vertices 10× as far: 0.1–0.8 m, enough to show in a small picture.
 */
async function exaggeratedMorphs(): Promise<string> {
  const { json, buffers } = parseGlb(await (await fetch('/test/fixtures/conformance/morphs.glb')).arrayBuffer());
  const doc = json as unknown as {
    meshes: { primitives: { targets: { POSITION: number }[] }[] }[];
    accessors: { bufferView: number; byteOffset?: number; count: number; min?: number[]; max?: number[] }[];
    bufferViews: { byteOffset?: number }[];
  };
  const bytes = new Uint8Array(buffers[0]).slice();
  for (const target of doc.meshes[0].primitives[0].targets) {
    const accessor = doc.accessors[target.POSITION];
    const offset = (doc.bufferViews[accessor.bufferView].byteOffset ?? 0) + (accessor.byteOffset ?? 0);
    const values = new Float32Array(bytes.buffer, offset, accessor.count * 3);
    for (let i = 0; i < values.length; i++) values[i] *= 10;
    accessor.min = accessor.min?.map((v) => v * 10);
    accessor.max = accessor.max?.map((v) => v * 10);
  }
  return blobUrl(packGlb(doc, bytes));
}

/** The character's own skinned meshes (an instanced character's are kept out of the scene; see CharacterRig). */
function skinnedOf(character: AnimCharacter): SkinnedMesh[] {
  return internals(character).rig!.binding.skinned.map((part) => part.mesh as SkinnedMesh);
}

function instancedMeshes(scene: AnimScene): Mesh[] {
  const out: Mesh[] = [];
  scene.stage!.content.traverse((o) => {
    if ((o as Mesh).isMesh && (o as Mesh).geometry.type === 'InstancedBufferGeometry') out.push(o as Mesh);
  });
  return out;
}

describe('instanced skinning', () => {
  it('draws N characters sharing a src with one draw per primitive, not per character', async () => {
    // root motion off: no ground trail per character (its own draw) in the count
    const one = await mountRow(1, 'root-motion="off"');
    const oneCalls = drawCalls(one.scene);
    const many = await mountRow(6, 'root-motion="off"');
    expect(many.characters.every((c) => internals(c).rig!.instanced)).to.equal(true);
    expect(instancedMeshes(many.scene)).to.have.length(PRIMITIVES);
    for (const mesh of instancedMeshes(many.scene)) {
      expect((mesh.geometry as InstancedBufferGeometry).instanceCount).to.equal(6);
    }
    // the same calls for six as for one: the primitives, once for the shadow map and once for the view
    expect(drawCalls(many.scene)).to.equal(oneCalls);
    const off = await mountRow(6, 'instancing="off" root-motion="off"');
    expect(drawCalls(off.scene) - oneCalls).to.equal(5 * 2 * PRIMITIVES);
    expect(many.errors).to.deep.equal([]);
  });

  it("keeps an instanced character's own scene out of three's walks; a mesh under a bone is drawn instanced too", async () => {
    const walkedUnder = (character: AnimCharacter) => {
      let nodes = 0;
      internals(character).rig!.root.traverse(() => nodes++);
      return nodes;
    };
    const plain = await mountRow(2);
    // the mannequin's armature and mesh groups draw nothing themselves: the root alone stays in the walks
    for (const character of plain.characters) expect(walkedUnder(character), 'nodes walked').to.equal(1);

    // the same model with a mesh (no skin) hung under the head: the batches draw it at the head's matrix
    const badged = await mountRow(2, '', '', await proppedMannequin(4));
    const character = badged.characters[1];
    expect(internals(character).rig!.instanced, 'still instanced').to.equal(true);
    expect(walkedUnder(character), 'out of the walks').to.equal(1);
    badged.scene.step(0.4);
    const batch = badged.scene.stage!.content.getObjectByName('Badge (instanced)') as InstancedMesh;
    expect(batch.count).to.equal(2);
    expectClose(batch.instanceMatrix.array.subarray(16, 32), character.boneMatrix('Head')!, 1e-5, 'rides the head');

    // points under the head: no instanced draw for them, so the character draws alone, its scene walked
    const dotted = await mountRow(2, '', '', await proppedMannequin(0));
    const dots = dotted.characters[1];
    expect(internals(dots).rig!.instanced, 'drawn alone').to.equal(false);
    expect(walkedUnder(dots), 'the scene stays in the walks').to.be.above(5);
    dotted.scene.step(0.4);
    let badge: Object3D | undefined;
    internals(dots).rig!.root.traverse((o) => {
      if (o.name === 'Badge') badge = o;
    });
    expectClose([...badge!.matrixWorld.elements], dots.boneMatrix('Head')!, 1e-5, 'the points ride the head');
    expect([...badged.errors, ...dotted.errors]).to.deep.equal([]);
  });

  it("poses a crowd without recomposing the stage's own matrices for each character", async () => {
    const { scene, characters } = await mountRow(4);
    const content = scene.stage!.content;
    const compose = content.updateMatrix;
    let composed = 0;
    content.updateMatrix = function (this: typeof content) {
      composed++;
      compose.call(this);
    };
    scene.step(1 / 60);
    content.updateMatrix = compose;
    // three's render brings the tree up to date; each rig's tier sphere and FK read its parent's matrix as it is
    expect(composed, 'content group composed this frame').to.be.at.most(2);
    for (const character of characters) {
      const root = internals(character).rig!.root;
      const expected = root.matrix.clone().premultiply(content.matrixWorld);
      expect(root.matrixWorld.equals(expected), 'the root is placed under its parent').to.equal(true);
    }
  });

  it('shares one load: the copies share geometry and materials, and the last one out frees them', async () => {
    const { scene, characters } = await mountRow(3);
    const [a, b] = characters.map(skinnedOf);
    expect(a[0]).to.not.equal(b[0]);
    expect(a[0].geometry).to.equal(b[0].geometry);
    expect(a[0].material).to.equal(b[0].material);
    expect(modelCopies(MANNEQUIN)).to.equal(3);
    let disposed = false;
    a[0].geometry.addEventListener('dispose', () => (disposed = true));
    characters[0].remove();
    characters[1].remove();
    expect(disposed, 'still used by the third').to.equal(false);
    characters[2].remove();
    expect(disposed).to.equal(true);
    expect(modelCopies(MANNEQUIN)).to.equal(0);
    expect(instancedMeshes(scene)).to.have.length(0);
  });

  it('gives the same pose as a character drawn alone: skinning matrices to 1e-5, and the same pixels', async () => {
    const { scene, characters } = await mountRow(2);
    const [inst, plain] = characters;
    plain.instancing = 'off';
    plain.position = [-0.5, 0, 0];
    inst.position = [-0.5, 0, 0];
    for (const dt of [0.1, 0.37, 1 / 60]) {
      scene.step(dt);
      const output = internals(inst).rig!.output as InstancedSkinOutput;
      expect(internals(inst).rig!.instanced).to.equal(true);
      const row = (output as unknown as { skins: unknown }).skins;
      expect(row).to.equal(instancedSkinsOf(scene.stage!));
      const instanced = skinnedOf(inst)[0].skeleton.boneMatrices!;
      expectClose(instanced, skinnedOf(plain)[0].skeleton.boneMatrices!.subarray(0, instanced.length), 1e-5);
    }
    // the same pose drawn both ways: only one of the two characters shows in each picture
    await expectDrawnAlike(scene, inst, plain, 'character');
  });

  it("shows an instanced character's row as its skeleton's boneMatrices, through moved rows and opting out", async () => {
    const { scene, characters } = await mountRow(3);
    const [first, , last] = characters;
    const skeleton = skinnedOf(last)[0].skeleton;
    const member = () => (internals(last).rig!.output as InstancedSkinOutput).members[0];
    // drawn alone first: three's bone texture reads the skeleton's own array
    last.instancing = 'off';
    scene.step(0.1);
    const own = skeleton.boneMatrices!;
    expect(skeleton.boneTexture!.image.data).to.equal(own);
    last.instancing = 'auto';
    scene.step(0.2);
    expect(skeleton.boneMatrices, 'the row drawn, not a copy of it').to.equal(member().view);
    first.remove();
    expect(member().row, 'the last row moved into the gap').to.equal(0);
    expect(skeleton.boneMatrices).to.equal(member().view);
    scene.step(0.2);
    const posed = member().view.slice();
    expect(
      posed.some((v, i) => Math.abs(v - own[i]) > 1e-3),
      'posed since',
    ).to.equal(true);
    last.instancing = 'off';
    // its own array back, with the last pose in it, and still the bone texture's
    expect(skeleton.boneMatrices).to.equal(own);
    expectClose(own.subarray(0, posed.length), posed, 0);
    scene.step(0);
    expect(skeleton.boneTexture!.image.data).to.equal(skeleton.boneMatrices);
  });

  it('opts out per character and per scene, and back in', async () => {
    const { scene, characters, errors } = await mountRow(3);
    const [a, b] = characters;
    a.instancing = 'off';
    expect(internals(a).rig!.instanced).to.equal(false);
    expect(skinnedOf(a)[0].layers.mask).to.equal(1);
    expect(internals(b).rig!.instanced).to.equal(true);
    scene.instancing = 'off';
    await scene.updateComplete;
    expect(characters.some((c) => internals(c).rig!.instanced)).to.equal(false);
    expect(instancedMeshes(scene)).to.have.length(0);
    scene.instancing = null;
    await scene.updateComplete;
    expect(characters.map((c) => internals(c).rig!.instanced)).to.deep.equal([false, true, true]);
    a.instancing = 'auto';
    expect(internals(a).rig!.instanced).to.equal(true);
    expect(errors).to.deep.equal([]);
  });

  it('instances characters sharing a src from the second one on, until all have gone', async () => {
    // root-motion="off": no ground trails, so the draws are the characters'
    const { scene, characters, errors } = await mountRow(1, 'root-motion="off"');
    const instanced = () => [...scene.querySelectorAll('anim-character')].map((c) => internals(c).rig!.instanced);
    const add = async (attributes: string) => {
      scene.insertAdjacentHTML('beforeend', `<anim-character root-motion="off" ${attributes}></anim-character>`);
      const character = scene.lastElementChild as AnimCharacter;
      await character.ready;
      scene.step(0);
      return character;
    };
    // alone with its file: its own skinned meshes, no batch
    expect(instanced()).to.deep.equal([false]);
    expect(skinnedOf(characters[0])[0].layers.mask).to.equal(1);
    expect(instancedMeshes(scene)).to.have.length(0);
    // a copy of its own (instancing="off" before the load) does not count
    const own = await add(`src="${MANNEQUIN}" instancing="off"`);
    expect(instanced()).to.deep.equal([false, false]);
    expect(modelCopies(MANNEQUIN), 'the shared load used by the first alone').to.equal(1);
    own.remove();
    // a second one showing the file: both drawn instanced, no markup change
    await add(`src="${MANNEQUIN}" clip="walk" position="1 0 0"`);
    expect(instanced()).to.deep.equal([true, true]);
    expect(instancedSkinsOf(scene.stage!).batchCount).to.equal(PRIMITIVES);
    // the same file by its full URL is the same file
    const fullUrl = new URL(MANNEQUIN, document.baseURI).href;
    await add(`src="${fullUrl}" position="-1 0 0"`);
    expect(instanced()).to.deep.equal([true, true, true]);
    expect(instancedSkinsOf(scene.stage!).batchCount, 'the same batches').to.equal(PRIMITIVES);
    expect(modelCopies(MANNEQUIN)).to.equal(3);
    const threeCalls = drawCalls(scene);
    expect(threeCalls, 'one draw per primitive and pass, and the ground').to.equal(2 * PRIMITIVES + 1);
    // the last one left stays in its batch (no rebuild as characters come and go)
    const [first, second, third] = scene.querySelectorAll('anim-character');
    first.remove();
    second.remove();
    expect(instanced()).to.deep.equal([true]);
    expect(drawCalls(scene), 'the same draws as for three').to.equal(threeCalls);
    // once all have gone, a new one alone with the file draws alone again
    third.remove();
    expect(instancedMeshes(scene)).to.have.length(0);
    await add(`src="${MANNEQUIN}"`);
    expect(instanced()).to.deep.equal([false]);
    expect(errors).to.deep.equal([]);
  });

  it('counts a character opting out after its load no more among those sharing its file, and again when it opts in', async () => {
    const { scene, characters, errors } = await mountRow(2, 'root-motion="off"');
    const [a, b] = characters;
    expect([a, b].map((c) => internals(c).rig!.instanced)).to.deep.equal([true, true]);
    b.instancing = 'off';
    a.remove();
    // b opted out: a newcomer is alone with the file and draws alone (counted, b would make it instanced)
    scene.insertAdjacentHTML('beforeend', `<anim-character src="${MANNEQUIN}" root-motion="off"></anim-character>`);
    const c = scene.lastElementChild as AnimCharacter;
    await c.ready;
    scene.step(0);
    expect([b, c].map((x) => internals(x).rig!.instanced)).to.deep.equal([false, false]);
    b.instancing = 'auto';
    scene.step(0);
    expect(
      [b, c].map((x) => internals(x).rig!.instanced),
      'b counted again: both instanced',
    ).to.deep.equal([true, true]);
    expect(errors).to.deep.equal([]);
  });

  it('fits the culling bounds of a character that opts out after moving instanced', async () => {
    const { scene, characters, errors } = await mountRow(2);
    const [a] = characters;
    const start = a.boneMatrix('Head')!;
    a.setAttribute('position', '0 0 -5');
    await a.updateComplete;
    scene.step(0.1);
    const head = a.boneMatrix('Head')!;
    expect(Math.hypot(head[12] - start[12], head[14] - start[14]), 'moved away').to.be.above(4);
    a.instancing = 'off';
    // no frame since: the bounds three culls the mesh by are fitted when the output changes
    const sphere = skinnedOf(a)[0].boundingSphere!;
    expect(sphere.containsPoint(new Vector3(head[12], head[13], head[14])), 'the head inside').to.equal(true);
    expect(errors).to.deep.equal([]);
  });

  it('a culled character is not drawn or posed, its clock keeps pace; a hidden primitive (cloth’s) is not drawn', async () => {
    const { scene, characters } = await mountRow(4);
    const counts = () => instancedMeshes(scene).map((m) => (m.geometry as InstancedBufferGeometry).instanceCount);
    const [twin, away] = characters;
    const rig = internals(away).rig!;
    const output = rig.output as InstancedSkinOutput;
    // behind the camera: out of view
    away.position = [0, 0, 40];
    scene.step(1 / 60);
    const posed = rig.posedFrames;
    for (let f = 0; f < 20; f++) scene.step(1 / 60);
    expect(rig.tier).to.equal('culled');
    expect(output.culled).to.equal(true);
    expect(rig.posedFrames, 'not posed: its row is not written').to.equal(posed);
    expect(counts()).to.deep.equal([3, 3, 3]);
    // the rows drawn are the other three's, not merely three of them
    const rowOf = (c: AnimCharacter) => (internals(c).rig!.output as InstancedSkinOutput).members[0].row;
    const others = characters.filter((c) => c !== away).map(rowOf);
    for (const mesh of instancedMeshes(scene)) {
      const geometry = mesh.geometry as InstancedBufferGeometry;
      const rows = [...geometry.getAttribute('instanceRow').array].slice(0, geometry.instanceCount);
      expect(rows.sort(), 'rows drawn').to.deep.equal([...others].sort());
    }
    expect(away.time).to.be.closeTo(twin.time, 1e-6);
    // back in view: posed and drawn again on the next frame
    away.position = [0, 0, 0];
    scene.step(1 / 60);
    expect(output.culled).to.equal(false);
    expect(rig.posedFrames).to.equal(posed + 1);
    expect(counts()).to.deep.equal([4, 4, 4]);
    expect(away.time).to.be.closeTo(twin.time, 1e-6);
    const cape = skinnedOf(characters[2]).find((m) => m.name.includes('Cape') || m.parent?.name === 'Cape')!;
    cape.visible = false;
    scene.step(0);
    expect(counts().sort()).to.deep.equal([3, 4, 4]);
  });

  it('a held (reduced-rate) character rides its root between poses: its posed row, moved by the row’s carry matrix', async () => {
    // speed 0: a held frame and the next posed one show the same pose, so their pictures can be compared
    const { scene, characters } = await mountRow(2, 'root-motion="off" speed="0"');
    // every character below the thresholds: the nearest posed every frame, the other every 4th
    const far = quarterRate(scene, characters);
    const rig = internals(far).rig!;
    expect(rig.posed).to.equal(true);
    const [member] = (rig.output as InstancedSkinOutput).members;
    const posed = Float32Array.from(member.view);
    expectClose(member.carry, new Matrix4().elements, 0);
    expectClose(skinnedOf(far)[0].skeleton.boneMatrices!, posed, 0);
    const before = await imagePixels(scene.screenshot());
    // a metre further out along X, then a frame that is not its own
    const [x, y, z] = far.position;
    far.position = [x + Math.sign(x), y, z];
    scene.step(1 / 60);
    expect([rig.tier, rig.posed]).to.deep.equal(['quarter', false]);
    // the row is the posed one; what the shader draws (carry × each matrix) is it moved a metre
    expectClose(member.view, posed, 0);
    const carry = new Matrix4().fromArray(member.carry);
    const drawn = new Float32Array(posed.length);
    const matrix = new Matrix4();
    for (let o = 0; o < posed.length; o += 16) matrix.fromArray(posed, o).premultiply(carry).toArray(drawn, o);
    const expected = Float32Array.from(posed);
    for (let o = 0; o < expected.length; o += 16) expected[o + 12] += Math.sign(x);
    expectClose(drawn, expected, 1e-5);
    const held = await imagePixels(scene.screenshot());
    // posed again on its own frame: the carry is back to the identity, and the picture is the held one
    for (let f = 0; f < 4 && !rig.posed; f++) scene.step(1 / 60);
    expect(rig.posed).to.equal(true);
    expectClose(member.carry, new Matrix4().elements, 0);
    const posedThere = await imagePixels(scene.screenshot());
    const differing = (a: ImageData, b: ImageData) => {
      let count = 0;
      for (let i = 0; i < a.data.length; i += 4)
        if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) > 48) count++;
      return count;
    };
    // the shader applies the carry: the held draw moved with the root (a shader ignoring it drew it where it was)
    expect(differing(before, held), 'the held character moved on screen').to.be.greaterThan(300);
    expect(differing(held, posedThere), 'held and posed there draw alike').to.be.lessThan(40);
  });

  it('draws a character only on frames its rig says it is drawn: one the stage stops updating leaves the batches', async () => {
    // the mannequin with a mesh under its head: a skinned batch and a rigid one
    const { scene, characters, errors } = await mountRow(3, '', '', await proppedMannequin(4));
    const stage = scene.stage!;
    const skinned = () =>
      instancedMeshes(scene).map((mesh) => (mesh.geometry as InstancedBufferGeometry).instanceCount);
    const badges = () => (stage.content.getObjectByName('Badge (instanced)') as InstancedMesh).count;
    scene.step(1 / 60);
    expect([skinned(), badges()]).to.deep.equal([[3, 3, 3], 3]);
    // its rig no longer an actor of the stage: its row and parts are stale, and nobody says it is drawn
    const rig = internals(characters[1]).rig!;
    stage.removeActor(rig);
    scene.step(1 / 60);
    expect([skinned(), badges()]).to.deep.equal([[2, 2, 2], 2]);
    stage.addActor(rig);
    scene.step(1 / 60);
    expect([skinned(), badges()]).to.deep.equal([[3, 3, 3], 3]);
    // hidden by the page (its root's visibility): left out the same way, on the frame it is hidden
    rig.root.visible = false;
    scene.step(0);
    expect([skinned(), badges()]).to.deep.equal([[2, 2, 2], 2]);
    rig.root.visible = true;
    scene.step(0);
    expect([skinned(), badges()]).to.deep.equal([[3, 3, 3], 3]);
    // a frame whose posing throws (a modifier gone wrong): reported once, and still drawn with its last pose
    const broken = {
      apply: () => {
        throw new Error('a broken modifier');
      },
    };
    rig.localModifiers.push(broken);
    scene.step(1 / 60);
    expect([skinned(), badges()]).to.deep.equal([[3, 3, 3], 3]);
    rig.localModifiers.splice(rig.localModifiers.indexOf(broken), 1);
    expect(errors.map((e) => e.code)).to.deep.equal(['internal']);
  });

  it('morphs each instance of a skinned mesh by its own weights, as drawn alone', async () => {
    const src = await exaggeratedMorphs();
    const { scene, characters, errors } = await mountRow(3, 'root-motion="off"', '', src, 'weights-linear');
    const [inst, other, plain] = characters;
    expect(internals(inst).rig!.instanced, 'a skinned mesh with morph targets is instanced').to.equal(true);
    plain.instancing = 'off';
    plain.position = inst.position;
    scene.lod = 'off';
    await scene.updateComplete;
    inst.time = 0.5;
    plain.time = 0.5;
    other.time = 0.2;
    scene.step(0);
    const body = (c: AnimCharacter) => skinnedOf(c)[0];
    expect(body(plain).morphTargetInfluences).to.have.length(8);
    const batch = instancedMeshes(scene).find((m) => m.name.startsWith(body(plain).name))!;
    const rowOf = (c: AnimCharacter) => (internals(c).rig!.output as InstancedSkinOutput).members[0].row;
    // the morph texture as the renderer binds it for the batch's material
    const properties = scene.stage!.renderer.properties.get(batch.material) as {
      uniforms: Record<string, { value: unknown }>;
    };
    const { uniforms } = properties;
    const morphs = (uniforms.crowdMorphs.value as DataTexture).image.data as Float32Array;
    for (const c of [inst, other]) {
      const row = morphs.subarray(rowOf(c) * 9, rowOf(c) * 9 + 9);
      expectClose(row, [1, ...body(c).morphTargetInfluences!], 1e-6, 'the row is its own weights');
    }
    expectClose(body(inst).morphTargetInfluences!, body(plain).morphTargetInfluences!, 1e-6, 'as the plain one');
    expect(
      body(inst).morphTargetInfluences!.some((w, k) => Math.abs(w - body(other).morphTargetInfluences![k]) > 0.05),
      'the other one differs',
    ).to.equal(true);
    other.remove();
    await expectDrawnAlike(scene, inst, plain, 'body');
    expect(errors).to.deep.equal([]);
  });

  it('reports a bad instancing value once and keeps the last', async () => {
    const { scene, characters, errors } = await mountRow(2);
    characters[0].setAttribute('instancing', 'sometimes');
    scene.setAttribute('instancing', 'never');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute']);
    expect(errors[0].message).to.contain('sometimes');
    expect(errors[1].message).to.contain('never');
    expect([characters[0].instancing, scene.instancing]).to.deep.equal(['auto', 'auto']);
  });
});
