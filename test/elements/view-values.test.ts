import { expect } from '@open-wc/testing';
import {
  formatOrbitSpec,
  parseEnvironmentImage,
  parseFieldOfView,
  parseOrbitSpec,
  parseTargetSpec,
  parseToneMapping,
} from '../../src/elements/view-values.js';

const value = <T>(parsed: { ok: true; value: T } | { ok: false; message: string }): T => {
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

describe('camera and light values', () => {
  it('reads camera-orbit with auto parts, units and percentages', () => {
    expect(value(parseOrbitSpec('auto auto auto'))).to.deep.equal({ yaw: 'auto', pitch: 'auto', distance: 'auto' });
    expect(value(parseOrbitSpec('30deg 15deg 4m'))).to.deep.equal({ yaw: 30, pitch: 15, distance: 4 });
    expect(value(parseOrbitSpec('0 auto 150%'))).to.deep.equal({ yaw: 0, pitch: 'auto', distance: '150%' });
    expect(value(parseOrbitSpec('AUTO 10deg 250cm')).distance).to.equal(2.5);
    expect(value(parseOrbitSpec(`${Math.PI}rad 0 auto`)).yaw).to.be.closeTo(180, 1e-9);
    const spec = value(parseOrbitSpec('-45deg auto 80%'));
    expect(value(parseOrbitSpec(formatOrbitSpec(spec)))).to.deep.equal(spec);
  });

  it('rejects bad orbits, quoting the text', () => {
    for (const bad of ['', 'auto auto', '0 0 0', '0 0 -1m', '0 100deg 1m', '0 0 0%', 'a b c', '0 0 1m 1m', '0 0 -5%']) {
      const parsed = parseOrbitSpec(bad);
      expect(parsed.ok, bad).to.equal(false);
      if (!parsed.ok) expect(parsed.message).to.include(`"${bad}"`);
    }
  });

  it('reads camera-target, field-of-view, environment-image and tone-mapping', () => {
    expect(value(parseTargetSpec(' auto '))).to.equal('auto');
    expect(value(parseTargetSpec('0 120cm 0'))).to.deep.equal([0, 1.2, 0]);
    expect(parseTargetSpec('0 1').ok).to.equal(false);
    expect(value(parseFieldOfView('auto'))).to.equal('auto');
    expect(value(parseFieldOfView('0.5rad'))).to.be.closeTo(28.6479, 1e-3);
    expect(parseFieldOfView('180deg').ok).to.equal(false);
    expect(value(parseEnvironmentImage(''))).to.equal('neutral');
    expect(value(parseEnvironmentImage('NONE'))).to.equal('none');
    expect(value(parseEnvironmentImage(' sky.hdr '))).to.equal('sky.hdr');
    expect(value(parseToneMapping('AgX'))).to.equal('agx');
    expect(parseToneMapping('filmic').ok).to.equal(false);
  });
});
