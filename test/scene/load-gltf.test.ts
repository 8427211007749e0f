import { expect } from '@open-wc/testing';
import { BoxGeometry, Mesh, MeshStandardMaterial, PerspectiveCamera, Scene, WebGLRenderer } from 'three';
import { DRACO_GLTF_CONFIG } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { CodedError, type ErrorCode } from '../../src/scene/coded-error.js';
import { disposeObject, loadGltf } from '../../src/scene/load-gltf.js';
import { blobUrl, triangleGlb } from '../helpers/glb.js';

async function expectCoded(promise: Promise<unknown>, code: ErrorCode, naming: string): Promise<CodedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(CodedError);
    const coded = error as CodedError;
    expect(coded.code).to.equal(code);
    expect(coded.message).to.include(naming);
    return coded;
  }
  throw new Error(`expected a ${code} error`);
}

/** The project's own character once it lands, else the shared robot; undefined when neither is served. */
async function findRealModel(): Promise<string | undefined> {
  for (const url of ['/assets/mannequin.glb', '/shared-models/RobotExpressive.glb']) {
    const response = await fetch(url, { method: 'HEAD' });
    if (response.ok) return url;
  }
  return undefined;
}

describe('loadGltf', () => {
  it('loads a GLB and reports progress from 0 to 1', async () => {
    const url = blobUrl(triangleGlb());
    const progress: number[] = [];
    const gltf = await loadGltf(url, { onProgress: (p) => progress.push(p) });
    URL.revokeObjectURL(url);
    expect(gltf!.scene.getObjectByName('Triangle')).to.be.instanceOf(Mesh);
    expect(progress[0]).to.equal(0);
    expect(progress[progress.length - 1]).to.equal(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1])).to.equal(true);
  });

  it('a 404 is load-failed, naming the URL', async () => {
    await expectCoded(loadGltf('/no/such/model.glb'), 'load-failed', '/no/such/model.glb');
  });

  it('a text file is bad-gltf, naming the URL', async () => {
    const url = blobUrl('hello, I am not a model', 'text/plain');
    await expectCoded(loadGltf(url), 'bad-gltf', url);
    URL.revokeObjectURL(url);
  });

  it('a truncated GLB is bad-gltf', async () => {
    const whole = triangleGlb();
    const url = blobUrl(whole.slice(0, whole.byteLength - 20));
    await expectCoded(loadGltf(url), 'bad-gltf', url);
    URL.revokeObjectURL(url);
  });

  it('a truncated real model is bad-gltf', async function () {
    const real = await findRealModel();
    if (!real) {
      console.log('skipped: neither /assets/mannequin.glb nor /shared-models/RobotExpressive.glb is served');
      this.skip();
    }
    const bytes = await (await fetch(real!)).arrayBuffer();
    const url = blobUrl(bytes.slice(0, bytes.byteLength >> 1));
    await expectCoded(loadGltf(url), 'bad-gltf', url);
    URL.revokeObjectURL(url);
  });

  it('a missing referenced .bin is load-failed, naming the file', async () => {
    const json = {
      asset: { version: '2.0' },
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
      bufferViews: [{ buffer: 0, byteLength: 36 }],
      buffers: [{ byteLength: 36, uri: `${location.origin}/no/such/buffer.bin` }],
    };
    const url = blobUrl(JSON.stringify(json), 'model/gltf+json');
    await expectCoded(loadGltf(url), 'load-failed', 'buffer.bin');
    URL.revokeObjectURL(url);
  });

  it('an aborted load resolves to nothing, before or after the download', async () => {
    const url = blobUrl(triangleGlb());
    const early = new AbortController();
    early.abort();
    expect(await loadGltf(url, { signal: early.signal })).to.equal(undefined);
    const late = new AbortController();
    const pending = loadGltf(url, { signal: late.signal, onProgress: () => late.abort() });
    expect(await pending).to.equal(undefined);
    URL.revokeObjectURL(url);
  });

  it('the last of overlapping loads wins when each aborts the one before', async () => {
    const first = blobUrl(triangleGlb());
    const second = blobUrl(triangleGlb());
    let controller = new AbortController();
    const a = loadGltf(first, { signal: controller.signal });
    controller.abort();
    controller = new AbortController();
    const b = loadGltf(second, { signal: controller.signal });
    const [gotA, gotB] = await Promise.all([a, b]);
    expect(gotA).to.equal(undefined);
    expect(gotB?.scene).to.not.equal(undefined);
  });

  it("serves the Draco decoder from this origin (three's own files, no CDN)", async () => {
    for (const url of [DRACO_GLTF_CONFIG.js, DRACO_GLTF_CONFIG.wasm]) {
      expect(new URL(url).origin).to.equal(location.origin);
      expect((await fetch(url)).ok, url).to.equal(true);
    }
  });

  it('loads a real model, which renders, and disposeObject frees its GPU memory', async function () {
    const real = await findRealModel();
    if (!real) {
      console.log('skipped: neither /assets/mannequin.glb nor /shared-models/RobotExpressive.glb is served');
      this.skip();
    }
    const gltf = (await loadGltf(real!))!;
    expect(gltf.animations.length).to.be.greaterThan(0);
    const renderer = new WebGLRenderer();
    const camera = new PerspectiveCamera();
    camera.position.set(0, 2, 12);
    // warm-up: physical materials make the renderer's shared DFG lookup texture once, for life
    const warmUp = new Mesh(new BoxGeometry(), new MeshStandardMaterial());
    renderer.render(new Scene().add(warmUp), camera);
    disposeObject(warmUp);
    const baseline = { ...renderer.info.memory };
    renderer.render(new Scene().add(gltf.scene), camera);
    expect(renderer.info.memory.geometries).to.be.greaterThan(baseline.geometries);
    disposeObject(gltf.scene);
    expect({ ...renderer.info.memory }).to.deep.equal(baseline);
    renderer.dispose();
    renderer.forceContextLoss();
  });
});
