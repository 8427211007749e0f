import '../../src/elements/anim-inspector.js';
import '../../src/elements/anim-graph-view.js';
import type { Actor } from '../../src/scene/stage.js';
import { heading, slider } from '../controls.js';
import type { DemoContext, DemoSection } from '../section.js';

/** The graph the section puts on the mannequin: idle, walk and run kept in step by auto markers, and a wave. */
const GRAPH = `
  <anim-clip name="walk" markers="auto"></anim-clip>
  <anim-clip name="run" markers="auto"></anim-clip>
  <anim-param name="speed" type="float" value="0"></anim-param>
  <anim-param name="wave" type="trigger"></anim-param>
  <anim-state name="idle" clip="idle" default></anim-state>
  <anim-state name="walk" clip="walk"></anim-state>
  <anim-state name="run" clip="run"></anim-state>
  <anim-state name="wave" clip="wave" loop="once"></anim-state>
  <anim-transition from="idle" to="walk" when="speed > 0.1" fade="0.25s"></anim-transition>
  <anim-transition from="walk" to="idle" when="speed <= 0.1" fade="0.25s"></anim-transition>
  <anim-transition from="walk" to="run" when="speed > 2" fade="0.3s"></anim-transition>
  <anim-transition from="run" to="walk" when="speed <= 2" fade="0.3s"></anim-transition>
  <anim-transition from="idle" to="wave" when="wave" fade="0.15s"></anim-transition>
  <anim-transition from="wave" to="idle" exit-time="1" fade="0.2s"></anim-transition>`;

/** The autopilot's programme: seconds, then the speed it sets (a wave when idle). */
const PROGRAMME = [
  [0, 1.2],
  [2.5, 3],
  [5, 1.2],
  [6.5, 0],
  [7.5, -1],
  [10, 1.2],
] as const;
const PERIOD = 11;

/**
 * The inspector under the mannequin: a walk/run/wave graph, a speed slider, a wave button and an autopilot,
 * the graph view beside, and `<anim-inspector>`'s timeline at the foot of the stage (drag it to scrub;
 * record, then replay).
 */
export const inspectorSection: DemoSection = {
  id: 'inspector',
  title: 'Inspector',
  enter({ scene, character, panel }: DemoContext) {
    const id = character.id;
    character.id ||= 'hero';
    const parts = document.createRange().createContextualFragment(GRAPH);
    const added = [...parts.children];
    character.append(parts);

    const inspector = document.createElement('anim-inspector');
    inspector.setAttribute('for', character.id);
    inspector.className = 'stage-inspector';
    inspector.style.cssText = 'position: absolute; left: 12px; right: 12px; bottom: 12px;';
    scene.parentElement!.append(inspector);
    const view = document.createElement('anim-graph-view');
    view.setAttribute('for', character.id);
    view.style.cssText = 'display: block; zoom: 0.6;';

    let autopilot = true;
    let clock = 0;
    let step = -1;
    const pilot: Actor = {
      update: (dt) => {
        if (!autopilot) return;
        clock = (clock + dt) % PERIOD;
        let k = 0;
        while (k + 1 < PROGRAMME.length && PROGRAMME[k + 1][0] <= clock) k++;
        if (k === step) return;
        step = k;
        const speed = PROGRAMME[k][1];
        if (speed < 0) character.trigger('wave');
        else character.setParam('speed', speed);
      },
    };
    scene.stage?.addActor(pilot, 'control');

    const speed = slider({
      label: 'Speed',
      min: 0,
      max: 3.5,
      step: 0.05,
      value: 0,
      format: (v) => `${v.toFixed(2)} m/s`,
      onInput: (v) => {
        autopilot = false;
        auto.checked = false;
        character.setParam('speed', v);
      },
    });
    const wave = document.createElement('button');
    wave.type = 'button';
    wave.className = 'chip';
    wave.textContent = 'Wave';
    wave.addEventListener('click', () => character.trigger('wave'));
    const autoLabel = document.createElement('label');
    autoLabel.className = 'control';
    const auto = document.createElement('input');
    auto.type = 'checkbox';
    auto.checked = true;
    auto.addEventListener('change', () => {
      autopilot = auto.checked;
    });
    autoLabel.append(auto, ' Autopilot (walk, run, wave)');
    const note = document.createElement('p');
    note.className = 'panel-note';
    note.textContent =
      'Drag on the timeline to scrub the character back in time; Live returns. Record, then Replay: the same poses frame for frame.';
    panel.append(heading('Drive'), autoLabel, speed.root, wave, heading('Graph'), view, note);

    return () => {
      scene.stage?.removeActor(pilot);
      inspector.remove();
      for (const el of added) el.remove();
      character.id = id;
    };
  },
};
