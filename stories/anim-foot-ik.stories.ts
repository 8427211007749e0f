import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { dress, terrainMesh, walkBackAndForth } from '../demo/ik-scenery.js';
import type { AnimCharacter } from '../src/elements/anim-character.js';
import '../src/elements/anim-character.js';
import '../src/elements/anim-foot-ik.js';
import type { AnimModel } from '../src/elements/anim-model.js';
import '../src/elements/anim-model.js';
import type { AnimScene } from '../src/elements/anim-scene.js';
import '../src/elements/anim-scene.js';
import { setupAfterFrame } from './support/story-setup.js';

interface FootIkArgs {
  plantThreshold: string;
  plantSpeed: number;
  pelvisLimit: string;
  flatten: string;
  weight: number;
  airborne: boolean;
  /** Not an attribute: whether the mannequin paces over the ramp and steps, or stands where `position` says. */
  walking: boolean;
  position: string;
}

const asTerrain = ref((el) => {
  if (el) dress((el as AnimModel).object3D, terrainMesh);
});

const walkers = new WeakMap<Element, () => void>();
/** Starts (or stops) the walker on the story's scene once it is on the page. */
const pacing = (walking: boolean) =>
  ref((el) => {
    if (!el) return;
    walkers.get(el)?.();
    walkers.delete(el);
    if (!walking) return;
    // setup the screenshot tests wait for: a walker started after they step time leaves the mannequin standing
    setupAfterFrame(() => {
      const scene = el as AnimScene;
      const character = scene.querySelector<AnimCharacter>('anim-character');
      if (character) walkers.set(el, walkBackAndForth(scene, character));
    });
  });

const meta: Meta<FootIkArgs> = {
  title: 'Elements/anim-foot-ik',
  component: 'anim-foot-ik',
  args: {
    plantThreshold: '5cm',
    plantSpeed: 0.5,
    pelvisLimit: '35cm',
    flatten: 'on',
    weight: 1,
    airborne: false,
    walking: true,
    position: '0 0 0',
  },
  argTypes: {
    plantThreshold: { name: 'plant-threshold', control: 'text' },
    plantSpeed: { name: 'plant-speed', control: { type: 'range', min: 0, max: 3, step: 0.05 } },
    pelvisLimit: { name: 'pelvis-limit', control: 'text' },
    flatten: { control: 'inline-radio', options: ['on', 'off'] },
    weight: { control: { type: 'range', min: 0, max: 1, step: 0.01 } },
    airborne: { control: 'boolean' },
    walking: { control: 'boolean', description: 'pace over the ramp and steps (story only)' },
    position: { control: 'text', description: 'where the mannequin stands when not walking (story only)' },
  },
  render: (args) => html`
    <anim-scene
      shadows
      ground
      controls
      style="height: 480px"
      camera-orbit=${args.walking ? '8deg 14deg 6m' : '0deg 4deg 3.8m'}
      camera-target=${args.walking ? '0 0.8 0' : '0.8 0.95 0'}
      ${pacing(args.walking)}
    >
      <anim-model ground ${asTerrain}></anim-model>
      <anim-character src="/assets/mannequin.glb" clip=${args.walking ? 'walk-inplace' : 'idle'} position=${args.position}>
        <anim-foot-ik
          plant-threshold=${args.plantThreshold}
          plant-speed=${args.plantSpeed}
          pelvis-limit=${args.pelvisLimit}
          flatten=${args.flatten}
          weight=${args.weight}
          ?airborne=${args.airborne}
        ></anim-foot-ik>
      </anim-character>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<FootIkArgs>;

/** The mannequin paces up a 15° ramp and down three steps; planted feet meet the ground, soles turned to it. */
export const UnevenGround: Story = {};

/** Standing on the edge of a step: the right foot on the upper tread, the left reaching down 9 cm, the pelvis lowered for it. */
export const StraddlingAStep: Story = { args: { walking: false, position: '0.8 0.178 0' } };

/** The same, airborne: foot IK stands aside and the left foot hangs in the air. */
export const Airborne: Story = { args: { walking: false, position: '0.8 0.178 0', airborne: true } };
