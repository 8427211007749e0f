import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/anim-model.js';
import '../src/elements/anim-scene.js';

interface ModelArgs {
  src: string;
  position: string;
  rotation: string;
  scale: string;
}

const meta: Meta<ModelArgs> = {
  title: 'Elements/anim-model',
  component: 'anim-model',
  args: {
    src: '/assets/mannequin.glb',
    position: '0 0 0',
    rotation: '0 30 0',
    scale: '1',
  },
  argTypes: {
    src: { control: 'text' },
    position: { control: 'text', description: '"x y z" in metres' },
    rotation: { control: 'text', description: '"x y z" in degrees' },
    scale: { control: 'text', description: 'one number, or "x y z"' },
  },
  render: (args) => html`
    <anim-scene style="height: 480px" camera-orbit="20deg 10deg 4m" shadows ground controls>
      <anim-model src=${args.src} position=${args.position} rotation=${args.rotation} scale=${args.scale}></anim-model>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<ModelArgs>;

/** The mannequin in its rest pose, as a static prop. */
export const Mannequin: Story = {};

/** Three copies placed, turned and scaled. */
export const Placed: Story = {
  render: () => html`
    <anim-scene style="height: 480px" camera-orbit="0deg 12deg 6m" shadows ground controls>
      <anim-model src="/assets/mannequin.glb" position="-1.2 0 0" rotation="0 45 0" scale="0.8"></anim-model>
      <anim-model src="/assets/mannequin.glb"></anim-model>
      <anim-model src="/assets/mannequin.glb" position="1.2 0 0" rotation="0 -45 0" scale="1.1"></anim-model>
    </anim-scene>
  `,
};
