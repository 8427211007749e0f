import { expect } from '@open-wc/testing';
import { AnimationMixer, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import {
  type AnimError,
  bindClip,
  createPose,
  createSampleCache,
  importGltf,
  localToModel,
  parseGlb,
  sampleClip,
  setRestPose,
} from '../../src/runtime/index.js';
import { makeGltf } from '../helpers/gltf-fixture.js';
import { fetchSharedModel } from '../helpers/shared-models.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as AnimError).code;
  }
  return 'no error';
}

describe('runtime: glTF import', () => {
  it('rejects bytes that are not a GLB, and a truncated GLB, with bad-gltf', () => {
    expect(codeOf(() => parseGlb(new TextEncoder().encode('hello, this is not a model').buffer))).to.equal('bad-gltf');
    expect(codeOf(() => parseGlb(new ArrayBuffer(4)))).to.equal('bad-gltf');
    const glb = new ArrayBuffer(40);
    const v = new DataView(glb);
    v.setUint32(0, 0x46546c67, true);
    v.setUint32(4, 2, true);
    v.setUint32(8, 400, true);
    expect(codeOf(() => parseGlb(glb))).to.equal('bad-gltf');
  });

  it('builds one skeleton over the scene’s nodes, in parent-first order, children listed before parents in the file', () => {
    const doc = makeGltf(
      [
        { name: 'hand', translation: [0, 1, 0] },
        { name: 'arm', children: [0] },
        { name: 'root', children: [1] },
      ],
      [{ name: 'wave', samplers: [{ node: 0, path: 'rotation', times: [0, 1], values: [0, 0, 0, 1, 0, 0, 1, 0] }] }],
    );
    const asset = importGltf(doc.json, doc.buffers);
    expect(asset.skeleton.names).to.deep.equal(['root', 'arm', 'hand']);
    expect(Array.from(asset.nodeToJoint)).to.deep.equal([2, 1, 0]);
    expect(asset.clips[0].tracks[0].target).to.equal('hand');
  });

  it('rejects a document whose accessors point outside their buffers', () => {
    const doc = makeGltf(
      [{ name: 'a' }],
      [{ name: 'c', samplers: [{ node: 0, path: 'translation', times: [0, 1], values: [0, 0, 0, 1, 1, 1] }] }],
    );
    doc.json.accessors![0].count = 1000;
    expect(codeOf(() => importGltf(doc.json, doc.buffers))).to.equal('bad-gltf');
  });
});

/**
 * The oracle: three's AnimationMixer + updateMatrixWorld on the same file. Every scene node's model
 * matrix must match its Object3D's matrixWorld at 20 times through every clip.
 */
async function compareWithMixer(ctx: Mocha.Context, file: string) {
  const data = await fetchSharedModel(ctx, file);
  const gltf = await new GLTFLoader().parseAsync(data.slice(0), '');
  const { json, buffers } = parseGlb(data);
  const asset = importGltf(json, buffers);
  const objects = new Map<number, Object3D>();
  for (const [object, assoc] of gltf.parser.associations) {
    if (assoc.nodes !== undefined && !objects.has(assoc.nodes)) objects.set(assoc.nodes, object as Object3D);
  }
  const pose = createPose(asset.skeleton.jointCount, asset.defaultWeights.length);
  const model = new Float32Array(asset.skeleton.jointCount * 16);
  let worst = 0;
  let checked = 0;
  expect(asset.clips.length).to.equal(gltf.animations.length);
  asset.clips.forEach((clip, c) => {
    const binding = bindClip(clip, asset.skeleton, asset.morphs);
    const cache = createSampleCache(binding);
    const mixer = new AnimationMixer(gltf.scene);
    const action = mixer.clipAction(gltf.animations[c]);
    action.play();
    for (let k = 0; k < 20; k++) {
      const t = (k / 20) * clip.duration;
      mixer.setTime(t);
      gltf.scene.updateMatrixWorld(true);
      setRestPose(asset.skeleton, pose, asset.defaultWeights);
      sampleClip(binding, t, cache, pose);
      for (const v of pose.translations) expect(Number.isFinite(v), `${clip.name} translation at ${t}`).to.equal(true);
      for (const v of pose.rotations) expect(Number.isFinite(v), `${clip.name} rotation at ${t}`).to.equal(true);
      for (const v of pose.weights) expect(Number.isFinite(v), `${clip.name} weight at ${t}`).to.equal(true);
      localToModel(asset.skeleton, pose, null, model);
      for (const [node, object] of objects) {
        const j = asset.nodeToJoint[node];
        if (j < 0) continue;
        const m = object.matrixWorld.elements;
        for (let e = 0; e < 16; e++) {
          const d = Math.abs(model[j * 16 + e] - m[e]);
          if (d > worst) console.log(`worse: ${asset.skeleton.names[j]}[${e}] ${m[e]} d=${d}`);
          worst = Math.max(worst, d);
          if (d > 1e-4)
            expect.fail(
              `${file} ${clip.name} t=${t.toFixed(3)} node ${asset.skeleton.names[j]}[${e}]: ${model[j * 16 + e]} vs ${m[e]}`,
            );
        }
        checked++;
      }
    }
    action.stop();
    mixer.uncacheRoot(gltf.scene);
  });
  console.log(
    `${file}: ${asset.clips.length} clips, ${checked} joint matrices matched three's mixer, worst difference ${worst.toExponential(2)}`,
  );
  expect(checked).to.be.greaterThan(100);
}

describe('runtime: real models match three.js’s AnimationMixer', () => {
  it('RobotExpressive: every clip, 20 times each, within 1e-4', async function () {
    await compareWithMixer(this, 'RobotExpressive.glb');
  });

  it('Soldier: every clip, 20 times each, within 1e-4', async function () {
    await compareWithMixer(this, 'Soldier.glb');
  });

  it('Fox: every clip (LINEAR and STEP), 20 times each, within 1e-4', async function () {
    await compareWithMixer(this, 'Fox.glb');
  });
});
