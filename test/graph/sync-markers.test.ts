// Sync markers in the graph: a walk→run transition and a walk/run blend space keep the feet in step, across
// clips of different lengths and different marker counts. The phase error is measured with the markers
// (phaseError: how far the run's time is from the walk's marker position mapped into it, in run cycles).
import { expect } from '@open-wc/testing';
import { compileGraph, createParams, type GraphDefinition, GraphInstance, setParam } from '../../src/graph/index.js';
import {
  buildSyncMarkers,
  markerPosition,
  phaseError,
  type SyncMarkers,
  syncedTime,
} from '../../src/runtime/sync-markers.js';

// the mannequin's gaits: left foot down at 0, right at half the cycle
const WALK = 1.1;
const RUN = 0.68;
const walkMarkers = [
  { name: 'left-foot', time: 0 },
  { name: 'right-foot', time: 0.55 },
];
// a run authored as two strides in one clip (four markers, 1.36 s), to map across marker counts
const RUN2 = 2 * RUN;
const runMarkers = [0, 0.34, 0.68, 1.02].map((time, i) => ({ name: i % 2 ? 'right-foot' : 'left-foot', time }));

const transition: GraphDefinition = {
  params: [{ name: 'speed', type: 'float', value: 0 }],
  states: [
    { name: 'walk', clip: 'walk', default: true },
    { name: 'run', clip: 'run' },
  ],
  transitions: [{ from: 'walk', to: 'run', when: 'speed > 2', fade: 0.3 }],
};

interface Run {
  /** Phase error at the last frame both clips blend (the end of the transition). */
  end: number;
  /** The largest error over the fade. */
  max: number;
}

/** Walks for `lead` seconds, then asks for the run and steps 1/60 s until the fade completes. */
function walkToRun(lead: number, synced: boolean, runLength = RUN2): Run {
  const graph = compileGraph(transition);
  const durations = graph.clipNames.map((n) => (n === 'walk' ? WALK : runLength));
  const instance = new GraphInstance(graph, durations);
  const markers = graph.clipNames.map((n) => (n === 'walk' ? walkMarkers : runMarkers));
  if (synced) instance.setSyncMarkers(markers);
  const walk = buildSyncMarkers(walkMarkers, WALK)!;
  const run = buildSyncMarkers(runMarkers, runLength)!;
  const params = createParams(graph);
  const dt = 1 / 60;
  for (let t = 0; t < lead - 1e-9; t += dt) instance.update(dt, params);
  setParam(graph, params, 'speed', 3);
  let end = Number.NaN;
  let max = 0;
  for (let frame = 0; frame < 60; frame++) {
    instance.update(dt, params);
    if (instance.transitionOf(0) < 0) break;
    if (instance.entryCount(0) < 2) continue;
    const w = clipTime(instance, graph.clipNames.indexOf('walk'));
    const r = clipTime(instance, graph.clipNames.indexOf('run'));
    end = phaseError(walk, w, run, r);
    max = Math.max(max, end);
  }
  return { end, max };
}

function clipTime(instance: GraphInstance, clip: number): number {
  for (let e = 0; e < instance.entryCount(0); e++)
    if (instance.entryClip(0, e) === clip) return instance.entryTime(0, e);
  throw new Error(`clip ${clip} not playing`);
}

describe('sync markers: runtime', () => {
  it('a marker position is an interval index plus the fraction of it, wrapping before the first marker', () => {
    const m = buildSyncMarkers(
      [
        { name: 'b', time: 0.6 },
        { name: 'a', time: 0.2 },
        { name: 'x', time: 5 },
      ],
      1,
    )!;
    expect([...m.names]).to.deep.equal(['a', 'b']);
    expect(markerPosition(m, 0.4)).to.be.closeTo(0.5, 1e-9);
    // 0.1 lies in b→a (0.6 → 1.2), 0.5 of 0.6 along it
    expect(markerPosition(m, 0.1)).to.be.closeTo(1 + 0.5 / 0.6, 1e-9);
    expect(markerPosition(m, 1.4)).to.be.closeTo(0.5, 1e-9);
    expect(buildSyncMarkers([{ name: 'a', time: 2 }], 1)).to.equal(null);
  });

  it('maps across lengths and marker counts, to the interval nearest the follower', () => {
    const walk = buildSyncMarkers(walkMarkers, WALK)!;
    const run = buildSyncMarkers(runMarkers, RUN2)!;
    // a quarter into the walk's right step is a quarter into one of the run's two right steps
    const p = markerPosition(walk, 0.55 + 0.25 * 0.55);
    expect(syncedTime(walk, p, run, 0.4)).to.be.closeTo(0.34 + 0.085, 1e-9);
    expect(syncedTime(walk, p, run, 1.1)).to.be.closeTo(1.02 + 0.085, 1e-9);
    const other: SyncMarkers = buildSyncMarkers([{ name: 'jump', time: 0 }], 1)!;
    expect(syncedTime(walk, p, other, 0)).to.be.NaN;
  });
});

describe('sync markers: graph transitions and blend spaces', () => {
  // transitions starting all over the walk cycle
  const leads = Array.from({ length: 11 }, (_, i) => 0.5 + (i * WALK) / 11);

  it('walk→run lands on the same foot with markers (phase error under 2%), and clearly off without', () => {
    const synced = leads.map((lead) => walkToRun(lead, true));
    const unsynced = leads.map((lead) => walkToRun(lead, false));
    const worst = Math.max(...synced.map((r) => r.max));
    const meanOff = unsynced.reduce((a, r) => a + r.end, 0) / unsynced.length;
    console.log(
      `walk→run phase error at the transition's end: with markers max ${(worst * 100).toFixed(2)}%, ` +
        `without mean ${(meanOff * 100).toFixed(1)}% max ${(Math.max(...unsynced.map((r) => r.end)) * 100).toFixed(1)}%`,
    );
    for (const r of synced) expect(r.end).to.be.below(0.02);
    expect(worst).to.be.below(0.02);
    expect(meanOff).to.be.above(0.1);
  });

  it('keeps the phase with a one-stride run of another length too', () => {
    const oneStride = [
      { name: 'left-foot', time: 0 },
      { name: 'right-foot', time: 0.34 },
    ];
    runMarkers.splice(0, runMarkers.length, ...oneStride);
    try {
      for (const lead of leads) expect(walkToRun(lead, true, RUN).end).to.be.below(0.02);
    } finally {
      runMarkers.splice(0, runMarkers.length, ...[0, 0.34, 0.68, 1.02].map((t, i) => markerAt(t, i)));
    }
  });

  it('a blend space keeps its clips in step by markers (by normalized time without)', () => {
    const graph = compileGraph({
      params: [{ name: 'speed', type: 'float', value: 1.4 }],
      states: [
        {
          name: 'move',
          default: true,
          blend: {
            x: 'speed',
            points: [
              { clip: 'walk', x: 1 },
              { clip: 'run', x: 2 },
            ],
          },
        },
      ],
    });
    const durations = graph.clipNames.map((n) => (n === 'walk' ? WALK : RUN2));
    const walk = buildSyncMarkers(walkMarkers, WALK)!;
    const run = buildSyncMarkers(runMarkers, RUN2)!;
    const errors = (synced: boolean) => {
      const instance = new GraphInstance(graph, durations);
      if (synced) instance.setSyncMarkers(graph.clipNames.map((n) => (n === 'walk' ? walkMarkers : runMarkers)));
      const params = createParams(graph);
      let max = 0;
      for (let frame = 0; frame < 240; frame++) {
        // the speed sweeps through the space, so the leader changes hands both ways
        setParam(graph, params, 'speed', 1.5 + 0.45 * Math.sin(frame / 20));
        instance.update(1 / 60, params);
        const w = clipTime(instance, graph.clipNames.indexOf('walk'));
        const r = clipTime(instance, graph.clipNames.indexOf('run'));
        max = Math.max(max, phaseError(walk, w, run, r));
      }
      return max;
    };
    expect(errors(true)).to.be.below(0.01);
    expect(errors(false)).to.be.above(0.1);
  });
});

function markerAt(time: number, i: number) {
  return { name: i % 2 ? 'right-foot' : 'left-foot', time };
}
