/**
 * Connecting and disconnecting, over and over, leaves nothing behind: 1,000 cycles of a character (a small
 * state graph, foot IK, a controller's capsule in the physics world) in a scene, and 200 cycles of a whole scene
 * (every other one with physics), then the shared renderer's geometries and textures, the live WebGL contexts
 * the page made, the bodies and colliders in the physics world and the used JS heap after gc() are where they
 * were before (Chromium runs with `--js-flags=--expose-gc` and `--enable-precise-memory-info`,
 * tools/find-chrome.mjs).
 *
 * The baseline is taken after some cycles (WARM_UP). What a cycle keeps shows as a count off by the number of
 * cycles (GPU objects, bodies, contexts) or as heap growth far above the noise bound below.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-controller.js';
import '../../src/elements/anim-foot-ik.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { runningPhysics, startPhysics } from '../../src/scene/physics.js';
import { sharedRenderer } from '../../src/scene/shared-renderer.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { canCollect, heapAfterGc } from '../helpers/heap.js';

const CHARACTER_CYCLES = 1000;
const SCENE_CYCLES = 200;
/**
 * Cycles before the baseline: the first light of a model makes the renderer's lookup textures and programs,
 * and V8 keeps compiling the cycle's code to faster tiers for some tens of cycles (a heap snapshot shows the
 * growth as code objects alone).
 */
const WARM_UP = 50;
/**
 * Heap growth over the second half of the cycles that counts as noise. After the warm-up V8 still compiles
 * the cycle's code to faster tiers for some hundreds of cycles: heap snapshots taken at cycles 300 and 1,000
 * differ by code objects alone (no JS object more), yet the used heap grows by ~0.6 kB a cycle. What a cycle
 * would keep is far above that: a character's rig, pose buffers and scene graph are hundreds of kB, a scene's
 * stage more; anything of 2 kB or more kept per character cycle (10 kB per scene cycle) crosses this bound.
 * Measured here: +0.1 MB over the last 500 character cycles; +0.26 to +0.56 MB over the last 100 scene cycles,
 * most of it Rapier's WebAssembly memory, which grows by a 64 kB page every ~12 worlds made and freed (heap
 * snapshots at scene cycles 50 and 200: the same JS objects, that buffer 0.79 MB larger; making and freeing
 * bare worlds, with a controller, rays and moves, does not grow it, nor does a scene with physics alone or one
 * left unstepped; a stepped scene with physics and a character grows it ~5 kB a cycle: not found yet).
 */
const HEAP_NOISE = 1_000_000;

/** Every WebGL context the page makes from here on, to count the live ones. */
function watchContexts(): { live: () => number; stop: () => void } {
  const contexts: (WebGLRenderingContext | WebGL2RenderingContext)[] = [];
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    const context = (original as (...a: unknown[]) => RenderingContext | null).apply(this, args);
    if (
      (context instanceof WebGLRenderingContext || context instanceof WebGL2RenderingContext) &&
      !contexts.includes(context)
    )
      contexts.push(context);
    return context;
  } as typeof original;
  return {
    live: () => contexts.filter((c) => !c.isContextLost()).length,
    stop: () => {
      HTMLCanvasElement.prototype.getContext = original;
    },
  };
}

/** What may leak, read at one moment. */
async function reading(scene: AnimScene | undefined, contexts: { live: () => number }) {
  const memory = sharedRenderer()?.info.memory;
  const world = scene?.stage && runningPhysics(scene.stage)?.world;
  return {
    geometries: memory?.geometries ?? 0,
    textures: memory?.textures ?? 0,
    contexts: contexts.live(),
    bodies: world ? world.bodies.len() : 0,
    colliders: world ? world.colliders.len() : 0,
    heap: await heapAfterGc(),
  };
}

const CHARACTER_CHILDREN = `
  <anim-param name="speed" type="float" value="0.5"></anim-param>
  <anim-state name="idle" clip="idle" default></anim-state>
  <anim-state name="walk" clip="walk"></anim-state>
  <anim-transition from="idle" to="walk" when="speed > 0.1" fade="0.1s"></anim-transition>
  <anim-transition from="walk" to="idle" when="speed <= 0.1" fade="0.1s"></anim-transition>
  <anim-foot-ik></anim-foot-ik>`;

/**
 * A scene holding the witness: a character that keeps walking, and that holds the model so that each cycling
 * character (instanced, so it shares the page's one load of the file) gets a copy of it instead of fetching
 * and parsing it again (an own load of the mannequin costs about 2 s a cycle here: the fetch, the parse and
 * its shaders compiled again).
 */
async function witnessScene() {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused ground style="width: 64px; height: 48px"></anim-scene>`,
  );
  const errors = collectErrors(scene);
  scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="walk" instancing="auto" position="2 0 0"></anim-character>`;
  const witness = scene.querySelector('anim-character')!;
  await witness.ready;
  const walksOn = () => {
    const time = witness.time;
    scene.step(0.1);
    expect(witness.time, 'the witness walks on').to.not.equal(time);
  };
  return { scene, errors, walksOn };
}

type Reading = Awaited<ReturnType<typeof reading>>;

/**
 * Runs `cycles` cycles after the warm-up; expects the counts back where they were and the heap growth over
 * the second half within the noise. Logs the readings and the time a cycle took.
 */
async function expectBaseline(
  what: string,
  cycles: number,
  cycle: (i: number) => Promise<void>,
  read: () => Promise<Reading>,
) {
  for (let i = 0; i < WARM_UP; i++) await cycle(i);
  await settle();
  const before = await read();
  const start = performance.now();
  let half = 0;
  for (let i = 0; i < cycles; i++) {
    await cycle(i);
    if (i + 1 === cycles / 2) {
      await settle();
      half = await heapAfterGc();
    }
  }
  const ms = performance.now() - start;
  await settle();
  const after = await read();
  console.log(
    `${cycles} ${what} cycles, ${(ms / cycles).toFixed(1)} ms each: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}; heap at half ${half} B, growth over the second half ${after.heap - half} B`,
  );
  const { heap: heapBefore, ...countsBefore } = before;
  const { heap: heapAfter, ...countsAfter } = after;
  expect(countsAfter, 'GPU objects, live contexts, bodies and colliders').to.deep.equal(countsBefore);
  expect(heapAfter - half, 'heap growth over the second half, bytes').to.be.below(HEAP_NOISE);
  return { before, after };
}

describe('connect/disconnect cycles leave nothing behind', () => {
  // from before the page's renderer is made: every context of the file counts
  let contexts: ReturnType<typeof watchContexts>;
  before(() => {
    expect(canCollect(), 'Chromium runs with --expose-gc').to.equal(true);
    contexts = watchContexts();
  });
  after(() => contexts.stop());

  it(`${CHARACTER_CYCLES} cycles of a character with a graph, foot IK and a controller`, async function () {
    this.timeout(600000);
    const { scene, errors, walksOn } = await witnessScene();
    const physics = await startPhysics(scene.stage!);
    const character = document.createElement('anim-character');
    character.src = MANNEQUIN;
    character.instancing = 'auto';
    character.innerHTML = `${CHARACTER_CHILDREN}<anim-controller></anim-controller>`;
    let bodiesIn = 0;
    let drawn = 0;
    const cycle = async () => {
      scene.append(character);
      await character.ready;
      scene.step(1 / 30);
      bodiesIn = Math.max(bodiesIn, physics.world.bodies.len());
      drawn = Math.max(drawn, sharedRenderer()!.info.render.calls);
      character.remove();
      scene.step(0);
    };
    const { before } = await expectBaseline('character', CHARACTER_CYCLES, cycle, () => reading(scene, contexts));
    expect(bodiesIn, "the controller's capsule was in the world").to.be.greaterThan(before.bodies);
    expect(drawn, 'frames were drawn').to.be.greaterThan(0);
    walksOn();
    expect(errors).to.deep.equal([]);
  });

  it(`${SCENE_CYCLES} cycles of a scene with a character, every other one with physics`, async function () {
    this.timeout(600000);
    const { scene: witnessStage, errors, walksOn } = await witnessScene();
    const scene = document.createElement('anim-scene');
    scene.paused = true;
    scene.style.cssText = 'display: block; width: 64px; height: 48px';
    const character = document.createElement('anim-character');
    character.src = MANNEQUIN;
    character.instancing = 'auto';
    character.innerHTML = CHARACTER_CHILDREN;
    scene.append(character);
    const sceneErrors = collectErrors(scene);
    let worldsLeft = 0;
    let worlds = 0;
    const controller = document.createElement('anim-controller');
    const cycle = async (i: number) => {
      // the controller would start physics by itself: it comes with it
      scene.physics = i % 2 === 0;
      if (scene.physics) character.append(controller);
      else controller.remove();
      witnessStage.after(scene);
      await character.ready;
      if (scene.physics) await startPhysics(scene.stage!);
      scene.step(1 / 30);
      const physics = runningPhysics(scene.stage!);
      if (physics) worlds++;
      scene.remove();
      if (physics && !physics.disposed) worldsLeft++;
    };
    await expectBaseline('scene', SCENE_CYCLES, cycle, () => reading(witnessStage, contexts));
    expect(worlds, 'physics worlds made').to.equal(SCENE_CYCLES / 2 + WARM_UP / 2);
    expect(worldsLeft, 'worlds not disposed with their scene').to.equal(0);
    walksOn();
    expect([...errors, ...sceneErrors]).to.deep.equal([]);
  });
});
