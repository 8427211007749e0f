// Each pass of compileGraph on its own (params, layers, states, transitions and outgoing lists,
// reachability), and the cost of the passes that walk states against transitions, counted in reads.
import { expect } from '@open-wc/testing';
import { CompileContext } from '../../src/graph/compile-context.js';
import { compileLayers } from '../../src/graph/compile-layers.js';
import { compileParams } from '../../src/graph/compile-params.js';
import { checkReachability } from '../../src/graph/compile-reachability.js';
import { type CompiledState, compileStates } from '../../src/graph/compile-states.js';
import { compileTransitions, outgoingLists } from '../../src/graph/compile-transitions.js';
import { type CompiledGraph, compileGraph, type GraphDefinition, layoutGraph } from '../../src/graph/index.js';

const codes = (ctx: CompileContext) => ctx.problems.map((p) => `${p.code} ${p.where}`);

/** The passes up to the states, as compileGraph runs them. */
function throughStates(def: GraphDefinition) {
  const ctx = new CompileContext();
  const params = compileParams(ctx, def);
  const layers = compileLayers(ctx, def, params);
  const names = layers.layers.map((l) => l.name);
  const states = compileStates(ctx, def, params, names, layers.byName);
  return { ctx, params, layers, names, states };
}

describe('graph: compile passes', () => {
  it('params: names, types and defaults by index; a duplicate, a bad name or type each one problem', () => {
    const ctx = new CompileContext();
    const def = {
      states: [],
      params: [
        { name: 'speed', type: 'float', value: 1.5 },
        { name: 'count', type: 'int', value: 2.7 },
        { name: 'on', type: 'bool', value: true },
        { name: 'speed', type: 'int' },
        { name: '1x', type: 'float' },
        { name: 'mode', type: 'text' },
      ],
    } as unknown as GraphDefinition;
    const table = compileParams(ctx, def);
    expect(table.names).to.deep.equal(['speed', 'count', 'on', 'mode']);
    expect(table.types).to.deep.equal(['float', 'int', 'bool', 'float']);
    expect(table.defaults).to.deep.equal([1.5, 2, 1, 0]);
    expect(table.index('on')).to.equal(2);
    expect(table.index('nope')).to.equal(-1);
    expect(codes(ctx)).to.deep.equal([
      'duplicate-name params[3].name',
      'bad-graph params[4].name',
      'bad-graph params[5].type',
    ]);
    // a number or a numeric param's name
    expect(table.numberOrParam(ctx, 2, 'x', 'x', 1)).to.deep.equal([2, -1]);
    expect(table.numberOrParam(ctx, 'count', 'x', 'x', 1)).to.deep.equal([1, 1]);
    expect(table.numberOrParam(ctx, 'on', 'y', 'y', 1)).to.deep.equal([1, -1]);
    expect(table.numberOrParam(ctx, 'ghost', 'z', 'z', 1)).to.deep.equal([1, -1]);
    expect(codes(ctx).slice(3)).to.deep.equal(['type-mismatch y', 'unknown-param z']);
  });

  it('layers: the base layer first whether declared or not, each name once, weights clamped', () => {
    const ctx = new CompileContext();
    const def = {
      states: [],
      params: [{ name: 'w', type: 'float' }],
      layers: [
        { name: 'arms', mask: 'upper-body', weight: 2 },
        { name: 'base', mask: ['Hips'] },
        { name: 'arms' },
        { name: 'face', weight: 'w', blend: 'additive' },
      ],
    } as unknown as GraphDefinition;
    const params = compileParams(ctx, def);
    const { layers, byName } = compileLayers(ctx, def, params);
    expect(layers.map((l) => l.name)).to.deep.equal(['base', 'arms', 'face']);
    expect(layers[0].mask).to.deep.equal(['Hips']);
    expect(layers[1]).to.include({ weight: 1, weightParam: -1, additive: false });
    expect(layers[2]).to.include({ weightParam: 0, additive: true });
    expect([...byName]).to.deep.equal([
      ['base', 0],
      ['arms', 1],
      ['face', 2],
    ]);
    expect(codes(ctx)).to.deep.equal(['duplicate-name layers[2].name']);
  });

  it('states: layer, the loop enum, play windows as clip times, clips shared by name, the first default', () => {
    const { ctx, states } = throughStates({
      layers: [{ name: 'arms' }],
      states: [
        { name: 'a', clip: 'walk', loop: 'pingpong', start: 0.25, end: '75%' },
        { name: 'b', clip: 'walk', loop: 'clamp', start: '200ms', default: true },
        { name: 'c', clip: 'run', layer: 'arms', loop: true, end: -1 },
        { name: 'd', layer: 'legs', default: true, start: '2 frames' },
        { name: 'e', default: true },
      ],
    } as unknown as GraphDefinition);
    const [a, b, c, d] = states.states;
    expect([a.loop, b.loop, c.loop, d.loop]).to.deep.equal(['pingpong', 'clamp', 'repeat', 'repeat']);
    expect([a.start, a.end, b.start, b.end]).to.deep.equal([
      { seconds: 0.25 },
      { fraction: 0.75 },
      { seconds: 0.2 },
      null,
    ]);
    expect([a.clip, b.clip, c.clip, d.clip]).to.deep.equal([0, 0, 1, -1]);
    expect(states.clipNames).to.deep.equal(['walk', 'run']);
    expect([a.layer, c.layer, d.layer]).to.deep.equal([0, 1, 0]);
    expect(states.states.map((s) => s.source)).to.deep.equal([0, 1, 2, 3, 4]);
    expect([...states.defaultOf]).to.deep.equal([[0, 1]]);
    expect(codes(ctx)).to.deep.equal([
      'bad-graph states[2].loop',
      'bad-graph states[2].end',
      'unknown-layer states[3].layer',
      'bad-graph states[3].start',
      'two-defaults states[3].default',
      'two-defaults states[4].default',
    ]);
    expect(ctx.problems[0].message).to.contain('repeat, once, pingpong, clamp');
  });

  it('transitions: states found by name, any-state as -1, options coded, a broken one left out', () => {
    const def = {
      params: [{ name: 'go', type: 'trigger' }],
      states: [{ name: 'a' }, { name: 'b' }],
      transitions: [
        { from: 'a', to: 'b', when: 'go', ease: 'ease-out', interrupt: 'destination', exitTime: 0.5 },
        { from: '*', to: 'a', fade: 0 },
        { from: 'a', to: 'nowhere' },
        { from: 'b', to: 'a', when: 'go &&' },
      ],
    } as GraphDefinition;
    const { ctx, params, states, names } = throughStates(def);
    const t = compileTransitions(ctx, def, params, states.states, states.byName, names);
    expect(t.count).to.equal(2);
    expect([...t.source]).to.deep.equal([0, 1]);
    expect([...t.from]).to.deep.equal([0, -1]);
    expect([...t.to]).to.deep.equal([1, 0]);
    expect([...t.fade]).to.deep.equal([0.25, 0]);
    expect([...t.exit]).to.deep.equal([0.5, Number.NaN]);
    expect([...t.ease, ...t.interrupt]).to.deep.equal([2, 0, 2, 0]);
    expect([...t.triggerRefs.subarray(t.triggerStart[0], t.triggerEnd[0])]).to.deep.equal([0]);
    expect(t.conditionEnd[1] - t.conditionStart[1]).to.equal(0);
    expect(codes(ctx)).to.deep.equal(['unknown-state transitions[2].to', 'bad-condition transitions[3].when']);
  });

  it("outgoing lists: a state's own and its layer's any-state transitions, by priority then definition order", () => {
    const def = {
      layers: [{ name: 'arms' }],
      states: [{ name: 'a' }, { name: 'b' }, { name: 'x', layer: 'arms' }, { name: 'y', layer: 'arms' }],
      transitions: [
        { from: 'a', to: 'b' },
        { from: '*', to: 'a', priority: 1 },
        { from: 'a', to: 'b', priority: 2 },
        { from: '*', to: 'y' },
        { from: 'b', to: 'a' },
      ],
    } as GraphDefinition;
    const { ctx, params, states, names } = throughStates(def);
    const t = compileTransitions(ctx, def, params, states.states, states.byName, names);
    const { start, list } = outgoingLists(t, states.states, names.length);
    const of = (s: number) => [...list.subarray(start[s], start[s + 1])];
    expect(of(0)).to.deep.equal([2, 1, 0]);
    expect(of(1)).to.deep.equal([1, 4]);
    expect(of(2)).to.deep.equal([3]);
    expect(of(3)).to.deep.equal([3]);
  });

  it("reachability: a warning for each state its layer's entry cannot lead to, naming it by its definition index", () => {
    const def = {
      layers: [{ name: 'arms' }],
      states: [
        { name: 'a' },
        { name: 'b' },
        { name: 'lost' },
        { name: 'x', layer: 'arms' },
        { name: 'y', layer: 'arms' },
        { name: 'z', layer: 'arms' },
      ],
      transitions: [
        { from: 'a', to: 'b' },
        { from: '*', to: 'z' },
        { from: 'lost', to: 'a' },
      ],
    } as GraphDefinition;
    const { ctx, params, states, names } = throughStates(def);
    const t = compileTransitions(ctx, def, params, states.states, states.byName, names);
    checkReachability(ctx, states.states, [0, 3], t);
    expect(codes(ctx)).to.deep.equal(['unreachable-state states[2]', 'unreachable-state states[4]']);
    expect(ctx.problems.every((p) => p.severity === 'warning')).to.equal(true);
  });

  describe('cost: reads grow with states + transitions, not their product', () => {
    /** A chain of n states (each to the next) plus 8 any-state transitions, compiled. */
    const chain = (n: number): GraphDefinition => ({
      states: Array.from({ length: n }, (_, i) => ({ name: `s${i}`, clip: `c${i % 7}` })),
      transitions: [
        ...Array.from({ length: n }, (_, i) => ({ from: `s${i}`, to: `s${(i + 1) % n}` })),
        ...Array.from({ length: 8 }, (_, i) => ({ from: '*', to: `s${i * 3}` })),
      ],
    });

    /** `list` with every element read counted in `count.reads`. */
    function counted<T extends object>(list: T, count: { reads: number }): T {
      return new Proxy(list, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) count.reads++;
          return Reflect.get(target, key, receiver);
        },
      });
    }

    /** Reads of states and transition ends by the passes that relate them, for a chain of n states. */
    function reads(n: number): number {
      const graph = compileGraph(chain(n));
      const count = { reads: 0 };
      const states = counted(graph.states as CompiledState[], count);
      const t = {
        count: graph.transitionCount,
        from: counted(graph.transitionFrom, count),
        to: counted(graph.transitionTo, count),
        priority: new Float64Array(graph.transitionCount),
      } as Parameters<typeof outgoingLists>[0];
      outgoingLists(t, states, graph.layers.length);
      checkReachability(new CompileContext(), states, [0], t);
      const viewed = { ...graph, states, transitionFrom: t.from, transitionTo: t.to } as CompiledGraph;
      layoutGraph(viewed);
      return count.reads;
    }

    it('outgoing lists, reachability and layout: 4× the states and transitions, at most ~4× the reads', () => {
      const small = reads(500);
      const large = reads(2000);
      // linear gives 4×; scanning every transition for every state would give 16×
      expect(large / small).to.be.below(4.5);
      expect(small).to.be.greaterThan(0);
    });
  });
});
