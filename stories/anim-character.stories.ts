import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';
import { MANNEQUIN_CLIPS } from '../scripts/mannequin/clip-names.js';

interface CharacterArgs {
  src: string;
  clip: string;
  speed: number;
  loop: string;
  paused: boolean;
  fade: string;
  clipStart: string;
  clipEnd: string;
  position: string;
  heading: number;
  scale: number;
  height: string;
  skinning: string;
  instancing: string;
  poster: string;
  loading: string;
  rootMotion: string;
  rootBone: string;
  verticalHandoff: boolean;
  repetitions: string;
  reveal: string;
  alt: string;
}

const meta: Meta<CharacterArgs> = {
  title: 'Elements/anim-character',
  component: 'anim-character',
  args: {
    src: '/assets/mannequin.glb',
    clip: 'walk-inplace',
    speed: 1,
    loop: '',
    paused: false,
    fade: '0.25s',
    clipStart: '0%',
    clipEnd: '100%',
    position: '0 0 0',
    heading: 0,
    scale: 1,
    height: '',
    skinning: 'gpu',
    instancing: 'auto',
    poster: '',
    loading: 'eager',
    rootMotion: 'off',
    rootBone: '',
    verticalHandoff: false,
    repetitions: 'infinite',
    reveal: 'auto',
    alt: '',
  },
  argTypes: {
    src: { control: 'text' },
    clip: { control: 'select', options: [...MANNEQUIN_CLIPS] },
    speed: { control: { type: 'range', min: -2, max: 3, step: 0.05 } },
    loop: { control: 'select', options: ['', 'repeat', 'once', 'pingpong', 'clamp'] },
    paused: { control: 'boolean' },
    fade: { control: 'text' },
    clipStart: {
      name: 'clip-start',
      control: 'text',
      description: 'seconds (`0.5s`) or a percentage of the clip (`40%`)',
    },
    clipEnd: { name: 'clip-end', control: 'text', description: 'seconds (`0.5s`) or a percentage of the clip (`40%`)' },
    position: { control: 'text' },
    heading: { control: { type: 'range', min: -180, max: 180, step: 1 } },
    scale: { control: { type: 'range', min: 0.25, max: 2, step: 0.05 } },
    height: {
      control: 'text',
      description: 'how tall it stands at rest (`1.8m`, `120cm`): the model scaled to it; empty, its file’s own size',
    },
    skinning: { control: 'inline-radio', options: ['gpu', 'cpu'] },
    instancing: {
      control: 'inline-radio',
      options: ['auto', 'off'],
      description: 'with others showing the same `src`: drawn together (see the Together story), or alone',
    },
    poster: { control: 'text' },
    loading: { control: 'inline-radio', options: ['eager', 'lazy'] },
    rootMotion: {
      name: 'root-motion',
      control: 'select',
      options: ['off', 'apply', 'apply planar', 'apply yaw', 'expose', 'expose planar'],
    },
    rootBone: { name: 'root-bone', control: 'text' },
    verticalHandoff: { name: 'vertical-handoff', control: 'boolean' },
    repetitions: { control: 'text', description: 'plays of a looping clip before it holds: `1`, `3`, … or `infinite`' },
    reveal: {
      control: 'inline-radio',
      options: ['auto', 'manual'],
      description: 'a viewer (on its own): when the placeholder goes',
    },
    alt: { control: 'text', description: 'a viewer’s accessible name' },
  },
  render: (args) => html`
    <anim-scene shadows ground controls style="height: 480px" camera-orbit="25deg 10deg 4.2m" debug="root-motion">
      <anim-character
        src=${args.src}
        clip=${args.clip || nothing}
        speed=${args.speed}
        loop=${args.loop || nothing}
        ?paused=${args.paused}
        fade=${args.fade}
        clip-start=${args.clipStart}
        clip-end=${args.clipEnd}
        position=${args.position}
        heading=${args.heading}
        scale=${args.scale}
        height=${args.height || nothing}
        skinning=${args.skinning}
        instancing=${args.instancing}
        poster=${args.poster || nothing}
        loading=${args.loading}
        root-motion=${args.rootMotion}
        root-bone=${args.rootBone || nothing}
        ?vertical-handoff=${args.verticalHandoff}
        repetitions=${args.repetitions}
      ></anim-character>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<CharacterArgs>;

/** The project's mannequin in a scene: pick a clip and it crossfades over `fade`. */
export const InAScene: Story = {};

/** CPU skinning: the runtime deforms the vertices every frame; the picture is the same. */
export const CpuSkinning: Story = { args: { skinning: 'cpu', clip: 'wave' } };

/**
 * Five characters showing one `src`, each with its own clip: one load between them, and (with `instancing`
 * `auto`, the default) one instanced draw per mesh primitive for all five, with no markup asking for it.
 * `instancing="off"` draws each alone; the picture is the same.
 */
export const Together: Story = {
  render: (args) => html`
    <anim-scene shadows ground controls style="height: 360px" camera-orbit="0deg 12deg 100%">
      ${['idle', 'walk-inplace', 'wave', 'run-inplace', 'crouch-idle'].map(
        (clip, i) => html`<anim-character
          src=${args.src}
          clip=${clip}
          position=${`${(i - 2) * 1.1} 0 ${i % 2 ? -0.6 : 0}`}
          heading=${(i - 2) * -15}
          skinning=${args.skinning}
          instancing=${args.instancing}
        ></anim-character>`,
      )}
    </anim-scene>
  `,
};

/** A one-shot that holds its last frame, slowed down. */
export const OnceAndHold: Story = { args: { clip: 'get-up', loop: 'once', speed: 0.5 } };

/** A character outside any scene makes its own stage and fills its box. */
export const OnItsOwn: Story = {
  render: (args) => html`
    <anim-character
      style="width: 320px; height: 360px"
      src=${args.src}
      clip=${args.clip || nothing}
      speed=${args.speed}
      heading=${args.heading}
      skinning=${args.skinning}
      repetitions=${args.repetitions}
      poster=${args.poster || nothing}
      reveal=${args.reveal}
      alt=${args.alt || nothing}
    ></anim-character>
  `,
  args: { clip: 'run-inplace', heading: -30 },
};

/**
 * The loading placeholder of a viewer, kept up by `reveal="manual"` (a page calls `dismissPoster()`); the
 * model loads behind it. Set `poster` to an image URL to show that instead.
 */
export const LoadingPlaceholder: Story = { ...OnItsOwn, args: { clip: 'wave', reveal: 'manual' } };

/** A wave played three times, then held on its last frame (`anim-finish`). */
export const ThreeRepetitions: Story = { ...OnItsOwn, args: { clip: 'wave', repetitions: '3' } };

const IN_PLACE = ['idle', 'walk-inplace', 'run-inplace', 'wave', 'crouch-idle', 'punch'];

/**
 * Twenty-four viewers on one page, all drawn through one shared WebGL context (a browser keeps about sixteen);
 * each canvas is focusable: arrow keys orbit, `+` / `-` zoom.
 */
export const ManyViewers: Story = {
  render: (args) => html`
    <div style="display: grid; grid-template-columns: repeat(auto-fill, 120px); gap: 6px">
      ${Array.from(
        { length: 24 },
        (_, i) => html`<anim-character
          style="width: 120px; height: 150px"
          src=${args.src}
          clip=${IN_PLACE[i % IN_PLACE.length]}
          heading=${(i * 35) % 360}
          alt=${`Viewer ${i + 1}`}
          reveal=${args.reveal}
          repetitions=${args.repetitions}
        ></anim-character>`,
      )}
    </div>
  `,
};

/**
 * Three files made in three units (the Fox in centimetre-like units, about 79 tall; the robot in its own, about
 * 4.5; the mannequin in metres), stood side by side by `height` alone: 0.6, 1.2 and 1.8 m.
 */
export const SameScene: Story = {
  render: () => html`
    <anim-scene shadows ground controls style="height: 360px" camera-orbit="0deg 6deg 100%">
      <anim-character src="/assets/third-party/Fox.glb" clip="Survey" height="0.6m" position="-1.1 0 0" heading="40"></anim-character>
      <anim-character src="/assets/third-party/RobotExpressive.glb" clip="Idle" height="1.2m" position="0 0 0"></anim-character>
      <anim-character src="/assets/mannequin.glb" clip="idle" height="1.8m" position="1.1 0 0"></anim-character>
    </anim-scene>
  `,
};

/**
 * Root motion applied: the walk carries the character away from the camera (it leaves the origin; orbit to
 * follow). The scene's `debug="root-motion"` draws the cyan arrow with the speed in m/s under it.
 */
export const RootMotion: Story = {
  args: { clip: 'walk', rootMotion: 'apply planar', position: '0 0 0.7', heading: 180 },
};

/** A file that does not exist: one `anim-error` (`load-failed`) and the error part. */
export const LoadError: Story = { args: { src: '/assets/missing.glb' } };
