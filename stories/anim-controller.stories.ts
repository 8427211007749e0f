import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import { buildLevel } from '../demo/sections/traversal.js';
import type { AnimCharacter } from '../src/elements/anim-character.js';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';
import '../src/elements/anim-controller.js';
import type { AnimScene } from '../src/elements/anim-scene.js';
import { startPhysics } from '../src/scene/physics.js';
import { setupAfterFrame } from './support/story-setup.js';

interface ControllerArgs {
  type: string;
  keys: string;
  runKey: string;
  jumpKey: string;
  camera: string;
  walkSpeed: number;
  runSpeed: number;
  turnSpeed: number;
  jumpHeight: number;
}

/** Puts the demo's level into the story's scene (meshes and colliders) once the scene is on the page. */
function withLevel(id: string): void {
  setupAfterFrame(async () => {
    const scene = document.getElementById(id) as AnimScene | null;
    const stage = scene?.stage;
    if (!stage || stage.content.getObjectByName('traversal-level')) return;
    const level = buildLevel();
    stage.content.add(level);
    stage.contentChanged();
    const physics = await startPhysics(stage);
    physics.addStaticMeshes(level);
    physics.step();
    (scene.querySelector('anim-character') as AnimCharacter | null)?.focus();
  });
}

const meta: Meta<ControllerArgs> = {
  title: 'Elements/anim-controller',
  component: 'anim-controller',
  args: {
    type: 'third-person',
    keys: 'w a s d',
    runKey: 'Shift',
    jumpKey: 'Space',
    camera: 'spring-arm',
    walkSpeed: 1.18,
    runSpeed: 3.24,
    turnSpeed: 540,
    jumpHeight: 0.9,
  },
  argTypes: {
    type: { control: 'inline-radio', options: ['third-person'] },
    keys: { control: 'text', description: 'Forward, left, back, right.' },
    runKey: { name: 'run-key', control: 'text' },
    jumpKey: { name: 'jump-key', control: 'text' },
    camera: { control: 'inline-radio', options: ['spring-arm', 'none'] },
    walkSpeed: { name: 'walk-speed', control: { type: 'range', min: 0.3, max: 3, step: 0.05 } },
    runSpeed: { name: 'run-speed', control: { type: 'range', min: 1, max: 6, step: 0.05 } },
    turnSpeed: { name: 'turn-speed', control: { type: 'range', min: 45, max: 1080, step: 15 } },
    jumpHeight: { name: 'jump-height', control: { type: 'range', min: 0, max: 2, step: 0.05 } },
  },
  render: (args) => {
    withLevel('controller-scene');
    return html`
      <p style="font: 13px system-ui; margin: 0 0 6px">
        Click the scene, then ${args.keys} to walk, ${args.runKey} to run, ${args.jumpKey} to jump; drag to turn the camera.
      </p>
      <anim-scene id="controller-scene" shadows ground style="height: 480px" debug="root-motion">
        <anim-character src="/assets/mannequin.glb">
          <anim-controller
            type=${args.type}
            keys=${args.keys}
            run-key=${args.runKey}
            jump-key=${args.jumpKey}
            camera=${args.camera}
            walk-speed=${args.walkSpeed}
            run-speed=${args.runSpeed}
            turn-speed=${args.turnSpeed}
            jump-height=${args.jumpHeight || nothing}
          ></anim-controller>
        </anim-character>
      </anim-scene>
    `;
  },
};
export default meta;

type Story = StoryObj<ControllerArgs>;

/** The demo's level: a ramp, a step, ledges to drop from, a wall; the root-motion arrow under the feet. */
export const ThirdPerson: Story = {};

/** Arrow keys, a slow turn and a high jump. */
export const ArrowKeys: Story = {
  args: { keys: 'ArrowUp ArrowLeft ArrowDown ArrowRight', turnSpeed: 180, jumpHeight: 1.4 },
};
