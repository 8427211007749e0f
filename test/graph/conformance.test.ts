// The graph conformance suite: each case is a table of fixed steps (dt in exact binary fractions), the
// params changed before each step and what must hold after it.
import type { GraphDefinition, InterruptionSource } from '../../src/graph/index.js';
import { type GraphCase, runCase } from './graph-table.js';

const twoStates: GraphDefinition = {
  params: [{ name: 'speed', type: 'float', value: 0 }],
  states: [
    { name: 'idle', clip: 'idle', default: true },
    { name: 'walk', clip: 'walk' },
  ],
  transitions: [
    { from: 'idle', to: 'walk', when: 'speed > 0.1', fade: 0.5 },
    { from: 'walk', to: 'idle', when: 'speed <= 0.1', fade: 0.5 },
  ],
};

const anyState: GraphDefinition = {
  params: [{ name: 'jump', type: 'trigger' }],
  states: [
    { name: 'idle', clip: 'idle', default: true },
    { name: 'jump', clip: 'jump', loop: 'once' },
  ],
  transitions: [
    { from: '*', to: 'jump', when: 'jump', fade: 0 },
    { from: 'jump', to: 'idle', exitTime: 1, fade: 0 },
  ],
};

const exitGraph = (exitTime: number, when?: string): GraphDefinition => ({
  params: [{ name: 'go', type: 'bool' }],
  states: [
    { name: 'a', clip: 'a', default: true },
    { name: 'b', clip: 'b' },
  ],
  transitions: [{ from: 'a', to: 'b', exitTime, when, fade: 0 }],
});

/** A → B fades over 1 s with the given interruption; A → C (a source transition) and B → D (a destination one) wait. */
const interruptGraph = (interrupt: InterruptionSource, sourcePriority = 2): GraphDefinition => ({
  params: ['toB', 'toC', 'toD'].map((name) => ({ name, type: 'bool' as const })),
  states: ['A', 'B', 'C', 'D'].map((name) => ({ name, clip: name.toLowerCase(), default: name === 'A' })),
  transitions: [
    { from: 'A', to: 'B', when: 'toB', fade: 1, interrupt, priority: 1 },
    { from: 'A', to: 'C', when: 'toC', fade: 0.5, priority: sourcePriority },
    { from: 'B', to: 'D', when: 'toD', fade: 0.5 },
  ],
});

/** Steps 0–1 start A → B; step 2 sets toC and toD with A at 0.75 and B at 0.25. */
const interruptOpening = [
  { state: 'A', events: ['enter:A'] },
  { set: { toB: true }, state: 'B', transition: 'A>B', weights: { A: 1, B: 0 }, events: ['start:A>B', 'enter:B'] },
];

const upperLayer: GraphDefinition = {
  params: [
    { name: 'wave', type: 'trigger' },
    { name: 'armsWeight', type: 'float', value: 1 },
  ],
  layers: [{ name: 'arms', mask: 'upper-body', weight: 'armsWeight' }],
  states: [
    { name: 'idle', clip: 'idle', default: true },
    { name: 'none', layer: 'arms', default: true },
    { name: 'wave', clip: 'wave', layer: 'arms', loop: 'once' },
  ],
  transitions: [
    { from: 'none', to: 'wave', when: 'wave', fade: 0.25 },
    { from: 'wave', to: 'none', exitTime: 1, fade: 0.25 },
  ],
};

const blend1d: GraphDefinition = {
  params: [{ name: 'speed', type: 'float' }],
  states: [
    {
      name: 'move',
      blend: {
        x: 'speed',
        points: [
          { clip: 'run', x: 3 },
          { clip: 'idle', x: 0 },
          { clip: 'walk', x: 1 },
        ],
      },
    },
  ],
};

const cases: GraphCase[] = [
  {
    name: 'a condition starts a crossfade; weights ramp over the fade; events in order',
    graph: twoStates,
    dt: 0.25,
    steps: [
      {
        state: 'idle',
        transition: null,
        weights: { idle: 1 },
        clips: { idle: 1 },
        times: { idle: 0.25 },
        events: ['enter:idle'],
      },
      {
        set: { speed: 1 },
        state: 'walk',
        transition: 'idle>walk',
        weights: { idle: 1, walk: 0 },
        clips: { idle: 1 },
        events: ['start:idle>walk', 'enter:walk'],
      },
      {
        weights: { idle: 0.5, walk: 0.5 },
        clips: { idle: 0.5, walk: 0.5 },
        times: { walk: 0.25, idle: 0.75 },
        events: [],
      },
      { state: 'walk', transition: null, weights: { idle: 0, walk: 1 }, events: ['exit:idle', 'end:idle>walk'] },
      { set: { speed: 0.1 }, state: 'idle', transition: 'walk>idle', events: ['start:walk>idle', 'enter:idle'] },
    ],
  },
  {
    name: 'any-state: a trigger is consumed when its transition fires, and waits while the state is current',
    graph: anyState,
    dt: 0.25,
    steps: [
      { state: 'idle', events: ['enter:idle'], params: { jump: false } },
      {
        set: { jump: true },
        state: 'jump',
        events: ['start:idle>jump', 'enter:jump', 'exit:idle', 'end:idle>jump'],
        params: { jump: false },
      },
      { set: { jump: true }, state: 'jump', events: [], params: { jump: true } },
      { state: 'jump', events: [], params: { jump: true } },
      { state: 'jump', events: [] },
      {
        state: 'idle',
        events: ['start:jump>idle', 'enter:idle', 'exit:jump', 'end:jump>idle'],
        params: { jump: true },
      },
      {
        state: 'jump',
        events: ['start:idle>jump', 'enter:jump', 'exit:idle', 'end:idle>jump'],
        params: { jump: false },
      },
    ],
  },
  {
    name: 'a trigger read by a transition that does not fire stays set',
    graph: {
      params: [
        { name: 'go', type: 'bool' },
        { name: 'jump', type: 'trigger' },
      ],
      states: [
        { name: 'a', clip: 'a' },
        { name: 'b', clip: 'b' },
      ],
      transitions: [{ from: 'a', to: 'b', when: 'go && jump', fade: 0 }],
    },
    dt: 0.25,
    steps: [
      { set: { jump: true }, state: 'a', params: { jump: true } },
      { state: 'a', params: { jump: true } },
      { set: { go: true }, state: 'b', params: { jump: false, go: true } },
    ],
  },
  {
    name: 'exit time below 1 is checked on every loop, with the condition true at the crossing',
    graph: exitGraph(0.5, 'go'),
    dt: 0.25,
    steps: [
      { state: 'a' },
      { state: 'a' },
      { set: { go: true }, state: 'a' },
      { state: 'a' },
      { state: 'a', events: [] },
      { state: 'b', events: ['start:a>b', 'enter:b', 'exit:a', 'end:a>b'] },
    ],
  },
  {
    name: 'exit time of 1 or more fires once, after that many loops',
    graph: exitGraph(1.5),
    dt: 0.25,
    steps: [{ state: 'a' }, { state: 'a' }, { state: 'a' }, { state: 'a' }, { state: 'a' }, { state: 'b' }],
  },
  {
    name: 'exit time of 1 or more is not checked again on later loops',
    graph: exitGraph(1.5, 'go'),
    dt: 0.25,
    steps: [
      ...Array.from({ length: 6 }, () => ({ state: 'a' })),
      { set: { go: true }, state: 'a' },
      ...Array.from({ length: 8 }, () => ({ state: 'a', events: [] })),
    ],
  },
  {
    name: 'priority: the higher priority fires first whatever the order',
    graph: {
      params: [{ name: 'x', type: 'bool' }],
      states: ['a', 'b', 'c'].map((name) => ({ name, clip: name })),
      transitions: [
        { from: 'a', to: 'b', when: 'x', fade: 0 },
        { from: 'a', to: 'c', when: 'x', fade: 0, priority: 1 },
      ],
    },
    dt: 0.25,
    steps: [{ state: 'a' }, { set: { x: true }, state: 'c' }],
  },
  {
    name: 'priority: equal priorities keep document order, any-state ones included',
    graph: {
      params: [{ name: 'x', type: 'bool' }],
      states: ['a', 'b', 'c'].map((name) => ({ name, clip: name })),
      transitions: [
        { from: '*', to: 'b', when: 'x', fade: 0 },
        { from: 'a', to: 'c', when: 'x', fade: 0 },
      ],
    },
    dt: 0.25,
    steps: [{ state: 'a' }, { set: { x: true }, state: 'b' }],
  },
  {
    name: 'interruption none: nothing interrupts; what is pending fires when the fade ends',
    graph: interruptGraph('none'),
    dt: 0.25,
    steps: [
      ...interruptOpening,
      { set: { toC: true, toD: true }, state: 'B', transition: 'A>B', weights: { A: 0.75, B: 0.25 }, events: [] },
      { state: 'B', weights: { A: 0.5, B: 0.5 } },
      { state: 'B', weights: { A: 0.25, B: 0.75 } },
      {
        state: 'D',
        transition: 'B>D',
        weights: { A: 0, B: 1, D: 0 },
        events: ['exit:A', 'end:A>B', 'start:B>D', 'enter:D'],
      },
    ],
  },
  {
    name: 'interruption source: a higher-priority source transition takes over; every live state fades out under it',
    graph: interruptGraph('source'),
    dt: 0.25,
    steps: [
      ...interruptOpening,
      {
        set: { toC: true, toD: true },
        state: 'C',
        transition: 'A>C',
        weights: { A: 0.75, B: 0.25, C: 0 },
        events: ['interrupt:A>B', 'start:A>C', 'enter:C'],
      },
      { weights: { A: 0.375, B: 0.125, C: 0.5 }, clips: { a: 0.375, b: 0.125, c: 0.5 }, events: [] },
      { state: 'C', transition: null, weights: { A: 0, B: 0, C: 1 }, events: ['exit:A', 'exit:B', 'end:A>C'] },
    ],
  },
  {
    name: 'interruption source is ordered: a source transition of lower priority cannot interrupt',
    graph: interruptGraph('source', 0),
    dt: 0.25,
    steps: [
      ...interruptOpening,
      { set: { toC: true }, state: 'B', transition: 'A>B', events: [] },
      { state: 'B', transition: 'A>B' },
    ],
  },
  {
    name: 'interruption destination: the destination transition takes over, the source one does not',
    graph: interruptGraph('destination'),
    dt: 0.25,
    steps: [
      ...interruptOpening,
      {
        set: { toC: true, toD: true },
        state: 'D',
        transition: 'B>D',
        weights: { A: 0.75, B: 0.25, D: 0 },
        events: ['interrupt:A>B', 'start:B>D', 'enter:D'],
      },
      { weights: { A: 0.375, B: 0.125, D: 0.5 } },
      { state: 'D', transition: null, weights: { D: 1 }, events: ['exit:A', 'exit:B', 'end:B>D'] },
    ],
  },
  {
    name: 'interruption destination ignores the source transitions',
    graph: interruptGraph('destination'),
    dt: 0.25,
    steps: [...interruptOpening, { set: { toC: true }, state: 'B', transition: 'A>B', events: [] }],
  },
  {
    name: 'interruption source-then-destination: the source transition wins when both fire',
    graph: interruptGraph('source-then-destination'),
    dt: 0.25,
    steps: [...interruptOpening, { set: { toC: true, toD: true }, state: 'C', transition: 'A>C' }],
  },
  {
    name: 'interruption source-then-destination: the destination fires when the source does not',
    graph: interruptGraph('source-then-destination'),
    dt: 0.25,
    steps: [...interruptOpening, { set: { toD: true }, state: 'D', transition: 'B>D' }],
  },
  {
    name: 'interruption destination-then-source: the destination transition wins when both fire',
    graph: interruptGraph('destination-then-source'),
    dt: 0.25,
    steps: [...interruptOpening, { set: { toC: true, toD: true }, state: 'D', transition: 'B>D' }],
  },
  {
    name: 'interruption destination-then-source: the source fires when the destination does not',
    graph: interruptGraph('destination-then-source'),
    dt: 0.25,
    steps: [...interruptOpening, { set: { toC: true }, state: 'C', transition: 'A>C' }],
  },
  {
    name: 'a state fading out comes back with its own time when a transition returns to it',
    graph: {
      params: [{ name: 'b', type: 'bool' }],
      states: [
        { name: 'a', clip: 'a' },
        { name: 'b', clip: 'b' },
      ],
      transitions: [
        { from: 'a', to: 'b', when: 'b', fade: 1, interrupt: 'destination' },
        { from: 'b', to: 'a', when: '!b', fade: 0.5 },
      ],
    },
    dt: 0.25,
    steps: [
      { times: { a: 0.25 } },
      { set: { b: true }, state: 'b' },
      { weights: { a: 0.75, b: 0.25 }, times: { a: 0.75, b: 0.25 } },
      {
        set: { b: false },
        state: 'a',
        weights: { a: 0.5, b: 0.5 },
        events: ['interrupt:a>b', 'start:b>a'],
        times: { a: 0, b: 0.5 },
      },
      { weights: { a: 0.75, b: 0.25 } },
      { state: 'a', weights: { a: 1, b: 0 }, events: ['exit:b', 'end:b>a'] },
    ],
  },
  {
    name: 'layers run side by side: an upper-body layer waves while the base stays; a param sets its weight',
    graph: upperLayer,
    dt: 0.25,
    steps: [
      { layer: 1, state: 'none', clips: {}, events: ['enter:idle', 'enter:none'], layerWeight: 1 },
      { layer: 1, set: { wave: true }, state: 'wave', transition: 'none>wave', params: { wave: false } },
      { layer: 1, state: 'wave', transition: null, clips: { wave: 1 }, times: { wave: 0.25 } },
      { layer: 0, state: 'idle', clips: { idle: 1 } },
      { layer: 1, set: { armsWeight: 0.5 }, layerWeight: 0.5 },
      { layer: 1, state: 'none', transition: 'wave>none', clips: { wave: 1 } },
      { layer: 1, set: { armsWeight: 2 }, state: 'none', transition: null, clips: {}, layerWeight: 1 },
      { layer: 0, state: 'idle', clips: { idle: 1 }, events: [] },
    ],
  },
  {
    name: '1D blend space: weights sum to 1, exact at the thresholds, clamped beyond the ends',
    graph: blend1d,
    dt: 0.25,
    steps: [
      { set: { speed: 0 }, clips: { idle: 1 } },
      { set: { speed: 0.25 }, clips: { idle: 0.75, walk: 0.25 } },
      { set: { speed: 1 }, clips: { walk: 1 } },
      { set: { speed: 2.5 }, clips: { walk: 0.25, run: 0.75 } },
      { set: { speed: 3 }, clips: { run: 1 } },
      { set: { speed: 7 }, clips: { run: 1 } },
      { set: { speed: -2 }, clips: { idle: 1 } },
    ],
  },
  {
    name: 'phase sync: blended clips share one normalized phase; the heaviest clip sets the pace',
    graph: {
      params: [{ name: 'speed', type: 'float' }],
      states: [
        {
          name: 'move',
          blend: {
            x: 'speed',
            points: [
              { clip: 'walk', x: 1 },
              { clip: 'run', x: 2 },
            ],
          },
        },
      ],
    },
    durations: { walk: 1, run: 0.5 },
    dt: 0.25,
    steps: [
      // walk leads (0.75): the phase moves 0.25 of walk's 1 s cycle
      { set: { speed: 1.25 }, clips: { walk: 0.75, run: 0.25 }, times: { walk: 0.25, run: 0.125 } },
      // run leads (0.75): the phase moves 0.25 s of run's 0.5 s cycle, to 0.75
      { set: { speed: 1.75 }, clips: { walk: 0.25, run: 0.75 }, times: { walk: 0.75, run: 0.375 } },
      // past the cycle's end both wrap together
      { clips: { walk: 0.25, run: 0.75 }, times: { walk: 0.25, run: 0.125 } },
    ],
  },
  {
    name: 'speed by param, play window and one-shot clamping',
    graph: {
      params: [{ name: 'rate', type: 'float', value: 2 }],
      states: [{ name: 'a', clip: 'a', loop: 'once', speed: 'rate', start: '50%', end: 2 }],
    },
    durations: { a: 2 },
    dt: 0.25,
    steps: [{ times: { a: 1.5 } }, { set: { rate: 1 }, times: { a: 1.75 } }, { times: { a: 2 } }, { times: { a: 2 } }],
  },
  {
    name: 'play window in seconds (start a number, end text): the cycle is the window',
    graph: { states: [{ name: 'a', clip: 'a', start: 0.5, end: '1.5s' }] },
    durations: { a: 2 },
    dt: 0.25,
    steps: [{ times: { a: 0.75 } }, { times: { a: 1 } }, { times: { a: 1.25 } }, { times: { a: 0.5 } }],
  },
  {
    name: 'loop pingpong: forward, then back, each pass a loop',
    graph: { states: [{ name: 'a', clip: 'a', loop: 'pingpong' }] },
    dt: 0.25,
    steps: [0.25, 0.5, 0.75, 1, 0.75, 0.5, 0.25, 0, 0.25].map((a) => ({ times: { a } })),
  },
  {
    name: 'loop clamp holds at the edge and plays back at once when the speed turns negative',
    graph: {
      params: [{ name: 'rate', type: 'float', value: 1 }],
      states: [{ name: 'a', clip: 'a', loop: 'clamp', speed: 'rate' }],
    },
    dt: 0.5,
    steps: [{ times: { a: 0.5 } }, { times: { a: 1 } }, { times: { a: 1 } }, { set: { rate: -1 }, times: { a: 0.5 } }],
  },
  {
    name: 'loop once holds the end while its time counts on (a negative speed unwinds it first)',
    graph: {
      params: [{ name: 'rate', type: 'float', value: 1 }],
      states: [{ name: 'a', clip: 'a', loop: 'once', speed: 'rate' }],
    },
    dt: 0.5,
    steps: [{ times: { a: 0.5 } }, { times: { a: 1 } }, { times: { a: 1 } }, { set: { rate: -1 }, times: { a: 1 } }],
  },
];

describe('graph: conformance', () => {
  for (const c of cases) it(c.name, () => runCase(c));
});
