import { expect } from '@open-wc/testing';
import { compileGraph, createParams, evaluateCondition, setParam } from '../../src/graph/index.js';
import { rng } from '../helpers/math.js';

// A differential test of the condition language: seeded random expressions over float, int, bool and trigger
// params, evaluated by the library and by JavaScript (whose grammar the language follows: precedence `!`,
// relations, equality, `&&`, `||`) over the same values. The seed is fixed: a failure names its case.

const FLOATS = ['speed', 'turn'];
const INTS = ['count', 'level'];
const BOOLS = ['grounded', 'alive', 'jump'];
/** Values exact in float32 too, few enough that equalities come out true as often as not. */
const FLOAT_VALUES = [-1.25, 0, 0.5, 1, 2.5];
const INT_VALUES = [-2, 0, 1, 3];
const LITERALS = ['-1.25', '0', '.5', '1', '2.5', '3', '-2', '1e0', '25e-1'];
const RELATIONS = ['<', '>', '<=', '>='];
const EQUALITIES = ['==', '!='];

function generator(rand: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const numeric = () => (rand() < 0.3 ? pick(LITERALS) : pick(rand() < 0.5 ? FLOATS : INTS));
  /** An operand that binds tighter than a relation: a bool param, `true`/`false`, `!x`, or parentheses. */
  const unaryBool = (depth: number): string => {
    const r = rand();
    if (depth <= 0 || r < 0.35) return rand() < 0.9 ? pick(BOOLS) : pick(['true', 'false']);
    if (r < 0.6) return `!${unaryBool(depth - 1)}`;
    return `(${expression(depth - 1)})`;
  };
  /** A relation or a bool operand: binds tighter than equality. */
  const relational = (depth: number): string =>
    rand() < 0.55 ? `${numeric()} ${pick(RELATIONS)} ${numeric()}` : unaryBool(depth);
  /** Equality of numbers, of relations or bools (unparenthesized: precedence decides), or a relation. */
  const equality = (depth: number): string => {
    const r = rand();
    if (r < 0.2) return `${numeric()} ${pick(EQUALITIES)} ${numeric()}`;
    if (r < 0.4) return `${relational(depth)} ${pick(EQUALITIES)} ${relational(depth)}`;
    return relational(depth);
  };
  const conjunction = (depth: number): string => {
    let out = equality(depth);
    while (depth > 0 && rand() < 0.35) out += ` && ${equality(depth - 1)}`;
    return out;
  };
  function expression(depth: number): string {
    let out = conjunction(depth);
    while (depth > 0 && rand() < 0.35) out += ` || ${conjunction(depth - 1)}`;
    return out;
  }
  return { expression, pick };
}

const PARAMS = [
  ...FLOATS.map((name) => ({ name, type: 'float' as const })),
  ...INTS.map((name) => ({ name, type: 'int' as const })),
  { name: 'grounded', type: 'bool' as const },
  { name: 'alive', type: 'bool' as const },
  { name: 'jump', type: 'trigger' as const },
];
const NAMES = PARAMS.map((p) => p.name);

describe('graph: conditions against JavaScript (randomized, seed 20261201)', () => {
  it('4,000 generated expressions, each under 4 random param sets, agree with JavaScript', () => {
    const rand = rng(20261201);
    const { expression, pick } = generator(rand);
    let cases = 0;
    let truths = 0;
    let longest = '';
    for (let e = 0; e < 4000; e++) {
      const when = expression(1 + Math.floor(rand() * 4));
      if (when.length > longest.length) longest = when;
      const graph = compileGraph({
        params: PARAMS,
        states: [{ name: 'a' }, { name: 'b' }],
        transitions: [{ from: 'a', to: 'b', when }],
      });
      // JavaScript's reading of the same text, as a reference (the library never evaluates script)
      const reference = new Function(...NAMES, `return Boolean(${when});`) as (...v: unknown[]) => boolean;
      const stack = new Float64Array(graph.stackSize);
      for (let k = 0; k < 4; k++) {
        const values: Record<string, number | boolean> = {};
        for (const name of FLOATS) values[name] = pick(FLOAT_VALUES);
        for (const name of INTS) values[name] = pick(INT_VALUES);
        for (const name of BOOLS) values[name] = rand() < 0.5;
        const params = createParams(graph);
        for (const [name, value] of Object.entries(values)) setParam(graph, params, name, value);
        const ours = evaluateCondition(
          graph.code,
          graph.conditionStart[0],
          graph.conditionEnd[0],
          graph.consts,
          params,
          stack,
        );
        const theirs = reference(...NAMES.map((n) => values[n]));
        if (ours !== theirs) {
          expect.fail(`case ${e}.${k}: ${when} with ${JSON.stringify(values)}: library ${ours}, JavaScript ${theirs}`);
        }
        cases++;
        if (theirs) truths++;
      }
    }
    console.log(`condition differential: ${cases} cases, ${truths} true; longest: ${longest}`);
    expect(cases).to.equal(16000);
    // both outcomes well represented, or the comparison says little
    expect(truths / cases).to.be.within(0.25, 0.75);
  });
});
