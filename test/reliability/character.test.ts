import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { CharacterRig } from '../../src/scene/character-rig.js';
import { CodedError } from '../../src/scene/coded-error.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

/**
 * Every bad call on a character is one `anim-error` with its code on that character (never a throw, never
 * an uncoded rejection), and a second character on the page keeps animating.
 */
async function twoCharacters() {
  const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
  const make = () => {
    const el = document.createElement('anim-character');
    el.src = MANNEQUIN;
    el.clip = 'walk';
    scene.append(el);
    return el;
  };
  const el = make();
  const witness = make();
  await Promise.all([el.ready, witness.ready]);
  await settle();
  const errors = collectErrors(scene);
  const stillAnimating = () => {
    const before = witness.time;
    scene.step(0.1);
    expect(witness.time, 'the other character keeps animating').to.be.closeTo((before + 0.1) % witness.duration, 1e-5);
  };
  return { scene, el, witness, errors, stillAnimating };
}

function quietConsole(): () => void {
  const { warn, error } = console;
  console.warn = () => {};
  console.error = () => {};
  return () => Object.assign(console, { warn, error });
}

const circular: Record<string, unknown> = { name: 'loop' };
circular.self = circular;

// biome-ignore lint/suspicious/noExplicitAny: the calls below are what a page's untyped script may do
type Loose = any;

const cases: { input: string; act: (el: Loose) => unknown; code: string; quotes?: string }[] = [
  { input: 'play(Symbol)', act: (el) => el.play(Symbol('run')), code: 'unknown-clip', quotes: 'Symbol(run)' },
  { input: 'play(BigInt)', act: (el) => el.play(10n), code: 'unknown-clip', quotes: '10n' },
  { input: 'play(circular object)', act: (el) => el.play(circular), code: 'unknown-clip', quotes: '[circular]' },
  { input: "play('walk', 5)", act: (el) => el.play('walk', 5), code: 'bad-attribute', quotes: '5' },
  { input: "play('walk', 'fast')", act: (el) => el.play('walk', 'fast'), code: 'bad-attribute', quotes: '"fast"' },
  {
    input: "play('walk', {speed: Symbol})",
    act: (el) => el.play('walk', { speed: Symbol('s') }),
    code: 'bad-attribute',
    quotes: 'Symbol(s)',
  },
  { input: "play('walk', {fade: circular})", act: (el) => el.play('walk', { fade: circular }), code: 'bad-attribute' },
  { input: 'ragdoll(5)', act: (el) => el.ragdoll(5), code: 'bad-attribute', quotes: '5' },
  {
    input: 'ragdoll({velocity: [1, NaN, 0]})',
    act: (el) => el.ragdoll({ velocity: [1, Number.NaN, 0] }),
    code: 'bad-attribute',
    quotes: 'NaN',
  },
  { input: "ragdoll({velocity: 'up'})", act: (el) => el.ragdoll({ velocity: 'up' }), code: 'bad-attribute' },
  {
    input: 'ragdoll({velocity: [0, 1]})',
    act: (el) => el.ragdoll({ velocity: [0, 1] }),
    code: 'bad-attribute',
    quotes: '[0, 1]',
  },
  { input: 'setParam(Symbol)', act: (el) => el.setParam(Symbol('p'), 1), code: 'unknown-param', quotes: 'Symbol(p)' },
  { input: 'getParam(object)', act: (el) => el.getParam({ a: 1 }), code: 'unknown-param' },
  { input: 'trigger(BigInt)', act: (el) => el.trigger(7n), code: 'unknown-param', quotes: '7n' },
  { input: 'groundSpeed = Symbol', act: (el) => (el.groundSpeed = Symbol('g')), code: 'bad-attribute' },
  { input: 'groundSpeed = -1', act: (el) => (el.groundSpeed = -1), code: 'bad-attribute', quotes: '-1' },
  { input: 'position = [Symbol]', act: (el) => (el.position = [Symbol('x'), 0, 0]), code: 'bad-attribute' },
  { input: "position = [1, 'a', 2]", act: (el) => (el.position = [1, 'a', 2]), code: 'bad-attribute', quotes: '1 a 2' },
  { input: 'rig = circular object', act: (el) => (el.rig = circular), code: 'bad-attribute' },
];

describe('reliability: <anim-character> bad calls', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = quietConsole();
  });
  afterEach(() => restore());

  for (const { input, act, code, quotes } of cases) {
    it(`${input} → one ${code} on the character, nothing thrown, the other animates`, async () => {
      const { el, witness, errors, stillAnimating } = await twoCharacters();
      let result: unknown;
      expect(() => {
        result = act(el);
      }).not.to.throw();
      if (result instanceof Promise) {
        // a ragdoll() that failed resolves (its failure is the anim-error): never an uncoded rejection
        await result;
      }
      await settle();
      expect(errors.map((e) => e.code)).to.deep.equal([code]);
      expect(errors[0].source).to.equal(el);
      if (quotes) expect(errors[0].message).to.contain(quotes);
      expect(errors.some((e) => e.source === witness)).to.equal(false);
      stillAnimating();
    });
  }

  it('play() with options null plays with the defaults, silently', async () => {
    const { el, errors, stillAnimating } = await twoCharacters();
    el.play('walk', null);
    await settle();
    expect(errors).to.deep.equal([]);
    stillAnimating();
  });

  for (const [input, options] of [
    ['ragdoll(null)', null],
    ['ragdoll({velocity: Float32Array})', { velocity: new Float32Array([0, 1, 0]) }],
  ] as const) {
    it(`${input} starts the ragdoll: no error, no rejection`, async () => {
      const { el, errors } = await twoCharacters();
      await (el as Loose).ragdoll(options);
      await settle();
      expect(errors).to.deep.equal([]);
      expect(internals(el).ragdoll?.status).not.to.equal('off');
    });
  }

  it('an exception while a rig poses is one internal on its character; the other animates on', async () => {
    const { el, errors, stillAnimating } = await twoCharacters();
    const rig = internals(el).rig!;
    rig.update = () => {
      throw new TypeError('broken pose');
    };
    stillAnimating();
    stillAnimating(); // told once, not every frame
    await settle();
    expect(errors.map((e) => [e.code, e.source])).to.deep.equal([['internal', el]]);
    expect(errors[0].message).to.contain('during a frame').and.contain('broken pose');
  });
});

describe('reliability: <anim-character> load failures', () => {
  let restore: () => void;
  const create = CharacterRig.create;
  beforeEach(() => {
    restore = quietConsole();
  });
  afterEach(() => {
    CharacterRig.create = create;
    restore();
  });

  /** Loads the mannequin with the rig's binding throwing `error`; what ready rejected with, and the errors. */
  async function failingLoad(error: Error) {
    const scene = await fixture<AnimScene>(html`<anim-scene paused></anim-scene>`);
    const errors: AnimErrorDetail[] = collectErrors(scene);
    CharacterRig.create = async () => {
      throw error;
    };
    const el = document.createElement('anim-character') as AnimCharacter;
    el.src = MANNEQUIN;
    scene.append(el);
    const rejected = await el.ready.then(
      () => null,
      (e: unknown) => e,
    );
    await settle();
    return { el, rejected, errors };
  }

  it('an unexpected exception while loading is internal (not bad-gltf); ready rejects with that code', async () => {
    const { el, rejected, errors } = await failingLoad(new TypeError('a bug while binding'));
    expect(rejected).to.be.instanceOf(CodedError);
    expect((rejected as CodedError).code).to.equal('internal');
    expect(errors.map((e) => [e.code, e.source])).to.deep.equal([['internal', el]]);
    expect(errors[0].message).to.contain(MANNEQUIN).and.contain('a bug while binding');
  });

  it('a coded failure keeps its code; ready rejects with it', async () => {
    const { rejected, errors } = await failingLoad(new CodedError('bad-clip', 'a track without keys'));
    expect((rejected as CodedError).code).to.equal('bad-clip');
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-clip']);
  });
});
