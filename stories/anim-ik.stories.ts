import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { ballMesh, dress } from '../demo/ik-scenery.js';
import '../src/elements/anim-character.js';
import '../src/elements/anim-ik.js';
import type { AnimModel } from '../src/elements/anim-model.js';
import '../src/elements/anim-model.js';
import '../src/elements/anim-scene.js';

interface IkArgs {
  chain: string;
  bones: string;
  solver: string;
  target: string;
  pole: string;
  weight: number;
  iterations: number;
  tolerance: string;
  limits: string;
  axis: string;
  maxAngle: number;
  /** Where the red ball (`#ball`, the default target) stands: not an attribute of `<anim-ik>`. */
  ballPosition: string;
  clip: string;
}

const withBall = ref((el) => {
  if (el) dress((el as AnimModel).object3D, () => ballMesh());
});

const meta: Meta<IkArgs> = {
  title: 'Elements/anim-ik',
  component: 'anim-ik',
  args: {
    chain: 'LeftUpperArm LeftLowerArm LeftHand',
    bones: '',
    solver: 'two-bone',
    target: '#ball',
    pole: '0 -0.6 -1',
    weight: 1,
    iterations: 16,
    tolerance: '1mm',
    limits: '',
    axis: '',
    maxAngle: 180,
    ballPosition: '0.45 1.15 0.35',
    clip: 'idle',
  },
  argTypes: {
    chain: { control: 'text', description: 'bone names root to tip (used over `bones`)' },
    bones: { control: 'text', description: '"Root..Tip"' },
    solver: { control: 'inline-radio', options: ['two-bone', 'fabrik', 'ccd', 'look-at'] },
    target: { control: 'text', description: 'a selector (`#ball`) or "x y z"' },
    pole: { control: 'text', description: 'a selector, or a direction "x y z" in the character’s frame' },
    weight: { control: { type: 'range', min: 0, max: 1, step: 0.01 } },
    iterations: { control: { type: 'range', min: 1, max: 64, step: 1 } },
    tolerance: { control: 'text' },
    limits: { control: 'text', description: '`natural`, or `Bone: hinge <axis> <min> <max>; Bone: cone <angle> …`' },
    axis: { control: 'text', description: 'look-at: x, -z, or "x y z" (default the character’s front)' },
    maxAngle: { name: 'max-angle', control: { type: 'range', min: 0, max: 180, step: 1 } },
    ballPosition: { name: 'ball position', control: 'text', description: 'moves the target ball, "x y z"' },
    clip: { control: 'select', options: ['idle', 'wave', 'crouch-idle', 'walk-inplace'] },
  },
  render: (args) => html`
    <anim-scene shadows ground controls style="height: 480px" camera-orbit="30deg 8deg 3.4m" camera-target="0 1.05 0">
      <anim-model id="ball" position=${args.ballPosition} ${withBall}></anim-model>
      <anim-character src="/assets/mannequin.glb" clip=${args.clip}>
        <anim-ik
          chain=${args.chain || nothing}
          bones=${args.bones || nothing}
          solver=${args.solver}
          target=${args.target || nothing}
          pole=${args.pole || nothing}
          weight=${args.weight}
          iterations=${args.iterations}
          tolerance=${args.tolerance}
          limits=${args.limits || nothing}
          axis=${args.axis || nothing}
          max-angle=${args.maxAngle}
        ></anim-ik>
      </anim-character>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<IkArgs>;

/** The left hand reaches for the red ball (move it with "ball position"); the elbow points back and down. */
export const ReachForABall: Story = {};

/** Head and spine look at the ball, the turn spread over Spine, Chest, Neck and Head, within natural limits. */
export const LookAt: Story = {
  args: {
    chain: '',
    bones: 'Spine..Head',
    solver: 'look-at',
    pole: '',
    limits: 'natural',
    maxAngle: 75,
    ballPosition: '-0.8 1.6 0.9',
  },
};

/** FABRIK bends the whole spine so the head reaches down toward the ball. */
export const SpineReachesDown: Story = {
  args: {
    chain: '',
    bones: 'Spine..Head',
    solver: 'fabrik',
    pole: '',
    limits: 'natural',
    ballPosition: '0.1 1.3 0.45',
  },
};

/** A chain of unknown bones: one `anim-error` (`unknown-bone`), and the mannequin keeps its animation. */
export const BadChain: Story = { args: { chain: 'LeftUpperArm Elbow LeftHand', clip: 'wave' } };
