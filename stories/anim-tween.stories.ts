import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/elements/anim-model.js';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-tween.js';
import { EASING_FAMILIES } from '../src/runtime/index.js';

interface TweenArgs {
  property: string;
  from: string;
  to: string;
  duration: number;
  delay: number;
  easing: string;
  iterations: string;
  direction: string;
  fill: string;
  autoplay: boolean;
  composite: string;
  target: string;
}

const EASINGS = [
  'linear',
  ...EASING_FAMILIES.flatMap((family) => [`in-${family}`, `out-${family}`, `in-out-${family}`]),
  'ease',
  'cubic-bezier(0.68, -0.55, 0.27, 1.55)',
  'steps(5)',
];

const meta: Meta<TweenArgs> = {
  title: 'Elements/anim-tween',
  component: 'anim-tween',
  args: {
    property: 'position.y',
    from: '0',
    to: '0.6',
    duration: 1.2,
    delay: 0,
    easing: 'out-bounce',
    iterations: 'infinite',
    direction: 'alternate',
    fill: 'both',
    autoplay: true,
    composite: 'replace',
    target: '',
  },
  argTypes: {
    property: {
      control: 'select',
      options: [
        'position.y',
        'position.x',
        'rotation.y',
        'scale',
        'material.color',
        'material.emissive',
        'material.opacity',
      ],
    },
    from: { control: 'text' },
    to: { control: 'text' },
    duration: { control: { type: 'range', min: 0, max: 5, step: 0.1 } },
    delay: { control: { type: 'range', min: 0, max: 3, step: 0.1 } },
    easing: { control: 'select', options: EASINGS },
    iterations: { control: 'text', description: 'a number, 0 or more (fractions allowed), or "infinite"' },
    direction: { control: 'inline-radio', options: ['normal', 'reverse', 'alternate', 'alternate-reverse'] },
    fill: { control: 'inline-radio', options: ['none', 'forwards', 'backwards', 'both'] },
    autoplay: { control: 'boolean' },
    composite: { control: 'inline-radio', options: ['replace', 'add'] },
    target: { control: 'text', description: 'CSS selector; empty means the parent' },
  },
  render: (args) => html`
    <anim-scene style="height: 480px" camera-orbit="20deg 10deg 2m" camera-target="0 0.1 0" shadows ground controls>
      <anim-model src="/assets/props/lantern.glb">
        <anim-tween
          target=${args.target || nothing}
          property=${args.property}
          from=${args.from || nothing}
          to=${args.to}
          duration=${args.duration}
          delay=${args.delay}
          easing=${args.easing}
          iterations=${args.iterations}
          direction=${args.direction}
          fill=${args.fill}
          ?autoplay=${args.autoplay}
          composite=${args.composite}
        ></anim-tween>
      </anim-model>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<TweenArgs>;

/** The generated lantern bounces: position.y, out-bounce, back and forth for ever. */
export const Bounce: Story = {};

/** A material colour mixed in linear light. */
export const Colour: Story = {
  args: { property: 'material.color', from: '#e0e0e0', to: '#d2452c', easing: 'in-out-sine', duration: 1.5 },
};

/** One tween turns the model, a second one (composite add) bobs it, and a third pulses the scene's key light. */
export const Composed: Story = {
  render: () => html`
    <anim-scene id="stage" style="height: 480px" camera-orbit="20deg 10deg 2m" camera-target="0 0.1 0" shadows ground controls>
      <anim-model src="/assets/props/lantern.glb">
        <anim-tween property="rotation.y" from="0" to="360" duration="6" iterations="infinite" autoplay></anim-tween>
        <anim-tween property="position.y" from="0" to="0.3" duration="0.6" easing="in-out-sine" direction="alternate" iterations="infinite" autoplay></anim-tween>
      </anim-model>
      <anim-tween target="#stage" property="light.intensity" from="0.5" to="3" duration="2" direction="alternate" iterations="infinite" autoplay></anim-tween>
    </anim-scene>
  `,
};

/** No 3D at all: a CSS custom property (a glow) and an attribute, on a plain 2D page. */
export const Page: Story = {
  render: () => html`
    <div id="card" style="--glow: 0px; --tint: #1d3557; width: 220px; padding: 24px; border-radius: 12px; color: white;
      font: 600 18px system-ui; background: var(--tint); box-shadow: 0 0 var(--glow) #f4a261;">
      A glowing card
      <anim-tween property="--glow" from="0px" to="40px" duration="1" direction="alternate" easing="in-out-sine" iterations="infinite" autoplay></anim-tween>
      <anim-tween property="--tint" from="#1d3557" to="#e63946" duration="2" direction="alternate" iterations="infinite" autoplay></anim-tween>
    </div>
    <svg width="220" height="80" style="margin-top: 16px">
      <circle id="dot" cx="40" cy="40" r="8" fill="#2a9d8f"></circle>
    </svg>
    <anim-tween target="#dot" property="r" from="8" to="36" duration="0.8" easing="out-elastic" direction="alternate" iterations="infinite" autoplay></anim-tween>
  `,
};
