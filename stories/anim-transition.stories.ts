import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { graphStage, MANNEQUIN } from './support/graph-stage.js';

interface TransitionArgs {
  from: string;
  to: string;
  when: string;
  fade: string;
  exitTime: string;
  ease: string;
  blend: string;
  interrupt: string;
  priority: number;
  speed: number;
}

const meta: Meta<TransitionArgs> = {
  title: 'Elements/anim-transition',
  component: 'anim-transition',
  args: {
    from: 'idle',
    to: 'walk',
    when: 'speed > 0.5',
    fade: '0.4s',
    exitTime: '',
    ease: 'ease-in-out',
    blend: 'crossfade',
    interrupt: 'none',
    priority: 0,
    speed: 1,
  },
  argTypes: {
    from: { control: 'select', options: ['idle', 'walk', 'run', '*'] },
    to: { control: 'select', options: ['idle', 'walk', 'run'] },
    when: {
      control: 'text',
      description: 'Try a broken one (`speed >> 1`): one `bad-condition` error, the rest runs.',
    },
    fade: { control: 'text' },
    exitTime: { name: 'exit-time', control: 'text' },
    ease: { control: 'select', options: ['linear', 'ease-in', 'ease-out', 'ease-in-out'] },
    blend: {
      control: 'select',
      options: ['crossfade', 'inertial'],
      description: '`inertial`: the destination at once, the difference from the pose shown decayed over `fade`.',
    },
    interrupt: {
      control: 'select',
      options: ['none', 'source', 'destination', 'source-then-destination', 'destination-then-source'],
    },
    priority: { control: { type: 'number', step: 1 } },
    speed: { control: { type: 'range', min: 0, max: 4, step: 0.05 }, description: 'The `speed` param.' },
  },
  render: (args) =>
    graphStage(
      'transition-hero',
      html`<anim-character id="transition-hero" src=${MANNEQUIN}>
        <anim-param name="speed" value=${args.speed}></anim-param>
        <anim-state name="idle" clip="idle"></anim-state>
        <anim-state name="walk" clip="walk-inplace"></anim-state>
        <anim-state name="run" clip="run-inplace"></anim-state>
        <anim-transition
          from=${args.from}
          to=${args.to}
          when=${args.when || nothing}
          fade=${args.fade || nothing}
          exit-time=${args.exitTime || nothing}
          ease=${args.ease}
          blend=${args.blend}
          interrupt=${args.interrupt}
          priority=${args.priority}
        ></anim-transition>
        <anim-transition from="walk" to="run" when="speed > 2.5"></anim-transition>
        <anim-transition from="run" to="walk" when="speed <= 2.5"></anim-transition>
        <anim-transition from="*" to="idle" when="speed <= 0.5" fade="0.3s"></anim-transition>
      </anim-character>`,
    ),
};
export default meta;

type Story = StoryObj<TransitionArgs>;

/** The controlled transition is idle → walk; walk ⇄ run and any → idle complete the graph. */
export const Controlled: Story = {};

/** An exit time: the walk starts only as idle's loop passes its end. */
export const WaitForTheLoop: Story = { args: { exitTime: '1', fade: '0.2s' } };

/** Inertial: only the walk is sampled; the idle pose's difference (and its velocity) decays over the fade. */
export const Inertial: Story = { args: { blend: 'inertial', fade: '0.5s', ease: 'linear' } };
