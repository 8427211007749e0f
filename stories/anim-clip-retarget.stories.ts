import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/elements/anim-character.js';
import '../src/elements/anim-clip.js';
import '../src/elements/anim-scene.js';

interface RetargetArgs {
  model: string;
  rig: string;
  name: string;
  src: string;
  from: string;
  retarget: boolean;
  start: string;
  end: string;
  loop: string;
  speed: string;
}

const SOLDIER = '/shared-models/Soldier.glb';
const XBOT = '/shared-models/Xbot.glb';
const ROBOT = '/shared-models/RobotExpressive.glb';
const MANNEQUIN = '/assets/mannequin.glb';

/**
 * Clips from other files: `<anim-clip src="file.glb#Clip" retarget>` plays a clip made for one rig through
 * the humanoid maps onto another. The real models come from ../shared/models through the dev server
 * (/shared-models/); without that folder they report load-failed.
 */
const meta: Meta<RetargetArgs> = {
  title: 'Elements/anim-clip/Retargeting',
  component: 'anim-clip',
  args: {
    model: MANNEQUIN,
    rig: 'auto',
    name: 'soldier',
    src: `${SOLDIER}#Walk`,
    from: '',
    retarget: true,
    start: '',
    end: '',
    loop: 'repeat',
    speed: '1',
  },
  argTypes: {
    model: { control: 'select', options: [MANNEQUIN, XBOT, ROBOT, SOLDIER], description: 'the character' },
    rig: { control: 'text', description: 'the character’s `rig`: auto, mixamo or a JSON map' },
    name: { control: 'text' },
    src: { control: 'text', description: '`file.glb#Clip`' },
    from: { control: 'text', description: 'the clip in the file when `src` has no `#`' },
    retarget: { control: 'boolean', description: 'through the humanoid maps (else by node name)' },
    start: { control: 'text', description: 'seconds' },
    end: { control: 'text', description: 'seconds' },
    loop: { control: 'select', options: ['repeat', 'once', 'pingpong', 'clamp'] },
    speed: { control: 'text' },
  },
  render: (a) => html`
    <anim-scene style="height: 480px" camera-orbit="25deg 10deg 4m" camera-target="0 0.9 0" shadows ground controls>
      <anim-character src=${a.model} rig=${a.rig} clip=${a.name}>
        <anim-clip
          name=${a.name}
          src=${a.src}
          from=${a.from || nothing}
          ?retarget=${a.retarget}
          start=${a.start || nothing}
          end=${a.end || nothing}
          loop=${a.loop}
          speed=${a.speed}
        ></anim-clip>
      </anim-character>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<RetargetArgs>;

/** Soldier's Walk (a Mixamo rig in centimetres under a 0.01 armature) on the project's mannequin. */
export const SoldierWalkOnMannequin: Story = {};

/**
 * The gallery: Soldier's Walk on the soldier itself, on the mannequin and on Xbot, side by side in their
 * own proportions; behind them, the mannequin's run on RobotExpressive.
 */
export const Gallery: Story = {
  render: () => html`
    <anim-scene style="height: 520px" camera-orbit="20deg 8deg 7m" camera-target="0 1 0" shadows ground controls>
      <anim-character src=${SOLDIER} position="-1.6 0 0" scale="8" heading="180" clip="Walk"></anim-character>
      <anim-character src=${MANNEQUIN} position="0 0 0" clip="soldier-walk">
        <anim-clip name="soldier-walk" src=${`${SOLDIER}#Walk`} retarget></anim-clip>
      </anim-character>
      <anim-character src=${XBOT} position="1.6 0 0" clip="soldier-walk">
        <anim-clip name="soldier-walk" src=${`${SOLDIER}#Walk`} retarget></anim-clip>
      </anim-character>
      <anim-character src=${ROBOT} position="0 0 -2.5" scale="0.45" clip="run">
        <anim-clip name="run" src=${`${MANNEQUIN}#run-inplace`} retarget></anim-clip>
      </anim-character>
    </anim-scene>
  `,
};
