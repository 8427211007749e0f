import { expect } from '@open-wc/testing';
import '../../src/elements/anim-warp.js';
import type { AnimWarpEndDetail } from '../../src/elements/character-events.js';
import { collect, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

/** The vault's windows: to the hands' plant on the front edge, over to the rear edge, down to the landing. */
const VAULT =
  '<anim-warp clip="vault" name="vault" windows="0%-20% 20%-53% 53%-67%" min-rate="0.6" max-rate="1.8"></anim-warp>';
/** Where the mannequin's vault puts its root at those window ends, relative to where it starts (metres). */
const AUTHORED = [
  [0, -0.14, 0.42],
  [0, 0.2, 1.62],
  [0, -0.01, 1.96],
];

describe('<anim-warp> through the character', () => {
  for (const [label, scale, lift] of [
    ['nearer', 0.7, -0.1],
    ['farther', 1.4, 0.25],
  ] as const) {
    it(`ends each window on its target (${label} than authored) within 1 cm and 1°, rate in its clamp, one anim-warp-end`, async () => {
      const { scene, character, errors } = await mountCharacter(
        `src="${MANNEQUIN}" clip="idle" position="1 0 -2" heading="30"`,
        VAULT,
      );
      const ends = collect<AnimWarpEndDetail>(scene, 'anim-warp-end');
      const heading = (30 * Math.PI) / 180;
      const targets = AUTHORED.map(([x, y, z], i) => {
        const lz = z * scale;
        const ly = i === 1 ? y + lift : y;
        return {
          x: 1 + Math.cos(heading) * x + Math.sin(heading) * lz,
          y: ly,
          z: -2 - Math.sin(heading) * x + Math.cos(heading) * lz,
          yaw: i === 2 ? 30 + 25 : undefined,
        };
      });
      character.warp('vault', targets);
      expect(character.warping).to.equal(true);
      const warp = internals(character).rig!.activeWarp!;
      for (let i = 0; i < 200 && character.warping; i++) scene.step(1 / 60);
      await settle();
      expect(character.warping).to.equal(false);
      targets.forEach((t, i) => {
        const r = warp.reached.subarray(i * 4, i * 4 + 4);
        const miss = Math.hypot(r[0] - t.x, r[1] - t.y, r[2] - t.z);
        expect(miss, `window ${i} misses its target by ${miss} m`).to.be.below(0.01);
        if (t.yaw !== undefined) expect(Math.abs((r[3] * 180) / Math.PI - t.yaw)).to.be.below(1);
      });
      expect(warp.minRateUsed).to.be.at.least(0.6);
      expect(warp.maxRateUsed).to.be.at.most(1.8);
      // a farther target slows the clip, a nearer one speeds it up
      if (scale > 1) expect(warp.minRateUsed).to.be.below(0.95);
      else expect(warp.maxRateUsed).to.be.above(1.05);
      expect(ends).to.have.length(1);
      expect(ends[0]).to.deep.include({ warp: 'vault', clip: 'vault', completed: true });
      expect(errors).to.deep.equal([]);
      // the character stays where the warp left it
      const { position } = internals(character).rig!.root;
      scene.step(0.1);
      expect(internals(character).rig!.root.position.distanceTo(position)).to.be.below(1e-9);
    });
  }

  it('a warp cut short by another clip ends once, not completed', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="idle"`, VAULT);
    const ends = collect<AnimWarpEndDetail>(scene, 'anim-warp-end');
    character.warp(
      'vault',
      AUTHORED.map(([x, y, z]) => ({ x, y, z })),
    );
    scene.step(0.2);
    character.play('idle');
    scene.step(0.1);
    scene.step(0.1);
    await settle();
    expect(ends).to.have.length(1);
    expect(ends[0].completed).to.equal(false);
  });

  it('windows in seconds (attribute or property) are the same windows as their percentages', async () => {
    const { character } = await mountCharacter(`src="${MANNEQUIN}" clip="vault" fade="0"`, VAULT);
    const vault = character.duration;
    const warpEl = character.querySelector('anim-warp')!;
    const byShare = warpEl.definition;
    warpEl.setAttribute(
      'windows',
      [0, 0.2, 0.53, 0.67].map((f, i, a) => (i ? `${a[i - 1] * vault}-${f * vault}s` : '')).join(' '),
    );
    const fromText = warpEl.definition;
    warpEl.windows = [
      [0, 0.2 * vault],
      [0.2 * vault, `${0.53 * vault * 1000}ms`],
      [0.53 * vault, 0.67 * vault],
    ];
    expect(warpEl.windows[1], 'seconds read back as numbers').to.deep.equal([0.2 * vault, 0.53 * vault]);
    for (const windows of [fromText, warpEl.definition]) {
      const seconds = windows.map((w) => [w.start.seconds, w.end.seconds]);
      const shares = byShare.map((w) => [w.start.fraction! * vault, w.end.fraction! * vault]);
      for (const [i, s] of seconds.flat().entries()) expect(s).to.be.closeTo(shares.flat()[i], 1e-9);
    }
  });

  it('bad input: an unknown warp, a wrong target count, a non-number target, bad windows and rates', async () => {
    const { scene, character, errors } = await mountCharacter(`src="${MANNEQUIN}" clip="walk"`, VAULT);
    const before = internals(character).rig!.root.position.clone();
    character.warp('backflip', []);
    character.warp('vault', [{ x: 0, y: 0, z: 1 }]);
    character.warp('vault', [
      { x: 0, y: 0, z: 1 },
      { x: 0, y: Number.NaN, z: 2 },
      { x: 0, y: 0, z: 3 },
    ]);
    const warpEl = character.querySelector('anim-warp')!;
    warpEl.setAttribute('windows', '50%-20%');
    warpEl.setAttribute('windows', '10%-20% 0.3s-0.5s');
    warpEl.windows = [
      ['30%', '40%'],
      ['35%', '50%'],
    ];
    warpEl.setAttribute('min-rate', '0');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal([
      'unknown-clip',
      'bad-warp',
      'bad-warp',
      'bad-attribute',
      'bad-attribute',
      'bad-attribute',
      'bad-attribute',
    ]);
    expect(errors[0].message).to.contain('backflip');
    expect(errors[1].message).to.contain('1 target(s) for 3 window(s)');
    expect(errors[3].message, 'an inverted window names both bounds').to.contain('50%').and.contain('20%');
    expect(errors[4].message).to.contain('mixes seconds and percentages');
    expect(errors[5].message, 'an overlap names the previous end').to.contain('"35%-50%"').and.contain('(40%)');
    expect(warpEl.windows, 'the previous windows stay').to.deep.equal([
      ['0%', '20%'],
      ['20%', '53%'],
      ['53%', '67%'],
    ]);
    expect(character.warping).to.equal(false);
    expect(internals(character).rig!.root.position.equals(before)).to.equal(true);
    scene.step(0.1);
    expect(internals(character).rig!.currentClip).to.equal('walk');
  });
});
