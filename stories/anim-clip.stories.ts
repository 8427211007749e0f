import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';

interface ClipArgs {
  name: string;
  from: string;
  src: string;
  retarget: boolean;
  start: string;
  end: string;
  loop: string;
  speed: number;
  stride: string;
  mask: string;
  additive: boolean;
}

const meta: Meta<ClipArgs> = {
  title: 'Elements/anim-clip',
  component: 'anim-clip',
  args: {
    name: 'wave-top',
    from: 'wave',
    src: '',
    retarget: false,
    start: '0.4',
    end: '1.4',
    loop: 'pingpong',
    speed: 1,
    stride: '',
    mask: '',
    additive: false,
  },
  argTypes: {
    name: { control: 'text', description: 'The character plays the clip by this name.' },
    from: {
      control: 'select',
      options: ['idle', 'walk-inplace', 'run-inplace', 'wave', 'punch', 'crouch-idle', 'death'],
    },
    src: {
      control: 'select',
      options: ['', '/assets/mannequin.glb#wave', '/assets/mannequin.glb#punch'],
      description: 'A clip from another file, `url#Clip` (here the mannequin itself stands in for an animation pack).',
    },
    retarget: { control: 'boolean', description: 'Play the `src` clip through both humanoid maps.' },
    start: { control: 'text', description: 'Seconds (`0.4`, `400ms`) or a percentage of the clip (`25%`).' },
    end: { control: 'text', description: 'Seconds (`1.4`, `1.4s`) or a percentage of the clip (`75%`).' },
    loop: {
      control: 'select',
      options: ['', 'repeat', 'once', 'pingpong', 'clamp'],
      description:
        'repeat wraps; once stops at the end; pingpong bounces; clamp holds but moves again if the speed flips sign (the same on clips and sprites)',
    },
    speed: { control: { type: 'range', min: -2, max: 3, step: 0.05 } },
    stride: {
      control: 'text',
      description: 'Metres per cycle: with root motion off the clip follows the ground speed.',
    },
    mask: {
      control: 'select',
      options: ['', 'upper-body', 'lower-body', 'RightUpperArm', 'Head'],
      description: 'An overlay on these joints: in this story it plays over the in-place walk.',
    },
    additive: { control: 'boolean', description: 'An overlay adding its motion to the in-place walk.' },
  },
  render: (args) => {
    // an overlay plays over a clip below it: the walk first, then the overlay on top
    const overlay = args.mask !== '' || args.additive;
    const playBoth = (event: Event) => {
      const character = event.target as HTMLElement & { play(clip: string, options?: { fade?: number }): void };
      character.play('walk-inplace', { fade: 0 });
      character.play(args.name);
    };
    return html`
    <anim-scene shadows ground controls style="height: 440px" camera-orbit="20deg 8deg 4m">
      <anim-character
        src="/assets/mannequin.glb"
        clip=${overlay ? nothing : args.name}
        @anim-load=${overlay ? playBoth : nothing}
      >
        <anim-clip
          name=${args.name}
          from=${args.from}
          src=${args.src || nothing}
          ?retarget=${args.retarget}
          start=${args.start || nothing}
          end=${args.end || nothing}
          loop=${args.loop || nothing}
          speed=${args.speed}
          stride=${args.stride || nothing}
          mask=${args.mask || nothing}
          ?additive=${args.additive}
        ></anim-clip>
      </anim-character>
    </anim-scene>
  `;
  },
};
export default meta;

type Story = StoryObj<ClipArgs>;

/** A slice of the wave (0.4 s to 1.4 s) played back and forth: the hand sways at the top. */
export const Slice: Story = {};

/** The middle half of the wave, as shares of the clip: the window follows the clip whatever its length. */
export const PercentWindow: Story = {
  args: { name: 'wave-mid', from: 'wave', start: '25%', end: '75%', loop: 'pingpong', speed: 1 },
};

/** The whole walk under another name, at half speed. */
export const Renamed: Story = {
  args: { name: 'stroll', from: 'walk-inplace', start: '', end: '', loop: '', speed: 0.5 },
};

/** The wave on the upper body only, over the in-place walk: the legs keep walking. */
export const UpperBodyOverlay: Story = {
  args: { name: 'wave-upper', from: 'wave', start: '', end: '', loop: '', speed: 1, mask: 'upper-body' },
};
