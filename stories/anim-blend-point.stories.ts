import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { graphStage, MANNEQUIN, MANNEQUIN_CLIPS } from './support/graph-stage.js';

interface PointArgs {
  clip: string;
  x: number;
  y: number;
  speed: number;
  direction: number;
}

const meta: Meta<PointArgs> = {
  title: 'Elements/anim-blend-point',
  component: 'anim-blend-point',
  args: { clip: 'walk-inplace', x: 0, y: 1.2, speed: 1, direction: 0 },
  argTypes: {
    clip: { control: 'select', options: MANNEQUIN_CLIPS, description: 'The forward point’s clip.' },
    x: { control: { type: 'range', min: -2, max: 2, step: 0.05 } },
    y: { control: { type: 'range', min: -2, max: 2, step: 0.05 } },
    speed: { control: { type: 'range', min: 0, max: 1.5, step: 0.05 }, description: 'The y param (forward speed).' },
    direction: {
      control: { type: 'range', min: -1.5, max: 1.5, step: 0.05 },
      description: 'The x param (sideways speed).',
    },
  },
  render: (args) =>
    graphStage(
      'point-hero',
      html`<anim-character id="point-hero" src=${MANNEQUIN}>
        <anim-param name="side" value=${args.direction}></anim-param>
        <anim-param name="forward" value=${args.speed}></anim-param>
        <anim-state name="move" blend-x="side" blend-y="forward" blend-type="cartesian">
          <anim-blend-point clip="idle" x="0" y="0"></anim-blend-point>
          <anim-blend-point clip=${args.clip} x=${args.x} y=${args.y}></anim-blend-point>
          <anim-blend-point clip="strafe-left" x="1.2" y="0"></anim-blend-point>
          <anim-blend-point clip="strafe-right" x="-1.2" y="0"></anim-blend-point>
        </anim-state>
      </anim-character>`,
    ),
};
export default meta;

type Story = StoryObj<PointArgs>;

/** A 2D cartesian blend of idle, walking forward and strafing either way; the controlled point is the forward one. */
export const Strafing: Story = {};
