import { expect } from '@open-wc/testing';
import {
  bindGraphClips,
  compileGraph,
  createParams,
  type GraphDefinition,
  GraphInstance,
  GraphPose,
  setParam,
} from '../../src/graph/index.js';
import { bindClip, copyPose, createPose } from '../../src/runtime/index.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';
import { poseDistance } from '../helpers/pose-distance.js';

const DT = 1 / 60;

const graph = (blend?: 'crossfade' | 'inertial', entry = 'idle'): GraphDefinition => ({
  params: [{ name: 'speed', type: 'float' }],
  states: [
    { name: 'idle', clip: 'idle', default: entry === 'idle' },
    { name: 'walk', clip: 'walk', default: entry === 'walk' },
  ],
  transitions: [{ from: 'idle', to: 'walk', when: 'speed > 0.5', fade: 0.3, ...(blend ? { blend } : {}) }],
});

async function run(def: GraphDefinition) {
  const asset = await mannequinAsset();
  const compiled = compileGraph(def);
  const names = asset.clips.map((c) => c.name);
  const { indices } = bindGraphClips(compiled, names);
  const bindings = Array.from(indices, (i) => (i >= 0 ? bindClip(asset.clips[i], asset.skeleton) : null));
  const instance = new GraphInstance(
    compiled,
    bindings.map((b) => b?.clip.duration ?? 0),
  );
  const sampler = new GraphPose(compiled, asset.skeleton, bindings);
  const params = createParams(compiled);
  const step = () => {
    instance.update(DT, params);
    sampler.sample(instance, DT);
    const p = createPose(asset.skeleton.jointCount);
    copyPose(sampler.pose, p);
    return p;
  };
  return { compiled, instance, params, step };
}

describe('graph: inertial transitions', () => {
  it('compile `blend`; a value it does not know is a bad-graph problem naming it, and the crossfade stays', () => {
    expect(compileGraph(graph('inertial')).transitionBlend[0]).to.equal(1);
    expect(compileGraph(graph()).transitionBlend[0]).to.equal(0);
    const bad = compileGraph({ ...graph(), transitions: [{ from: 'idle', to: 'walk', blend: 'snap' as 'inertial' }] });
    expect(bad.transitionBlend[0]).to.equal(0);
    const problem = bad.problems.find((p) => p.where === 'transitions[0].blend');
    expect(problem?.code).to.equal('bad-graph');
    expect(problem?.message).to.contain('"snap"');
  });

  it('run on from the pose shown: its first frame carries the source on, then only the destination plays', async () => {
    const g = await run(graph('inertial'));
    for (let f = 0; f < 30; f++) g.step();
    const p2 = g.step();
    const p1 = g.step();
    setParam(g.compiled, g.params, 'speed', 1);
    const o1 = g.step();
    // the transition fired this frame: the pose moved on by the source's last step, no jump
    let carried = 0;
    for (let i = 0; i < p1.translations.length; i++) {
      const expected = p1.translations[i] + (p1.translations[i] - p2.translations[i]);
      carried = Math.max(carried, Math.abs(o1.translations[i] - expected));
    }
    expect(carried).to.be.below(1e-5);
    expect(g.instance.weightOf(g.compiled.stateIndex.get('walk')!), 'the destination at full weight').to.equal(1);
    expect(g.instance.transitionOf(0), 'the transition runs its time').to.equal(0);
    // the destination alone, from its first frame
    const ref = await run(graph('crossfade', 'walk'));
    let mid = 0;
    let pose = o1;
    let expected = o1;
    for (let f = 0; f < 18; f++) {
      pose = g.step();
      expected = ref.step();
      if (f === 3) mid = poseDistance(pose, expected);
    }
    expect(mid, 'still blending after 4 frames').to.be.above(1e-3);
    expect(poseDistance(pose, expected), 'the destination exactly once the fade is over').to.be.below(1e-5);
    expect(g.instance.transitionOf(0)).to.equal(-1);
  });
});
