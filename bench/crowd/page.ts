// The page `npm run bench:crowd` opens: one crowd scene, run this library's way (<anim-crowd> of
// <anim-character> mannequins with the locomotion graph) and three.js's way (SkinnedMesh clones, an
// AnimationMixer each, blending the same clips by the same speeds), same camera, same agents, same frames.
import { type AnimationAction, AnimationMixer, type Object3D, type SkinnedMesh } from 'three';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';
import '../../src/elements/anim-crowd.js';
import '../../src/elements/anim-scene.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { MANNEQUIN_RUN_SPEED, MANNEQUIN_WALK_SPEED } from '../../src/graph/locomotion.js';
import { CrowdAgents } from '../../src/runtime/crowd.js';
import { loadGltf } from '../../src/scene/load-gltf.js';
import type { Stage } from '../../src/scene/stage.js';

const MODEL = '/assets/mannequin.glb';
const DT = 1 / 60;
/**
 * Frames stepped before the measured ones, posed but not drawn: the first frames after setting up a crowd are
 * its compiler and collector settling (at 1,000, frames 1–12 after ten warm ones took 7–22 ms, then about 6), and
 * a page runs for minutes. Undrawn, because each drawn frame costs seconds of rasterizing under SwiftShader.
 */
const SETTLE_FRAMES = 120;
/** Then frames drawn before the measured ones (the render path's own warm-up). */
const WARM_FRAMES = 10;

export interface PathResult {
  /** CPU ms per frame spent posing (everything before the render). */
  animMs: number;
  /** The median frame's animation ms (steadier than the mean between runs: a collection lands in a few frames). */
  animMedianMs: number;
  /** CPU ms per frame for the whole frame: update plus render submission. */
  frameMs: number;
  drawCalls: number;
  /** Wall ms per measured frame waiting for SwiftShader to rasterize it (the drain; the GPU's work, on the CPU). */
  rasterMs: number;
  heapGrowthBytes: number;
  setupMs: number;
  /** How many characters the last frame put in each level-of-detail tier (ours only). */
  tiers?: string;
}

/** Side of the square plaza for `count` people: the same density (about 2.5 people per 10 m²) at every size. */
const sideFor = (count: number) => Math.max(6, Math.sqrt(count) * 0.63);

function placeCamera(stage: Stage, count: number): void {
  const side = sideFor(count);
  // CROWD_AWAY=1 (run.ts): looking up from far outside the crowd, every member culled
  if ((window as { benchAway?: boolean }).benchAway) {
    stage.setTarget(0, 0, side * 100);
    stage.setOrbit(20, -35, 10);
    return;
  }
  stage.setTarget(0, 0, 0);
  stage.setOrbit(20, 35, side * 1.35);
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const heap = () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;

/**
 * Waits until the GPU has drawn everything submitted (a one-pixel read). SwiftShader rasterizes on the same
 * CPU: without this, a frame's JS would block whenever the queue of earlier frames filled, and the figure
 * would be the rasterizer's, not the CPU work of posing and submitting the frame.
 */
function drain(stage: Stage, pixel: Uint8Array): void {
  const gl = stage.renderer.getContext();
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
}

/** Times `frames` steps of the stage (each drained untimed): everything before the render, and the whole frame. */
async function measure(stage: Stage, frames: number): Promise<Omit<PathResult, 'setupMs'>> {
  const render = stage.render.bind(stage);
  const pixel = new Uint8Array(4);
  let renderMs = 0;
  // CROWD_DRAW=0 (see run.ts): the frames are posed and timed, never drawn
  const draw = (window as { benchDraw?: boolean }).benchDraw !== false;
  // CROWD_IDLE=<ms> (run.ts): a pause after each measured frame, untimed
  const idleMs = (window as { benchIdle?: number }).benchIdle ?? 0;
  let settling = true;
  stage.render = () => {
    const t = performance.now();
    const drawn = draw && !settling ? render() : true;
    renderMs += performance.now() - t;
    return drawn;
  };
  for (let f = 0; f < SETTLE_FRAMES; f++) stage.step(DT);
  settling = false;
  for (let f = 0; f < WARM_FRAMES; f++) {
    stage.step(DT);
    drain(stage, pixel);
  }
  gc();
  gc();
  const before = heap();
  renderMs = 0;
  let total = 0;
  // CROWD_PROFILE: the bench records a CPU profile of the measured frames (console.profile over CDP)
  const profiled = (window as { benchProfile?: string }).benchProfile;
  if (profiled) console.profile(`${profiled}-frames`);
  const animPerFrame = new Float64Array(frames);
  const wholePerFrame = new Float64Array(frames);
  let rasterMs = 0;
  // CROWD_AB=1 (run.ts): frames in pairs, variant A then B, so each sees both halves of the stagger
  const ab = (window as { benchAB?: boolean }).benchAB === true;
  const variant = globalThis as { benchVariant?: boolean };
  for (let f = 0; f < frames; f++) {
    if (ab) variant.benchVariant = ((f >> 1) & 1) === 1;
    const start = performance.now();
    const renderedBefore = renderMs;
    stage.step(DT);
    const took = performance.now() - start;
    total += took;
    wholePerFrame[f] = took;
    animPerFrame[f] = took - (renderMs - renderedBefore);
    const drained = performance.now();
    drain(stage, pixel);
    rasterMs += performance.now() - drained;
    if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
  }
  if (profiled) console.profileEnd(`${profiled}-frames`);
  // shown with CROWD_VERBOSE: each measured frame's animation ms (spells and recompiles show as runs of frames)
  console.log(`frames (animation ms): ${Array.from(animPerFrame, (ms) => ms.toFixed(1)).join(' ')}`);
  if (ab) {
    variant.benchVariant = false;
    console.log(`A/B (animation ms): ${variantFigures(animPerFrame, 0)} | ${variantFigures(animPerFrame, 1)}`);
    console.log(`A/B (whole frame ms): ${variantFigures(wholePerFrame, 0)} | ${variantFigures(wholePerFrame, 1)}`);
  }
  gc();
  gc();
  const heapGrowthBytes = heap() - before;
  stage.render = render;
  return {
    animMs: (total - renderMs) / frames,
    animMedianMs: animPerFrame.sort()[frames >> 1],
    frameMs: total / frames,
    drawCalls: stage.renderer.info.render.calls,
    rasterMs: rasterMs / frames,
    heapGrowthBytes,
  };
}

/** The mean and median of the frames of one CROWD_AB variant (0: A, 1: B; frames alternate in pairs). */
function variantFigures(perFrame: Float64Array, variant: number): string {
  const frames = Array.from(perFrame).filter((_, f) => ((f >> 1) & 1) === variant);
  const mean = frames.reduce((sum, ms) => sum + ms, 0) / frames.length;
  const median = frames.sort((a, b) => a - b)[frames.length >> 1];
  return `${variant === 0 ? 'A' : 'B'} mean ${mean.toFixed(2)}, median ${median.toFixed(2)}`;
}

function mountScene(): AnimScene {
  const scene = document.createElement('anim-scene');
  scene.setAttribute('paused', '');
  scene.setAttribute('shadows', '');
  scene.setAttribute('ground', '');
  // CROWD_LOD=off (run.ts): every character posed every frame, to tell the tiers' saving from the per-frame floor
  const lod = (window as { benchLod?: string }).benchLod;
  if (lod) scene.setAttribute('lod', lod);
  // small, with a small shadow map: the rasterizer shares the CPU under SwiftShader (see drain)
  // and off screen while it sets up: the loop draws no redraw frames (each would rasterize the whole crowd
  // under SwiftShader as the characters arrive); measure() steps the stage by hand
  scene.style.cssText = 'width: 320px; height: 180px; display: block; position: absolute; top: -10000px';
  document.body.append(scene);
  scene.stage!.lights.key.shadow.mapSize.set(512, 512);
  return scene;
}

/** This library: an <anim-crowd> of `count` mannequins driving the locomotion graph. */
export async function runOurs(count: number, frames: number): Promise<PathResult> {
  const t0 = performance.now();
  const profiled = (window as { benchProfile?: string }).benchProfile;
  if (profiled) console.profile(`${profiled}-setup`);
  const scene = mountScene();
  const side = sideFor(count);
  scene.innerHTML = `<anim-crowd count="${count}" area="${side} ${side}" seed="1">
      <anim-character src="${MODEL}" graph="locomotion"></anim-character></anim-crowd>`;
  const crowd = scene.querySelector('anim-crowd')!;
  await crowd.updateComplete;
  await crowd.ready;
  const stage = scene.stage!;
  placeCamera(stage, count);
  const setupMs = performance.now() - t0;
  if (profiled) console.profileEnd(`${profiled}-setup`);
  console.log(`ours: ${count} characters set up in ${setupMs.toFixed(0)} ms`);
  const measured = await measure(stage, frames);
  const { full, half, quarter, culled } = stage.lod.counts;
  const tiers = `${full} full, ${half} every 2nd frame, ${quarter} every 4th, ${culled} culled`;
  const result = { ...measured, setupMs, tiers };
  scene.remove();
  return result;
}

/** Weights of idle, walk and run for a ground speed: the 1D blend the locomotion graph makes. */
function blendWeights(speed: number, out: Float32Array): void {
  out.fill(0);
  if (speed <= 0) out[0] = 1;
  else if (speed < MANNEQUIN_WALK_SPEED) {
    out[1] = speed / MANNEQUIN_WALK_SPEED;
    out[0] = 1 - out[1];
  } else if (speed < MANNEQUIN_RUN_SPEED) {
    out[2] = (speed - MANNEQUIN_WALK_SPEED) / (MANNEQUIN_RUN_SPEED - MANNEQUIN_WALK_SPEED);
    out[1] = 1 - out[2];
  } else out[2] = 1;
}

/** three.js's way: SkinnedMesh clones, an AnimationMixer each, idle/walk/run weighted by the same agents' speeds. */
export async function runThree(count: number, frames: number): Promise<PathResult> {
  const t0 = performance.now();
  const scene = mountScene();
  await scene.updateComplete;
  const stage = scene.stage!;
  const gltf = (await loadGltf(MODEL))!;
  const clip = (name: string) => gltf.animations.find((a) => a.name === name)!;
  const clips = [clip('idle'), clip('walk-inplace'), clip('run-inplace')];
  const side = sideFor(count);
  const agents = new CrowdAgents({
    count,
    width: side,
    depth: side,
    seed: 1,
    minSpeed: 0.8,
    maxSpeed: 1.6,
    mode: 'wander',
  });
  const people: { root: Object3D; mixer: AnimationMixer; actions: AnimationAction[] }[] = [];
  for (let i = 0; i < count; i++) {
    const root = cloneSkinned(gltf.scene);
    root.traverse((o) => {
      if ((o as SkinnedMesh).isSkinnedMesh) o.castShadow = true;
    });
    const mixer = new AnimationMixer(root);
    const actions = clips.map((c) => mixer.clipAction(c).play());
    stage.content.add(root);
    people.push({ root, mixer, actions });
  }
  stage.contentChanged();
  const weights = new Float32Array(3);
  stage.addActor({
    update: (dt) => {
      agents.step(dt);
      for (let i = 0; i < count; i++) {
        const { root, mixer, actions } = people[i];
        root.position.set(agents.x[i], 0, agents.z[i]);
        root.rotation.y = agents.heading[i];
        blendWeights(agents.speed[i], weights);
        for (let a = 0; a < 3; a++) actions[a].setEffectiveWeight(weights[a]);
        mixer.update(dt);
      }
    },
  });
  placeCamera(stage, count);
  const setupMs = performance.now() - t0;
  console.log(`three.js: ${count} characters set up in ${setupMs.toFixed(0)} ms`);
  const result = { ...(await measure(stage, frames)), setupMs };
  scene.remove();
  return result;
}

Object.assign(window, { runOurs, runThree });
(window as unknown as { benchReady: boolean }).benchReady = true;
