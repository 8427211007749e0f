import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimParam } from '../../src/elements/anim-param.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimTransition } from '../../src/elements/anim-transition.js';
import type {
  AnimStateDetail,
  AnimTransitionDetail,
  AnimTransitionEndDetail,
} from '../../src/elements/graph-events.js';
import { mergeGraph } from '../../src/elements/graph-markup.js';
import {
  compileGraph,
  createParams,
  GraphInstance,
  graphToJson,
  locomotionGraph,
  MANNEQUIN_RUN_SPEED,
  MANNEQUIN_WALK_SPEED,
  normalizeGraph,
  setParam,
} from '../../src/graph/index.js';
import { createPose, createSampleCache, sampleClip, setRestPose } from '../../src/runtime/index.js';
import { collect, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';
import { expectClose, expectQuatClose } from '../helpers/math.js';

const DT = 1 / 30;

/** The locomotion preset written as markup: what `graph="locomotion"` loads. */
const LOCOMOTION_MARKUP = `
  <anim-param name="speed" type="float" value="0"></anim-param>
  <anim-param name="grounded" type="bool" value="true"></anim-param>
  <anim-param name="jump" type="trigger"></anim-param>
  <anim-param name="fall" type="float" value="0"></anim-param>
  <anim-param name="getUp" type="trigger"></anim-param>
  <anim-state name="locomotion" default blend-type="1d" blend-x="speed">
    <anim-blend-point clip="idle" x="0"></anim-blend-point>
    <anim-blend-point clip="walk" x="${MANNEQUIN_WALK_SPEED}"></anim-blend-point>
    <anim-blend-point clip="run" x="${MANNEQUIN_RUN_SPEED}"></anim-blend-point>
  </anim-state>
  <anim-state name="jump" clip="jump" loop="once"></anim-state>
  <anim-state name="fall" clip="fall"></anim-state>
  <anim-state name="land" clip="land" loop="once"></anim-state>
  <anim-state name="land-hard" clip="land-hard" loop="once"></anim-state>
  <anim-state name="get-up" clip="get-up" loop="once"></anim-state>
  <anim-transition from="*" to="jump" when="jump && grounded" fade="0.1" priority="2"></anim-transition>
  <anim-transition from="*" to="get-up" when="getUp" fade="0.2" priority="3"></anim-transition>
  <anim-transition from="locomotion" to="fall" when="!grounded" fade="0.25"></anim-transition>
  <anim-transition from="jump" to="fall" when="!grounded" exit-time="0.7" fade="0.2"></anim-transition>
  <anim-transition from="jump" to="locomotion" when="grounded" exit-time="0.95" fade="0.2"></anim-transition>
  <anim-transition from="fall" to="land" when="grounded && fall < 6" fade="0.08"></anim-transition>
  <anim-transition from="fall" to="land-hard" when="grounded && fall >= 6" fade="0.05"></anim-transition>
  <anim-transition from="land" to="locomotion" exit-time="0.7" fade="0.25" interrupt="source"></anim-transition>
  <anim-transition from="land" to="locomotion" when="speed > 1" exit-time="0.35" fade="0.25" priority="1"></anim-transition>
  <anim-transition from="land-hard" to="locomotion" exit-time="0.9" fade="0.3"></anim-transition>
  <anim-transition from="get-up" to="locomotion" exit-time="0.9" fade="0.3"></anim-transition>`;

/** The same graph run by hand on the character's clips: the oracle for states and weights. */
function handInstance(character: AnimCharacter) {
  const graph = compileGraph(locomotionGraph());
  const clips = internals(character).rig!.library.clips;
  const durations = graph.clipNames.map((name) => {
    const clip = clips.find((c) => c.name === name)!;
    return clip.end - clip.start;
  });
  return { graph, instance: new GraphInstance(graph, durations), params: createParams(graph) };
}

/** The (clip, time, weight) entries a layer of an instance wrote, by clip name. */
function entries(instance: GraphInstance, layer = 0): [string, number, number][] {
  const out: [string, number, number][] = [];
  for (let e = 0; e < instance.entryCount(layer); e++) {
    const clip = instance.entryClip(layer, e);
    out.push([instance.graph.clipNames[clip], instance.entryTime(layer, e), instance.entryWeight(layer, e)]);
  }
  return out;
}

function expectSameEntries(actual: [string, number, number][], expected: [string, number, number][], what: string) {
  expect(
    actual.map((e) => e[0]),
    `${what}: clips`,
  ).to.deep.equal(expected.map((e) => e[0]));
  expectClose(
    actual.flatMap((e) => [e[1], e[2]]),
    expected.flatMap((e) => [e[1], e[2]]),
    1e-9,
    `${what}: times and weights`,
  );
}

/** Samples a character clip at `time` seconds (of its slice) into a fresh pose: the oracle for a lone clip. */
function sampled(character: AnimCharacter, clip: string, time: number) {
  const rig = internals(character).rig!;
  const { skeleton, defaultWeights } = rig.binding.asset;
  const logical = rig.library.clips.find((c) => c.name === clip)!;
  const pose = createPose(skeleton.jointCount, defaultWeights.length);
  setRestPose(skeleton, pose, defaultWeights);
  const binding = logical.playback.binding;
  sampleClip(binding, logical.start + time, createSampleCache(binding), pose);
  return pose;
}

function jointRotation(pose: { rotations: Float32Array }, character: AnimCharacter, joint: string) {
  const j = internals(character).rig!.binding.asset.skeleton.indexByName.get(joint)!;
  return pose.rotations.subarray(j * 4, j * 4 + 4);
}

describe('<anim-character> state graph', () => {
  describe('locomotion', () => {
    it('graph="locomotion" follows setParam("speed") as a hand-driven GraphInstance does: states, clips, times, weights', async () => {
      const { scene, character, errors } = await mountCharacter(`src=${MANNEQUIN} graph="locomotion"`);
      const hand = handInstance(character);
      expect(character.state).to.equal('locomotion');
      const speeds = [0, 0, 0.6, 0.6, MANNEQUIN_WALK_SPEED, 2, 2, 2.5, MANNEQUIN_RUN_SPEED, 4, 1, 0.2, 0];
      for (const speed of speeds) {
        for (let k = 0; k < 5; k++) {
          character.setParam('speed', speed);
          setParam(hand.graph, hand.params, 'speed', speed);
          scene.step(DT);
          hand.instance.update(DT, hand.params);
          const live = internals(character).graph.instance!;
          expect(character.state).to.equal(hand.graph.states[hand.instance.stateOf(0)].name);
          expectSameEntries(entries(live), entries(hand.instance), `speed ${speed}`);
        }
      }
      expect(character.getParam('speed')).to.equal(0);
      expect(character.params).to.deep.equal({ speed: 0, grounded: true, jump: false, fall: 0, getUp: false });
      expect(errors).to.deep.equal([]);
    });

    it('at the walk speed exactly the pose is the walk clip sampled at the graph time', async () => {
      const { scene, character } = await mountCharacter(`src=${MANNEQUIN} graph="locomotion"`);
      character.setParam('speed', MANNEQUIN_WALK_SPEED);
      for (let k = 0; k < 20; k++) scene.step(DT);
      const [[clip, time, weight]] = entries(internals(character).graph.instance!);
      expect([clip, weight]).to.deep.equal(['walk', 1]);
      const oracle = sampled(character, 'walk', time);
      const pose = internals(character).rig!.source.pose;
      for (const joint of ['Hips', 'Spine', 'LeftUpperLeg', 'RightLowerLeg', 'LeftUpperArm', 'Head']) {
        expectQuatClose(jointRotation(pose, character, joint), jointRotation(oracle, character, joint), 1e-6, joint);
      }
    });

    it('time and duration describe the current state while the graph drives; setting time seeks it', async () => {
      const { scene, character, errors } = await mountCharacter(`src=${MANNEQUIN} graph="locomotion"`);
      character.setParam('speed', MANNEQUIN_WALK_SPEED);
      for (let k = 0; k < 20; k++) scene.step(DT);
      const walk = internals(character).rig!.library.clips.find((c) => c.name === 'walk')!;
      expect(character.duration).to.be.closeTo(walk.end - walk.start, 1e-9);
      const [[, time]] = entries(internals(character).graph.instance!);
      expect(character.time).to.be.closeTo(time, 1e-9);
      const loops = collect(character, 'anim-loop');
      character.time = 0.8;
      scene.step(0);
      expect(character.time).to.be.closeTo(0.8, 1e-9);
      const pose = internals(character).rig!.source.pose;
      const oracle = sampled(character, 'walk', 0.8);
      expectQuatClose(
        jointRotation(pose, character, 'LeftUpperLeg'),
        jointRotation(oracle, character, 'LeftUpperLeg'),
        1e-6,
      );
      scene.step(DT);
      expect(character.time).to.be.closeTo(0.8 + DT, 1e-6);
      expect(loops).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
    });

    it('a trigger fires a transition once and is reset when consumed', async () => {
      const { scene, character } = await mountCharacter(`src=${MANNEQUIN} graph="locomotion"`);
      scene.step(DT);
      character.trigger('jump');
      expect(character.getParam('jump')).to.equal(true);
      scene.step(DT);
      expect(character.state).to.equal('jump');
      expect(character.getParam('jump')).to.equal(false);
    });

    it('markup children produce the same definition as the preset (and as its JSON file)', async () => {
      const { character, errors } = await mountCharacter(`src=${MANNEQUIN}`, LOCOMOTION_MARKUP);
      const fromMarkup = normalizeGraph(mergeGraph(character, null).definition);
      const preset = normalizeGraph(locomotionGraph());
      delete preset.clips;
      expect(fromMarkup).to.deep.equal(preset);
      expect(graphToJson(fromMarkup)).to.equal(graphToJson(preset));
      expect(errors).to.deep.equal([]);
      expect(character.state).to.equal('locomotion');
    });

    it('a JSON graph file drives the character like the preset', async () => {
      const url = URL.createObjectURL(new Blob([graphToJson(locomotionGraph())], { type: 'application/json' }));
      const { scene, character, errors } = await mountCharacter(`src=${MANNEQUIN} graph=${url}`);
      await waitUntil(() => character.state !== null, 'the graph file loads', { timeout: 20000 });
      const hand = handInstance(character);
      for (const speed of [0.5, 3, 3, 1]) {
        character.setParam('speed', speed);
        setParam(hand.graph, hand.params, 'speed', speed);
        scene.step(DT);
        hand.instance.update(DT, hand.params);
        expectSameEntries(entries(internals(character).graph.instance!), entries(hand.instance), `speed ${speed}`);
      }
      expect(errors).to.deep.equal([]);
    });

    it('a file and markup merge: markup adds states and replaces those of the same name', async () => {
      const { scene, character, errors } = await mountCharacter(
        `src=${MANNEQUIN} graph="locomotion"`,
        `<anim-param name="waving" type="bool"></anim-param>
         <anim-state name="wave" clip="wave"></anim-state>
         <anim-state name="fall" clip="jump"></anim-state>
         <anim-transition from="locomotion" to="wave" when="waving" fade="0"></anim-transition>`,
      );
      const graph = internals(character).graph.compiled!;
      expect(graph.states.map((s) => s.name)).to.deep.equal([
        'locomotion',
        'jump',
        'fall',
        'land',
        'land-hard',
        'get-up',
        'wave',
      ]);
      expect(graph.clipNames[graph.states[2].clip]).to.equal('jump');
      character.setParam('waving', true);
      scene.step(DT);
      expect(character.state).to.equal('wave');
      expect(errors).to.deep.equal([]);
    });
  });

  describe('characters with the same graph', () => {
    it('share one compiled graph and their clip bindings, and still run apart; a character whose markup differs gets its own graph', async () => {
      // instancing="auto": copies of one model that share its load (and so its clips and skeleton)
      const same = `src="${MANNEQUIN}" graph="locomotion" instancing="auto"`;
      const { scene, character: first, errors } = await mountCharacter(same);
      scene.insertAdjacentHTML(
        'beforeend',
        `<anim-character ${same}></anim-character>
         <anim-character ${same}><anim-state name="wave" clip="wave"></anim-state></anim-character>`,
      );
      const [, second, third] = [...scene.querySelectorAll('anim-character')];
      await Promise.all([second.ready, third.ready]);
      const graphOf = (c: AnimCharacter) => internals(c).graph.compiled!;
      expect(graphOf(second)).to.equal(graphOf(first));
      expect(graphOf(third)).to.not.equal(graphOf(first));
      expect(graphOf(third).stateIndex.has('wave')).to.equal(true);
      // copies of one load play each clip through one binding (sharedClipBinding)
      const bindingsOf = (c: AnimCharacter) => internals(c).rig!.library.clips.map((clip) => clip.playback.binding);
      expect(bindingsOf(second)).to.have.ordered.members(bindingsOf(first));
      expect(bindingsOf(first).length).to.be.greaterThan(3);
      first.setParam('speed', MANNEQUIN_RUN_SPEED);
      first.trigger('jump');
      scene.step(DT);
      expect(first.state).to.equal('jump');
      expect(second.state).to.equal('locomotion');
      expect(second.getParam('speed')).to.equal(0);
      expect(errors).to.deep.equal([]);
    });
  });

  describe('root motion', () => {
    it('with root-motion="apply" the graph walks the character forward, also after its clips are rebuilt', async () => {
      const { scene, character, errors } = await mountCharacter(
        `src=${MANNEQUIN} graph="locomotion" root-motion="apply"`,
      );
      character.setParam('speed', MANNEQUIN_WALK_SPEED);
      for (let k = 0; k < 30; k++) scene.step(DT);
      const z1 = internals(character).rig!.root.position.z;
      // a second of walking covers about the walk speed (the crossfade from idle takes a little)
      expect(z1).to.be.within(0.6 * MANNEQUIN_WALK_SPEED, 1.1 * MANNEQUIN_WALK_SPEED);
      character.insertAdjacentHTML('beforeend', '<anim-clip name="stroll" from="walk"></anim-clip>');
      await settle();
      for (let k = 0; k < 30; k++) scene.step(DT);
      const z2 = internals(character).rig!.root.position.z;
      expect(z2 - z1).to.be.within(0.9 * MANNEQUIN_WALK_SPEED, 1.1 * MANNEQUIN_WALK_SPEED);
      // and it follows the rebuilt graph: standing idle, it stops (after the crossfade's last steps)
      character.setParam('speed', 0);
      for (let k = 0; k < 60; k++) scene.step(DT);
      expect(internals(character).rig!.root.position.z - z2).to.be.below(0.3);
      expect(errors).to.deep.equal([]);
    });
  });

  describe('layers', () => {
    it('an upper-body layer plays wave over walking legs: arms and head follow wave, legs follow walk', async () => {
      const { scene, character, errors } = await mountCharacter(
        `src=${MANNEQUIN}`,
        `<anim-state name="walk" clip="walk-inplace"></anim-state>
         <anim-layer name="upper" mask="upper-body">
           <anim-state name="wave" clip="wave"></anim-state>
         </anim-layer>`,
      );
      const steps = 17;
      for (let k = 0; k < steps; k++) scene.step(DT);
      const pose = internals(character).rig!.source.pose;
      const t = steps * DT;
      const duration = (name: string) => {
        const c = internals(character).rig!.library.clips.find((clip) => clip.name === name)!;
        return c.end - c.start;
      };
      const wave = sampled(character, 'wave', t % duration('wave'));
      const walk = sampled(character, 'walk-inplace', t % duration('walk-inplace'));
      for (const joint of ['Spine', 'Chest', 'Neck', 'Head', 'RightUpperArm', 'RightLowerArm', 'LeftHand']) {
        expectQuatClose(jointRotation(pose, character, joint), jointRotation(wave, character, joint), 1e-5, joint);
      }
      for (const joint of ['Hips', 'LeftUpperLeg', 'LeftLowerLeg', 'RightUpperLeg', 'RightFoot']) {
        expectQuatClose(jointRotation(pose, character, joint), jointRotation(walk, character, joint), 1e-5, joint);
      }
      // and the two clips really differ on those joints, so the check could fail
      const arm = jointRotation(walk, character, 'RightUpperArm');
      const waved = jointRotation(wave, character, 'RightUpperArm');
      expect(Math.abs(arm[0] * waved[0] + arm[1] * waved[1] + arm[2] * waved[2] + arm[3] * waved[3])).to.be.below(0.99);
      expect(errors).to.deep.equal([]);
    });
  });

  describe('live edits', () => {
    it('a changed when, a new state and transition and a param value take effect on the next frame, keeping the state', async () => {
      const { scene, character, errors } = await mountCharacter(
        `src=${MANNEQUIN}`,
        `<anim-param name="speed" value="0"></anim-param>
         <anim-state name="idle" clip="idle"></anim-state>
         <anim-state name="walk" clip="walk"></anim-state>
         <anim-transition from="idle" to="walk" when="speed > 5" fade="0"></anim-transition>`,
      );
      const param = character.querySelector<AnimParam>('anim-param')!;
      param.value = 2;
      expect(character.getParam('speed')).to.equal(2);
      expect(param.current).to.equal(2);
      scene.step(DT);
      expect(character.state).to.equal('idle');
      const before = internals(character).graph.instance!.normalizedTimeOf(0);
      const transition = character.querySelector<AnimTransition>('anim-transition')!;
      transition.setAttribute('when', 'speed > 1');
      await transition.updateComplete;
      // recompiled (no frame has run since), still in idle at the same time, speed kept
      const compiled = internals(character).graph.compiled!;
      expect(compiled.definition.transitions![0].when).to.equal('speed > 1');
      expect(character.state).to.equal('idle');
      expect(internals(character).graph.instance!.normalizedTimeOf(0)).to.equal(before);
      expect(character.getParam('speed')).to.equal(2);
      scene.step(DT);
      expect(character.state).to.equal('walk');
      character.insertAdjacentHTML(
        'beforeend',
        `<anim-state name="run" clip="run"></anim-state>
         <anim-transition from="walk" to="run" when="speed > 3" fade="0"></anim-transition>`,
      );
      await settle();
      param.setAttribute('value', '4');
      scene.step(DT);
      expect(character.state).to.equal('run');
      expect(errors).to.deep.equal([]);
    });

    it('removing every graph element hands the character back to its clip playback', async () => {
      const { scene, character } = await mountCharacter(
        `src=${MANNEQUIN}`,
        `<anim-state name="idle" clip="idle"></anim-state>`,
      );
      expect(internals(character).rig!.source).to.equal(internals(character).graph.driver);
      character.querySelector('anim-state')!.remove();
      await settle();
      scene.step(DT);
      expect(character.state).to.equal(null);
      expect(internals(character).rig!.source).to.equal(internals(character).rig!.playback);
      character.play('wave');
      scene.step(DT);
      expect(internals(character).rig!.currentClip).to.equal('wave');
    });
  });

  describe('events', () => {
    it('state and transition events come in the order the graph makes them, after the frame', async () => {
      const { scene, character } = await mountCharacter(
        `src=${MANNEQUIN}`,
        `<anim-param name="go" type="bool"></anim-param>
         <anim-state name="idle" clip="idle"></anim-state>
         <anim-state name="walk" clip="walk"></anim-state>
         <anim-transition from="idle" to="walk" when="go" fade="0.1"></anim-transition>`,
      );
      const seen: string[] = [];
      const log = (type: string, text: (d: never) => string) =>
        character.addEventListener(type, (e) =>
          seen.push(`${type.slice(5)} ${text((e as CustomEvent).detail as never)}`),
        );
      log('anim-state-enter', (d: AnimStateDetail) => `${d.layer}:${d.state}`);
      log('anim-state-exit', (d: AnimStateDetail) => `${d.layer}:${d.state}`);
      log('anim-transition-start', (d: AnimTransitionDetail) => `${d.layer}:${d.from}>${d.to}`);
      log(
        'anim-transition-end',
        (d: AnimTransitionEndDetail) => `${d.layer}:${d.from}>${d.to}${d.interrupted ? ' interrupted' : ''}`,
      );
      // the first frame (at load) already entered idle; one more changes nothing
      scene.step(DT);
      expect(seen).to.deep.equal([]);
      character.setParam('go', true);
      scene.step(DT);
      expect(seen).to.deep.equal(['transition-start base:idle>walk', 'state-enter base:walk']);
      for (let k = 0; k < 4; k++) scene.step(DT);
      expect(seen).to.deep.equal([
        'transition-start base:idle>walk',
        'state-enter base:walk',
        'state-exit base:idle',
        'transition-end base:idle>walk',
      ]);
    });

    it('the entry states are entered on the first frame', async () => {
      const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
      const character = document.createElement('anim-character');
      const entered = collect<AnimStateDetail>(character, 'anim-state-enter');
      character.innerHTML = `<anim-state name="idle" clip="idle"></anim-state>
        <anim-layer name="arms" mask="upper-body"><anim-state name="wave" clip="wave"></anim-state></anim-layer>`;
      character.src = MANNEQUIN;
      scene.append(character);
      await character.ready;
      await settle();
      expect(entered).to.deep.equal([
        { state: 'idle', layer: 'base' },
        { state: 'wave', layer: 'arms' },
      ]);
    });
  });

  describe('bad input', () => {
    it('a bad when gives one bad-condition naming the expression and position; the rest of the graph runs', async () => {
      const { scene, character, errors } = await mountCharacter(
        `src=${MANNEQUIN}`,
        `<anim-param name="speed"></anim-param>
         <anim-state name="idle" clip="idle"></anim-state>
         <anim-state name="walk" clip="walk"></anim-state>
         <anim-state name="run" clip="run"></anim-state>
         <anim-transition from="idle" to="run" when="speed >> 3" fade="0"></anim-transition>
         <anim-transition from="idle" to="walk" when="speed > 1" fade="0"></anim-transition>`,
      );
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-condition']);
      expect(errors[0].message).to.contain('"speed >> 3"').and.contain('position 7');
      expect(errors[0].source).to.equal(character.querySelector('anim-transition'));
      character.setParam('speed', 5);
      for (let k = 0; k < 3; k++) scene.step(DT);
      expect(character.state).to.equal('walk');
      expect(errors).to.have.length(1);
    });

    it('unknown states, unknown params, type mismatches and two defaults each give their own one error', async () => {
      const { character, errors } = await mountCharacter(
        `src=${MANNEQUIN}`,
        `<anim-param name="grounded" type="bool"></anim-param>
         <anim-state name="idle" clip="idle" default></anim-state>
         <anim-state name="walk" clip="walk" default></anim-state>
         <anim-transition from="idle" to="swim" when="grounded"></anim-transition>
         <anim-transition from="idle" to="walk" when="speed > 1"></anim-transition>
         <anim-transition from="walk" to="idle" when="grounded > 1"></anim-transition>
         <anim-state name="lost" clip="no-such-clip"></anim-state>`,
      );
      await settle();
      expect(errors.map((e) => e.code).sort()).to.deep.equal([
        'two-defaults',
        'type-mismatch',
        'unknown-clip',
        'unknown-param',
        'unknown-state',
      ]);
      const by = (code: string) => errors.find((e) => e.code === code)!;
      expect(by('unknown-state').message).to.contain('"swim"');
      expect(by('unknown-param').message).to.contain('speed');
      expect(by('type-mismatch').message).to.contain('grounded > 1');
      expect(by('unknown-clip').message).to.contain('no-such-clip');
      expect(character.state).to.equal('idle');
    });

    it('setParam on an unknown param gives unknown-param; a value of the wrong type gives type-mismatch', async () => {
      const { character, errors } = await mountCharacter(`src=${MANNEQUIN} graph="locomotion"`);
      character.setParam('sped', 2);
      character.setParam('grounded', 3);
      character.setParam('speed', 'fast' as unknown as number);
      character.trigger('speed');
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal([
        'unknown-param',
        'type-mismatch',
        'type-mismatch',
        'type-mismatch',
      ]);
      expect(errors[0].message).to.contain('"sped"');
      expect(errors[2].message).to.contain('"fast"');
      expect(character.params).to.deep.equal({ speed: 0, grounded: true, jump: false, fall: 0, getUp: false });
    });

    it('a graph file that is missing gives load-failed, one that is not a graph bad-graph', async () => {
      const missing = await mountCharacter(`src=${MANNEQUIN} graph="/assets/missing.animgraph.json"`);
      await waitUntil(() => missing.errors.length > 0, 'the 404 is reported', { timeout: 20000 });
      await settle();
      expect(missing.errors.map((e) => e.code)).to.deep.equal(['load-failed']);
      expect(missing.errors[0].message).to.contain('/assets/missing.animgraph.json');
      const url = URL.createObjectURL(new Blob(['{"states": 3'], { type: 'application/json' }));
      const broken = await mountCharacter(`src=${MANNEQUIN} graph=${url}`);
      await waitUntil(() => broken.errors.length > 0, 'the bad file is reported', { timeout: 20000 });
      await settle();
      expect(broken.errors.map((e) => e.code)).to.deep.equal(['bad-graph']);
      expect(broken.character.state).to.equal(null);
    });

    it('play() while a graph drives gives graph-active; without a graph clip and play() still work', async () => {
      const { scene, character, errors } = await mountCharacter(`src=${MANNEQUIN} graph="locomotion"`);
      character.play('wave');
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(['graph-active']);
      character.graph = null;
      await settle();
      scene.step(DT);
      character.play('wave');
      scene.step(DT);
      expect(internals(character).rig!.currentClip).to.equal('wave');
      expect(errors).to.have.length(1);
    });

    it('a bad attribute on a graph element gives bad-attribute and keeps the previous value', async () => {
      const { character, errors } = await mountCharacter(
        `src=${MANNEQUIN}`,
        `<anim-state name="idle" clip="idle" speed="0.5"></anim-state>
         <anim-transition from="idle" to="idle" fade="0.3"></anim-transition>`,
      );
      const state = character.querySelector('anim-state')!;
      const transition = character.querySelector('anim-transition')!;
      state.setAttribute('speed', '2x');
      transition.setAttribute('fade', 'slow');
      transition.setAttribute('interrupt', 'sometimes');
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
      expect([state.speed, transition.fade, transition.interrupt]).to.deep.equal([0.5, 0.3, null]);
    });

    it('<anim-state> speaks the clip vocabulary: loop is the one enum, start/end are clip times', async () => {
      const { scene, character, errors } = await mountCharacter(
        `src=${MANNEQUIN}`,
        '<anim-state name="idle" clip="idle" loop="pingpong" start="0.5s" end="50%"></anim-state>',
      );
      const state = character.querySelector('anim-state')!;
      expect([state.loop, state.start, state.end]).to.deep.equal(['pingpong', '0.5s', '50%']);
      expect(state.definition).to.include({ loop: 'pingpong', start: '0.5s', end: '50%' });
      // the window resolves against the 3 s idle: 0.5 s to 1.5 s, a one-second cycle
      scene.step(DT);
      expect(character.duration).to.be.closeTo(1, 1e-9);
      state.start = 0.25;
      state.loop = 'clamp';
      expect([state.start, state.loop]).to.deep.equal(['0.25s', 'clamp']);
      state.loop = 'true';
      state.start = '-1s';
      state.end = '120%';
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
      expect(errors[0].message).to.contain('repeat, once, pingpong, clamp');
      expect([state.loop, state.start, state.end]).to.deep.equal(['clamp', '0.25s', '50%']);
      state.removeAttribute('end');
      state.end = null;
      expect(state.end).to.equal(null);
    });
  });
});
