import { expect } from '@open-wc/testing';
import {
  formatCameraOrbit,
  type Parsed,
  parseAngle,
  parseBooleanAttribute,
  parseCameraOrbit,
  parseColor,
  parseEnum,
  parseLength,
  parseNumber,
  parseTime,
  parseTokenList,
  parseVector3,
} from '../../src/elements/units.js';

function value<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new Error(`expected a value, got failure: ${parsed.message}`);
  return parsed.value;
}

function failure<T>(parsed: Parsed<T>): string {
  if (parsed.ok) throw new Error(`expected a failure, got ${JSON.stringify(parsed.value)}`);
  return parsed.message;
}

/** Every bad text fails, and its message quotes the text. */
function expectAllFail<T>(parse: (text: string) => Parsed<T>, bad: string[]): void {
  for (const text of bad) expect(failure(parse(text)), `"${text}"`).to.include(`"${text}"`);
}

describe('units', () => {
  describe('parseNumber', () => {
    it('reads plain numbers in every JS-like form', () => {
      expect(value(parseNumber('1'))).to.equal(1);
      expect(value(parseNumber(' -2.5 '))).to.equal(-2.5);
      expect(value(parseNumber('.5'))).to.equal(0.5);
      expect(value(parseNumber('3.'))).to.equal(3);
      expect(value(parseNumber('+4'))).to.equal(4);
      expect(value(parseNumber('1e3'))).to.equal(1000);
      expect(value(parseNumber('2.5E-1'))).to.equal(0.25);
    });
    it('checks the range, inclusive', () => {
      expect(value(parseNumber('0', { min: 0 }))).to.equal(0);
      expect(value(parseNumber('2', { min: 0, max: 2 }))).to.equal(2);
      expect(failure(parseNumber('-0.1', { min: 0 }))).to.include('zero or more');
      expect(failure(parseNumber('3', { min: 0, max: 2 }))).to.include('between 0 and 2');
    });
    it('rejects non-numbers, units, infinities and empty text', () => {
      expectAllFail(parseNumber, [
        '',
        ' ',
        'abc',
        '1.2.3',
        '1px',
        'NaN',
        'Infinity',
        '1e999',
        '--1',
        '0x10',
        '1 2',
        'e3',
      ]);
    });
  });

  describe('parseTime', () => {
    it('reads bare seconds, s and ms', () => {
      expect(value(parseTime('2'))).to.equal(2);
      expect(value(parseTime('0.15s'))).to.equal(0.15);
      expect(value(parseTime('150ms'))).to.be.closeTo(0.15, 1e-12);
      expect(value(parseTime('150MS'))).to.be.closeTo(0.15, 1e-12);
      expect(value(parseTime('-1s'))).to.equal(-1);
    });
    it('rejects other units, spaces inside, and out-of-range times', () => {
      expectAllFail(parseTime, ['abc', '1min', '1 s', 's', '150msec', '1h']);
      expect(failure(parseTime('-0.2s', { min: 0 }))).to.include('"-0.2s"');
    });
  });

  describe('parseAngle', () => {
    it('reads degrees by default, deg, rad and turn, into degrees', () => {
      expect(value(parseAngle('90'))).to.equal(90);
      expect(value(parseAngle('-30deg'))).to.equal(-30);
      expect(value(parseAngle(`${Math.PI}rad`))).to.be.closeTo(180, 1e-9);
      expect(value(parseAngle('0.25turn'))).to.equal(90);
    });
    it('rejects other units and bad text', () => {
      expectAllFail(parseAngle, ['abc', '90grad', '90°', '1 rad', 'deg']);
      expect(failure(parseAngle('91deg', { min: -90, max: 90 }))).to.include('"91deg"');
    });
  });

  describe('parseLength', () => {
    it('reads metres by default, m, cm and mm, into metres', () => {
      expect(value(parseLength('1.8'))).to.equal(1.8);
      expect(value(parseLength('1.8m'))).to.equal(1.8);
      expect(value(parseLength('180cm'))).to.be.closeTo(1.8, 1e-12);
      expect(value(parseLength('1800mm'))).to.be.closeTo(1.8, 1e-12);
    });
    it('rejects other units and bad text', () => {
      expectAllFail(parseLength, ['abc', '1px', '1ft', '1km', 'm']);
    });
  });

  describe('parseVector3', () => {
    it('reads three lengths separated by spaces or commas', () => {
      expect(value(parseVector3('0 1.2 -3'))).to.deep.equal([0, 1.2, -3]);
      expect(value(parseVector3(' 1, 2 ,3 '))).to.deep.equal([1, 2, 3]);
      expect(value(parseVector3('0 120cm 0'))[1]).to.be.closeTo(1.2, 1e-12);
    });
    it('rejects the wrong count and bad components', () => {
      expectAllFail(parseVector3, ['', '1 2', '1 2 3 4', '1 two 3', '1 2 3px']);
    });
  });

  describe('parseCameraOrbit', () => {
    it('reads yaw, pitch and distance with or without units', () => {
      expect(value(parseCameraOrbit('30deg 15deg 4m'))).to.deep.equal({ yaw: 30, pitch: 15, distance: 4 });
      expect(value(parseCameraOrbit('30 15 4'))).to.deep.equal({ yaw: 30, pitch: 15, distance: 4 });
      const orbit = value(parseCameraOrbit(`${Math.PI / 2}rad 0 250cm`));
      expect(orbit.yaw).to.be.closeTo(90, 1e-9);
      expect(orbit.distance).to.be.closeTo(2.5, 1e-12);
      expect(value(parseCameraOrbit('-720deg -90deg 0.1m')).pitch).to.equal(-90);
    });
    it('round-trips through formatCameraOrbit', () => {
      const orbit = { yaw: -45, pitch: 12.5, distance: 3 };
      expect(value(parseCameraOrbit(formatCameraOrbit(orbit)))).to.deep.equal(orbit);
    });
    it('rejects a pitch past the poles, a distance of zero or less, the wrong count, bad units', () => {
      expectAllFail(parseCameraOrbit, [
        '',
        '30deg 15deg',
        '30deg 15deg 4m 1',
        '30deg 91deg 4m',
        '30deg 15deg 0m',
        '30deg 15deg -4m',
        '30px 15deg 4m',
        'a b c',
        '30deg 15deg 4deg',
      ]);
    });
  });

  describe('parseBooleanAttribute', () => {
    it('is true when present, whatever the value, and false when absent', () => {
      expect(parseBooleanAttribute('')).to.equal(true);
      expect(parseBooleanAttribute('false')).to.equal(true);
      expect(parseBooleanAttribute(null)).to.equal(false);
    });
  });

  describe('parseEnum and parseTokenList', () => {
    const LOOPS = ['repeat', 'once', 'pingpong', 'clamp'] as const;
    it('reads one allowed word, ignoring case and spaces', () => {
      expect(value(parseEnum('once', LOOPS))).to.equal('once');
      expect(value(parseEnum(' PingPong ', LOOPS))).to.equal('pingpong');
    });
    it('rejects other words and lists the allowed ones', () => {
      expectAllFail((t) => parseEnum(t, LOOPS), ['', 'forever', 'once repeat']);
      expect(failure(parseEnum('forever', LOOPS))).to.include('repeat, once, pingpong, clamp');
    });
    it('reads a list of allowed words, dropping duplicates; empty is an empty list', () => {
      expect(value(parseTokenList('once clamp once', LOOPS))).to.deep.equal(['once', 'clamp']);
      expect(value(parseTokenList('once,clamp', LOOPS))).to.deep.equal(['once', 'clamp']);
      expect(value(parseTokenList('  ', LOOPS))).to.deep.equal([]);
      expectAllFail((t) => parseTokenList(t, LOOPS), ['once sometimes']);
    });
  });

  describe('parseColor', () => {
    it('accepts what CSS accepts', () => {
      for (const css of [
        '#223',
        '#112233',
        'rebeccapurple',
        'rgb(1 2 3)',
        'hsl(120 50% 50%)',
        'oklch(0.7 0.1 200)',
        'transparent',
      ]) {
        expect(value(parseColor(css))).to.equal(css);
      }
    });
    it('rejects what CSS rejects', () => {
      expectAllFail(parseColor, ['', 'nope', '#12', 'rgb(1,2)', '12']);
    });
  });
});
