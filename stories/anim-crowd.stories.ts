import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, type TemplateResult } from 'lit';
import '../src/elements/anim-crowd.js';
import '../src/elements/anim-scene.js';

interface CrowdArgs {
  count: number;
  area: string;
  seed: number;
  speed: string;
  mode: 'wander' | 'flow';
  targets: string;
  spacing: number;
  instancing: 'auto' | 'off';
  template: keyof typeof TEMPLATES;
}

/** The characters a crowd can be made of: the template child of `<anim-crowd>`. */
const TEMPLATES: Record<'mannequin' | 'robot', TemplateResult> = {
  mannequin: html`<anim-character src="/assets/mannequin.glb" graph="locomotion"></anim-character>`,
  // CC0 (assets/third-party): rigid limbs under its bones, face morphs, skinned hands; its takes named its way
  robot: html`<anim-character src="/assets/third-party/RobotExpressive.glb" graph="locomotion">
    <anim-clip name="idle" from="Idle"></anim-clip>
    <anim-clip name="walk" from="Walking"></anim-clip>
    <anim-clip name="run" from="Running"></anim-clip>
  </anim-character>`,
};

const meta: Meta<CrowdArgs> = {
  title: 'Elements/anim-crowd',
  component: 'anim-crowd',
  args: {
    count: 200,
    area: '20 20',
    seed: 1,
    speed: '0.8 1.6',
    mode: 'wander',
    targets: '',
    spacing: 0.7,
    instancing: 'auto',
    template: 'mannequin',
  },
  argTypes: {
    count: { control: { type: 'number', min: 0, max: 20000, step: 50 }, description: 'how many characters' },
    area: { control: 'text', description: '"width depth" in metres, centred on the origin' },
    seed: { control: { type: 'number', step: 1 }, description: 'the same seed gives the same crowd' },
    speed: { control: 'text', description: '"min max" preferred walking speeds, m/s' },
    mode: { control: 'inline-radio', options: ['wander', 'flow'] },
    targets: {
      control: 'text',
      description: 'points to walk to, "x z; x z" in metres; empty: anywhere (wander) or across (flow)',
    },
    spacing: { control: { type: 'number', min: 0.1, max: 5, step: 0.1 }, description: 'how far apart they keep, m' },
    instancing: {
      control: 'inline-radio',
      options: ['auto', 'off'],
      description: "the scene's instancing: one instanced draw per primitive, or a skinned mesh per character",
    },
    template: {
      control: 'inline-radio',
      options: Object.keys(TEMPLATES),
      description: 'the template child: the mannequin, or the CC0 robot (rigid parts and morphs, instanced too)',
    },
  },
  render: (args) => html`
    <anim-scene style="height: 520px" camera-orbit="25deg 32deg 30m" camera-target="0 0 0" shadows ground controls
      debug="stats" instancing=${args.instancing}>
      <anim-crowd count=${args.count} area=${args.area} seed=${args.seed} speed=${args.speed} mode=${args.mode}
        targets=${args.targets} spacing=${args.spacing}>
        ${TEMPLATES[args.template]}
      </anim-crowd>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<CrowdArgs>;

/** Mannequins wandering a plaza, each to one random point after another. */
export const Wander: Story = {};

/** A thousand, as in the demo's Crowd tab: the stats box shows the draw calls staying flat. */
export const Thousand: Story = { args: { count: 1000 } };

/** Everyone crossing the plaza along +X, coming back in on the far side. */
export const Flow: Story = { args: { mode: 'flow', area: '30 12', speed: '1 2.4' } };

/** Flowing in from every edge of the plaza to its two gates, and in again once there. */
export const ToTheGates: Story = { args: { mode: 'flow', targets: '-8 0; 8 0', area: '24 16' } };

/** Robots: meshes that follow their bones (head, torso, limbs) and skinned hands, every primitive one instanced draw. */
export const Robots: Story = { args: { template: 'robot', count: 40, spacing: 3, area: '24 24' } };
