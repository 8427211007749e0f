// Every conformance fixture, every clip, sampled before the first key, at each key, between keys (a half and
// a third of the way), at the end and past it: the runtime against the spec evaluator, and three.js's
// GLTFLoader + AnimationMixer against the spec evaluator. Compared: every node's model-space matrix, every
// skin's joint matrices, every mesh's morph weights, and each clip's duration.
import { expect } from '@open-wc/testing';
import { AnimationMixer, LoopOnce, Matrix4, type Mesh, type Object3D, type SkinnedMesh } from 'three';
import { type GLTF, GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { FIXTURES } from '../../scripts/conformance/fixtures';
import {
  bindClip,
  createPose,
  createSampleCache,
  type GltfAsset,
  importGltf,
  localToModel,
  parseGlb,
  sampleClip,
  setRestPose,
  skinningMatrices,
} from '../../src/runtime/index.js';
import { bindGltf } from '../../src/scene/gltf-binding.js';
import { loadGltf } from '../../src/scene/load-gltf.js';
import {
  invert as invert64,
  multiply as multiply64,
  type SpecModel,
  type SpecState,
  specModel,
} from '../helpers/spec-evaluator.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

/**
 * Where three departs from the spec, by design of these probes: three decodes normalized signed integers
 * as c / 127 (c / 32767) without the spec's clamp max(…, −1) (GLTFLoader's getNormalizedComponentScale),
 * so −128 becomes −1.0079 and −32768 becomes −1.00003: the quaternion (−128, 0, 0, 0) is no longer unit,
 * and three makes its matrix without normalizing it (a half-turn whose y and z axes come out 3% long).
 * The `clamp` clip of quantized.glb holds exactly those values; three is checked to differ there.
 */
const THREE_DEPARTS = new Set(['quantized.glb#clamp']);

interface Worst {
  model: number;
  joint: number;
  weights: number;
  duration: number;
  samples: number;
}

const worst = { runtime: blank(), three: blank() };
function blank(): Worst {
  return { model: 0, joint: 0, weights: 0, duration: 0, samples: 0 };
}

/** The largest absolute difference, failing at once (naming where) beyond `tol`. */
function diff(a: ArrayLike<number>, b: ArrayLike<number>, tol: number, where: () => string): number {
  let d = 0;
  for (let i = 0; i < b.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  if (!(d <= tol)) expect.fail(`${where()}: differs by ${d} (> ${tol}): ${Array.from(a)} vs ${Array.from(b)}`);
  return d;
}

/** Times to sample: 0, before the first key, every key, a half and a third between keys, the end and past it. */
function sampleTimes(spec: SpecModel, a: number): number[] {
  const keys = spec.keyTimes(a);
  const times = [0, keys[0] / 2, ...keys];
  for (let i = 0; i + 1 < keys.length; i++) {
    times.push((keys[i] + keys[i + 1]) / 2, keys[i] + (keys[i + 1] - keys[i]) / 3);
  }
  const end = spec.duration(a);
  times.push(end, end + 0.37);
  return times.sort((x, y) => x - y);
}

// float32 keys and matrices: a few ulps of values of order 1–5 (measured: below 6e-7)
const TOL = { model: 2e-6, joint: 2e-6, weights: 5e-7, duration: 1e-6 };

function checkRuntime(file: string, spec: SpecModel, asset: GltfAsset, a: number): void {
  const clip = asset.clips[a];
  const w = worst.runtime;
  w.duration = Math.max(
    w.duration,
    diff([clip.duration], [spec.duration(a)], TOL.duration, () => `${file} ${clip.name} duration`),
  );
  const { skeleton, nodeToJoint } = asset;
  const binding = bindClip(clip, skeleton, asset.morphs, true);
  const cache = createSampleCache(binding);
  const pose = createPose(skeleton.jointCount, asset.defaultWeights.length);
  const model = new Float32Array(skeleton.jointCount * 16);
  const skinned = asset.skins.map((skin) => new Float32Array(skin.joints.length * 16));
  const nodes = spec.json.nodes ?? [];
  for (const t of sampleTimes(spec, a)) {
    const at = (what: string) => () => `${file} ${clip.name} t=${t.toFixed(4)} ${what} (runtime vs spec)`;
    const state = spec.evaluate(a, t);
    setRestPose(skeleton, pose, asset.defaultWeights);
    sampleClip(binding, t, cache, pose);
    localToModel(skeleton, pose, null, model);
    nodes.forEach((node, i) => {
      const j = nodeToJoint[i];
      const m = model.subarray(j * 16, j * 16 + 16);
      w.model = Math.max(w.model, diff(m, state.globals[i]!, TOL.model, at(`node ${node.name}`)));
      const slot = asset.morphs.get(skeleton.names[j]);
      if (state.weights[i]) {
        const weights = pose.weights.subarray(slot!.offset, slot!.offset + slot!.count);
        w.weights = Math.max(w.weights, diff(weights, state.weights[i]!, TOL.weights, at(`${node.name} weights`)));
      }
      if (node.skin !== undefined) {
        // the runtime's skinning matrices are model-space (model · inverse bind); the spec's are mesh-space
        const out = skinned[node.skin];
        skinningMatrices(asset.skins[node.skin], model, out);
        const toMesh = invert64(m);
        spec.jointMatrices(state, i).forEach((expected, k) => {
          const meshSpace = multiply64(toMesh, Float64Array.from(out.subarray(k * 16, k * 16 + 16)));
          w.joint = Math.max(w.joint, diff(meshSpace, expected, TOL.joint, at(`${node.name} joint matrix ${k}`)));
        });
      }
    });
    w.samples++;
  }
}

/** three's mixer on a fresh load of the file, the clip played once and held at its end. */
async function checkThree(
  file: string,
  spec: SpecModel,
  bytes: Uint8Array,
  a: number,
  departs: boolean,
): Promise<number> {
  const gltf: GLTF = await new GLTFLoader().parseAsync(bytes.slice().buffer, '');
  const clip = gltf.animations[a];
  const w = worst.three;
  w.duration = Math.max(
    w.duration,
    diff([clip.duration], [spec.duration(a)], TOL.duration, () => `${file} ${clip.name} duration (three)`),
  );
  const objects = new Map<number, Object3D>();
  for (const [object, assoc] of gltf.parser.associations) {
    if (assoc?.nodes !== undefined && !objects.has(assoc.nodes)) objects.set(assoc.nodes, object as Object3D);
  }
  const mixer = new AnimationMixer(gltf.scene);
  const action = mixer.clipAction(clip);
  action.setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  const nodes = spec.json.nodes ?? [];
  const joint = new Matrix4();
  let largest = 0;
  // a departure is measured, not failed on
  const tol = (t: number) => (departs ? Number.POSITIVE_INFINITY : t);
  for (const t of sampleTimes(spec, a)) {
    const at = (what: string) => () => `${file} ${clip.name} t=${t.toFixed(4)} ${what} (three vs spec)`;
    const state: SpecState = spec.evaluate(a, t);
    action.reset().play();
    mixer.setTime(t);
    gltf.scene.updateMatrixWorld(true);
    nodes.forEach((node, i) => {
      const object = objects.get(i)!;
      const d = diff(object.matrixWorld.elements, state.globals[i]!, tol(TOL.model), at(`node ${node.name}`));
      largest = Math.max(largest, d);
      if (!departs) w.model = Math.max(w.model, d);
      const mesh = object as Mesh;
      if (state.weights[i]) {
        const dw = diff(mesh.morphTargetInfluences!, state.weights[i]!, tol(TOL.weights), at(`${node.name} weights`));
        largest = Math.max(largest, dw);
        if (!departs) w.weights = Math.max(w.weights, dw);
      }
      if (node.skin !== undefined) {
        // three skins with bindMatrixInverse · (bone world · bone inverse) · bindMatrix
        const skinnedMesh = object as SkinnedMesh;
        const { bones, boneInverses } = skinnedMesh.skeleton;
        spec.jointMatrices(state, i).forEach((expected, k) => {
          joint
            .copy(skinnedMesh.bindMatrixInverse)
            .multiply(bones[k].matrixWorld)
            .multiply(boneInverses[k])
            .multiply(skinnedMesh.bindMatrix);
          const dj = diff(joint.elements, expected, tol(TOL.joint), at(`${node.name} joint matrix ${k}`));
          if (!departs) w.joint = Math.max(w.joint, dj);
        });
      }
    });
    if (!departs) w.samples++;
  }
  mixer.uncacheRoot(gltf.scene);
  return largest;
}

describe('conformance: the runtime and three.js against the glTF 2.0 spec evaluator', () => {
  for (const { name } of FIXTURES) {
    const file = `${name}.glb`;
    it(`${file}: every clip, before, at, between and past its keys`, async () => {
      const bytes = await fetchBytes(`/test/fixtures/conformance/${file}`);
      const spec = specModel(bytes.slice().buffer);
      const { json, buffers } = parseGlb(bytes.slice().buffer);
      const asset = importGltf(json, buffers);
      expect(asset.problems, 'the fixture is valid glTF').to.deep.equal([]);
      expect(spec.animationCount).to.be.above(0);
      expect(asset.clips.length).to.equal(spec.animationCount);
      for (let a = 0; a < spec.animationCount; a++) {
        checkRuntime(file, spec, asset, a);
        const departs = THREE_DEPARTS.has(`${file}#${asset.clips[a].name}`);
        const largest = await checkThree(file, spec, bytes, a, departs);
        // the probe must show three's departure, else it probes nothing
        if (departs) {
          expect(largest, `${file} ${asset.clips[a].name}: three departs`).to.be.above(0.005);
          console.log(`${file} ${asset.clips[a].name}: three departs from the spec by ${largest.toExponential(2)}`);
        }
      }
    });
  }

  it('the scene path (three loads, the runtime imports its buffer views) decodes normalized integers by the spec: −128 is −1', async () => {
    const url = '/test/fixtures/conformance/quantized.glb';
    const gltf = (await loadGltf(url))!;
    const { asset, problems } = await bindGltf(gltf, url);
    expect(problems).to.deep.equal([]);
    const clip = asset.clips.find((c) => c.name === 'clamp')!;
    const binding = bindClip(clip, asset.skeleton, asset.morphs, true);
    const pose = createPose(asset.skeleton.jointCount, asset.defaultWeights.length);
    setRestPose(asset.skeleton, pose, asset.defaultWeights);
    sampleClip(binding, 0, createSampleCache(binding), pose);
    const byte = asset.morphs.get('WeightsByte')!;
    const short = asset.morphs.get('WeightsShort')!;
    expect(pose.weights[byte.offset]).to.equal(-1);
    expect(pose.weights[short.offset]).to.equal(-1);
    // three's own track holds −128 / 127
    const track = gltf.animations
      .find((a) => a.name === 'clamp')!
      .tracks.find((t) => t.name.startsWith('WeightsByte'))!;
    expect(track.values[0]).to.be.closeTo(-128 / 127, 1e-6);
  });

  after(() => {
    for (const [who, w] of Object.entries(worst)) {
      console.log(
        `${who} vs spec over ${w.samples} samples: model matrices ${w.model.toExponential(2)}, joint matrices ${w.joint.toExponential(2)}, morph weights ${w.weights.toExponential(2)}, durations ${w.duration.toExponential(2)}`,
      );
    }
  });
});
