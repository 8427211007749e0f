import { expect } from '@open-wc/testing';
import { parseRange, parseTimeline, rangeProgress, type TimelineGeometry } from '../../src/elements/timeline-range.js';

const pct = (value: number) => ({ value, unit: '%' as const });
const px = (value: number) => ({ value, unit: 'px' as const });

describe('timeline-range: CSS scroll() / view() and animation-range', () => {
  it('parses scroll() and view() as CSS does, defaults included', () => {
    expect(parseTimeline('scroll()')).to.deep.equal({
      ok: true,
      value: { kind: 'scroll', scroller: 'nearest', axis: 'block' },
    });
    expect(parseTimeline('scroll(root block)')).to.deep.include({
      value: { kind: 'scroll', scroller: 'root', axis: 'block' },
    });
    expect(parseTimeline(' scroll(x self) ')).to.deep.include({
      value: { kind: 'scroll', scroller: 'self', axis: 'x' },
    });
    expect(parseTimeline('view()')).to.deep.include({
      value: { kind: 'view', axis: 'block', insetStart: 'auto', insetEnd: 'auto' },
    });
    expect(parseTimeline('view(inline 10px 20%)')).to.deep.include({
      value: { kind: 'view', axis: 'inline', insetStart: px(10), insetEnd: pct(20) },
    });
    expect(parseTimeline('view(50px)')).to.deep.include({
      value: { kind: 'view', axis: 'block', insetStart: px(50), insetEnd: px(50) },
    });
    for (const bad of [
      'scroll',
      'scroll(sideways)',
      'scroll(root root)',
      'view(1em)',
      'view(1px 2px 3px)',
      'roll()',
      '',
    ])
      expect(parseTimeline(bad).ok, bad).to.equal(false);
    const failed = parseTimeline('scroll(sideways)');
    expect(failed.ok === false && failed.message).to.contain('"scroll(sideways)"');
  });

  it('parses animation-range: names, offsets, a lone name spanning itself, normal', () => {
    expect(parseRange('entry 0% exit 100%')).to.deep.include({
      value: { start: { name: 'entry', offset: pct(0) }, end: { name: 'exit', offset: pct(100) } },
    });
    expect(parseRange('cover 20% cover 80%')).to.deep.include({
      value: { start: { name: 'cover', offset: pct(20) }, end: { name: 'cover', offset: pct(80) } },
    });
    expect(parseRange('entry')).to.deep.include({
      value: { start: { name: 'entry', offset: pct(0) }, end: { name: 'entry', offset: pct(100) } },
    });
    expect(parseRange('contain 10%')).to.deep.include({
      value: { start: { name: 'contain', offset: pct(10) }, end: { name: 'contain', offset: pct(100) } },
    });
    expect(parseRange('10%')).to.deep.include({
      value: { start: { name: null, offset: pct(10) }, end: { name: null, offset: pct(100) } },
    });
    expect(parseRange('200px 1200px')).to.deep.include({
      value: { start: { name: null, offset: px(200) }, end: { name: null, offset: px(1200) } },
    });
    expect(parseRange('normal exit')).to.deep.include({
      value: { start: { name: null, offset: pct(0) }, end: { name: 'exit', offset: pct(100) } },
    });
    for (const bad of ['', 'sideways 10%', '10em', 'entry 10% exit 20% more', 'entry -', 'cover 20% cover 80% 1px'])
      expect(parseRange(bad).ok, bad).to.equal(false);
  });

  it('resolves the named ranges of a view timeline as the spec draws them', () => {
    // a 200 px subject 1500 px down a page seen through a 600 px viewport
    const g: TimelineGeometry = {
      scroll: 0,
      maxScroll: 5000,
      viewport: 600,
      subjectStart: 1500,
      subjectSize: 200,
      insetStart: 0,
      insetEnd: 0,
    };
    const at = (range: string, scroll: number) => {
      const r = parseRange(range);
      if (!r.ok) throw new Error(r.message);
      return rangeProgress('view', r.value, { ...g, scroll });
    };
    // cover: 900 (entering) to 1700 (gone); contain: 1100 (fully in) to 1500 (about to leave)
    expect(at('cover', 900)).to.equal(0);
    expect(at('cover', 1300)).to.equal(0.5);
    expect(at('contain', 1100)).to.equal(0);
    expect(at('contain', 1500)).to.equal(1);
    expect(at('entry', 1000)).to.equal(0.5);
    expect(at('exit', 1600)).to.equal(0.5);
    expect(at('entry-crossing', 1000)).to.equal(0.5);
    expect(at('exit-crossing', 1600)).to.equal(0.5);
    expect(at('cover 20% cover 80%', 1300)).to.equal(0.5);
    expect(at('entry 0% exit 100%', 2000)).to.equal(1);
    expect(at('entry 0% exit 100%', 0)).to.equal(0);
    // a scroll timeline has no named ranges: percentages of the scroll range, lengths from its start
    expect(
      rangeProgress(
        'scroll',
        { start: { name: null, offset: px(1000) }, end: { name: null, offset: pct(40) } },
        { ...g, scroll: 1500 },
      ),
    ).to.equal(0.5);
  });
});
