import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { graphStage, MANNEQUIN } from './support/graph-stage.js';

interface ViewArgs {
  for: string;
  interval: string;
  theme: string;
  speed: number;
  grounded: boolean;
}

const meta: Meta<ViewArgs> = {
  title: 'Elements/anim-graph-view',
  component: 'anim-graph-view',
  args: { for: 'view-hero', interval: '0.1s', theme: 'auto', speed: 1.6, grounded: true },
  argTypes: {
    for: { control: 'text' },
    interval: { control: 'text' },
    theme: { control: 'inline-radio', options: ['auto', 'light', 'dark'] },
    speed: { control: { type: 'range', min: 0, max: 5, step: 0.05 }, description: 'The `speed` param (m/s).' },
    grounded: { control: 'boolean', description: 'The `grounded` param: off, the mannequin falls.' },
  },
  render: (args) =>
    graphStage(
      'view-hero',
      html`<anim-character id="view-hero" src=${MANNEQUIN} graph="locomotion">
        <anim-clip name="walk" from="walk-inplace"></anim-clip>
        <anim-clip name="run" from="run-inplace"></anim-clip>
        <anim-param name="speed" type="float" value=${args.speed}></anim-param>
        <anim-param name="grounded" type="bool" value=${args.grounded}></anim-param>
      </anim-character>`,
      html`<anim-graph-view for=${args.for} interval=${args.interval} theme=${args.theme}></anim-graph-view>`,
    ),
};
export default meta;

type Story = StoryObj<ViewArgs>;

/**
 * The built-in locomotion graph beside the mannequin it drives: idle, walk and run blended by `speed`, the
 * jump, fall and landings around it (its walk and run bound to the in-place clips by two `<anim-clip>`s,
 * so the mannequin stays in view). Move the speed slider, untick `grounded` to fall; hover an arrow for
 * its condition.
 */
export const BesideACharacter: Story = {};

/** The same on a dark page. */
export const Dark: Story = {
  args: { theme: 'dark', for: 'view-hero' },
  decorators: [(story) => html`<div style="background: #101318; padding: 16px; color-scheme: dark">${story()}</div>`],
};
