/**
 * Re-entrancy: every public method of `<anim-character>` and `<anim-scene>` called from inside each event a
 * character or a scene fires. Whatever the call does (a crossfade, a nested frame, a new load, the element
 * leaving the page, a ragdoll), nothing is thrown or left uncaught, every event is delivered once, and the
 * other character of the scene keeps animating. Coded `anim-error`s are allowed: `play()` under a graph is
 * `graph-active`, `setParam()` without one `unknown-param`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { MANNEQUIN, settle } from '../helpers/character.js';

/** walk lasts 1.1 s; steps of 0.5 s are exact in binary. */
const STEP = 0.5;
/** 2.5 s: a two-repetition walk loops once and finishes; a graph's 0.1 s crossfade ends. */
const FRAMES = 5;

/** A walk with a timed event, played twice (`clip="steps" repetitions="2"`): anim-load, anim-play, anim-event, anim-loop, anim-finish. */
const CLIP_CHILDREN = `<anim-clip name="steps" from="walk"><anim-event time="0.2" name="left"></anim-event></anim-clip>`;
/** idle, then walk once `speed` is set (frame 2): state enter/exit and transition start/end. */
const GRAPH_CHILDREN = `
  <anim-param name="speed" type="float" value="0"></anim-param>
  <anim-param name="wave" type="trigger"></anim-param>
  <anim-state name="idle" clip="idle" default></anim-state>
  <anim-state name="walk" clip="walk"></anim-state>
  <anim-transition from="idle" to="walk" when="speed > 0.1" fade="0.1s"></anim-transition>
  <anim-transition from="walk" to="idle" when="speed <= 0.1" fade="0.1s"></anim-transition>`;

interface Stage {
  scene: AnimScene;
  subject: AnimCharacter;
  witness: AnimCharacter;
}

/** An event to call from, how to make the subject fire it, and who fires it. */
interface EventCase {
  type: string;
  graph?: boolean;
  /** Called before each frame (1-based): what makes the event happen. */
  poke?: (stage: Stage, frame: number) => unknown;
  /** The scene fires it (else the subject). */
  onScene?: boolean;
}

const EVENTS: EventCase[] = [
  { type: 'anim-load' },
  { type: 'anim-play' },
  { type: 'anim-event' },
  { type: 'anim-loop' },
  { type: 'anim-finish' },
  { type: 'anim-error', poke: ({ subject }, frame) => frame === 2 && subject.play('no-such-clip') },
  { type: 'anim-state-enter', graph: true, poke: ({ subject }, frame) => frame === 2 && subject.setParam('speed', 1) },
  { type: 'anim-state-exit', graph: true, poke: ({ subject }, frame) => frame === 2 && subject.setParam('speed', 1) },
  {
    type: 'anim-transition-start',
    graph: true,
    poke: ({ subject }, frame) => frame === 2 && subject.setParam('speed', 1),
  },
  {
    type: 'anim-transition-end',
    graph: true,
    poke: ({ subject }, frame) => frame === 2 && subject.setParam('speed', 1),
  },
  { type: 'anim-ragdoll', poke: ({ subject }, frame) => frame === 2 && subject.ragdoll() },
  {
    type: 'anim-error',
    onScene: true,
    poke: ({ scene }, frame) => {
      if (frame === 2) scene.timeScale = -1;
    },
  },
];

const EVENT_TYPES = [...new Set(EVENTS.map((e) => e.type))];

/** The calls made from inside the event's first delivery. */
const METHODS: { name: string; call: (stage: Stage) => unknown }[] = [
  { name: "play('run')", call: ({ subject }) => subject.play('run') },
  { name: 'play()', call: ({ subject }) => subject.play() },
  { name: 'pause()', call: ({ subject }) => subject.pause() },
  { name: 'stop()', call: ({ subject }) => subject.stop() },
  { name: "setParam('speed', 2)", call: ({ subject }) => subject.setParam('speed', 2) },
  { name: "trigger('wave')", call: ({ subject }) => subject.trigger('wave') },
  {
    name: 'time = 0.5',
    call: ({ subject }) => {
      subject.time = 0.5;
    },
  },
  {
    name: "clip = 'idle'",
    call: ({ subject }) => {
      subject.clip = 'idle';
    },
  },
  {
    name: 'src = another file',
    call: ({ subject }) => {
      subject.src = `${MANNEQUIN}?again`;
    },
  },
  {
    name: 'src = null',
    call: ({ subject }) => {
      subject.src = null;
    },
  },
  { name: 'ragdoll()', call: ({ subject }) => subject.ragdoll() },
  { name: 'getUp()', call: ({ subject }) => subject.getUp() },
  { name: 'scene.step()', call: ({ scene }) => scene.step(1 / 30) },
  {
    name: 'scene.paused = false',
    call: ({ scene }) => {
      scene.paused = false;
    },
  },
  { name: 'scene.frame()', call: ({ scene }) => scene.frame() },
  { name: 'removing the character', call: ({ subject }) => subject.remove() },
  { name: 'removing the scene', call: ({ scene }) => scene.remove() },
];

/** Errors and rejections that reach the page, kept from the test runner's own handlers. */
function watchUncaught(): { errors: unknown[]; stop: () => void } {
  const errors: unknown[] = [];
  const onError = (e: ErrorEvent) => {
    errors.push(e.error ?? e.message);
    e.preventDefault();
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    errors.push(e.reason);
    e.preventDefault();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop: () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

let holder: HTMLElement | undefined;

/**
 * A scene in a box of its own that keeps the mannequin loaded for the whole file: every character below is
 * instanced, so it gets a copy of the page's one load of the file instead of fetching and parsing it again.
 */
async function holdModel() {
  if (holder) return;
  holder = document.createElement('anim-scene');
  holder.setAttribute('paused', '');
  holder.style.cssText = 'display: block; width: 16px; height: 16px';
  holder.innerHTML = `<anim-character src="${MANNEQUIN}" instancing="auto"></anim-character>`;
  document.body.append(holder);
  await holder.querySelector('anim-character')!.ready;
}

describe('re-entrancy: each public method called from inside each event', function () {
  // nested loads and Rapier's first start under a CI load
  this.timeout(120000);
  before(holdModel);
  after(() => holder?.remove());

  for (const event of EVENTS) {
    describe(`inside ${event.type} of the ${event.onScene ? 'scene' : 'character'}`, () => {
      for (const method of METHODS) {
        it(`${method.name}: nothing thrown or uncaught, each event once, the other character animates`, async () => {
          const scene = await fixture<AnimScene>(
            html`<anim-scene paused style="width: 48px; height: 32px"></anim-scene>`,
          );
          const witness = document.createElement('anim-character');
          Object.assign(witness, { src: MANNEQUIN, clip: 'walk', instancing: 'auto', position: [2, 0, 0] });
          scene.append(witness);
          await witness.ready;
          const subject = document.createElement('anim-character');
          subject.instancing = 'auto';
          if (event.graph) subject.innerHTML = GRAPH_CHILDREN;
          else {
            subject.setAttribute('clip', 'steps');
            subject.setAttribute('repetitions', '2');
            subject.innerHTML = CLIP_CHILDREN;
          }
          const stage: Stage = { scene, subject, witness };
          const home = scene.parentElement!;
          const source: EventTarget = event.onScene ? scene : subject;
          const deliveries = new Map<Event, number>();
          let called = 0;
          const count = (e: Event) => {
            if (e.target !== subject && e.target !== scene) return;
            deliveries.set(e, (deliveries.get(e) ?? 0) + 1);
          };
          for (const type of EVENT_TYPES) subject.addEventListener(type, count);
          scene.addEventListener('anim-error', (e) => e.target === scene && count(e));
          source.addEventListener(event.type, (e) => {
            if (e.target !== source || called++ > 0) return;
            method.call(stage);
          });
          const uncaught = watchUncaught();
          const { warn } = console;
          console.warn = () => {}; // the coded errors' console lines
          try {
            subject.src = MANNEQUIN;
            scene.append(subject);
            await subject.ready.catch(() => undefined);
            for (let frame = 1; frame <= FRAMES; frame++) {
              await event.poke?.(stage, frame);
              scene.step(STEP);
              await settle();
            }
            // the nested load or ragdoll a call started, and the events it raises, settle
            await subject.ready.catch(() => undefined);
            for (let i = 0; i < 3; i++) {
              scene.step(STEP);
              await settle();
            }
          } finally {
            console.warn = warn;
            uncaught.stop();
          }
          expect(uncaught.errors, 'nothing thrown or uncaught').to.deep.equal([]);
          expect(called, `${event.type} was fired`).to.be.greaterThan(0);
          const repeated = [...deliveries].filter(([, n]) => n > 1).map(([e]) => e.type);
          expect(repeated, 'events delivered more than once').to.deep.equal([]);
          if (!scene.isConnected) home.append(scene);
          await witness.ready;
          const time = witness.time;
          scene.step(STEP);
          expect(witness.time, 'the other character keeps animating').to.not.equal(time);
        });
      }
    });
  }
});
