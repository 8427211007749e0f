import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/elements/anim-model.js';
import '../src/elements/anim-scene.js';
import { pointerGlb } from '../test/helpers/pointer-glb.js';

interface ModelArgs {
  src: string;
  position: string;
  rotation: string;
  scale: string;
  clip: string;
  loop: string;
  ground: boolean;
  collider: boolean;
}

const meta: Meta<ModelArgs> = {
  title: 'Elements/anim-model',
  component: 'anim-model',
  args: {
    src: '/assets/props/lantern.glb',
    position: '0 0 0',
    rotation: '0 30 0',
    scale: '1',
    clip: '',
    loop: 'repeat',
    ground: false,
    collider: false,
  },
  argTypes: {
    src: { control: 'text' },
    position: { control: 'text', description: '"x y z" in metres' },
    rotation: { control: 'text', description: '"x y z" in degrees' },
    scale: { control: 'text', description: 'one number, or "x y z"' },
    clip: { control: 'text', description: 'an animation whose KHR_animation_pointer tracks play' },
    loop: { control: 'inline-radio', options: ['repeat', 'once', 'pingpong', 'clamp'] },
    ground: { control: 'boolean', description: 'feet (foot IK) stand on it' },
    collider: { control: 'boolean', description: 'ragdolls collide with it' },
  },
  render: (args) => html`
    <anim-scene style="height: 480px" camera-orbit="20deg 10deg auto" shadows ground controls>
      <anim-model
        src=${args.src}
        position=${args.position}
        rotation=${args.rotation}
        scale=${args.scale}
        clip=${args.clip || nothing}
        loop=${args.loop}
        ?ground=${args.ground}
        ?collider=${args.collider}
      ></anim-model>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<ModelArgs>;

/** A static prop: the generated lantern. */
export const Lantern: Story = {};

/** The generated props placed, turned and scaled: a sword, a shield and a lantern. */
export const Placed: Story = {
  render: () => html`
    <anim-scene style="height: 480px" camera-orbit="0deg 12deg auto" shadows ground controls>
      <anim-model src="/assets/props/sword.glb" position="-0.6 0 0" rotation="0 45 0" scale="0.8"></anim-model>
      <anim-model src="/assets/props/shield.glb"></anim-model>
      <anim-model src="/assets/props/lantern.glb" position="0.6 0 0" rotation="0 -45 0" scale="1.1"></anim-model>
    </anim-scene>
  `,
};

/**
 * A property clip (KHR_animation_pointer, made in the browser with @gltf-transform): the lamp's colour and
 * opacity, its glow and the bulb's intensity pulse, and the lamp blinks out for a moment each cycle.
 */
export const PropertyClip: Story = {
  args: { clip: 'pulse', rotation: '0 0 0', position: '0 0.2 0' },
  loaders: [
    async () => {
      const bytes = await pointerGlb('pulse', [
        {
          pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor',
          times: [0, 1, 2],
          values: [1, 1, 1, 1, 0.9, 0.2, 0.1, 0.6, 1, 1, 1, 1],
        },
        { pointer: '/materials/0/emissiveFactor', times: [0, 1, 2], values: [0, 0, 0, 1, 0.4, 0, 0, 0, 0] },
        { pointer: '/extensions/KHR_lights_punctual/lights/0/intensity', times: [0, 1, 2], values: [0, 6, 0] },
        {
          pointer: '/nodes/0/extensions/KHR_node_visibility/visible',
          times: [0, 1.8, 1.9],
          values: [1, 0, 1],
          interpolation: 'STEP',
        },
      ]);
      return { src: URL.createObjectURL(new Blob([bytes], { type: 'model/gltf-binary' })) };
    },
  ],
  render: (args, { loaded }) => html`
    <anim-scene style="height: 480px" camera-orbit="20deg 10deg 3m" camera-target="0 0.7 0" shadows ground controls>
      <anim-model src=${loaded.src} position=${args.position} clip=${args.clip} loop=${args.loop}></anim-model>
    </anim-scene>
  `,
};
