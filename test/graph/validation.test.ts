import { expect } from '@open-wc/testing';
import { compileGraph, type GraphDefinition } from '../../src/graph/index.js';

describe('graph: validation', () => {
  it('a 2D blend point without y sits at y = 0 (the documented default); a y that is not a number is an error', () => {
    const space = (points: unknown[]) =>
      ({
        params: [
          { name: 'side', type: 'float' },
          { name: 'forward', type: 'float' },
        ],
        states: [{ name: 'move', blend: { type: 'cartesian', x: 'side', y: 'forward', points } }],
      }) as unknown as GraphDefinition;
    const fine = compileGraph(
      space([
        { clip: 'idle', x: 0, y: 1 },
        { clip: 'walk', x: 1 },
        { clip: 'run', x: 0, y: 2 },
      ]),
    );
    expect(fine.problems).to.deep.equal([]);
    // at y = 0, the second point lands on the first
    const onTop = compileGraph(
      space([
        { clip: 'idle', x: 1, y: 0 },
        { clip: 'walk', x: 1 },
        { clip: 'run', x: 0, y: 2 },
      ]),
    );
    expect(onTop.problems.map((p) => `${p.code} ${p.where}`)).to.deep.equal([
      'bad-blend-space states[0].blend.points[1]',
    ]);
    const bad = compileGraph(
      space([
        { clip: 'idle', x: 0, y: 'up' },
        { clip: 'walk', x: 1, y: 0 },
      ]),
    );
    expect(bad.problems.map((p) => p.code)).to.deep.equal(['bad-blend-space']);
  });

  it('collects every problem with where it is, never stopping at the first', () => {
    const def = {
      params: [
        { name: 'speed', type: 'float' },
        { name: 'speed', type: 'float' },
        { name: '2fast', type: 'float' },
        { name: 'mode', type: 'string' },
        { name: 'on', type: 'bool', value: 3 },
      ],
      layers: [{ name: 'arms', blend: 'multiply' }, { name: 'arms' }],
      states: [
        { name: 'idle', clip: 'idle', default: true },
        { name: 'walk', clip: 'walk', default: true },
        { name: 'idle', clip: 'idle' },
        { name: 'lost', clip: 'lost' },
        { name: 'wave', clip: 'wave', layer: 'hands' },
        { name: 'fast', clip: 'run', speed: 'nope', start: 'soon' },
        {
          name: 'mix',
          blend: {
            x: 'speed',
            points: [
              { clip: 'a', x: 1 },
              { clip: 'b', x: 1 },
            ],
          },
        },
        { name: 'empty', blend: { x: 'on', points: [] } },
      ],
      transitions: [
        { from: 'idle', to: 'walk', when: 'speed > 0.1' },
        { from: 'idle', to: 'nowhere', when: 'speed > 0.1' },
        { from: 'ghost', to: 'walk' },
        { from: 'walk', to: 'idle', when: 'speed <' },
        { from: 'walk', to: 'idle', when: 'sped < 1' },
        { from: 'walk', to: 'idle', when: 'speed && on' },
        { from: 'walk', to: 'fast', fade: -1, ease: 'bounce', interrupt: 'always', priority: 'high' },
        { from: 'walk', to: 'wave' },
      ],
    } as unknown as GraphDefinition;
    const { problems } = compileGraph(def);
    const found = problems.map((p) => `${p.code} ${p.where}`);
    const expected = [
      'duplicate-name params[1].name',
      'bad-graph params[2].name',
      'bad-graph params[3].type',
      'type-mismatch params[4].value',
      'bad-graph layers[0].blend',
      'duplicate-name layers[1].name',
      'two-defaults states[1].default',
      'duplicate-name states[2].name',
      'unknown-layer states[4].layer',
      'unknown-param states[5].speed',
      'bad-graph states[5].start',
      'bad-blend-space states[6].blend.points[1]',
      'type-mismatch states[7].blend.x',
      'bad-blend-space states[7].blend.points',
      'unknown-state transitions[1].to',
      'unknown-state transitions[2].from',
      'bad-condition transitions[3].when',
      'unknown-param transitions[4].when',
      'type-mismatch transitions[5].when',
      'bad-graph transitions[6].fade',
      'bad-graph transitions[6].ease',
      'bad-graph transitions[6].interrupt',
      'bad-graph transitions[6].priority',
      'unreachable-state states[3]',
      'unreachable-state states[6]',
      'unreachable-state states[7]',
    ];
    for (const e of expected) expect(found, e).to.include(e);
    expect(found.length, found.join('\n')).to.equal(expected.length);
    // every message names the value at fault
    expect(problems.find((p) => p.where === 'params[2].name')?.message).to.contain('"2fast"');
    expect(problems.find((p) => p.where === 'transitions[1].to')?.message).to.contain('"nowhere"');
    expect(problems.find((p) => p.where === 'states[5].speed')?.message).to.contain('"nope"');
    // warnings are only the unreachable states
    expect(problems.filter((p) => p.severity === 'warning').every((p) => p.code === 'unreachable-state')).to.equal(
      true,
    );
  });

  it('builds what is sound: good transitions kept, the first default stays, cross-layer transitions dropped', () => {
    const graph = compileGraph({
      params: [{ name: 'go', type: 'bool' }],
      layers: [{ name: 'arms', mask: 'upper-body' }],
      states: [
        { name: 'a', default: true },
        { name: 'b', default: true },
        { name: 'c', layer: 'arms' },
      ],
      transitions: [
        { from: 'a', to: 'b', when: 'go' },
        { from: 'a', to: 'c', when: 'go' },
        { from: 'a', to: 'b', when: 'go &&' },
      ],
    });
    expect(graph.transitionCount).to.equal(1);
    expect(graph.layers[0].defaultState).to.equal(graph.stateIndex.get('a'));
    expect(graph.layers[1].defaultState).to.equal(graph.stateIndex.get('c'));
    expect(graph.problems.map((p) => p.code)).to.deep.equal(['two-defaults', 'bad-graph', 'bad-condition']);
  });

  it('survives input that is not a graph at all', () => {
    for (const junk of [null, 3, 'graph', [], { states: 'no' }, { states: [null, 4, { name: 7 }] }]) {
      const graph = compileGraph(junk as unknown as GraphDefinition);
      expect(graph.states.length, JSON.stringify(junk)).to.equal(0);
      expect(graph.problems.length, JSON.stringify(junk)).to.be.greaterThan(0);
    }
  });
});
