import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { BoxGeometry, Mesh, MeshStandardMaterial } from 'three';
import type { AnimCharacter } from '../src/elements/anim-character.js';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';
import '../src/elements/anim-warp.js';
import { setupAfterFrame } from './support/story-setup.js';

interface WarpArgs {
  clip: string;
  name: string;
  windows: string;
  minRate: number;
  maxRate: number;
  /** How much nearer or farther than authored the targets are (1: as authored). */
  reach: number;
  /** Metres added to the height of the middle target. */
  lift: number;
}

/** Where the mannequin's vault puts its root at the default windows' ends (metres, relative). */
const VAULT_ENDS = [
  [-0.14, 0.42],
  [0.2, 1.62],
  [-0.01, 1.96],
];

/** Warps the vault every few seconds from the origin onto targets scaled by `reach` and raised by `lift`. */
function replay(args: WarpArgs): void {
  // setup the screenshot tests wait for: the first warp must start before they step time
  setupAfterFrame(async () => {
    const character = document.getElementById('warp-hero') as AnimCharacter | null;
    if (!character) return;
    await character.ready;
    // the obstacle the targets describe: the authored box (0.75 m ahead, 0.7 m deep, 0.85 m high) moved by
    // `reach` and `lift`, so the warped vault is seen going over something
    const stage = character.closest('anim-scene')?.stage;
    if (stage) {
      const height = 0.85 + args.lift;
      const depth = 0.7 * args.reach;
      const box = new Mesh(new BoxGeometry(1.2, height, depth), new MeshStandardMaterial({ color: '#d9a35b' }));
      box.position.set(0, height / 2, -1.2 + 0.75 * args.reach + depth / 2);
      box.castShadow = true;
      box.receiveShadow = true;
      stage.content.add(box);
      stage.contentChanged();
    }
    const go = () => {
      if (!character.isConnected) return;
      character.position = [0, 0, -1.2];
      const targets = VAULT_ENDS.map(([up, ahead], i) => ({
        x: 0,
        y: up + (i === 1 ? args.lift : 0),
        z: -1.2 + ahead * args.reach,
      }));
      character.warp(args.name || args.clip, targets);
    };
    character.addEventListener('anim-warp-end', () => setTimeout(go, 1200));
    go();
  });
}

const meta: Meta<WarpArgs> = {
  title: 'Elements/anim-warp',
  component: 'anim-warp',
  args: {
    clip: 'vault',
    name: 'vault',
    windows: '0%-20% 20%-53% 53%-67%',
    minRate: 0.6,
    maxRate: 1.6,
    reach: 1.3,
    lift: 0.2,
  },
  argTypes: {
    clip: { control: 'select', options: ['vault'] },
    name: { control: 'text' },
    windows: {
      control: 'text',
      description:
        'Three windows `start-end`, percentages of the clip (`"0%-20% 20%-53% 53%-67%"`) or seconds (`"0s-0.3s …"`), one unit for the list: the story gives three targets.',
    },
    minRate: { name: 'min-rate', control: { type: 'range', min: 0.1, max: 1, step: 0.05 } },
    maxRate: { name: 'max-rate', control: { type: 'range', min: 1, max: 3, step: 0.05 } },
    reach: {
      control: { type: 'range', min: 0.6, max: 1.8, step: 0.05 },
      description: 'Targets nearer (<1) or farther (>1) than authored.',
    },
    lift: {
      control: { type: 'range', min: -0.2, max: 0.6, step: 0.05 },
      description: 'Metres added to the height over the obstacle.',
    },
  },
  render: (args) => {
    replay(args);
    return html`
      <anim-scene shadows ground controls style="height: 440px" camera-orbit="80deg 10deg 5m" camera-target="0 0.8 0">
        <anim-character id="warp-hero" src="/assets/mannequin.glb" clip="idle">
          <anim-warp
            clip=${args.clip}
            name=${args.name}
            windows=${args.windows}
            min-rate=${args.minRate}
            max-rate=${args.maxRate}
          ></anim-warp>
        </anim-character>
      </anim-scene>
    `;
  },
};
export default meta;

type Story = StoryObj<WarpArgs>;

/** The one vault clip over a farther, higher obstacle than it was made for: slower, higher. */
export const FartherAndHigher: Story = {};

/** Nearer than authored: the clip plays faster (up to `max-rate`). */
export const Nearer: Story = { args: { reach: 0.7, lift: -0.1 } };
