import { expect } from '@open-wc/testing';
import { AnimationMixer, LoopOnce, type Object3D } from 'three';
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
import { fetchModel, MODELS, SHARED, sharedModelsPresent } from '../helpers/shared-models.js';

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
 * matrix must match its Object3D's matrixWorld at 20 times through every clip, at every track's last key,
 * at the clip's end and past it (both clamp to the last pose: the clip plays once).
 */
async function compareWithMixer(file: string) {
  const data = await fetchModel(file);
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
  let ends = 0;
  expect(asset.clips.length).to.equal(gltf.animations.length);
  asset.clips.forEach((clip, c) => {
    const binding = bindClip(clip, asset.skeleton, asset.morphs);
    const cache = createSampleCache(binding);
    const mixer = new AnimationMixer(gltf.scene);
    const action = mixer.clipAction(gltf.animations[c]);
    action.setLoop(LoopOnce, 1);
    action.clampWhenFinished = true;
    action.play();
    const lastKeys = gltf.animations[c].tracks.map((track) => track.times[track.times.length - 1]);
    const times = [...Array.from({ length: 20 }, (_, k) => (k / 20) * clip.duration), ...new Set(lastKeys)];
    times.push(clip.duration, clip.duration + 0.25, clip.duration * 2 + 1);
    ends += times.length - 20;
    for (const t of times) {
      // a once action that finished pauses: reset it so that every sample starts from the clip's start
      action.reset();
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
    `${file}: ${asset.clips.length} clips, ${checked} joint matrices matched three's mixer (${ends} samples at last keys, the end and past it), worst difference ${worst.toExponential(2)}`,
  );
  expect(checked).to.be.greaterThan(100);
  expect(ends, 'samples at the last keys and past the end').to.be.at.least(asset.clips.length * 3);
}

// the real models beside the project, where they are served (extra coverage: the repository's own run always)
const shared = (await sharedModelsPresent()) ? ['Soldier.glb', 'Xbot.glb', 'FoxTake.glb'] : [];

describe('runtime: real models match three.js’s AnimationMixer', () => {
  for (const [what, file] of [
    ['RobotExpressive (CC0: two skins, morph weights)', MODELS.robot],
    ['Fox (CC-BY: LINEAR and STEP, joints children first)', MODELS.fox],
    ['the Mixamo-style rig (centimetres under a 0.01 armature)', MODELS.mixamo],
    ['the Biped-style rig (a root above the pelvis, facing −Z)', MODELS.biped],
    ['the Unreal-style rig (centimetres, bones along +X)', MODELS.unreal],
    ...shared.map((name) => [`../shared/models/${name}`, `${SHARED}${name}`]),
  ]) {
    it(`${what}: every clip at 20 times, every track's last key, the end and past it, within 1e-4`, async () => {
      await compareWithMixer(file);
    });
  }
});
