import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/anim-character.js';
import '../src/elements/anim-clip.js';
import '../src/elements/anim-rig.js';
import '../src/elements/anim-scene.js';
import { slotAttribute } from '../src/elements/anim-rig.js';
import { type HandMap, HUMANOID_SLOTS } from '../src/runtime/index.js';

interface RigArgs extends Record<string, string> {
  model: string;
  clip: string;
}

const MANNEQUIN = '/assets/mannequin.glb';
const SOLDIER = '/shared-models/Soldier.glb';
const XBOT = '/shared-models/Xbot.glb';
const ROBOT = '/shared-models/RobotExpressive.glb';
const ATTRIBUTES = HUMANOID_SLOTS.map((slot) => [slotAttribute(slot), slot] as const);

/** The `<anim-rig>` attributes the story's controls hold, as the element's map (empty ones left out). */
function mapOf(args: RigArgs): HandMap {
  const map: HandMap = {};
  for (const [attribute, slot] of ATTRIBUTES) if (args[attribute]) map[slot] = args[attribute];
  return map;
}

/**
 * `<anim-rig>`: which bone plays each humanoid slot, written by hand, for clips played with
 * `<anim-clip retarget>`. Each control is one slot attribute; an empty one is left to `rig="auto"`. The
 * default leaves every slot to the automatic map; `SwappedLegs` swaps the legs (thighs to toes), so the
 * retargeted walk strides with the other leg first. A bone the model lacks reports `unknown-bone` and the clip is not
 * bound. The real models come from ../shared/models through the dev server.
 */
const meta: Meta<RigArgs> = {
  title: 'Elements/anim-rig',
  component: 'anim-rig',
  args: {
    model: MANNEQUIN,
    clip: `${MANNEQUIN}#walk`,
    ...Object.fromEntries(ATTRIBUTES.map(([attribute]) => [attribute, ''])),
  },
  argTypes: {
    model: { control: 'select', options: [MANNEQUIN, XBOT, ROBOT, SOLDIER], description: 'the character' },
    clip: {
      control: 'select',
      options: [`${MANNEQUIN}#walk`, `${MANNEQUIN}#wave`, `${SOLDIER}#Walk`, `${SOLDIER}#Run`],
      description: 'the clip retargeted through the map (`<anim-clip src retarget>`)',
    },
    ...Object.fromEntries(
      ATTRIBUTES.map(([attribute, slot]) => [
        attribute,
        { control: 'text', description: `the bone of the \`${slot}\` slot` },
      ]),
    ),
  },
  render: (a) => html`
    <anim-scene style="height: 480px" camera-orbit="30deg 10deg 4m" camera-target="0 0.9 0" shadows ground controls>
      <anim-character src=${a.model} clip="retargeted" fade="0">
        <anim-rig .map=${mapOf(a)}></anim-rig>
        <anim-clip name="retargeted" src=${a.clip} retarget></anim-clip>
      </anim-character>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<RigArgs>;

/** Every slot left to `auto`: the walk as the mannequin made it. */
export const Automatic: Story = {};

/**
 * The mannequin's walk through a map that swaps its legs, thighs to toes: it strides with the other leg
 * first. The whole chain swaps: a shin's direction is measured to its slot's foot, so a shin swapped without
 * its foot (or a foot without its toes) is aimed across the body and its mesh is drawn out into a bar.
 */
export const SwappedLegs: Story = {
  args: {
    'left-upper-leg': 'RightUpperLeg',
    'left-lower-leg': 'RightLowerLeg',
    'right-upper-leg': 'LeftUpperLeg',
    'right-lower-leg': 'LeftLowerLeg',
    'left-foot': 'RightFoot',
    'right-foot': 'LeftFoot',
    'left-toes': 'RightToes',
    'right-toes': 'LeftToes',
  },
};
