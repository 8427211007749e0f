import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { graphStage, MANNEQUIN } from './support/graph-stage.js';

interface LayerArgs {
  name: string;
  mask: string;
  weight: string;
  blend: string;
  gesture: string;
}

const meta: Meta<LayerArgs> = {
  title: 'Elements/anim-layer',
  component: 'anim-layer',
  args: { name: 'upper', mask: 'upper-body', weight: '1', blend: 'override', gesture: 'wave' },
  argTypes: {
    name: { control: 'text' },
    mask: {
      control: 'select',
      options: ['upper-body', 'lower-body', 'RightShoulder', 'LeftShoulder RightShoulder', 'Neck', ''],
    },
    weight: { control: 'text', description: '0–1, or a param name.' },
    blend: { control: 'inline-radio', options: ['override', 'additive'] },
    gesture: {
      control: 'inline-radio',
      options: ['wave', 'punch', 'none'],
      description: 'The `gesture` param: which state the layer is in.',
    },
  },
  render: (args) =>
    graphStage(
      'layer-hero',
      html`<anim-character id="layer-hero" src=${MANNEQUIN}>
        <anim-param name="waving" type="bool" value=${args.gesture === 'wave'}></anim-param>
        <anim-param name="punching" type="bool" value=${args.gesture === 'punch'}></anim-param>
        <anim-state name="walk" clip="walk-inplace"></anim-state>
        <anim-layer name=${args.name} mask=${args.mask || nothing} weight=${args.weight} blend=${args.blend}>
          <anim-state name="hands-free"></anim-state>
          <anim-state name="wave" clip="wave"></anim-state>
          <anim-state name="punch" clip="punch"></anim-state>
          <anim-transition from="*" to="wave" when="waving" fade="0.3s"></anim-transition>
          <anim-transition from="*" to="punch" when="punching" fade="0.2s"></anim-transition>
          <anim-transition from="*" to="hands-free" when="!waving && !punching" fade="0.3s"></anim-transition>
        </anim-layer>
      </anim-character>`,
    ),
};
export default meta;

type Story = StoryObj<LayerArgs>;

/** An upper-body layer waves while the legs keep walking. */
export const WaveOverWalkingLegs: Story = {};

/** The same layer punching. */
export const PunchOverWalkingLegs: Story = { args: { gesture: 'punch' } };

/** Half weight: the arms split the difference between the walk's swing and the wave. */
export const HalfWeight: Story = { args: { weight: '0.5' } };
