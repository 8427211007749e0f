import { expect } from '@open-wc/testing';
import { AnimError, bindClip, buildClip, buildSkeleton, buildSkin, type RawTrack } from '../../src/runtime/index.js';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).to.be.instanceOf(AnimError);
    return (e as AnimError).code;
  }
  return 'no error';
}

describe('runtime: skeleton builder', () => {
  it('reorders joints parent-first whatever the raw order', () => {
    // raw: 0 hand (parent 2), 1 root, 2 arm (parent 1), 3 head (parent 1)
    const s = buildSkeleton({ names: ['hand', 'root', 'arm', 'head'], parents: [2, -1, 1, 1] });
    expect(s.names).to.deep.equal(['root', 'arm', 'hand', 'head']);
    expect(Array.from(s.parents)).to.deep.equal([-1, 0, 1, 0]);
    for (let j = 0; j < s.jointCount; j++) expect(s.parents[j]).to.be.lessThan(j);
    expect(s.indexByName.get('hand')).to.equal(2);
    expect(s.builtIndex[0]).to.equal(2);
    expect(s.sourceIndex[2]).to.equal(0);
  });

  it('keeps rest transforms with their joints and normalizes rotations', () => {
    const s = buildSkeleton({
      names: ['child', 'root'],
      parents: [1, -1],
      translations: [1, 2, 3, 4, 5, 6],
      rotations: [0, 0, 0, 2, 0, 0, 0, 1],
    });
    expect(Array.from(s.restTranslations)).to.deep.equal([4, 5, 6, 1, 2, 3]);
    expect(Array.from(s.restRotations)).to.deep.equal([0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('rejects cyclic parents with cyclic-skeleton', () => {
    expect(codeOf(() => buildSkeleton({ names: ['a', 'b', 'c'], parents: [-1, 2, 1] }))).to.equal('cyclic-skeleton');
    expect(codeOf(() => buildSkeleton({ names: ['a'], parents: [0] }))).to.equal('cyclic-skeleton');
  });

  it('rejects bad parents, wrong lengths and non-finite values with bad-skeleton', () => {
    expect(codeOf(() => buildSkeleton({ names: ['a'], parents: [5] }))).to.equal('bad-skeleton');
    expect(codeOf(() => buildSkeleton({ names: ['a'], parents: [0.5] }))).to.equal('bad-skeleton');
    expect(codeOf(() => buildSkeleton({ names: ['a', 'b'], parents: [-1] }))).to.equal('bad-skeleton');
    expect(codeOf(() => buildSkeleton({ names: ['a'], parents: [-1], translations: [0, 0] }))).to.equal('bad-skeleton');
    expect(codeOf(() => buildSkeleton({ names: ['a'], parents: [-1], rotations: [0, 0, Number.NaN, 1] }))).to.equal(
      'bad-skeleton',
    );
    expect(codeOf(() => buildSkeleton({ names: ['a'], parents: [-1], inverseBinds: [1] }))).to.equal('bad-skeleton');
  });
});

describe('runtime: clip builder (validity suite)', () => {
  const track = (over: Partial<RawTrack>): RawTrack => ({
    target: 'a',
    path: 'translation',
    times: [0, 1],
    values: [0, 0, 0, 1, 1, 1],
    ...over,
  });
  const build = (over: Partial<RawTrack>) => () => buildClip({ name: 'c', tracks: [track(over)] });

  it('builds a valid clip with its duration from the last key', () => {
    const clip = buildClip({ name: 'c', tracks: [track({})], extras: { stride: 1.2 } });
    expect(clip.duration).to.equal(1);
    expect(clip.tracks[0].width).to.equal(3);
    expect(clip.extras.stride).to.equal(1.2);
  });

  it('rejects each invalid input with bad-clip, naming the clip and track', () => {
    const cases: [string, Partial<RawTrack>][] = [
      ['NaN key time', { times: [0, Number.NaN] }],
      ['times not increasing', { times: [1, 1] }],
      ['times decreasing', { times: [1, 0] }],
      ['no keys', { times: [], values: [] }],
      ['wrong value count', { values: [0, 0, 0, 1, 1] }],
      ['NaN value', { values: [0, 0, 0, 1, Number.NaN, 1] }],
      ['infinite value', { values: [0, 0, 0, 1, Number.POSITIVE_INFINITY, 1] }],
      ['unknown path', { path: 'colour' as RawTrack['path'] }],
      ['unknown interpolation', { interpolation: 'BEZIER' as RawTrack['interpolation'] }],
      ['cubic with too few values', { interpolation: 'CUBICSPLINE' }],
      ['weights not whole', { path: 'weights', values: [0, 1, 2] }],
    ];
    for (const [what, over] of cases) {
      let error: AnimError | undefined;
      try {
        build(over)();
      } catch (e) {
        error = e as AnimError;
      }
      expect(error, what).to.be.instanceOf(AnimError);
      expect(error!.code, what).to.equal('bad-clip');
      expect(error!.message, what).to.contain('"c"');
    }
    expect(codeOf(() => buildClip({ name: 'c', tracks: [track({})], duration: -1 }))).to.equal('bad-clip');
  });

  it('binds by name, lists unknown joints, and throws unknown-joint when strict', () => {
    const s = buildSkeleton({ names: ['a'], parents: [-1] });
    const clip = buildClip({ name: 'c', tracks: [track({}), track({ target: 'ghost' })] });
    const binding = bindClip(clip, s);
    expect(Array.from(binding.joints)).to.deep.equal([0, -1]);
    expect(binding.unbound).to.deep.equal(['ghost']);
    expect(codeOf(() => bindClip(clip, s, new Map(), true))).to.equal('unknown-joint');
  });

  it('rejects a weights track whose width differs from the mesh’s morph count', () => {
    const s = buildSkeleton({ names: ['m'], parents: [-1] });
    const clip = buildClip({ name: 'c', tracks: [track({ target: 'm', path: 'weights', values: [0, 1, 1, 0] })] });
    expect(codeOf(() => bindClip(clip, s, new Map([['m', { offset: 0, count: 3 }]])))).to.equal('bad-clip');
  });
});

describe('runtime: skin builder', () => {
  const s = buildSkeleton({
    names: ['a', 'b'],
    parents: [-1, 0],
    inverseBinds: new Array(32).fill(0).map((_, i) => i),
  });

  it('maps joint names to slots and defaults inverse binds to the skeleton’s', () => {
    const skin = buildSkin(s, ['b', 'a']);
    expect(Array.from(skin.joints)).to.deep.equal([1, 0]);
    expect(skin.inverseBinds[0]).to.equal(16);
  });

  it('rejects unknown joints and wrong matrix counts', () => {
    expect(codeOf(() => buildSkin(s, ['nope']))).to.equal('unknown-joint');
    expect(codeOf(() => buildSkin(s, [7]))).to.equal('unknown-joint');
    expect(codeOf(() => buildSkin(s, ['a'], [1, 2, 3]))).to.equal('bad-skin');
  });
});
