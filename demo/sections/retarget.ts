import type { AnimCharacter } from '../../src/elements/anim-character.js';
import { loadClipSource } from '../../src/scene/clip-sources.js';
import { heading } from '../controls.js';
import type { DemoContext, DemoSection } from '../section.js';

export const SOLDIER = '/shared-models/Soldier.glb';
export const XBOT = '/shared-models/Xbot.glb';
export const ROBOT = '/shared-models/RobotExpressive.glb';
const MANNEQUIN = '/assets/mannequin.glb';
/** Soldier's T-pose is a reference pose, not a motion worth picking. */
const NOT_MOTIONS = new Set(['TPose']);

/** A row of chips, one per clip; a click plays it and marks it pressed. */
function clipPicker(label: string, names: readonly string[], play: (name: string) => void): HTMLElement {
  const picker = document.createElement('div');
  picker.className = 'clip-picker';
  picker.setAttribute('role', 'group');
  picker.setAttribute('aria-label', label);
  const choose = (name: string) => {
    for (const chip of picker.children) chip.setAttribute('aria-pressed', String(chip.textContent === name));
    play(name);
  };
  for (const name of names) {
    const chip = document.createElement('button');
    chip.type = 'button';
    chip.className = 'chip';
    chip.textContent = name;
    chip.addEventListener('click', () => choose(name));
    picker.append(chip);
  }
  return picker;
}

const chipOf = (picker: HTMLElement, name: string) =>
  [...picker.querySelectorAll('button')].find((chip) => chip.textContent === name);

/** Resolves once `character` lists every one of `names` (or after a few seconds, when one cannot be bound). */
async function whenClipsBound(character: AnimCharacter, names: readonly string[]): Promise<void> {
  for (let i = 0; i < 100 && !names.every((name) => character.clips.includes(name)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `<anim-clip>` children that retarget each named clip of `file` onto `character`. */
function retargetedClips(character: AnimCharacter, file: string, names: readonly string[]): void {
  character.insertAdjacentHTML(
    'beforeend',
    names
      .map((name) => `<anim-clip name="${name}" src="${file}#${encodeURIComponent(name)}" retarget></anim-clip>`)
      .join(''),
  );
}

/**
 * Retargeting: one library of clips on many rigs. Soldier (a Mixamo rig in centimetres under a 0.01
 * armature, a fifth of a metre tall as the file has it and facing -Z, so shown 8.5 times larger and turned) plays its own clips at the left; the mannequin and Xbot play the same clips through their
 * humanoid maps; RobotExpressive, at the right, plays the mannequin's library. The real models come from
 * ../shared/models through the dev server; without them the tab says so in one line.
 */
export const retargetSection: DemoSection = {
  id: 'retarget',
  title: 'Retarget',
  enter({ scene, character, panel }: DemoContext) {
    const saved = {
      position: character.getAttribute('position'),
      clip: character.clip,
      orbit: scene.getAttribute('camera-orbit'),
      target: scene.getAttribute('camera-target'),
    };
    const added: Element[] = [];
    let left = false;
    const status = document.createElement('p');
    status.className = 'section-note';
    status.textContent = 'Loading Soldier, Xbot and RobotExpressive…';
    panel.append(heading('Retargeting'), status);

    void loadClipSource(SOLDIER).then(
      async (source) => {
        // a mannequin that failed to load reports that itself; the others are shown all the same
        await character.ready.catch(() => {});
        if (left) return;
        const mannequinClips = character.clips.filter((name) => !name.endsWith('-inplace'));
        const soldierClips = source.asset.clips.map((c) => c.name).filter((name) => !NOT_MOTIONS.has(name));
        scene.setAttribute('camera-orbit', '0deg 6deg 7.6m');
        scene.setAttribute('camera-target', '0 0.85 0');
        character.setAttribute('position', '-0.8 0 0');
        scene.insertAdjacentHTML(
          'beforeend',
          `<anim-character class="retarget-soldier" src="${SOLDIER}" position="-2.4 0 0" scale="8.5" heading="180" fade="0.3s" aria-label="Soldier, its own clips"></anim-character>
           <anim-character class="retarget-xbot" src="${XBOT}" position="0.8 0 0" fade="0.3s" aria-label="Xbot, Soldier's clips"></anim-character>
           <anim-character class="retarget-robot" src="${ROBOT}" position="2.4 0 0" scale="0.3" fade="0.3s" aria-label="RobotExpressive, the mannequin's clips"></anim-character>`,
        );
        const [soldier, xbot, robot] = [...scene.querySelectorAll<AnimCharacter>(':scope > [class^="retarget-"]')];
        added.push(soldier, xbot, robot);
        for (const target of [character, xbot]) {
          const before = target.children.length;
          retargetedClips(target, SOLDIER, soldierClips);
          added.push(...[...target.children].slice(before));
        }
        retargetedClips(robot, MANNEQUIN, mannequinClips);
        const playSoldier = (name: string) => {
          for (const c of [soldier, character, xbot]) c.clip = name;
        };
        const playLibrary = (name: string) => {
          robot.clip = name;
        };
        // the mannequin was bound before these children came: its retargeted clips follow a moment later
        await whenClipsBound(character, soldierClips);
        if (left) return;
        const first = soldierClips.includes('Walk') ? 'Walk' : soldierClips[0];
        const soldierPicker = clipPicker("Soldier's clips", soldierClips, playSoldier);
        const libraryPicker = clipPicker("The mannequin's clips", mannequinClips, playLibrary);
        status.textContent =
          'Soldier plays its own clips; the mannequin and Xbot the same ones retargeted; RobotExpressive the mannequin’s.';
        panel.append(
          heading('Soldier → mannequin, Xbot'),
          soldierPicker,
          heading('Mannequin → RobotExpressive'),
          libraryPicker,
        );
        chipOf(soldierPicker, first)?.click();
        chipOf(libraryPicker, 'walk')?.click();
      },
      () => {
        if (left) return;
        status.textContent =
          'The shared models (../shared/models: Soldier, Xbot, RobotExpressive) are not served here, so there is nothing to retarget.';
      },
    );

    return () => {
      left = true;
      for (const el of added) el.remove();
      const restore = (el: Element, name: string, value: string | null) =>
        value === null ? el.removeAttribute(name) : el.setAttribute(name, value);
      restore(character, 'position', saved.position);
      restore(scene, 'camera-orbit', saved.orbit);
      restore(scene, 'camera-target', saved.target);
      character.clip = saved.clip;
    };
  },
};
