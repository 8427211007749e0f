// Files that break a rule of glTF 2.0, and two rules the import used to bend: each gives one clear error
// and the rest of the file still loads.
import { expect, oneEvent } from '@open-wc/testing';
import {
  AnimError,
  bindClip,
  createPose,
  createSampleCache,
  importGltf,
  parseGlb,
  sampleClip,
  setRestPose,
} from '../../src/runtime/index.js';
import { loadGltf } from '../../src/scene/load-gltf.js';
import { collect, collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { blobUrl, packGlb } from '../helpers/glb.js';
import { makeGltf } from '../helpers/gltf-fixture.js';
import { expectClose } from '../helpers/math.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

function thrown(fn: () => unknown): AnimError {
  try {
    fn();
  } catch (e) {
    return e as AnimError;
  }
  throw new Error('no error');
}

/** The GLB with one float of one animation's output accessor overwritten. */
function poke(glb: Uint8Array, clip: string, value: number): ArrayBuffer {
  const bytes = glb.slice();
  const view = new DataView(bytes.buffer);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
  const anim = json.animations.find((a: { name: string }) => a.name === clip);
  const accessor = json.accessors[anim.samplers[0].output];
  const bufferView = json.bufferViews[accessor.bufferView];
  const bin = 20 + jsonLength + 8;
  view.setFloat32(bin + (bufferView.byteOffset ?? 0) + (accessor.byteOffset ?? 0), value, true);
  return bytes.buffer;
}

describe('conformance: the authored time range', () => {
  it('a clip whose tracks are all constant over 0–2 s lasts 2 s, not 0', () => {
    const doc = makeGltf(
      [{ name: 'a' }, { name: 'b' }],
      [
        {
          name: 'still',
          samplers: [
            { node: 0, path: 'translation', times: [0, 1, 2], values: [1, 2, 3, 1, 2, 3, 1, 2, 3] },
            { node: 1, path: 'scale', interpolation: 'STEP', times: [0, 2], values: [2, 2, 2, 2, 2, 2] },
          ],
        },
      ],
    );
    const [clip] = importGltf(doc.json, doc.buffers).clips;
    expect(clip.duration).to.equal(2);
  });

  it('a long constant track sets the duration: the 3 s clip holds its moving track’s last key from 1 s to 3 s', () => {
    const doc = makeGltf(
      [{ name: 'a' }, { name: 'b' }],
      [
        {
          name: 'hold',
          samplers: [
            { node: 0, path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 0, 0] },
            { node: 1, path: 'translation', times: [0, 1.5, 3], values: [5, 5, 5, 5, 5, 5, 5, 5, 5] },
          ],
        },
      ],
    );
    const asset = importGltf(doc.json, doc.buffers);
    const [clip] = asset.clips;
    expect(clip.duration).to.equal(3);
    const binding = bindClip(clip, asset.skeleton);
    const pose = createPose(asset.skeleton.jointCount);
    setRestPose(asset.skeleton, pose);
    sampleClip(binding, 2.5, createSampleCache(binding), pose);
    expectClose(pose.translations.subarray(0, 6), [1, 0, 0, 5, 5, 5], 0, 'at 2.5 s');
  });
});

describe('conformance: the authored time range on a character', () => {
  const TIMING = '/test/fixtures/conformance/timing.glb';

  it('a once clip of constant tracks over 0–2 s lasts 2 s: it finishes at 2 s, not on its first frame', async () => {
    const { scene, character, errors } = await mountCharacter(`src="${TIMING}" clip="constant" loop="once"`);
    const finished = collect<{ clip: string }>(character, 'anim-finish');
    expect(character.duration).to.equal(2);
    scene.step(1.5);
    await settle();
    expect(character.time).to.be.closeTo(1.5, 1e-6);
    expect(finished, 'not finished at 1.5 s').to.deep.equal([]);
    scene.step(1);
    await settle();
    expect(finished.map((f) => f.clip)).to.deep.equal(['constant']);
    expect(errors).to.deep.equal([]);
  });

  it('a clip whose 3 s track is constant wraps at 3 s, not at the 1 s end of its moving track', async () => {
    const { scene, character } = await mountCharacter(`src="${TIMING}" clip="constant-long"`);
    expect(character.duration).to.equal(3);
    scene.step(1.25);
    scene.step(1.25);
    expect(character.time).to.be.closeTo(2.5, 1e-6);
    scene.step(1);
    expect(character.time).to.be.closeTo(0.5, 1e-6);
  });
});

describe('conformance: cubic-spline outputs', () => {
  it('a weights track on a mesh of four morph targets is not normalized like a rotation', () => {
    // keys 0 and 1 s, zero tangents: halfway each weight is the mean of its two keys
    const keys = [0.2, 0.4, 0.6, 0.8, 1, 0, 1, 0];
    const values: number[] = [];
    for (let k = 0; k < 2; k++) values.push(0, 0, 0, 0, ...keys.slice(k * 4, k * 4 + 4), 0, 0, 0, 0);
    const doc = makeGltf(
      [{ name: 'face', mesh: 0 }],
      [
        {
          name: 'blink',
          samplers: [{ node: 0, path: 'weights', interpolation: 'CUBICSPLINE', times: [0, 1], values }],
        },
      ],
      { meshes: [{ primitives: [{ targets: [{}, {}, {}, {}] }] }] },
    );
    const asset = importGltf(doc.json, doc.buffers);
    const binding = bindClip(asset.clips[0], asset.skeleton, asset.morphs);
    const pose = createPose(asset.skeleton.jointCount, 4);
    setRestPose(asset.skeleton, pose, asset.defaultWeights);
    sampleClip(binding, 0.5, createSampleCache(binding), pose);
    expectClose(pose.weights, [0.6, 0.2, 0.8, 0.4], 1e-6, 'weights at 0.5 s');
  });
});

describe('conformance: spec-invalid files', () => {
  it('negative key times: bad-gltf naming the accessor; the clip is left out, the other clips load', () => {
    const doc = makeGltf(
      [{ name: 'a' }],
      [
        { name: 'early', samplers: [{ node: 0, path: 'translation', times: [-0.5, 1], values: [0, 0, 0, 1, 1, 1] }] },
        { name: 'fine', samplers: [{ node: 0, path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 1, 1] }] },
      ],
    );
    const asset = importGltf(doc.json, doc.buffers);
    expect(asset.clips.map((c) => c.name)).to.deep.equal(['fine']);
    expect(asset.problems.map((p) => p.code)).to.deep.equal(['bad-gltf']);
    expect(asset.problems[0].message).to.contain('accessor 0').and.contain('-0.5').and.contain('"early"');
  });

  it('a skin listing one joint twice: bad-gltf naming the skin and the joint; the skin loads as written', () => {
    const doc = makeGltf([{ name: 'root', children: [1] }, { name: 'hand' }, { name: 'body', mesh: 0, skin: 0 }], [], {
      skins: [{ name: 'rig', joints: [0, 1, 0] }],
      meshes: [{ primitives: [{}] }],
    });
    const asset = importGltf(doc.json, doc.buffers);
    expect(asset.problems.map((p) => p.code)).to.deep.equal(['bad-gltf']);
    expect(asset.problems[0].message).to.contain('skin 0 "rig"').and.contain('"root" (node 0)').and.contain('twice');
    expect(Array.from(asset.skins[0].joints)).to.deep.equal([0, 1, 0]);
  });

  it('a cycle in the node hierarchy: bad-gltf naming the nodes of the cycle, from the import and from the loader', async () => {
    const nodes = [
      { name: 'top', children: [1] },
      { name: 'left', children: [2] },
      { name: 'right', children: [1] },
    ];
    const doc = makeGltf(nodes, []);
    const error = thrown(() => importGltf(doc.json, doc.buffers));
    expect(error).to.be.instanceOf(AnimError);
    expect(error.code).to.equal('bad-gltf');
    expect(error.message).to.contain('"left" (node 1) → "right" (node 2) → "left" (node 1)');
    // three's loader recurses through children without a guard: the loader checks first
    const glb = packGlb({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes }, new Uint8Array(0));
    const url = blobUrl(glb);
    let failure: { code?: string; message?: string } = {};
    await loadGltf(url).catch((e) => (failure = e));
    URL.revokeObjectURL(url);
    expect(failure.code).to.equal('bad-gltf');
    expect(failure.message).to.contain('cycle').and.contain('"left" (node 1)').and.not.contain('call stack');
  });

  it('a cycle reaches <anim-character> as one bad-gltf, not a stack overflow', async () => {
    const nodes = [
      { name: 'top', children: [1] },
      { name: 'left', children: [2] },
      { name: 'right', children: [1] },
    ];
    const glb = packGlb({ asset: { version: '2.0' }, scene: 0, scenes: [{ nodes: [0] }], nodes }, new Uint8Array(0));
    const url = blobUrl(glb);
    const { scene } = await mountCharacter(`src="${MANNEQUIN}"`);
    const el = document.createElement('anim-character');
    const errors = collectErrors(el);
    el.setAttribute('src', url);
    scene.append(el);
    await el.ready.catch(() => {});
    await settle();
    URL.revokeObjectURL(url);
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-gltf']);
    expect(errors[0].message).to.contain('"right" (node 2)');
  });

  it('a NaN key in one of 22 clips: the model and its 21 good clips load, the bad one is reported once as bad-clip', async () => {
    const mannequin = await fetchBytes(MANNEQUIN);
    const broken = poke(mannequin, 'wave', Number.NaN);
    const { json, buffers } = parseGlb(broken);
    const asset = importGltf(json, buffers);
    expect(asset.clips).to.have.length(21);
    expect(asset.problems.map((p) => p.code)).to.deep.equal(['bad-clip']);
    expect(asset.problems[0].message).to.contain('"wave"');

    const url = blobUrl(broken);
    const { scene, character, errors } = await mountCharacter(`src="${url}" clip="walk"`);
    expect(character.clips).to.have.length(21);
    expect(character.clips).to.include('walk').and.not.include('wave');
    scene.step(0.25);
    await settle();
    // a rebind (a clip definition added) does not report it again
    character.innerHTML = '<anim-clip name="stroll" from="walk"></anim-clip>';
    await settle();
    scene.step(0.1);
    await settle();
    expect(character.clips).to.include('stroll');
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-clip']);
    expect(errors[0].message).to.contain(url).and.contain('"wave"');
    expect(character.time).to.be.above(0.3);
    URL.revokeObjectURL(url);
  });

  it('a clip asked of another file that left it out as broken is reported as bad-clip, not as missing', async () => {
    const url = blobUrl(poke(await fetchBytes(MANNEQUIN), 'wave', Number.NaN));
    const { scene, character, errors } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
    const reported = oneEvent(character, 'anim-error');
    character.innerHTML = `<anim-clip name="pack-wave" src="${url}#wave"></anim-clip><anim-clip name="pack-run" src="${url}#run"></anim-clip>`;
    await reported;
    scene.step(0.1);
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-clip']);
    expect(errors[0].message).to.contain('"wave"').and.contain('not a finite number');
    expect(character.clips).to.include('pack-run').and.not.include('pack-wave');
    URL.revokeObjectURL(url);
  });
});
