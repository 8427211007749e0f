import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/elements/anim-bind.js';
import { MANNEQUIN } from './support/graph-stage.js';

interface BindArgs {
  clip: string;
  timeline: string;
  range: string;
  from: string;
  to: string;
  still: string;
  pointer: string;
  lookRange: number;
}

const LOREM =
  'Scroll this page: the mannequin walks as it moves, one step per stretch of text, and walks back when you scroll back. Move the pointer over the scene: it looks at it.';

const meta: Meta<BindArgs> = {
  title: 'Elements/anim-bind',
  component: 'anim-bind',
  args: {
    clip: 'walk-inplace',
    timeline: 'scroll(nearest block)',
    range: 'normal',
    from: '0%',
    to: '800%',
    still: '25%',
    pointer: 'x',
    lookRange: 4,
  },
  argTypes: {
    clip: { control: 'select', options: ['walk-inplace', 'run-inplace', 'wave', 'vault', 'get-up'] },
    timeline: {
      control: 'select',
      options: ['scroll(nearest block)', 'scroll(root)', 'view()', 'view(block 20%)', 'scroll(sideways)'],
      description: '`scroll(…)` or `view(…)` as in CSS. `scroll(sideways)` shows the `bad-attribute` error.',
    },
    range: {
      control: 'select',
      options: ['normal', 'entry 0% exit 100%', 'cover 20% cover 80%', 'contain', '200px 1200px', 'entry 120 exit'],
      description: 'CSS `animation-range`; the last option is a bad value (one `bad-attribute` naming it).',
    },
    from: { control: 'text', description: 'Clip time at progress 0: seconds or a percentage of the clip.' },
    to: { control: 'text', description: 'Clip time at progress 1; past `100%` the clip runs through its cycles.' },
    still: { control: 'text', description: 'Held when the page prefers reduced motion (empty: always follow).' },
    pointer: { control: 'select', options: ['x', 'page x', 'y', 'page y'], description: 'The head-turn binding.' },
    lookRange: { control: { type: 'range', min: 0, max: 8, step: 0.5 }, description: 'Metres the gaze point sweeps.' },
  },
  render: (args) => html`
    <div style="height: 480px; overflow-y: auto; position: relative; font: 14px/1.6 system-ui">
      <anim-scene
        ground
        camera-orbit="20deg 6deg 4.4m"
        camera-target="0 0.9 0"
        style="position: sticky; top: 0; height: 300px; z-index: 1"
      >
        <anim-model id="bind-gaze" position="0 1.5 3"></anim-model>
        <anim-character src=${MANNEQUIN}>
          <anim-bind
            clip=${args.clip}
            timeline=${args.timeline}
            range=${args.range}
            from=${args.from || nothing}
            to=${args.to || nothing}
            still=${args.still || nothing}
          ></anim-bind>
          <anim-bind
            for="#bind-gaze"
            property="object3D.position.x"
            pointer=${args.pointer}
            from=${-args.lookRange}
            to=${args.lookRange}
          ></anim-bind>
          <anim-ik solver="look-at" bones="Neck..Head" target="#bind-gaze" max-angle="70"></anim-ik>
        </anim-character>
      </anim-scene>
      ${Array.from({ length: 12 }, (_, i) => html`<p style="margin: 0 16px 140px">${i + 1}. ${LOREM}</p>`)}
    </div>
  `,
};
export default meta;

type Story = StoryObj<BindArgs>;

/** A character walking down a long page as it scrolls, turning its head to the pointer. */
export const WalkDownThePage: Story = {};

/** A view timeline: the vault plays while the scene crosses the view, from entry to exit. */
export const VaultInView: Story = {
  args: { clip: 'vault', timeline: 'view()', range: 'entry 0% exit 100%', to: '100%' },
};
