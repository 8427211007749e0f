import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';
import '../src/elements/anim-cloth.js';

interface ClothArgs {
  mesh: string;
  pin: string;
  stiffness: number;
  damping: number;
  gravity: string;
  iterations: number;
  maxSpeed: number;
  colliders: 'bones' | 'none';
  clip: string;
}

const meta: Meta<ClothArgs> = {
  title: 'Elements/anim-cloth',
  component: 'anim-cloth',
  args: {
    mesh: 'Cape',
    pin: 'top 0.05',
    stiffness: 0.9,
    damping: 1,
    gravity: '0 -9.81 0',
    iterations: 4,
    maxSpeed: 12,
    colliders: 'bones',
    clip: 'run-inplace',
  },
  argTypes: {
    mesh: { control: 'text' },
    pin: { control: 'text', description: '`top <fraction>` or `vertices <i> <j> …`' },
    stiffness: { control: { type: 'range', min: 0, max: 1, step: 0.05 } },
    damping: { control: { type: 'range', min: 0, max: 10, step: 0.1 } },
    gravity: { control: 'text' },
    iterations: { control: { type: 'range', min: 1, max: 16, step: 1 } },
    maxSpeed: { name: 'max-speed', control: { type: 'range', min: 0.5, max: 30, step: 0.5 } },
    colliders: { control: 'inline-radio', options: ['bones', 'none'] },
    clip: {
      control: 'select',
      options: ['idle', 'walk-inplace', 'run-inplace', 'jump', 'wave', 'turn-left', 'crouch-walk'],
      description: 'The clip the character plays (story only).',
    },
  },
  render: (args) => html`
    <anim-scene style="height: 480px" camera-orbit="160deg 10deg 3.6m" camera-target="0 1 0" controls shadows ground>
      <anim-character src="/assets/mannequin.glb" clip=${args.clip}>
        <anim-cloth
          mesh=${args.mesh}
          pin=${args.pin}
          stiffness=${args.stiffness}
          damping=${args.damping}
          gravity=${args.gravity}
          iterations=${args.iterations}
          max-speed=${args.maxSpeed}
          colliders=${args.colliders}
        ></anim-cloth>
      </anim-character>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<ClothArgs>;

/** The mannequin's cape, seen from behind as it runs: it trails, swings and stays off the back. */
export const Cape: Story = {};

/** A heavy, slow cloth: stiffer, more iterations, a strong drag. */
export const Heavy: Story = { args: { stiffness: 1, iterations: 10, damping: 4, clip: 'walk-inplace' } };

/** No body colliders: the cape passes through the legs (compare with Cape). */
export const NoColliders: Story = { args: { colliders: 'none', clip: 'crouch-walk' } };
