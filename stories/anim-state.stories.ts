import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { MANNEQUIN_RUN_SPEED, MANNEQUIN_WALK_SPEED } from '../src/graph/index.js';
import { graphStage, MANNEQUIN, MANNEQUIN_CLIPS } from './support/graph-stage.js';

interface StateArgs {
  name: string;
  clip: string;
  loop: string;
  speed: string;
  start: number;
  end: number;
  default: boolean;
  layer: string;
  blendX: string;
  blendY: string;
  blendType: string;
  speedParam: number;
}

const meta: Meta<StateArgs> = {
  title: 'Elements/anim-state',
  component: 'anim-state',
  args: {
    name: 'move',
    clip: '',
    loop: 'repeat',
    speed: '1',
    start: 0,
    end: 100,
    default: true,
    layer: '',
    blendX: 'speed',
    blendY: '',
    blendType: '1d',
    speedParam: 1.5,
  },
  argTypes: {
    name: { control: 'text' },
    clip: { control: 'select', options: ['', ...MANNEQUIN_CLIPS], description: 'Empty: the blend points play.' },
    loop: { control: 'inline-radio', options: ['repeat', 'once', 'pingpong', 'clamp'] },
    speed: { control: 'text', description: 'A number, or a param name.' },
    start: {
      control: { type: 'range', min: 0, max: 100, step: 1 },
      description: 'Percent of each clip (the attribute also takes seconds: `0.4s`).',
    },
    end: { control: { type: 'range', min: 0, max: 100, step: 1 }, description: 'Percent of each clip.' },
    default: { control: 'boolean' },
    layer: { control: 'text' },
    blendX: { name: 'blend-x', control: 'text' },
    blendY: { name: 'blend-y', control: 'text' },
    blendType: { name: 'blend-type', control: 'inline-radio', options: ['1d', 'directional', 'cartesian'] },
    speedParam: {
      name: 'speed (param)',
      control: { type: 'range', min: 0, max: 4, step: 0.05 },
      description: 'The `speed` param the blend space reads (m/s).',
    },
  },
  render: (args) =>
    graphStage(
      'state-hero',
      html`<anim-character id="state-hero" src=${MANNEQUIN}>
        <anim-param name="speed" value=${args.speedParam}></anim-param>
        <anim-param name="turn" value="0"></anim-param>
        <anim-state name="idle" clip="idle"></anim-state>
        <anim-state
          name=${args.name}
          clip=${args.clip || nothing}
          loop=${args.loop}
          speed=${args.speed}
          start=${`${args.start}%`}
          end=${`${args.end}%`}
          ?default=${args.default}
          layer=${args.layer || nothing}
          blend-x=${args.clip ? nothing : args.blendX || nothing}
          blend-y=${args.clip ? nothing : args.blendY || nothing}
          blend-type=${args.clip ? nothing : args.blendType}
        >
          ${
            args.clip
              ? nothing
              : html`<anim-blend-point clip="idle" x="0"></anim-blend-point>
                  <anim-blend-point clip="walk-inplace" x=${MANNEQUIN_WALK_SPEED}></anim-blend-point>
                  <anim-blend-point clip="run-inplace" x=${MANNEQUIN_RUN_SPEED}></anim-blend-point>`
          }
        </anim-state>
        <anim-transition from="idle" to=${args.name} when="speed > 0.05"></anim-transition>
      </anim-character>`,
    ),
};
export default meta;

type Story = StoryObj<StateArgs>;

/** A 1D blend space by `speed`: idle, walk and run, feet in step. Slide the speed param. */
export const BlendSpace: Story = {};

/** A plain clip state: the walk, at half speed, its first half only, played once. */
export const ClipState: Story = {
  args: { clip: 'walk-inplace', speed: '0.5', end: 50, loop: 'once' },
};
