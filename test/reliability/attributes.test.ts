/**
 * Every typed attribute of every element, given values nobody planned for, table-driven from
 * custom-elements.json (so a new attribute is covered the day it is documented). Each element is mounted
 * where it belongs, in a scene with two loaded characters: `host`, which the element may belong to, and
 * `walker`, a bystander. For each attribute whose type is not free text or a boolean:
 * - a word (`bogus`), `NaN` and a 1 MB string each give exactly one `anim-error`, with a registered code and a
 *   short message naming the attribute or quoting the value;
 * - removing the attribute afterwards restores its default silently;
 * - nothing throws, and the walker keeps animating.
 */
import { expect } from '@open-wc/testing';
import '../../src/index.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import { ERROR_CODES } from '../../src/runtime/errors.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';

interface ManifestAttribute {
  name: string;
  type?: { text: string };
}
interface ManifestDeclaration {
  tagName?: string;
  attributes?: ManifestAttribute[];
}

const manifest = (await (await fetch('/custom-elements.json')).json()) as {
  modules: { declarations?: ManifestDeclaration[] }[];
};

/** Types any text is a valid value of (names, URLs, selectors, conditions), and flags. */
const FREE_TYPES = new Set(['string', 'string | null', 'string[]', 'boolean', 'IkPointInput']);

/**
 * Where each element goes, marked `data-subject`: `character` markup goes inside the host character,
 * `scene` markup into the scene, `page` markup beside it. The scene itself and the host are subjects too.
 */
const GRAPH = `<anim-param name="speed" value="0"></anim-param>
  <anim-state name="walk" clip="walk-inplace"></anim-state>
  <anim-transition from="idle" to="walk" when="speed > 1"></anim-transition>`;
const MOUNTS: Record<string, { character?: string; scene?: string; page?: string; physics?: boolean }> = {
  'anim-scene': {},
  'anim-character': {},
  'anim-clip': { character: '<anim-clip data-subject name="stroll" from="walk"></anim-clip>' },
  'anim-event': {
    character:
      '<anim-clip name="stroll" from="walk"><anim-event data-subject time="0.3" name="step"></anim-event></anim-clip>',
  },
  'anim-marker': {
    character:
      '<anim-clip name="stroll" from="walk"><anim-marker data-subject name="left-foot" time="0"></anim-marker></anim-clip>',
  },
  'anim-param': {
    character: `<anim-state name="idle" clip="idle"></anim-state>${GRAPH}`.replace(
      '<anim-param',
      '<anim-param data-subject',
    ),
  },
  'anim-state': { character: `<anim-state data-subject name="idle" clip="idle"></anim-state>${GRAPH}` },
  'anim-transition': {
    character: `<anim-state name="idle" clip="idle"></anim-state>${GRAPH}<anim-transition data-subject from="walk" to="idle" when="speed < 0.5"></anim-transition>`,
  },
  'anim-layer': {
    character: `<anim-state name="idle" clip="idle"></anim-state>${GRAPH}
      <anim-layer data-subject name="upper" mask="upper-body" weight="1"><anim-state name="wave" clip="wave"></anim-state></anim-layer>`,
  },
  'anim-blend-point': {
    character: `<anim-param name="side"></anim-param><anim-param name="forward"></anim-param>
      <anim-state name="move" blend-x="side" blend-y="forward" blend-type="cartesian">
        <anim-blend-point clip="idle" x="0" y="0"></anim-blend-point>
        <!-- off the others' points with y removed (0) too: a point on a point is an error of its own -->
        <anim-blend-point data-subject clip="walk-inplace" x="0.5" y="1"></anim-blend-point>
        <anim-blend-point clip="strafe-left" x="1" y="0"></anim-blend-point>
      </anim-state>`,
  },
  // an arm: removing `solver` leaves the default two-bone solver, which takes three bones
  'anim-ik': {
    character: '<anim-ik data-subject solver="fabrik" bones="LeftUpperArm..LeftHand" target="0.5 1.2 0.4"></anim-ik>',
  },
  'anim-foot-ik': { character: '<anim-foot-ik data-subject></anim-foot-ik>' },
  'anim-cloth': { character: '<anim-cloth data-subject mesh="Cape"></anim-cloth>' },
  'anim-ragdoll': { character: '<anim-ragdoll data-subject></anim-ragdoll>', physics: true },
  'anim-controller': { character: '<anim-controller data-subject></anim-controller>', physics: true },
  'anim-rig': { character: '<anim-rig data-subject></anim-rig>' },
  'anim-warp': { character: '<anim-warp data-subject clip="vault" name="vault" windows="0%-20%"></anim-warp>' },
  'anim-bind': { character: '<anim-bind data-subject clip="walk" pointer="x"></anim-bind>' },
  'anim-model': { scene: `<anim-model data-subject src="${MANNEQUIN}" position="-1 0 0"></anim-model>` },
  'anim-sprite': { scene: '<anim-sprite data-subject src="/assets/mannequin-walk-sprites.json"></anim-sprite>' },
  'anim-tween': {
    scene:
      '<anim-tween data-subject target="#host" property="position.y" from="0" to="0.3" duration="1" autoplay></anim-tween>',
  },
  'anim-crowd': {
    scene: `<anim-crowd data-subject count="2"><anim-character src="${MANNEQUIN}" clip="walk"></anim-character></anim-crowd>`,
  },
  'bone-anchor': { scene: '<bone-anchor data-subject for="host" bone="Head"></bone-anchor>' },
  'anim-graph-view': { page: '<anim-graph-view data-subject for="host"></anim-graph-view>' },
  'anim-inspector': { page: '<anim-inspector data-subject for="host"></anim-inspector>' },
};

const LONG = 'x'.repeat(1 << 20);
const BAD_VALUES: [string, string][] = [
  ['a word', 'bogus'],
  ['NaN', 'NaN'],
  ['a 1 MB string', LONG],
];
const CODES = new Set<string>(Object.keys(ERROR_CODES));

interface Mounted {
  host: HTMLElement;
  scene: AnimScene;
  subject: HTMLElement;
  walker: AnimCharacter;
  errors: AnimErrorDetail[];
  thrown: unknown[];
}

async function mount(tag: string): Promise<Mounted> {
  const where = MOUNTS[tag];
  // not a fixture: open-wc removes those after each test, and one mount serves an element's every attribute
  const host = document.createElement('div');
  document.body.append(host);
  host.innerHTML = `<anim-scene paused ${where.physics ? 'physics' : ''} style="width: 160px; height: 120px">
      <anim-character id="host" src="${MANNEQUIN}" clip="idle">${where.character ?? ''}</anim-character>
      <anim-character id="walker" src="${MANNEQUIN}" clip="walk" position="1 0 0"></anim-character>
      ${where.scene ?? ''}
    </anim-scene>${where.page ?? ''}`;
  const scene = host.querySelector<AnimScene>('anim-scene')!;
  const walker = host.querySelector<AnimCharacter>('#walker')!;
  const subject =
    tag === 'anim-scene'
      ? scene
      : tag === 'anim-character'
        ? host.querySelector<HTMLElement>('#host')!
        : host.querySelector<HTMLElement>('[data-subject]')!;
  expect(subject.localName, 'the subject is mounted').to.equal(tag);
  await Promise.all([...host.querySelectorAll<AnimCharacter>('anim-character')].map((c) => c.ready.catch(() => {})));
  await frames(scene, 3);
  const errors = collectErrors(host);
  const thrown: unknown[] = [];
  return { host, scene, subject, walker, errors, thrown };
}

/** Lets lit update and the stage step `count` frames. */
async function frames(scene: AnimScene, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await settle();
    scene.step(1 / 30);
  }
  await settle();
}

function walkerPose(walker: AnimCharacter): number[] {
  return [...(walker.boneMatrix('LeftFoot') ?? [])];
}

const declarations = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);

describe('reliability: every typed attribute of every element, given a bad value', () => {
  const onError = (e: ErrorEvent) => current?.thrown.push(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => current?.thrown.push(e.reason);
  let current: Mounted | undefined;
  before(() => {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
  });
  after(() => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });

  it('covers every element of the manifest', () => {
    expect(declarations.map((d) => d.tagName).sort()).to.deep.equal(Object.keys(MOUNTS).sort());
  });

  for (const declaration of declarations) {
    const tag = declaration.tagName!;
    const typed = (declaration.attributes ?? []).filter((a) => a.type && !FREE_TYPES.has(a.type.text));
    if (typed.length === 0) continue;
    describe(`<${tag}>`, () => {
      before(async () => {
        current = await mount(tag);
        const { errors } = current;
        expect(errors, `<${tag}> mounts without errors`).to.deep.equal([]);
      });
      after(() => {
        current?.host.remove();
        current = undefined;
      });

      for (const attribute of typed) {
        it(`${attribute.name} (${attribute.type!.text})`, async () => {
          const { scene, subject, walker, errors, thrown } = current!;
          const original = subject.getAttribute(attribute.name);
          for (const [what, value] of BAD_VALUES) {
            errors.length = 0;
            const before = walkerPose(walker);
            const warn = console.warn;
            console.warn = () => {};
            try {
              subject.setAttribute(attribute.name, value);
              await frames(scene, 2);
            } finally {
              console.warn = warn;
            }
            const label = `${attribute.name}=${what}`;
            expect(thrown, `${label}: nothing thrown`).to.deep.equal([]);
            expect(
              errors.map((e) => e.code),
              `${label}: one anim-error (${errors.map((e) => e.message.slice(0, 120)).join(' | ')})`,
            ).to.have.length(1);
            const [error] = errors;
            expect(CODES.has(error.code), `${label}: a registered code, not ${error.code}`).to.equal(true);
            expect(error.message.length, `${label}: a short message`).to.be.below(1000);
            expect(
              error.message.includes(attribute.name) || error.message.includes(value.slice(0, 20)),
              `${label}: the message names it: ${error.message.slice(0, 200)}`,
            ).to.equal(true);
            expect(walkerPose(walker), `${label}: the walker keeps animating`).to.not.deep.equal(before);
          }
          errors.length = 0;
          subject.removeAttribute(attribute.name);
          await frames(scene, 2);
          expect(errors, `${attribute.name} removed: its default, silently`).to.deep.equal([]);
          if (original !== null) {
            subject.setAttribute(attribute.name, original);
            await frames(scene, 2);
          }
          errors.length = 0;
          expect(thrown, 'nothing thrown').to.deep.equal([]);
        });
      }
    });
  }
});
