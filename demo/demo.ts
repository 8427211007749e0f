import '../src/index.js';
import type { AnimCharacter } from '../src/elements/anim-character.js';
import type { AnimScene } from '../src/elements/anim-scene.js';
import type { DemoSection } from './section.js';
import { SECTIONS } from './sections/index.js';

export const MANNEQUIN_URL = '/assets/mannequin.glb';

/** The demo's camera, restored whenever a tab is entered. */
export const DEMO_ORBIT = { yaw: 24, pitch: 8, distance: 4.6 } as const;
export const DEMO_TARGET = [0, 0.85, 0] as const;

export interface DemoOptions {
  /** Starts with time stopped (tests advance it with `scene.step(dt)`). */
  paused?: boolean;
  /** The sections to offer; default every one in `sections/index.ts`. */
  sections?: readonly DemoSection[];
}

/** The mounted demo: its scene, its mannequin, and the section on show. */
export interface Demo {
  readonly scene: AnimScene;
  readonly character: AnimCharacter;
  readonly panel: HTMLElement;
  /** Shows a section by id (the tabs call this). */
  show(id: string): void;
  readonly current: string;
  dispose(): void;
}

/**
 * The demo page: a header, one `<anim-scene>` with the mannequin on a shadowed ground, and a side panel of
 * tabs, one per section (the clip picker first). Resolves once the mannequin is posed.
 */
export async function mountDemo(root: HTMLElement, options: DemoOptions = {}): Promise<Demo> {
  const sections = options.sections ?? SECTIONS;
  root.classList.add('demo-page');
  root.innerHTML = `
    <header class="demo-header">
      <h1 class="brand">anim-elements</h1>
      <p class="tagline">Declarative web components for animated 3D characters</p>
      <nav class="demo-nav"><a href="?gallery">Gallery of every clip →</a></nav>
    </header>
    <main class="demo-main">
      <div class="demo-stage">
        <anim-scene shadows ground controls camera-orbit="${DEMO_ORBIT.yaw}deg ${DEMO_ORBIT.pitch}deg ${DEMO_ORBIT.distance}m"
          camera-target="${DEMO_TARGET.join(' ')}"
          background="#e4e2dd" exposure="1.05">
          <anim-character src="${MANNEQUIN_URL}" clip="idle" fade="0.3s" aria-label="The mannequin"></anim-character>
        </anim-scene>
        <p class="stage-hint">Drag to orbit · wheel to zoom</p>
      </div>
      <aside class="demo-panel">
        <nav class="demo-tabs" role="tablist" aria-label="Features"></nav>
        <section class="demo-section" role="tabpanel"></section>
      </aside>
    </main>`;
  const scene = root.querySelector('anim-scene')!;
  const character = root.querySelector('anim-character')!;
  const tabs = root.querySelector<HTMLElement>('.demo-tabs')!;
  const panel = root.querySelector<HTMLElement>('.demo-section')!;
  if (options.paused) scene.paused = true;
  tabs.hidden = sections.length < 2;

  let current = '';
  let leave: (() => void) | undefined;
  const buttons = sections.map((section) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.textContent = section.title;
    tab.addEventListener('click', () => show(section.id));
    tabs.append(tab);
    return tab;
  });

  /** Every tab starts from the same view and the same idle mannequin, whatever the last one left. */
  function reset(): void {
    scene.cameraOrbit = { ...DEMO_ORBIT };
    scene.cameraTarget = [...DEMO_TARGET];
    // the user may have orbited: the element's values did not change, so the camera is put back directly
    scene.stage?.setOrbit(DEMO_ORBIT.yaw, DEMO_ORBIT.pitch, DEMO_ORBIT.distance);
    scene.stage?.setTarget(...DEMO_TARGET);
    character.speed = 1;
    character.fade = 0.3;
    character.loop = null;
    character.rootMotion = 'off';
    character.position = [0, 0, 0];
    character.heading = 0;
    if (character.clips.includes('idle')) character.play('idle');
  }

  function show(id: string): void {
    const index = Math.max(
      0,
      sections.findIndex((s) => s.id === id),
    );
    const section = sections[index];
    if (!section || section.id === current) return;
    leave?.();
    reset();
    panel.replaceChildren();
    current = section.id;
    for (const [i, tab] of buttons.entries()) tab.setAttribute('aria-selected', String(i === index));
    leave = section.enter({ scene, character, panel }) ?? undefined;
  }

  show(location.hash.slice(1));
  try {
    await character.ready;
  } catch {
    // the character shows the error itself (its error part) and reports it as anim-error
  }
  return {
    scene,
    character,
    panel,
    show,
    get current() {
      return current;
    },
    dispose() {
      leave?.();
      root.replaceChildren();
    },
  };
}
