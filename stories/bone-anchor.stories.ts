import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/anim-character.js';
import '../src/elements/anim-model.js';
import '../src/elements/anim-scene.js';
import '../src/elements/bone-anchor.js';

interface AnchorArgs {
  bone: string;
  offset: string;
  rotation: string;
  for: string;
}

const BONES = [
  'Head',
  'Neck',
  'Chest',
  'Spine',
  'Hips',
  'LeftHand',
  'RightHand',
  'LeftLowerArm',
  'RightLowerArm',
  'LeftFoot',
  'RightFoot',
];

const plate = html`<div
  style="font: 600 13px system-ui; color: white; background: #1d3557cc; padding: 3px 8px; border-radius: 6px; white-space: nowrap"
>
  Hero · 100 HP
</div>`;

const meta: Meta<AnchorArgs> = {
  title: 'Elements/bone-anchor',
  component: 'bone-anchor',
  args: { bone: 'RightHand', offset: '0 0 0', rotation: '0 0 90', for: 'hero' },
  argTypes: {
    bone: { control: 'select', options: BONES },
    offset: { control: 'text', description: '"x y z" in metres, in the bone space' },
    rotation: { control: 'text', description: '"x y z" in degrees, in the bone space' },
    for: { control: 'text', description: 'id of the character (the name plate uses it)' },
  },
  render: (args) => html`
    <anim-scene style="height: 480px" camera-orbit="25deg 8deg 4.4m" camera-target="0 1 0" shadows ground controls>
      <anim-character id="hero" src="/assets/mannequin.glb" clip="walk-inplace">
        <bone-anchor bone=${args.bone} offset=${args.offset} rotation=${args.rotation}>
          <anim-model src="/assets/mannequin.glb" scale="0.25"></anim-model>
        </bone-anchor>
      </anim-character>
      <bone-anchor for=${args.for} bone="Head" offset="0 0.3 0">${plate}</bone-anchor>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<AnchorArgs>;

/** A small mannequin carried by its feet in the right hand, and a name plate over the head that follows the walk. */
export const HandAndNamePlate: Story = {};

/** The carried figure sits on the head instead, turned to face sideways. */
export const OnTheHead: Story = { args: { bone: 'Head', offset: '0 0.12 0', rotation: '0 90 0' } };
