import { expect } from '@open-wc/testing';
import { classifyError, reportCaught } from '../../src/elements/errors.js';
import { describeValue } from '../../src/runtime/describe-value.js';
import { AnimError, BUILDER_CODES, ERROR_CODES, publicCode } from '../../src/runtime/errors.js';
import { asCoded, CodedError } from '../../src/scene/coded-error.js';

/** The code cells of the README's table between `<!-- error-codes:start -->` and `:end`. */
async function readmeCodes(): Promise<{ codes: string[]; builders: [string, string][] }> {
  const readme = await (await fetch('/README.md')).text();
  const start = readme.indexOf('<!-- error-codes:start -->');
  const end = readme.indexOf('<!-- error-codes:end -->');
  expect(start, 'the README marks its error-code table').to.be.greaterThan(-1);
  const rows = readme
    .slice(start, end)
    .split('\n')
    .filter((line) => /^\| `/.test(line));
  // the code column (and, in the builders' table, the reported-as column) hold one `code` each
  const cells = rows.map((row) => row.split('|').map((cell) => /^`([a-z-]+)`$/.exec(cell.trim())?.[1]));
  return {
    codes: cells.filter((c) => c.length === 4).map((c) => c[1] ?? '?'),
    builders: cells.filter((c) => c.length === 5).map((c) => [c[1] ?? '?', c[2] ?? '?'] as [string, string]),
  };
}

describe('the error-code registry', () => {
  it('the README table lists exactly the registry, in its order, builder codes with what they are reported as', async () => {
    const { codes, builders } = await readmeCodes();
    expect(codes).to.deep.equal(Object.keys(ERROR_CODES));
    expect(builders).to.deep.equal(Object.entries(BUILDER_CODES).map(([code, { reportedAs }]) => [code, reportedAs]));
  });

  it('maps every builder code to a public one, and every public code to itself', () => {
    for (const [code, { reportedAs }] of Object.entries(BUILDER_CODES)) {
      expect(publicCode(code as keyof typeof BUILDER_CODES), code).to.equal(reportedAs);
      expect(ERROR_CODES, `${code} reports as a public code`).to.have.property(reportedAs);
      expect(ERROR_CODES, `${code} is not also public`).not.to.have.property(code);
    }
    for (const code of Object.keys(ERROR_CODES)) expect(publicCode(code as keyof typeof ERROR_CODES)).to.equal(code);
  });

  // a table: what was thrown → the code and message a page sees
  const cases: [string, unknown, string, RegExp][] = [
    ['a scene error', new CodedError('unknown-mesh', 'no mesh "Skirt"'), 'unknown-mesh', /^ctx: no mesh "Skirt"$/],
    ['a cyclic skeleton', new AnimError('cyclic-skeleton', 'joint "A" is its own ancestor'), 'bad-gltf', /ancestor/],
    ['a clip the runtime rejects', new AnimError('bad-clip', 'clip "x": times'), 'bad-clip', /clip "x"/],
    ['a skin joint', new AnimError('unknown-joint', 'skin joint "J"'), 'unknown-bone', /skin joint "J"/],
    ['a bad skin', new AnimError('bad-skin', 'inverse binds'), 'bad-gltf', /inverse binds/],
    ['a bad cloth', new AnimError('bad-cloth', 'damping -1'), 'bad-attribute', /damping -1/],
    ['a bad skeleton', new AnimError('bad-skeleton', 'parents'), 'bad-gltf', /parents/],
    ['a TypeError', new TypeError('x is undefined'), 'internal', /^ctx: unexpected TypeError: x is undefined$/],
    ['a thrown string', 'oops', 'internal', /^ctx: unexpected "oops"$/],
    ['a thrown BigInt', 10n, 'internal', /unexpected 10n/],
    ['a thrown Symbol', Symbol('s'), 'internal', /unexpected Symbol\(s\)/],
  ];
  for (const [what, thrown, code, message] of cases) {
    it(`classifies ${what} as ${code}`, () => {
      const out = classifyError(thrown, 'ctx');
      expect(out.code).to.equal(code);
      expect(out.message).to.match(message);
    });
  }

  it('asCoded gives a scene error its public code and prefix; leaves uncoded errors to the guard', () => {
    const coded = asCoded(new AnimError('unknown-joint', 'no "J"'), 'foot IK: ') as CodedError;
    expect(coded).to.be.instanceOf(CodedError);
    expect([coded.code, coded.message]).to.deep.equal(['unknown-bone', 'foot IK: no "J"']);
    const plain = new RangeError('deep');
    expect(asCoded(plain, 'x')).to.equal(plain);
  });

  it('reportCaught queues one anim-error on the element; an internal one also goes to the console whole', async () => {
    const el = document.createElement('div');
    const seen: [string, string][] = [];
    el.addEventListener('anim-error', (e) => seen.push([e.detail.code, e.detail.message]));
    const logged: unknown[] = [];
    const { error, warn } = console;
    console.error = (...args: unknown[]) => logged.push(args[1]);
    console.warn = () => {};
    try {
      const bug = new TypeError('boom');
      expect(reportCaught(el, bug, 'play()').code).to.equal('internal');
      expect(reportCaught(el, new AnimError('cyclic-skeleton', 'loop'))).to.deep.equal({
        code: 'bad-gltf',
        message: 'loop',
      });
      await Promise.resolve();
      expect(seen).to.deep.equal([
        ['internal', 'play(): unexpected TypeError: boom'],
        ['bad-gltf', 'loop'],
      ]);
      expect(logged).to.deep.equal([bug]);
    } finally {
      Object.assign(console, { error, warn });
    }
  });
});

describe('describeValue', () => {
  const circular: Record<string, unknown> = { a: 1 };
  circular.self = circular;
  const hostile = new Proxy(
    {},
    {
      ownKeys() {
        throw new Error('no keys');
      },
    },
  );
  const megabyte = 'x'.repeat(1 << 20);
  const cases: [string, unknown, string | RegExp][] = [
    ['NaN', Number.NaN, 'NaN'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
    ['-Infinity', Number.NEGATIVE_INFINITY, '-Infinity'],
    ['-0', -0, '-0'],
    ['a BigInt', 10n, '10n'],
    ['a Symbol', Symbol('speed'), 'Symbol(speed)'],
    ['a function', function walk() {}, 'function walk'],
    ['undefined', undefined, 'undefined'],
    ['a short string', 'abc', '"abc"'],
    ['a 1 MB string', megabyte, `"${'x'.repeat(100)}"… (1,048,576 characters)`],
    ['a circular object', circular, '{a: 1, self: [circular]}'],
    ['NaN inside an array', [1, Number.NaN, -0], '[1, NaN, -0]'],
    ['a long array', Array.from({ length: 20 }, (_, i) => i), /^\[0, 1, .*, 7, … \(20 items\)\]$/],
    ['a typed array', new Float32Array([1, 2]), 'Float32Array(2) [1, 2]'],
    ['deep nesting', { a: { b: { c: { d: 1 } } } }, '{a: {b: {c: {…}}}}'],
    ['a null-prototype object', Object.assign(Object.create(null), { x: 1 }), '{x: 1}'],
    ['a Proxy whose traps throw', hostile, '[object]'],
    ['a class instance', new (class Options {})(), 'Options {}'],
  ];
  for (const [what, value, expected] of cases) {
    it(`quotes ${what} without throwing`, () => {
      const out = describeValue(value);
      if (typeof expected === 'string') expect(out).to.equal(expected);
      else expect(out).to.match(expected);
      expect(out.length).to.be.below(260);
    });
  }
});
