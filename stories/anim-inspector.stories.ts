import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/anim-inspector.js';
import { graphStage, MANNEQUIN } from './support/graph-stage.js';

interface InspectorArgs {
  for: string;
  window: string;
  interval: string;
  theme: string;
  speed: number;
  markers: boolean;
}

const meta: Meta<InspectorArgs> = {
  title: 'Elements/anim-inspector',
  component: 'anim-inspector',
  args: { for: 'inspect-hero', window: '6s', interval: '0.05s', theme: 'auto', speed: 1.2, markers: true },
  argTypes: {
    for: { control: 'text' },
    window: { control: 'text', description: 'Seconds of history shown (1–20).' },
    interval: { control: 'text' },
    theme: { control: 'inline-radio', options: ['auto', 'light', 'dark'] },
    speed: {
      control: { type: 'range', min: 0, max: 3.5, step: 0.05 },
      description: 'The `speed` param (m/s): idle under 0.1, walk, run over 2.',
    },
    markers: {
      control: 'boolean',
      description: 'Walk and run carry auto-detected foot markers (`markers="auto"`): the transitions keep the step.',
    },
  },
  render: (args) =>
    html`${graphStage(
      'inspect-hero',
      html`<anim-character id="inspect-hero" src=${MANNEQUIN}>
        <anim-clip name="walk" from="walk-inplace" markers=${args.markers ? 'auto' : 'none'}></anim-clip>
        <anim-clip name="run" from="run-inplace" markers=${args.markers ? 'auto' : 'none'}></anim-clip>
        <anim-param name="speed" type="float" value=${args.speed}></anim-param>
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
        <anim-transition from="wave" to="idle" exit-time="1" fade="0.2s"></anim-transition>
      </anim-character>`,
    )}
    <anim-inspector
      for=${args.for}
      window=${args.window}
      interval=${args.interval}
      theme=${args.theme}
      style="margin-top: 12px"
    ></anim-inspector>`,
};
export default meta;

type Story = StoryObj<InspectorArgs>;

/**
 * The inspector under a mannequin whose graph walks, runs and waves (the graph view beside it). Move the
 * speed slider; drag on the timeline to scrub the mannequin (and its graph) back in time, Live to return;
 * Record, change the speed a few times, Stop, then Replay: the same poses, frame for frame.
 */
export const UnderACharacter: Story = {};

/** The same on a dark page. */
export const Dark: Story = {
  args: { theme: 'dark' },
  decorators: [(story) => html`<div style="background: #101318; padding: 16px; color-scheme: dark">${story()}</div>`],
};
