import { expect } from '@open-wc/testing';
import { compileGraph, createParams, evaluateCondition, parseCondition, setParam } from '../../src/graph/index.js';

/** A graph with one transition guarded by `when`, to evaluate it over params. */
function condition(when: string) {
  const graph = compileGraph({
    params: [
      { name: 'speed', type: 'float' },
      { name: 'count', type: 'int' },
      { name: 'grounded', type: 'bool' },
      { name: 'alive', type: 'bool', value: true },
      { name: 'jump', type: 'trigger' },
    ],
    states: [{ name: 'a' }, { name: 'b' }],
    transitions: [{ from: 'a', to: 'b', when }],
  });
  return {
    graph,
    test(values: Record<string, number | boolean>): boolean {
      const params = createParams(graph);
      for (const [k, v] of Object.entries(values)) setParam(graph, params, k, v);
      const stack = new Float64Array(graph.stackSize);
      return evaluateCondition(graph.code, graph.conditionStart[0], graph.conditionEnd[0], graph.consts, params, stack);
    },
  };
}

describe('graph: conditions', () => {
  it('evaluates every comparison on numbers', () => {
    const table: [string, number, boolean][] = [
      ['speed == 2', 2, true],
      ['speed == 2', 2.5, false],
      ['speed != 2', 2.5, true],
      ['speed != 2', 2, false],
      ['speed < 2', 1.5, true],
      ['speed < 2', 2, false],
      ['speed > 2', 2.5, true],
      ['speed > 2', 2, false],
      ['speed <= 2', 2, true],
      ['speed <= 2', 2.1, false],
      ['speed >= 2', 2, true],
      ['speed >= 2', 1.9, false],
      ['speed > -0.5', -0.25, true],
      ['speed < 1e-3', 0.0005, true],
      ['speed > .5', 0.75, true],
      ['2 < speed', 3, true],
    ];
    for (const [when, speed, result] of table)
      expect(condition(when).test({ speed }), `${when} at ${speed}`).to.equal(result);
  });

  it('evaluates !, &&, ||, parentheses and bool or trigger params alone', () => {
    const c = condition('speed > 0.1 && grounded || !alive');
    expect(c.test({ speed: 1, grounded: true })).to.equal(true);
    expect(c.test({ speed: 1, grounded: false })).to.equal(false);
    expect(c.test({ speed: 0, grounded: true })).to.equal(false);
    expect(c.test({ speed: 0, grounded: false, alive: false })).to.equal(true);
    expect(condition('jump').test({ jump: true })).to.equal(true);
    expect(condition('jump').test({})).to.equal(false);
    expect(condition('!!grounded').test({ grounded: true })).to.equal(true);
    expect(condition('grounded == true').test({ grounded: true })).to.equal(true);
    expect(condition('grounded != false').test({ grounded: false })).to.equal(false);
    expect(condition('count >= 3').test({ count: 3.9 })).to.equal(true);
  });

  it('&& binds tighter than ||; parentheses override', () => {
    // true || (false && false) = true; (true || false) && false = false
    expect(condition('alive || grounded && jump').test({})).to.equal(true);
    expect(condition('(alive || grounded) && jump').test({})).to.equal(false);
    // ! binds tighter than &&: (!alive) && grounded
    expect(condition('!alive && grounded').test({ grounded: true })).to.equal(false);
    expect(condition('!(alive && grounded)').test({ grounded: false })).to.equal(true);
    // a relation binds tighter than equality: (speed > 1) == grounded
    expect(condition('speed > 1 == grounded').test({ speed: 2, grounded: true })).to.equal(true);
    expect(condition('speed > 1 == grounded').test({ speed: 0, grounded: true })).to.equal(false);
  });

  it('parses into a tree that records positions', () => {
    const { node } = parseCondition('a && (b || !c)');
    expect(node?.kind).to.equal('and');
    if (node?.kind !== 'and') return;
    expect(node.position).to.equal(2);
    expect(node.right.kind).to.equal('or');
    expect(node.right.position).to.equal(8);
  });

  it('reports every kind of syntax error with its position and what was expected', () => {
    const table: [string, number, RegExp, string][] = [
      ['speed >', 7, /a number, a parameter/, 'the end'],
      ['', 0, /a number, a parameter/, 'the end'],
      ['speed = 1', 6, /'=='/, "'='"],
      ['a & b', 2, /'&&'/, "'&'"],
      ['a | b', 2, /'\|\|'/, "'|'"],
      ['(speed > 1', 10, /'\)'/, 'the end'],
      ['speed > 1)', 9, /or the end/, "')'"],
      ['speed 1', 6, /an operator/, "'1'"],
      ['0 < speed < 2', 10, /do not chain/, "'<'"],
      ['speed > #', 8, /a number, a parameter, an operator/, "'#'"],
      ['&& a', 0, /a number, a parameter, '!' or '\('/, "'&&'"],
      ['a && ()', 6, /a number, a parameter/, "')'"],
    ];
    for (const [text, position, expected, found] of table) {
      const { error } = parseCondition(text);
      expect(error, text).to.not.equal(undefined);
      expect(error!.position, `${text}: position`).to.equal(position);
      expect(error!.expected, `${text}: expected`).to.match(expected);
      expect(error!.found, `${text}: found`).to.equal(found);
    }
  });

  it('a compiled graph reports a bad condition with its position and drops only that transition', () => {
    const { graph } = condition('speed >> 1');
    const p = graph.problems.find((x) => x.code === 'bad-condition');
    expect(p?.where).to.equal('transitions[0].when');
    expect(p?.position).to.equal(7);
    expect(p?.message).to.contain('speed >> 1').and.contain('position 7');
    expect(graph.transitionCount).to.equal(0);
  });

  it('reports unknown params and type mismatches, each with its position', () => {
    const table: [string, string, number][] = [
      ['sped > 1', 'unknown-param', 0],
      ['speed', 'type-mismatch', 0],
      ['!speed', 'type-mismatch', 0],
      ['speed && grounded', 'type-mismatch', 6],
      ['grounded || 1', 'type-mismatch', 9],
      ['grounded > 1', 'type-mismatch', 9],
      ['speed == true', 'type-mismatch', 6],
    ];
    for (const [when, code, position] of table) {
      const problems = condition(when).graph.problems.filter((p) => p.severity === 'error');
      expect(
        problems.map((p) => p.code),
        when,
      ).to.deep.equal([code]);
      expect(problems[0].position, `${when}: position`).to.equal(position);
    }
    // several unknown params in one condition are all named
    const many = condition('a > 1 && b').graph.problems.filter((p) => p.code === 'unknown-param');
    expect(many.map((p) => p.position)).to.deep.equal([0, 9]);
  });

  it('is not script: names that would mean something to JavaScript are just unknown params', () => {
    for (const when of ['constructor', 'alert(1)', 'this.x', 'speed > 1; alert(1)']) {
      const c = condition(when);
      expect(c.graph.transitionCount, when).to.equal(0);
      expect(c.graph.problems.length, when).to.be.greaterThan(0);
    }
  });
});

describe('graph: conditions too long or too deep', () => {
  // each would overflow the stack of a recursive parser or compiler; each is one bad-condition instead
  const shapes: [string, string][] = [
    ['2,000 nested parentheses', `${'('.repeat(2000)}go${')'.repeat(2000)}`],
    ['6,000 !', `${'!'.repeat(6000)}go`],
    ['6,000 && terms', Array.from({ length: 6000 }, () => 'go').join(' && ')],
    ['6,000 || terms in parentheses', `(${Array.from({ length: 6000 }, () => 'go').join(' || ')})`],
  ];
  for (const [name, when] of shapes) {
    it(`${name}: one bad-condition, a short message, the other transitions kept`, () => {
      const graph = compileGraph({
        params: [{ name: 'go', type: 'bool' }],
        states: [{ name: 'a' }, { name: 'b' }],
        transitions: [
          { from: 'a', to: 'b', when },
          { from: 'b', to: 'a', when: 'go' },
        ],
      });
      const errors = graph.problems.filter((p) => p.severity === 'error');
      expect(errors.map((p) => `${p.code} ${p.where}`)).to.deep.equal(['bad-condition transitions[0].when']);
      expect(graph.problems[0].message.length).to.be.below(400);
      expect(graph.transitionCount).to.equal(1);
    });
  }

  it('the limits themselves still parse: 32 levels deep, 512 tokens long', () => {
    expect(parseCondition(`${'('.repeat(16)}${'!'.repeat(16)}go${')'.repeat(16)}`).error).to.equal(undefined);
    const terms = Array.from({ length: 256 }, () => 'go').join(' && '); // 511 tokens
    expect(parseCondition(terms).error).to.equal(undefined);
    expect(parseCondition(`${terms} && go`).error?.expected).to.contain('512');
    expect(parseCondition(`${'('.repeat(33)}go${')'.repeat(33)}`).error?.expected).to.contain('32');
  });
});
