import { expect } from '@open-wc/testing';
import {
  bindGraphClips,
  compileGraph,
  createParams,
  type GraphDefinition,
  GraphInstance,
  GraphPose,
  graphToJson,
  locomotionGraph,
  MANNEQUIN_RUN_SPEED,
  MANNEQUIN_WALK_SPEED,
  normalizeGraph,
  parseGraphJson,
  resolveMask,
  setParam,
} from '../../src/graph/index.js';
import {
  bindClip,
  blendPoses,
  buildClip,
  buildSkeleton,
  type Clip,
  createPose,
  createSampleCache,
  importGltf,
  Playback,
  parseGlb,
  sampleClip,
  setRestPose,
} from '../../src/runtime/index.js';
import { expectClose } from '../helpers/math.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

// Hips ← Spine ← Arm, Hips ← Leg: a body whose upper half is the Spine subtree.
const skeleton = buildSkeleton({ names: ['Hips', 'Spine', 'Arm', 'Leg'], parents: [-1, 0, 1, 0] });
/** A clip moving every joint's x from x0 (t = 0) to x1 (t = 1). */
const shift = (name: string, x0: number, x1: number) =>
  buildClip({
    name,
    tracks: skeleton.names.map((target) => ({
      target,
      path: 'translation' as const,
      times: [0, 1],
      values: [x0, 0, 0, x1, 0, 0],
    })),
  });
const xs = (g: GraphPose) => [0, 1, 2, 3].map((j) => g.pose.translations[j * 3]);

function run(def: GraphDefinition, clips: Clip[], steps: [number, Record<string, number | boolean>?][]) {
  const graph = compileGraph(def);
  expect(graph.problems.filter((p) => p.severity === 'error')).to.deep.equal([]);
  const { indices, missing } = bindGraphClips(
    graph,
    clips.map((c) => c.name),
  );
  expect(missing).to.deep.equal([]);
  const bindings = Array.from(indices, (i) => bindClip(clips[i], skeleton));
  const instance = new GraphInstance(
    graph,
    Array.from(indices, (i) => clips[i].duration),
  );
  const pose = new GraphPose(graph, skeleton, bindings);
  const params = createParams(graph);
  for (const [dt, set] of steps) {
    for (const [k, v] of Object.entries(set ?? {})) setParam(graph, params, k, v);
    instance.update(dt, params);
  }
  pose.sample(instance);
  return pose;
}

/** States `a` (clip `from`) and `b` (clip `to`), and a one-second crossfade from a to b once `go` is set. */
const crossfade = (from: string, to: string): GraphDefinition => ({
  params: [{ name: 'go', type: 'bool' }],
  states: [
    { name: 'a', clip: from },
    { name: 'b', clip: to },
  ],
  transitions: [{ from: 'a', to: 'b', when: 'go', fade: 1 }],
});
/** `a` plays 0.5 s, then fades to `b` for 0.25 s: a at 0.75 s weighs 0.75, b at 0.25 s weighs 0.25. */
const QUARTER_INTO_FADE: [number, Record<string, boolean>?][] = [[0.25], [0.25, { go: true }], [0.25]];

/** The base plays `legs`; an upper-body layer at half weight plays `arms`. */
const upperOverride: GraphDefinition = {
  layers: [{ name: 'upper', mask: 'upper-body', weight: 0.5 }],
  states: [
    { name: 'base', clip: 'legs' },
    { name: 'arms', clip: 'arms', layer: 'upper' },
  ],
};

describe('graph: pose', () => {
  it('resolves masks: upper-body, lower-body and joint names with their subtrees', () => {
    expect(Array.from(resolveMask(['upper-body'], skeleton).mask)).to.deep.equal([0, 1, 1, 0]);
    expect(Array.from(resolveMask(['lower-body'], skeleton).mask)).to.deep.equal([1, 0, 0, 1]);
    expect(Array.from(resolveMask(['Arm', 'Leg'], skeleton).mask)).to.deep.equal([0, 0, 1, 1]);
    expect(resolveMask(['Tail'], skeleton).unknown).to.deep.equal(['Tail']);
  });

  it('an override layer replaces the joints of its mask by its weight; the rest shows the base', () => {
    const pose = run(upperOverride, [shift('legs', 1, 1), shift('arms', 2, 2)], [[0.25]]);
    expectClose(xs(pose), [1, 1.5, 1.5, 1], 1e-6);
  });

  it('an empty state on a layer lets the layers below show through, and fades in the clip after it', () => {
    const def: GraphDefinition = {
      params: [{ name: 'wave', type: 'bool' }],
      layers: [{ name: 'upper', mask: 'upper-body' }],
      states: [
        { name: 'base', clip: 'legs' },
        { name: 'none', layer: 'upper' },
        { name: 'wave', clip: 'arms', layer: 'upper' },
      ],
      transitions: [{ from: 'none', to: 'wave', when: 'wave', fade: 0.5 }],
    };
    const clips = [shift('legs', 1, 1), shift('arms', 2, 2)];
    expectClose(xs(run(def, clips, [[0.25]])), [1, 1, 1, 1], 1e-6);
    expectClose(xs(run(def, clips, [[0.25, { wave: true }], [0.25]])), [1, 1.5, 1.5, 1], 1e-6);
    expectClose(xs(run(def, clips, [[0.25, { wave: true }], [0.25], [0.25]])), [1, 2, 2, 1], 1e-6);
  });

  it("an additive layer adds its clip's difference from its first frame, by weight, inside its mask", () => {
    const def: GraphDefinition = {
      layers: [{ name: 'lean', mask: ['Spine'], blend: 'additive', weight: 0.5 }],
      states: [
        { name: 'base', clip: 'legs' },
        { name: 'lean', clip: 'lean', layer: 'lean' },
      ],
    };
    // at t = 0.5 the lean clip is 0.25 past its first frame (x 10 → 10.5 over 1 s); half of it is added
    const pose = run(def, [shift('legs', 1, 1), shift('lean', 10, 10.5)], [[0.5]]);
    expectClose(xs(pose), [1, 1.125, 1.125, 1], 1e-6);
  });

  it("graphs on one skeleton sample into shared poses and never see each other's channels", () => {
    // the arm-only clip leaves the other joints at rest, though the whole-body one sampled into the same poses
    const arm = buildClip({
      name: 'arm',
      tracks: [{ target: 'Arm', path: 'translation', times: [0, 1], values: [0, 0, 0, 4, 0, 0] }],
    });
    const one = (clip: string): GraphDefinition => ({ states: [{ name: 'only', clip }] });
    const body = run(one('body'), [shift('body', 7, 7)], [[0.5]]);
    const armOnly = run(one('arm'), [arm], [[0.5]]);
    expectClose(xs(armOnly), [0, 0, 2, 0], 1e-6);
    // and each keeps its own pose when the other samples after it
    const again = run(one('body'), [shift('body', 5, 5)], [[0.5]]);
    expectClose(xs(body), [7, 7, 7, 7], 1e-6);
    expectClose(xs(again), [5, 5, 5, 5], 1e-6);
    expectClose(xs(armOnly), [0, 0, 2, 0], 1e-6);
  });

  it("a masked layer's blend inputs, shared on the skeleton, leave no mask to the next blend", () => {
    // the override layer blends through the skeleton's shared inputs with its upper-body mask
    run(upperOverride, [shift('legs', 1, 1), shift('arms', 2, 2)], [[0.25]]);
    // a playback fading its clip in over the rest pose blends the same inputs: every joint is halfway
    const playback = new Playback(skeleton, [{ binding: bindClip(shift('arms', 2, 2), skeleton) }]);
    playback.play(0, { fade: 1 });
    playback.update(0.5);
    expectClose(
      [0, 1, 2, 3].map((j) => playback.pose.translations[j * 3]),
      [1, 1, 1, 1],
      1e-6,
    );
  });

  it('a crossfade gives the blend of both clips; a missing clip leaves its share to the rest', () => {
    const pose = run(crossfade('a', 'b'), [shift('a', 0, 1), shift('b', 10, 11)], QUARTER_INTO_FADE);
    // a at 0.75 (x 0.75) weight 0.75, b at 0.25 (x 10.25) weight 0.25
    expectClose(xs(pose), [3.125, 3.125, 3.125, 3.125], 1e-5);
  });

  it('a crossfade between two states of one clip blends it at both times (each sampled into a pose of its own)', () => {
    const pose = run(crossfade('a', 'a'), [shift('a', 0, 1)], QUARTER_INTO_FADE);
    // a at 0.75 (x 0.75) weight 0.75, b at 0.25 (x 0.25) weight 0.25; one pose for both would give 0.25
    expectClose(xs(pose), [0.625, 0.625, 0.625, 0.625], 1e-5);
  });

  it('the locomotion preset drives the mannequin: one pose per clip at the thresholds, phase-synced between', async () => {
    const { json, buffers } = parseGlb((await fetchBytes('/assets/mannequin.glb')).buffer as ArrayBuffer);
    const asset = importGltf(json, buffers);
    const graph = compileGraph(locomotionGraph());
    expect(graph.problems).to.deep.equal([]);
    const names = asset.clips.map((c) => c.name);
    const { indices, missing } = bindGraphClips(graph, names);
    expect(missing).to.deep.equal([]);
    const clipOf = (logical: string) => asset.clips[indices[graph.clipNames.indexOf(logical)]];
    const bindings = Array.from(indices, (i) => bindClip(asset.clips[i], asset.skeleton, asset.morphs));
    const instance = new GraphInstance(
      graph,
      Array.from(indices, (i) => asset.clips[i].duration),
    );
    const graphPose = new GraphPose(graph, asset.skeleton, bindings, asset.defaultWeights.length, asset.defaultWeights);
    const params = createParams(graph);
    const J = asset.skeleton.jointCount;
    const sampled = (clip: Clip, t: number) => {
      const pose = createPose(J, asset.defaultWeights.length);
      setRestPose(asset.skeleton, pose, asset.defaultWeights);
      sampleClip(
        bindClip(clip, asset.skeleton, asset.morphs),
        t,
        createSampleCache(bindClip(clip, asset.skeleton)),
        pose,
      );
      return pose;
    };
    const walk = clipOf('walk');
    const run = clipOf('run');
    // walking speed: walk alone, 0.3 s in
    setParam(graph, params, 'speed', MANNEQUIN_WALK_SPEED);
    instance.update(0.3, params);
    graphPose.sample(instance);
    expectClose(graphPose.pose.rotations, sampled(walk, 0.3).rotations, 1e-6, 'walk');
    // a quarter of the way to running speed: walk leads; both clips at the same phase
    setParam(graph, params, 'speed', MANNEQUIN_WALK_SPEED + 0.25 * (MANNEQUIN_RUN_SPEED - MANNEQUIN_WALK_SPEED));
    instance.update(0.1, params);
    graphPose.sample(instance);
    const phase = 0.4 / walk.duration;
    const expected = createPose(J, asset.defaultWeights.length);
    blendPoses(sampled(walk, phase * walk.duration), sampled(run, phase * run.duration), 0.25, expected);
    expectClose(graphPose.pose.rotations, expected.rotations, 1e-5, 'walk/run');
    expectClose(graphPose.pose.translations, expected.translations, 1e-5, 'walk/run');
  });

  it('a jump trigger plays the jump and returns to locomotion', () => {
    const graph = compileGraph(locomotionGraph());
    const instance = new GraphInstance(
      graph,
      graph.clipNames.map(() => 1),
    );
    const params = createParams(graph);
    const seen: string[] = [];
    setParam(graph, params, 'jump', true);
    for (let f = 0; f < 120; f++) {
      instance.update(1 / 60, params);
      const name = graph.states[instance.stateOf(0)].name;
      if (seen[seen.length - 1] !== name) seen.push(name);
    }
    expect(seen).to.deep.equal(['jump', 'locomotion']);
  });

  it('is deterministic: the same params timeline gives identical outputs and events', () => {
    const once = () => {
      const graph = compileGraph(locomotionGraph());
      const instance = new GraphInstance(
        graph,
        graph.clipNames.map((_, i) => 0.5 + i * 0.25),
      );
      const params = createParams(graph);
      const trace: number[] = [];
      for (let f = 0; f < 600; f++) {
        setParam(graph, params, 'speed', 2 + 2 * Math.sin(f / 40));
        if (f % 97 === 0) setParam(graph, params, 'jump', true);
        setParam(graph, params, 'grounded', f % 300 < 250);
        setParam(graph, params, 'fall', (f % 300) / 20);
        instance.update(1 / 60, params);
        for (let e = 0; e < instance.entryCount(0); e++) {
          trace.push(instance.entryClip(0, e), instance.entryTime(0, e), instance.entryWeight(0, e));
        }
        for (let e = 0; e < instance.eventCount; e++) trace.push(instance.eventKind[e], instance.eventState[e]);
      }
      return trace;
    };
    const a = once();
    expect(a.length).to.be.greaterThan(1000);
    expect(once()).to.deep.equal(a);
  });

  it('JSON: a definition written out reads back the same, and compiles the same', () => {
    const def = locomotionGraph({ walk: 'Walking' });
    const text = graphToJson(def);
    const { definition, problems } = parseGraphJson(text);
    expect(problems).to.deep.equal([]);
    expect(definition).to.deep.equal(normalizeGraph(def));
    expect(graphToJson(definition!)).to.equal(text);
    expect(compileGraph(definition!).clipSources).to.deep.equal(compileGraph(def).clipSources);
    expect(compileGraph(definition!).clipSources).to.include('Walking');
  });

  it('JSON: text that is not a graph is one bad-graph problem', () => {
    for (const text of ['{', '[]', '3', '{"params": []}']) {
      const { definition, problems } = parseGraphJson(text);
      expect(definition, text).to.equal(null);
      expect(
        problems.map((p) => p.code),
        text,
      ).to.deep.equal(['bad-graph']);
    }
  });
});
