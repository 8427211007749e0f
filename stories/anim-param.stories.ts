import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { graphStage, MANNEQUIN } from './support/graph-stage.js';

interface ParamArgs {
  name: string;
  type: string;
  value: string;
}

const meta: Meta<ParamArgs> = {
  title: 'Elements/anim-param',
  component: 'anim-param',
  args: { name: 'waving', type: 'bool', value: 'true' },
  argTypes: {
    name: { control: 'text', description: 'The transitions below read `waving`.' },
    type: { control: 'inline-radio', options: ['float', 'int', 'bool', 'trigger'] },
    value: { control: 'text', description: '`true` / `false`, or a number.' },
  },
  render: (args) =>
    graphStage(
      'param-hero',
      html`<anim-character id="param-hero" src=${MANNEQUIN}>
        <anim-param name=${args.name} type=${args.type} value=${args.value || nothing}></anim-param>
        <anim-state name="idle" clip="idle"></anim-state>
        <anim-state name="wave" clip="wave"></anim-state>
        <anim-transition from="idle" to="wave" when="waving" fade="0.3s"></anim-transition>
        <anim-transition from="wave" to="idle" when="!waving" fade="0.3s" exit-time="0.9"></anim-transition>
      </anim-character>`,
    ),
};
export default meta;

type Story = StoryObj<ParamArgs>;

/** A bool param: set `value` to `false` and the mannequin finishes its wave and goes back to idle. */
export const Bool: Story = {};

/** A trigger: each time `value` is set to `true` the mannequin waves once (the trigger resets when used). */
export const Trigger: Story = { args: { type: 'trigger', value: 'true' } };
