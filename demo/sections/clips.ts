import type { AnimPlayDetail } from '../../src/elements/anim-character.js';
import type { WrapMode } from '../../src/runtime/index.js';
import type { Actor } from '../../src/scene/stage.js';
import { heading, slider } from '../controls.js';
import type { DemoContext, DemoSection } from '../section.js';

const LOOP_MODES: readonly WrapMode[] = ['repeat', 'once', 'pingpong', 'clamp'];

/**
 * The clip picker: a button per clip of the mannequin (a click crossfades to it), the speed (negative plays
 * backwards), the crossfade time, the wrap mode, and the playing clip's progress. Clips that travel play in
 * place.
 */
export const clipsSection: DemoSection = {
  id: 'clips',
  title: 'Clips',
  enter({ scene, character, panel }: DemoContext) {
    // walks and runs in place: their travel is taken out of the hips (and shown by nothing), so they neither
    // leave the frame nor snap back each loop; a vault or a climb still rises in the skeleton
    character.rootMotion = 'expose planar';
    const picker = document.createElement('div');
    picker.className = 'clip-picker';
    picker.setAttribute('role', 'group');
    picker.setAttribute('aria-label', 'Clip');
    const buttons = new Map<string, HTMLButtonElement>();

    const showPlaying = () => {
      for (const [name, button] of buttons) button.setAttribute('aria-pressed', String(name === character.clip));
    };
    const fillPicker = () => {
      buttons.clear();
      picker.replaceChildren(
        ...character.clips.map((name) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'chip';
          button.textContent = name;
          button.addEventListener('click', () => character.play(name));
          buttons.set(name, button);
          return button;
        }),
      );
      showPlaying();
    };
    const onPlay = (event: CustomEvent<AnimPlayDetail>) => {
      showPlaying();
      nowPlaying.textContent = event.detail.clip;
    };

    const now = document.createElement('div');
    now.className = 'now-playing';
    const nowPlaying = document.createElement('span');
    nowPlaying.className = 'now-playing-clip';
    nowPlaying.textContent = character.clip ?? '—';
    const progress = document.createElement('progress');
    progress.max = 1;
    progress.value = 0;
    progress.setAttribute('aria-label', 'Time in the clip');
    now.append(nowPlaying, progress);

    // the bar follows the stage's frames; a number into a number property: nothing allocated per frame
    const follow: Actor = {
      update: () => {
        const duration = character.duration;
        progress.value = duration > 0 ? character.time / duration : 0;
      },
    };

    const speed = slider({
      label: 'Speed',
      min: -1,
      max: 2,
      step: 0.05,
      value: character.speed,
      format: (v) => `${v.toFixed(2)}×`,
      onInput: (v) => {
        character.speed = v;
      },
    });
    const fade = slider({
      label: 'Crossfade',
      min: 0,
      max: 1,
      step: 0.05,
      value: character.fade,
      format: (v) => `${v.toFixed(2)} s`,
      onInput: (v) => {
        character.fade = v;
      },
    });

    const loop = document.createElement('label');
    loop.className = 'control';
    const loopName = document.createElement('span');
    loopName.className = 'control-name';
    loopName.textContent = 'Wrap';
    const loopSelect = document.createElement('select');
    loopSelect.append(
      ...LOOP_MODES.map((mode) => new Option(mode, mode, false, mode === (character.loop ?? 'repeat'))),
    );
    loopSelect.addEventListener('change', () => {
      character.loop = loopSelect.value;
    });
    loop.append(loopName, loopSelect);

    // after the character's rig in the frame (actors run in the order they joined), so it shows this frame's time
    const followRig = () => {
      scene.stage?.removeActor(follow);
      scene.stage?.addActor(follow);
    };
    const onLoad = () => {
      fillPicker();
      followRig();
    };

    panel.append(heading('Clip'), picker, now, heading('Playback'), speed.root, fade.root, loop);
    fillPicker();
    character.addEventListener('anim-load', onLoad);
    character.addEventListener('anim-play', onPlay);
    followRig();
    return () => {
      character.removeEventListener('anim-load', onLoad);
      character.removeEventListener('anim-play', onPlay);
      scene.stage?.removeActor(follow);
    };
  },
};
