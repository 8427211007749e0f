import { expect, fixture, html } from '@open-wc/testing';
import { Box3, Matrix4, Quaternion, type SkinnedMesh, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { AnimCharacter, AnimLoadDetail, AnimPlayDetail } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { bindClip, importGltf, localToModel, Playback, parseGlb, skinningMatrices } from '../../src/runtime/index.js';
import { releaseIdleRenderer } from '../../src/scene/shared-renderer.js';
import { collect, collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { triangleGlb } from '../helpers/glb.js';
import { internals } from '../helpers/internals.js';
import { expectClose } from '../helpers/math.js';
import { MODELS } from '../helpers/shared-models.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

/** The runtime alone over the same file: what the character must show, computed by hand. */
async function handRig(clip: string) {
  const bytes = await fetchBytes(MANNEQUIN);
  const { json, buffers } = parseGlb(bytes.buffer as ArrayBuffer);
  const asset = importGltf(json, buffers);
  const bindings = asset.clips.map((c) => bindClip(c, asset.skeleton, asset.morphs));
  const playback = new Playback(
    asset.skeleton,
    bindings.map((binding) => ({ binding })),
    asset.defaultWeights.length,
    asset.defaultWeights,
  );
  playback.play(
    asset.clips.findIndex((c) => c.name === clip),
    { fade: 0 },
  );
  const model = new Float32Array(asset.skeleton.jointCount * 16);
  const skin = new Float32Array(asset.skins[0].joints.length * 16);
  return {
    asset,
    playback,
    model,
    skin,
    pose(root: Float32Array | null) {
      localToModel(asset.skeleton, playback.pose, root, model);
      skinningMatrices(asset.skins[0], model, skin);
    },
  };
}

function skinnedMeshes(character: AnimCharacter): SkinnedMesh[] {
  const out: SkinnedMesh[] = [];
  internals(character).rig!.root.traverse((o) => {
    if ((o as SkinnedMesh).isSkinnedMesh) out.push(o as SkinnedMesh);
  });
  return out;
}

/**
 * A vertex as the GPU skins it: from the bone texture's matrices (the character writes those, never a Bone,
 * so three's getVertexPosition would read the rest pose), in the mesh's own space.
 */
function gpuVertex(mesh: SkinnedMesh, i: number, out: Vector3): Vector3 {
  const g = mesh.geometry;
  const v = new Vector3().fromBufferAttribute(g.getAttribute('position'), i).applyMatrix4(mesh.bindMatrix);
  const sum = new Vector3();
  const bone = new Matrix4();
  for (let k = 0; k < 4; k++) {
    const w = g.getAttribute('skinWeight').getComponent(i, k);
    if (w === 0) continue;
    bone.fromArray(mesh.skeleton.boneMatrices!, g.getAttribute('skinIndex').getComponent(i, k) * 16);
    sum.addScaledVector(v.clone().applyMatrix4(bone), w);
  }
  return out.copy(sum).applyMatrix4(mesh.bindMatrixInverse);
}

/** Renders one frame and reads the canvas back; `at(x, y)` in CSS pixels from the top left. */
function capture(scene: AnimScene) {
  scene.step(0);
  const { renderer, canvas } = scene.stage!;
  const gl = renderer.getContext();
  const { width, height } = canvas;
  const data = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, data);
  const ratio = width / canvas.clientWidth;
  return (x: number, y: number): number[] => {
    const i = ((height - 1 - Math.floor(y * ratio)) * width + Math.floor(x * ratio)) * 4;
    return [...data.subarray(i, i + 4)];
  };
}

describe('<anim-character>', () => {
  describe('loading', () => {
    it('loads the model, fires anim-progress then anim-load with clip and bone names, and resolves ready', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const character = document.createElement('anim-character');
      const progress = collect<{ progress: number }>(character, 'anim-progress');
      const loads = collect<AnimLoadDetail>(character, 'anim-load');
      character.src = MANNEQUIN;
      scene.append(character);
      await character.ready;
      await settle();
      expect(loads).to.have.length(1);
      expect(loads[0].clips).to.include.members(['idle', 'walk', 'run', 'wave', 'punch']);
      expect(loads[0].bones).to.include.members(['Hips', 'Head', 'LeftHand', 'RightFoot']);
      expect(loads[0].bones).to.not.include('Body');
      expect(character.clips).to.deep.equal(loads[0].clips);
      expect(progress.length).to.be.greaterThan(0);
      expect(progress.at(-1)!.progress).to.equal(1);
      for (let i = 1; i < progress.length; i++) expect(progress[i].progress).to.be.at.least(progress[i - 1].progress);
      expect(internals(character).rig!.root.parent).to.equal(scene.stage!.content);
    });

    it('defaults to the documented values', async () => {
      const character = document.createElement('anim-character');
      expect([character.src, character.clip, character.speed, character.loop, character.paused]).to.deep.equal([
        null,
        null,
        1,
        null,
        false,
      ]);
      expect([character.fade, character.clipStart, character.clipEnd]).to.deep.equal([0.25, null, null]);
      expect([character.position, character.heading, character.scale]).to.deep.equal([[0, 0, 0], 0, 1]);
      expect([character.skinning, character.loading, character.poster]).to.deep.equal(['gpu', 'eager', null]);
      expect([character.clips, character.bones, character.duration, character.time]).to.deep.equal([[], [], 0, 0]);
    });

    it('setting src mid-load cancels that load: the last src wins and the stale model never shows', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const character = document.createElement('anim-character');
      const loads = collect<AnimLoadDetail>(character, 'anim-load');
      const errors = collectErrors(character);
      // the first file's response is held until the test hands it over, so the second src surely comes mid-load
      const stale = '/stale-model.glb';
      let requested!: (signal: AbortSignal | undefined) => void;
      const request = new Promise<AbortSignal | undefined>((resolve) => (requested = resolve));
      let deliver!: () => void;
      const held = new Promise<void>((resolve) => (deliver = resolve));
      const realFetch = window.fetch;
      window.fetch = (input, init) => {
        if (!String(input).endsWith(stale)) return realFetch(input, init);
        requested(init?.signal ?? undefined);
        return held.then(() => new Response(triangleGlb()));
      };
      try {
        character.src = stale;
        scene.append(character);
        const signal = await request;
        character.src = MANNEQUIN;
        await character.ready;
        expect(signal?.aborted, 'the first load is aborted').to.equal(true);
        // the first file lands late all the same (a server that ignored the abort): it must not show
        deliver();
        for (let turn = 0; turn < 5; turn++) await settle();
      } finally {
        window.fetch = realFetch;
      }
      expect(loads).to.have.length(1);
      expect(loads[0].bones).to.include('Hips');
      expect(character.bones).to.include('Hips');
      expect(scene.stage!.content.children.filter((c) => c.name === 'anim-character')).to.have.length(1);
      expect(errors).to.deep.equal([]);
    });

    it('a new src replaces the model and frees the old one', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
      const before = internals(character).rig!;
      const geometry = skinnedMeshes(character)[0].geometry;
      let disposed = false;
      geometry.addEventListener('dispose', () => (disposed = true));
      character.src = `${MANNEQUIN}?again`;
      await settle();
      await character.ready;
      expect(internals(character).rig).to.not.equal(before);
      expect(disposed).to.equal(true);
      expect(before.root.parent).to.equal(null);
      expect(scene.stage!.content.children.filter((c) => c.name === 'anim-character')).to.have.length(1);
    });

    it('shows the poster and the progress bar until the first frame, then neither', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const character = document.createElement('anim-character');
      character.poster = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      character.src = MANNEQUIN;
      scene.append(character);
      await character.updateComplete;
      const part = (name: string) => character.shadowRoot!.querySelector(`[part="${name}"]`);
      expect(part('poster')?.getAttribute('src')).to.equal(character.poster);
      expect(part('progress-bar'), 'the default bar while loading').to.not.equal(null);
      await character.ready;
      await character.updateComplete;
      expect(part('poster')).to.equal(null);
      expect(part('progress-bar')).to.equal(null);
      expect(part('error')).to.equal(null);
    });

    it('loading="lazy" waits until the character nears the viewport', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused style="margin-top: 6000px"></anim-scene>`);
      const character = document.createElement('anim-character');
      character.loading = 'lazy';
      character.src = MANNEQUIN;
      scene.append(character);
      await character.updateComplete;
      // an observer of our own, made after the character's: its first report comes in the same update, after
      // the character's own has had its say (no timer: the browser's intersection step is the event)
      await new Promise<void>((resolve) => {
        const observer = new IntersectionObserver(
          () => {
            observer.disconnect();
            resolve();
          },
          { rootMargin: '100% 0px' },
        );
        observer.observe(character);
      });
      await settle();
      expect(internals(character).rig, 'far below the fold: not loaded').to.equal(undefined);
      scene.scrollIntoView();
      await character.ready;
      expect(character.clips).to.include('walk');
    });

    it('after 50 connect/disconnect cycles the renderer holds no more geometries or textures than before', async function () {
      // each cycle loads the model anew (nothing else holds it) and draws it: about a second on a software
      // renderer, more on a busy machine
      this.timeout(180000);
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const memory = scene.stage!.renderer.info.memory;
      const character = document.createElement('anim-character');
      character.src = MANNEQUIN;
      character.clip = 'walk';
      // one cycle first: the renderer makes a few lookup textures of its own the first time it lights a model
      scene.append(character);
      await character.ready;
      scene.step(0);
      character.remove();
      scene.step(0);
      const baseline = { geometries: memory.geometries, textures: memory.textures };
      let peak = 0;
      for (let i = 0; i < 50; i++) {
        scene.append(character);
        await character.ready;
        scene.step(1 / 30);
        peak = Math.max(peak, memory.geometries + memory.textures);
        character.remove();
      }
      scene.step(0);
      expect(peak, 'the model did reach the GPU').to.be.greaterThan(baseline.geometries + baseline.textures + 1);
      expect({ geometries: memory.geometries, textures: memory.textures }).to.deep.equal(baseline);
    });

    it('inside a scene it covers the canvas without catching its pointer events (orbit controls work)', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}"`);
      expect(getComputedStyle(character).pointerEvents).to.equal('none');
      const r = scene.getBoundingClientRect();
      expect(scene.shadowRoot!.elementFromPoint(r.left + 40, r.top + 40)).to.equal(scene.stage!.canvas);
    });

    it('a lone character makes a stage of its own, draws on it and frees it when removed', async () => {
      const character = await fixture<AnimCharacter>(
        html`<anim-character src=${MANNEQUIN} clip="idle" style="width: 200px; height: 200px"></anim-character>`,
      );
      await character.ready;
      const stage = internals(character).stage!;
      expect(character.shadowRoot!.querySelector('canvas')).to.equal(stage.canvas);
      stage.step(0);
      const gl = stage.renderer.getContext();
      const pixels = new Uint8Array(stage.canvas.width * stage.canvas.height * 4);
      gl.readPixels(0, 0, stage.canvas.width, stage.canvas.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      const background = [...pixels.subarray(0, 4)];
      let different = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        if (Math.abs(pixels[i] - background[0]) + Math.abs(pixels[i + 1] - background[1]) > 30) different++;
      }
      // a light figure under the room light on a light ground: its edges and shading differ this much
      expect(different, 'pixels of the model').to.be.greaterThan(150);
      character.remove();
      releaseIdleRenderer(); // what the shared renderer does a few seconds after its last viewer
      expect(gl.isContextLost()).to.equal(true);
    });
  });

  describe('playback', () => {
    it('step(dt) poses the bones exactly as the runtime computes them: boneMatrix and the bone texture', async () => {
      const { scene, character } = await mountCharacter(
        `src="${MANNEQUIN}" clip="walk" position="1 0 -2" heading="90" scale="1.5" root-motion="off"`,
      );
      const hand = await handRig('walk');
      const root = new Float32Array(
        new Matrix4()
          .compose(
            new Vector3(1, 0, -2),
            new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), Math.PI / 2),
            new Vector3(1.5, 1.5, 1.5),
          )
          .toArray(),
      );
      const skeleton = skinnedMeshes(character)[0].skeleton;
      const hips = hand.asset.skeleton.indexByName.get('LeftHand')!;
      for (const dt of [0, 1 / 60, 0.1, 0.25, 0.5, 1 / 30]) {
        scene.step(dt);
        hand.playback.update(dt);
        hand.pose(root);
        expectClose(
          character.boneMatrix('LeftHand')!,
          hand.model.subarray(hips * 16, hips * 16 + 16),
          1e-5,
          `dt ${dt}`,
        );
        expectClose(skeleton.boneMatrices!.subarray(0, hand.skin.length), hand.skin, 1e-5, `bone texture, dt ${dt}`);
      }
      expect(character.time).to.be.closeTo((1 / 60 + 0.1 + 0.25 + 0.5 + 1 / 30) % character.duration, 1e-5);
    });

    it('crossfade weights ramp linearly over the fade', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk" fade="0.5s"`);
      scene.step(0.1);
      character.clip = 'run';
      const rig = internals(character).rig!;
      for (let k = 1; k <= 6; k++) {
        scene.step(0.1);
        const expected = Math.min(1, k * 0.2);
        expect(rig.weightOf('run'), `run at ${k * 0.1}s`).to.be.closeTo(expected, 1e-6);
        expect(rig.weightOf('walk'), `walk at ${k * 0.1}s`).to.be.closeTo(1 - expected, 1e-6);
      }
      character.play('idle', { fade: '100ms' });
      scene.step(0.05);
      expect(rig.weightOf('idle')).to.be.closeTo(0.5, 1e-6);
    });

    it('play() is idempotent: asking every frame for the clip playing neither restarts it nor fires again', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`);
      const plays = collect<AnimPlayDetail>(character, 'anim-play');
      for (let i = 0; i < 20; i++) {
        character.play('walk');
        scene.step(0.05);
      }
      await settle();
      expect(plays).to.deep.equal([{ clip: 'walk' }]);
      expect(character.time).to.be.closeTo(20 * 0.05 - 1.1 * Math.floor((20 * 0.05) / 1.1), 1e-5);
      expect(internals(character).rig!.weightOf('walk')).to.equal(1);
    });

    it('speed scales time and a negative speed plays backwards; paused stops time but not drawing', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle" speed="2"`);
      scene.step(0.25);
      expect(character.time).to.be.closeTo(0.5, 1e-6);
      character.speed = -1;
      scene.step(0.2);
      expect(character.time).to.be.closeTo(0.3, 1e-6);
      character.paused = true;
      await character.updateComplete;
      scene.step(0.2);
      expect(character.time).to.be.closeTo(0.3, 1e-6);
    });

    it("time is settable; duration is the current clip's; clip-start / clip-end bound the play window", async () => {
      const { scene, character } = await mountCharacter(
        `src="${MANNEQUIN}" clip="idle" clip-start="50%" clip-end="75%"`,
      );
      expect([character.clipStart, character.clipEnd]).to.deep.equal(['50%', '75%']);
      expect(character.duration).to.be.closeTo(3, 1e-6);
      expect(character.time).to.be.closeTo(1.5, 1e-6);
      scene.step(0.5);
      expect(character.time).to.be.closeTo(2, 1e-5);
      scene.step(0.5);
      expect(character.time, 'wrapped inside the window').to.be.closeTo(1.75, 1e-5);
      character.time = 2;
      expect(character.time).to.be.closeTo(2, 1e-6);
      character.time = 2.9;
      expect(character.time, 'clamped to the window').to.be.closeTo(2.25, 1e-6);
    });

    it('clip-start / clip-end in seconds bound the same window as percentages; play() takes both forms', async () => {
      const { scene, character } = await mountCharacter(
        `src="${MANNEQUIN}" clip="idle" clip-start="1.5" clip-end="2250ms"`,
      );
      expect([character.clipStart, character.clipEnd]).to.deep.equal([1.5, 2.25]);
      expect(character.time).to.be.closeTo(1.5, 1e-6);
      scene.step(1);
      expect(character.time, 'wrapped inside 1.5–2.25 s').to.be.closeTo(1.75, 1e-5);
      character.removeAttribute('clip-start');
      character.removeAttribute('clip-end');
      await character.updateComplete;
      character.play('walk', { fade: 0, start: '25%', end: 2 });
      expect(character.time, 'a percentage of the walk').to.be.closeTo(0.25 * character.duration, 1e-6);
    });

    it('an inverted window reports bad-attribute naming both values and plays the whole clip', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
      const errors = collectErrors(character);
      character.clipStart = '90%';
      character.clipEnd = '0.1s';
      await settle();
      const inverted = errors.filter((e) => e.code === 'bad-attribute');
      expect(inverted.length).to.be.greaterThan(0);
      expect(inverted.at(-1)!.message).to.contain('90%').and.contain('0.1s');
      character.time = 0;
      scene.step(0.2);
      expect(character.time, 'not frozen: the whole clip plays').to.be.closeTo(0.2, 1e-5);
    });

    it('loop="once" fires anim-finish once and holds the last frame; loops fire anim-loop with a count', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk" fade="0"`);
      const loops = collect(character, 'anim-loop');
      const finishes = collect(character, 'anim-finish');
      for (let i = 0; i < 25; i++) scene.step(0.1);
      expect(loops).to.deep.equal([
        { clip: 'walk', count: 1 },
        { clip: 'walk', count: 2 },
      ]);
      character.loop = 'once';
      character.play('land');
      for (let i = 0; i < 10; i++) scene.step(0.1);
      expect(finishes).to.deep.equal([{ clip: 'land' }]);
      expect(character.time).to.be.closeTo(0.5, 1e-6);
    });

    it('stop() fades back to the rest pose', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="wave" fade="0.2"`);
      scene.step(0.5);
      character.stop();
      expect(character.clip).to.equal(null);
      scene.step(0.1);
      expect(internals(character).rig!.weightOf('wave')).to.be.closeTo(0.5, 1e-6);
      scene.step(0.2);
      expect(internals(character).rig!.weightOf('wave')).to.equal(0);
      const hand = await handRig('wave');
      hand.playback.stop(0);
      hand.playback.update(0);
      hand.pose(null);
      expectClose(internals(character).rig!.model, hand.model, 1e-6, 'rest pose');
    });

    it('position, heading and scale place the character', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}"`);
      const at = () => {
        const m = character.boneMatrix('Head')!;
        return [m[12], m[13], m[14]];
      };
      const rest = at();
      character.position = '2 0 1';
      scene.step(0);
      expectClose(at(), [rest[0] + 2, rest[1], rest[2] + 1], 1e-5, 'moved');
      character.position = [0, 0, 0];
      character.scale = 2;
      scene.step(0);
      expectClose(at(), [rest[0] * 2, rest[1] * 2, rest[2] * 2], 1e-5, 'scaled');
      character.scale = 1;
      character.heading = '90deg';
      scene.step(0);
      // a quarter turn left about +Y takes +Z to +X
      expectClose(at(), [rest[2], rest[1], -rest[0]], 1e-5, 'turned');
    });
  });

  describe('height', () => {
    /** The model's rest-pose height as three.js measures it: its meshes' vertices, skinned by its bones at rest. */
    async function threeRestHeight(url: string): Promise<number> {
      const gltf = await new GLTFLoader().loadAsync(url);
      gltf.scene.updateMatrixWorld(true);
      const box = new Box3().setFromObject(gltf.scene, true);
      return box.max.y - box.min.y;
    }

    it('stands any model as tall as asked, whatever its units: the rest pose scaled to the metres given', async () => {
      const { scene, character, errors } = await mountCharacter(`src="${MODELS.fox}" height="1.2m"`);
      const root = () => character.object3D!.scale;
      // the Fox is made in centimetre-like units (about 79 tall at rest): without a height it stands that tall
      const fox = await threeRestHeight(MODELS.fox);
      expect(fox).to.be.within(70, 90);
      expect(character.height).to.equal(1.2);
      expect(root().x).to.be.closeTo(1.2 / fox, 1e-6);
      character.height = '60cm';
      expect(root().x, 'centimetres').to.be.closeTo(0.6 / fox, 1e-6);
      character.scale = 2;
      expect(root().x, 'scale multiplies').to.be.closeTo(1.2 / fox, 1e-6);
      expect([root().y, root().z]).to.deep.equal([root().x, root().x]);
      character.removeAttribute('height');
      expect(character.height).to.equal(null);
      expect(root().x, 'unset: the file’s own size').to.equal(2);
      character.scale = 1;
      // a new model is measured anew, rigid parts (the robot's) and skins alike
      for (const url of [MODELS.robot, MANNEQUIN]) {
        character.height = 1.8;
        character.src = url;
        await character.ready;
        expect(root().x, url).to.be.closeTo(1.8 / (await threeRestHeight(url)), 1e-6);
      }
      scene.step(1 / 30);
      expect(errors).to.deep.equal([]);
    });

    it('a bad height reports bad-attribute naming it and keeps the last one', async () => {
      const { character, errors } = await mountCharacter(`src="${MANNEQUIN}" height="1.5"`);
      const scale = character.object3D!.scale.x;
      const bad = ['0', '-2m', 'tall', '1.8ft'];
      for (const value of bad) character.setAttribute('height', value);
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(bad.map(() => 'bad-attribute'));
      for (const [i, value] of bad.entries()) expect(errors[i].message).to.contain('height').and.contain(`"${value}"`);
      expect(character.height).to.equal(1.5);
      expect(character.object3D!.scale.x).to.equal(scale);
    });
  });

  describe('drawing', () => {
    it('a pixel probe finds the model on the canvas, and the background beside it', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`);
      scene.cameraOrbit = '0deg 0deg 3m';
      scene.background = '#0000ff';
      await scene.updateComplete;
      const pixel = capture(scene);
      const chest = character.boneMatrix('Chest')!;
      const stage = scene.stage!;
      const p = new Vector3(chest[12], chest[13], chest[14]).project(stage.camera);
      const x = ((p.x + 1) / 2) * 320;
      const y = ((1 - p.y) / 2) * 240;
      const model = pixel(x, y);
      const beside = pixel(20, 20);
      expect(beside.slice(0, 3), 'background').to.deep.equal([0, 0, 255]);
      expect(model[2] - model[0], 'the model is not blue').to.be.lessThan(60);
      expect(model[0], 'the model is lit').to.be.greaterThan(60);
    });

    it('GPU and CPU skinning put every vertex at the same place (within 1e-4), inside the culling sphere', async () => {
      const { scene, character } = await mountCharacter(
        `src="${MANNEQUIN}" clip="run" position="0.3 0 0.2" heading="40"`,
      );
      const cpu = document.createElement('anim-character');
      cpu.setAttribute('src', MANNEQUIN);
      cpu.setAttribute('clip', 'run');
      cpu.setAttribute('position', '0.3 0 0.2');
      cpu.setAttribute('heading', '40');
      cpu.setAttribute('skinning', 'cpu');
      scene.append(cpu);
      await cpu.ready;
      scene.step(0.23);
      const meshes = skinnedMeshes(character);
      const cpuMeshes = (
        internals(cpu).rig!.output as unknown as {
          meshes: { geometry: { attributes: { position: { array: Float32Array } } } }[];
        }
      ).meshes;
      expect(meshes.length).to.equal(cpuMeshes.length);
      const v = new Vector3();
      const b = new Vector3();
      const bone = new Matrix4();
      let compared = 0;
      meshes.forEach((mesh, m) => {
        const { position, skinIndex, skinWeight } = mesh.geometry.attributes;
        const cpuPositions = cpuMeshes[m].geometry.attributes.position.array;
        const matrices = mesh.skeleton.boneMatrices!;
        for (let i = 0; i < position.count; i++) {
          // three's skinning_vertex chunk, from the bone matrices the rig wrote
          const base = new Vector3().fromBufferAttribute(position, i).applyMatrix4(mesh.bindMatrix);
          v.set(0, 0, 0);
          for (let k = 0; k < 4; k++) {
            const w = skinWeight.getComponent(i, k);
            if (w === 0) continue;
            bone.fromArray(matrices, skinIndex.getComponent(i, k) * 16);
            v.addScaledVector(b.copy(base).applyMatrix4(bone), w);
          }
          v.applyMatrix4(mesh.bindMatrixInverse).applyMatrix4(mesh.matrixWorld);
          expectClose([v.x, v.y, v.z], cpuPositions.subarray(i * 3, i * 3 + 3), 1e-4, `vertex ${i}`);
          expect(mesh.boundingSphere!.containsPoint(v), `vertex ${i} inside the culling sphere`).to.equal(true);
          compared++;
        }
      });
      expect(compared).to.be.greaterThan(1000);
    });

    it('the Bone objects carry the pose only while the scene shows its skeleton overlay', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="wave"`);
      const bone = skinnedMeshes(character)[0].skeleton.getBoneByName('RightHand')!;
      const rest = [...bone.matrixWorld.elements];
      scene.step(0.7);
      expect([...bone.matrixWorld.elements], 'left alone').to.deep.equal(rest);
      scene.debug = 'skeleton';
      await scene.updateComplete;
      scene.step(0.1);
      expectClose(bone.matrixWorld.elements, character.boneMatrix('RightHand')!, 1e-6, 'overlay on');
    });

    it('switching skinning at run time keeps drawing the same pose', async () => {
      const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`);
      /** World positions of every 7th vertex of the meshes drawn: GPU-skinned ones through their bones. */
      const drawn = () => {
        const out: number[] = [];
        const p = new Vector3();
        internals(character).rig!.root.updateMatrixWorld(true);
        internals(character).rig!.root.traverse((o) => {
          const mesh = o as SkinnedMesh;
          if (!mesh.isMesh || !mesh.visible) return;
          const count = mesh.geometry.getAttribute('position').count;
          for (let i = 0; i < count; i += 7) {
            if (mesh.isSkinnedMesh) gpuVertex(mesh, i, p);
            else p.fromBufferAttribute(mesh.geometry.getAttribute('position'), i);
            out.push(...p.applyMatrix4(mesh.matrixWorld).toArray());
          }
        });
        return out;
      };
      scene.step(0.3);
      const gpu = drawn();
      character.skinning = 'cpu';
      scene.step(0);
      expect(skinnedMeshes(character).every((m) => !m.visible)).to.equal(true);
      const cpu = drawn();
      expect(cpu.length, 'the CPU meshes draw every vertex the GPU ones did').to.equal(gpu.length);
      expectClose(cpu, gpu, 1e-4, 'CPU skinning draws the GPU pose');
      scene.step(0.1);
      const cpuLater = drawn();
      expect(
        cpuLater.some((v, i) => Math.abs(v - cpu[i]) > 1e-3),
        'the walk goes on',
      ).to.equal(true);
      character.skinning = 'gpu';
      expect(skinnedMeshes(character).every((m) => m.visible)).to.equal(true);
      expectClose(drawn(), cpuLater, 1e-4, 'back on the GPU: the same pose');
      let plain = 0;
      internals(character).rig!.root.traverse((o) => {
        if ((o as SkinnedMesh).isMesh && !(o as SkinnedMesh).isSkinnedMesh) plain++;
      });
      expect(plain, 'the CPU meshes are gone').to.equal(0);
    });
  });
});
