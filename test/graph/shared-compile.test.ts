import { expect } from '@open-wc/testing';
import { compileGraph, compileGraphShared, type GraphDefinition, locomotionGraph } from '../../src/graph/index.js';

/** Two states and a transition with an exit time: small enough to vary one field at a time. */
function twoStates(exitTime?: number): GraphDefinition {
  return {
    params: [{ name: 'go', type: 'bool' }],
    states: [
      { name: 'idle', clip: 'idle' },
      { name: 'walk', clip: 'walk' },
    ],
    transitions: [{ from: 'idle', to: 'walk', when: 'go', exitTime }],
  };
}

/** What a compile made, as plain data: its problems and its tables by name. */
function summary(definition: GraphDefinition) {
  const g = compileGraphShared(definition);
  const plain = compileGraph(definition);
  return {
    shared: { problems: g.problems, states: g.states.map((s) => s.name), exit: Array.from(g.transitionExit) },
    plain: {
      problems: plain.problems,
      states: plain.states.map((s) => s.name),
      exit: Array.from(plain.transitionExit),
    },
  };
}

describe('graph: compiled graphs shared by equal definitions', () => {
  it('two equal definitions (separate objects) get one compiled graph; one number apart, two', () => {
    const a = compileGraphShared(locomotionGraph());
    expect(compileGraphShared(locomotionGraph())).to.equal(a);
    const other = locomotionGraph();
    other.transitions![0].fade = 0.11;
    const b = compileGraphShared(other);
    expect(b).to.not.equal(a);
    expect(b.transitionFade[0]).to.be.closeTo(0.11, 1e-12);
  });

  it('compiles what compileGraph compiles, NaN and the infinities included (JSON writes them all as null)', () => {
    for (const exit of [0.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, undefined]) {
      const { shared, plain } = summary(twoStates(exit));
      expect(shared, `exitTime ${exit}`).to.deep.equal(plain);
    }
    const withNull = twoStates();
    (withNull.transitions![0] as { exitTime: unknown }).exitTime = null;
    const { shared, plain } = summary(withNull);
    expect(shared).to.deep.equal(plain);
    // null, NaN and Infinity read differently, so they are three graphs, not one
    const graphs = new Set([compileGraphShared(withNull), compileGraphShared(twoStates(Number.NaN))]);
    graphs.add(compileGraphShared(twoStates(Number.POSITIVE_INFINITY)));
    expect(graphs.size).to.equal(3);
  });

  it('keeps its own copy: editing the definition in place afterwards changes neither the graph nor its definition', () => {
    // an exit time no other test uses: this definition's first compile is this one
    const definition = twoStates(0.37);
    const graph = compileGraphShared(definition);
    definition.states[1].name = 'stroll';
    expect(graph.definition.states[1].name).to.equal('walk');
    expect(graph.states.map((s) => s.name)).to.deep.equal(['idle', 'walk']);
    const edited = compileGraphShared(definition);
    expect(edited).to.not.equal(graph);
    expect(edited.states.map((s) => s.name)).to.deep.equal(['idle', 'stroll']);
  });

  it('a definition with no text of its own (a cycle, a function) compiles on its own, like compileGraph', () => {
    const cyclic = twoStates(0.5) as GraphDefinition & { self?: unknown };
    cyclic.self = cyclic;
    const first = compileGraphShared(cyclic);
    expect(compileGraphShared(cyclic)).to.not.equal(first);
    expect(first.problems).to.deep.equal(compileGraph(cyclic).problems);
    const withFunction = twoStates(0.5);
    (withFunction.transitions![0] as { when: unknown }).when = () => true;
    expect(compileGraphShared(withFunction).problems).to.deep.equal(compileGraph(withFunction).problems);
    expect(compileGraphShared(withFunction)).to.not.equal(compileGraphShared(withFunction));
  });
});
