import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { ref } from 'lit/directives/ref.js';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';
import '../src/elements/anim-cloth.js';
import '../src/elements/anim-ragdoll.js';
import type { AnimCharacter } from '../src/elements/anim-character.js';

interface RagdollArgs {
  active: boolean;
  velocity: string;
  limits: 'natural' | 'loose';
  getUpAfter: number;
}

/** Knocks the character down with a shove away from the camera, and stands it up once it has settled. */
function wire(scene: HTMLElement | null, getUpAfter: number): void {
  if (!scene || (scene as { wired?: boolean }).wired) return;
  (scene as { wired?: boolean }).wired = true;
  // the children are rendered after the scene element itself: look them up when used
  const hero = () => scene.querySelector('anim-character') as AnimCharacter;
  const knock = () => {
    const angle = Math.random() * Math.PI * 2;
    void hero().ragdoll({ velocity: [Math.sin(angle) * 3, 1.5, Math.cos(angle) * 3] });
  };
  scene.addEventListener('click', (event) => {
    if ((event.target as Element).localName === 'button') knock();
  });
  window.addEventListener('keydown', (event) => {
    if (event.key === 'r' || event.key === 'R') knock();
  });
  scene.addEventListener('anim-ragdoll', (event) => {
    if (event.detail.phase === 'settled' && getUpAfter >= 0) setTimeout(() => hero().getUp(), getUpAfter * 1000);
    if (event.detail.phase === 'recovered') setTimeout(() => hero().play('idle'), 1500);
  });
}

const meta: Meta<RagdollArgs> = {
  title: 'Elements/anim-ragdoll',
  component: 'anim-ragdoll',
  args: { active: false, velocity: '0 1 -3', limits: 'natural', getUpAfter: 1 },
  argTypes: {
    active: { control: 'boolean' },
    velocity: { control: 'text', description: 'Launch velocity `"x y z"` m/s.' },
    limits: { control: 'inline-radio', options: ['natural', 'loose'] },
    getUpAfter: {
      name: 'get up after',
      control: { type: 'range', min: -1, max: 5, step: 0.5 },
      description: 'Seconds after settling before `getUp()` (−1: stay down). Story only.',
    },
  },
  render: (args) => html`
    <anim-scene
      style="height: 480px"
      camera-orbit="30deg 18deg 5m"
      camera-target="0 0.6 0"
      controls
      shadows
      ground
      ${ref((scene) => wire((scene as HTMLElement | undefined) ?? null, args.getUpAfter))}
    >
      <anim-character src="/assets/mannequin.glb" clip="idle">
        <anim-cloth mesh="Cape"></anim-cloth>
        <anim-ragdoll ?active=${args.active} velocity=${args.velocity} limits=${args.limits}></anim-ragdoll>
      </anim-character>
      <button style="position:absolute;left:12px;top:12px" title="or press R">Knock down (R)</button>
    </anim-scene>
  `,
};
export default meta;

type Story = StoryObj<RagdollArgs>;

/** Press R (or the button): the mannequin is shoved, crumples, settles, then gets up where it lies. */
export const KnockDown: Story = {};

/** Generous joint limits, and it stays down. */
export const Loose: Story = { args: { limits: 'loose', getUpAfter: -1 } };

/** Down from the start: `active` in the markup, as a saved page would have it. */
export const SavedDown: Story = { args: { active: true, getUpAfter: -1 } };
