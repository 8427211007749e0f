// <anim-inspector>: its timeline's history, the scrubber putting the whole character back to a recorded
// frame, record → JSON → replay with equal per-frame pose hashes, and bad input.
import { expect } from '@open-wc/testing';
import '../../src/elements/anim-inspector.js';
import '../../src/elements/anim-graph-view.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimInspector } from '../../src/elements/anim-inspector.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { RecordingJson } from '../../src/graph/recording.js';
import { collectErrors, mountCharacter, settle } from '../helpers/character.js';
import { leastGrowth } from '../helpers/heap.js';

const GRAPH = `
  <anim-clip name="walk" markers="auto"></anim-clip><anim-clip name="run" markers="auto"></anim-clip>
  <anim-param name="speed" type="float" value="0"></anim-param>
  <anim-param name="wave" type="trigger"></anim-param>
  <anim-state name="idle" clip="idle" default></anim-state>
  <anim-state name="walk" clip="walk"></anim-state>
  <anim-state name="run" clip="run"></anim-state>
  <anim-state name="wave" clip="wave" loop="once"></anim-state>
  <anim-transition from="idle" to="walk" when="speed > 0.1" fade="0.25s"></anim-transition>
  <anim-transition from="walk" to="idle" when="speed <= 0.1" fade="0.25s"></anim-transition>
  <anim-transition from="walk" to="run" when="speed > 2" fade="0.3s"></anim-transition>
  <anim-transition from="run" to="walk" when="speed <= 2" fade="0.3s"></anim-transition>
  <anim-transition from="*" to="wave" when="wave" fade="0.15s"></anim-transition>
  <anim-transition from="wave" to="idle" exit-time="1" fade="0.2s"></anim-transition>`;

const DT = 1 / 60;

async function mount(): Promise<{ scene: AnimScene; character: AnimCharacter; inspector: AnimInspector }> {
  const { scene, character } = await mountCharacter('id="hero" src="/assets/mannequin.glb"', GRAPH);
  scene.insertAdjacentHTML('afterend', '<anim-inspector for="hero" style="width: 640px"></anim-inspector>');
  const inspector = scene.nextElementSibling as AnimInspector;
  await settle();
  inspector.refresh();
  scene.step(DT);
  return { scene, character, inspector };
}

/** A script of param changes by frame: walk, run, a wave, back to walk and idle. */
function perform(character: AnimCharacter, frame: number): void {
  if (frame === 5) character.setParam('speed', 1);
  if (frame === 50) character.setParam('speed', 3);
  if (frame === 90) character.trigger('wave');
  if (frame === 120) character.setParam('speed', 1.5);
  if (frame === 170) character.setParam('speed', 0);
}

describe('<anim-inspector>', () => {
  afterEach(() => {
    for (const el of document.querySelectorAll('anim-inspector')) el.remove();
  });

  it('record → JSON → replay gives the recorded pose hash at every frame, at whatever step the page runs', async () => {
    const { scene, character, inspector } = await mount();
    inspector.record();
    expect(inspector.recording).to.equal(true);
    for (let f = 0; f < 200; f++) {
      perform(character, f);
      scene.step(DT);
    }
    const json = inspector.stopRecording()!;
    expect(inspector.recording).to.equal(false);
    expect(inspector.lastRecording).to.equal(json);
    const data = JSON.parse(json) as RecordingJson;
    expect(data.dt).to.have.length(200);
    expect(data.changes.map(([frame, param]) => [frame, data.params[param]])).to.deep.equal([
      [5, 'speed'],
      [50, 'speed'],
      [90, 'wave'],
      [120, 'speed'],
      [170, 'speed'],
    ]);
    expect(new Set(data.hashes).size, 'the pose moved').to.be.above(150);
    // the character goes elsewhere meanwhile
    character.setParam('speed', 2.5);
    for (let f = 0; f < 30; f++) scene.step(DT);

    const done = inspector.replay(json);
    // the page runs at another rate: the replay runs the recorded steps
    for (let f = 0; f < 200; f++) scene.step(1 / 24);
    const result = (await done)!;
    expect(result.frames).to.equal(200);
    expect(result.mismatches).to.equal(0);
    expect(Array.from(result.hashes)).to.deep.equal(data.hashes);

    // a dropped change (the wave) gives other poses from that frame on
    const dropped = { ...data, changes: data.changes.filter(([frame]) => frame !== 90) };
    const off = inspector.replay(dropped);
    for (let f = 0; f < 200; f++) scene.step(DT);
    const bad = (await off)!;
    expect(bad.mismatches).to.be.above(0);
    expect(bad.firstMismatch).to.be.at.least(90);
  });

  it('scrubbing pauses the character and puts its pose and graph back to the recorded frame', async () => {
    const { scene, character, inspector } = await mount();
    const frames: { time: number; hash: number; state: string | null; speed: unknown }[] = [];
    for (let f = 0; f < 200; f++) {
      perform(character, f);
      scene.step(DT);
      frames.push({
        time: inspector.time,
        hash: inspector.poseHash(),
        state: character.state,
        speed: character.getParam('speed'),
      });
    }
    const wave = frames[100];
    expect(wave.state).to.equal('wave');
    inspector.scrub(wave.time);
    expect(inspector.scrubTime).to.equal(wave.time);
    expect(inspector.poseHash()).to.equal(wave.hash);
    expect(character.state).to.equal('wave');
    // time stands still while scrubbed
    for (let f = 0; f < 10; f++) scene.step(DT);
    expect(inspector.poseHash()).to.equal(wave.hash);
    const walk = frames[30];
    inspector.scrub(walk.time);
    expect(inspector.poseHash()).to.equal(walk.hash);
    expect(character.state).to.equal('walk');
    expect(character.getParam('speed')).to.equal(1);
    inspector.resume();
    expect(inspector.scrubTime).to.equal(null);
    expect(inspector.poseHash()).to.equal(frames[199].hash);
    expect(character.getParam('speed')).to.equal(0);
    scene.step(DT);
    expect(inspector.poseHash()).not.to.equal(frames[199].hash);
    expect(inspector.time).to.be.closeTo(frames[199].time + DT, 1e-9);
  });

  it('draws clips, states and params on its canvas', async () => {
    const { scene, character, inspector } = await mount();
    for (let f = 0; f < 200; f++) {
      perform(character, f);
      scene.step(DT);
    }
    inspector.refresh();
    await inspector.updateComplete;
    inspector.refresh();
    const canvas = inspector.shadowRoot!.querySelector('canvas')!;
    expect(canvas.hidden).to.equal(false);
    expect(canvas.height).to.be.above(150);
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
    expect(painted / (canvas.width * canvas.height)).to.be.above(0.05);
  });

  it('recording and the history keep nothing per frame (the used heap after gc() stays flat)', async () => {
    const { scene, character, inspector } = await mount();
    const gc = (globalThis as unknown as { gc: () => void }).gc;
    const heap = () => (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize;
    inspector.record();
    const FRAMES = 300;
    const STRETCHES = 6;
    const stretch = () => {
      for (let f = 0; f < FRAMES; f++) {
        // a change every few frames: each is a row of the recording's typed arrays
        if (f % 20 === 0) character.setParam('speed', f % 40 === 0 ? 1 : 2.5);
        scene.step(DT);
      }
      gc();
      return heap();
    };
    // the first stretches free what loading left and hold the code compiled (as test/allocation/heap-kept); of
    // the later stretches the least growth counts: something kept per frame grows every stretch, while V8's own
    // bookkeeping (feedback, compiled code) now and then lands a few kilobytes in one of them
    const readings = Array.from({ length: STRETCHES }, stretch);
    console.log(`inspector recording: used heap after gc() every ${FRAMES} frames: ${readings.join(' B, ')} B`);
    expect(leastGrowth(readings, 3) / FRAMES, 'bytes kept per frame').to.be.below(64);
    const data = JSON.parse(inspector.stopRecording()!) as RecordingJson;
    expect(data.dt).to.have.length(STRETCHES * FRAMES);
    // every 20 frames, less the stretch starts after the first, which set the value already there
    expect(data.changes).to.have.length(STRETCHES * (FRAMES / 20) - (STRETCHES - 1));
  });

  it('a `for` naming no character is one missing-target; bad JSON one bad-recording each', async () => {
    const { scene } = await mount();
    const errors = collectErrors(document.body);
    scene.insertAdjacentHTML('afterend', '<anim-inspector for="nobody"></anim-inspector>');
    const lost = scene.nextElementSibling as AnimInspector;
    await settle();
    lost.refresh();
    lost.refresh();
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['missing-target']);
    expect(errors[0].message).to.contain('nobody');
    lost.remove();
    const inspector = document.querySelector<AnimInspector>('anim-inspector[for="hero"]')!;
    expect(await inspector.replay('{"format": "anim-rec')).to.equal(null);
    expect(await inspector.replay({ format: 'anim-recording', version: 1, params: ['x'] })).to.equal(null);
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['missing-target', 'bad-recording', 'bad-recording']);
    expect(errors[1].message).to.contain('not JSON');
    expect(errors[2].message).to.contain('[x]');
    // the character runs on
    scene.step(DT);
    expect(inspector.time).to.be.above(0);
  });
});
