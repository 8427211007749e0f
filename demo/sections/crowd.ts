import '../../src/elements/anim-crowd.js';
import type { AnimCrowd } from '../../src/elements/anim-crowd.js';
import { heading, slider } from '../controls.js';
import type { DemoContext, DemoSection } from '../section.js';

const MANNEQUIN = '/assets/mannequin.glb';
/** Two gates on the plaza's sides, for the "to the gates" paths. */
const GATES = '-7 0; 7 0';

/** How many people the tab starts with (a test asks for fewer). */
export const crowdDemo = { count: 1000 };

/**
 * Crowd: a plaza of a thousand mannequins (`<anim-crowd>`), each walking its own seeded path with the
 * locomotion graph, all drawn by a few instanced draws. The demo's own mannequin steps aside (hidden) and
 * the camera pulls back over the plaza; leaving the tab puts both back.
 */
export const crowdSection: DemoSection = {
  id: 'crowd',
  title: 'Crowd',
  enter({ scene, character, panel }: DemoContext) {
    const orbit = scene.getAttribute('camera-orbit');
    const target = scene.getAttribute('camera-target');
    const debug = scene.getAttribute('debug');
    character.hidden = true;
    const wasVisible = character.object3D?.visible ?? true;
    if (character.object3D) character.object3D.visible = false;
    scene.setAttribute('camera-orbit', '25deg 32deg 30m');
    scene.setAttribute('camera-target', '0 0 0');
    scene.setAttribute('debug', 'stats');
    scene.insertAdjacentHTML(
      'beforeend',
      `<anim-crowd count="${crowdDemo.count}" area="20 20" seed="1" speed="0.8 1.6" mode="wander">
        <anim-character src="${MANNEQUIN}" graph="locomotion"></anim-character>
      </anim-crowd>`,
    );
    const crowd = scene.lastElementChild as AnimCrowd;

    const count = slider({
      label: 'People',
      min: 0,
      max: 2000,
      step: 50,
      value: crowd.count,
      format: (v) => String(v),
      onInput: (v) => {
        crowd.count = v;
      },
    });
    const fast = slider({
      label: 'Fastest walker',
      min: 0.8,
      max: 3.2,
      step: 0.1,
      value: crowd.speed[1],
      format: (v) => `${v.toFixed(1)} m/s`,
      onInput: (v) => {
        crowd.speed = [0.8, v];
      },
    });
    const seed = slider({
      label: 'Seed',
      min: 1,
      max: 50,
      step: 1,
      value: crowd.seed,
      format: (v) => String(v),
      onInput: (v) => {
        crowd.seed = v;
      },
    });
    const mode = document.createElement('label');
    mode.className = 'control';
    const modeName = document.createElement('span');
    modeName.className = 'control-name';
    modeName.textContent = 'Paths';
    const select = document.createElement('select');
    for (const name of ['wander', 'flow']) select.add(new Option(name, name, false, name === crowd.mode));
    select.add(new Option('to the gates', 'gates'));
    select.addEventListener('change', () => {
      // the gates: everyone flows in from the plaza's edges to one of two points, and in again once there
      const gates = select.value === 'gates';
      crowd.mode = gates ? 'flow' : select.value;
      crowd.targets = gates ? GATES : '';
    });
    mode.append(modeName, select);

    panel.append(heading('Plaza'), count.root, fast.root, seed.root, mode);
    return () => {
      crowd.remove();
      character.hidden = false;
      if (character.object3D) character.object3D.visible = wasVisible;
      const restore = (name: string, value: string | null) =>
        value === null ? scene.removeAttribute(name) : scene.setAttribute(name, value);
      restore('camera-orbit', orbit);
      restore('camera-target', target);
      restore('debug', debug);
    };
  },
};
