import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing, type TemplateResult } from 'lit';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';
import '../src/elements/anim-controller.js';
import '../src/elements/anim-ragdoll.js';
import type { AnimCharacter } from '../src/elements/anim-character.js';
import './support/demo-shape.js';

interface SceneArgs {
  cameraOrbit: string;
  cameraTarget: string;
  fieldOfView: string;
  minCameraOrbit: string;
  maxCameraOrbit: string;
  minFieldOfView: string;
  maxFieldOfView: string;
  autoRotate: boolean;
  autoRotateDelay: string;
  environmentImage: string;
  skyboxImage: string;
  toneMapping: string;
  shadowIntensity: number;
  controls: boolean;
  shadows: boolean;
  ground: boolean;
  background: string;
  exposure: number;
  paused: boolean;
  timeScale: number;
  debug: string;
  lod: string;
  maxRagdolls: number;
  physics: boolean;
  gravity: string;
  fixedStep: string;
  height: string;
  poster: string;
  reveal: string;
  alt: string;
}

const meta: Meta<SceneArgs> = {
  title: 'Elements/anim-scene',
  component: 'anim-scene',
  args: {
    cameraOrbit: 'auto auto auto',
    cameraTarget: 'auto',
    fieldOfView: 'auto',
    minCameraOrbit: 'auto auto auto',
    maxCameraOrbit: 'auto auto auto',
    minFieldOfView: 'auto',
    maxFieldOfView: 'auto',
    autoRotate: false,
    autoRotateDelay: '3s',
    environmentImage: 'neutral',
    skyboxImage: '',
    toneMapping: 'neutral',
    shadowIntensity: 1,
    controls: true,
    shadows: true,
    ground: true,
    background: '#e9ebee',
    exposure: 1,
    paused: false,
    timeScale: 1,
    debug: '',
    lod: 'on',
    maxRagdolls: 12,
    physics: false,
    gravity: '0 -9.81 0',
    fixedStep: '16.667ms',
    height: '480px',
    poster: '',
    reveal: 'auto',
    alt: '',
  },
  argTypes: {
    cameraOrbit: { name: 'camera-orbit', control: 'text' },
    cameraTarget: { name: 'camera-target', control: 'text' },
    fieldOfView: { name: 'field-of-view', control: 'text' },
    minCameraOrbit: { name: 'min-camera-orbit', control: 'text' },
    maxCameraOrbit: { name: 'max-camera-orbit', control: 'text' },
    minFieldOfView: { name: 'min-field-of-view', control: 'text' },
    maxFieldOfView: { name: 'max-field-of-view', control: 'text' },
    autoRotate: { name: 'auto-rotate', control: 'boolean' },
    autoRotateDelay: { name: 'auto-rotate-delay', control: 'text' },
    environmentImage: {
      name: 'environment-image',
      control: 'text',
      description: '`neutral`, `none` or an HDR/image URL.',
    },
    skyboxImage: { name: 'skybox-image', control: 'text' },
    toneMapping: {
      name: 'tone-mapping',
      control: 'select',
      options: ['neutral', 'aces', 'agx', 'reinhard', 'cineon', 'linear', 'none'],
    },
    shadowIntensity: { name: 'shadow-intensity', control: { type: 'range', min: 0, max: 1, step: 0.05 } },
    controls: { control: 'boolean' },
    shadows: { control: 'boolean' },
    ground: { control: 'boolean' },
    background: { control: 'color' },
    exposure: { control: { type: 'range', min: 0, max: 3, step: 0.05 } },
    paused: { control: 'boolean' },
    timeScale: { name: 'time-scale', control: { type: 'range', min: 0, max: 4, step: 0.05 } },
    debug: { control: 'inline-check', options: ['skeleton', 'root-motion', 'colliders', 'stats'] },
    lod: {
      control: 'text',
      description: '`on`, `off`, or two fractions of the view height "full half" (`15% 5%`): who is posed how often.',
    },
    maxRagdolls: { name: 'max-ragdolls', control: { type: 'number', min: 0, step: 1 } },
    physics: { control: 'boolean' },
    gravity: { control: 'text' },
    fixedStep: { name: 'fixed-step', control: 'text' },
    height: { control: 'text', description: 'CSS height of the scene (story only).' },
    poster: { control: 'text', description: 'image URL shown until the scene reveals' },
    reveal: { control: 'inline-radio', options: ['auto', 'manual'] },
    alt: { control: 'text', description: 'the canvas’s accessible name' },
  },
  render: (args) => scene(args, html`<demo-shape></demo-shape>`),
};
export default meta;

/** The scene with every control applied, around `children`. */
function scene(args: SceneArgs, children: TemplateResult): TemplateResult {
  return html`
    <anim-scene
      style="height: ${args.height}"
      camera-orbit=${args.cameraOrbit}
      camera-target=${args.cameraTarget}
      field-of-view=${args.fieldOfView}
      min-camera-orbit=${args.minCameraOrbit}
      max-camera-orbit=${args.maxCameraOrbit}
      min-field-of-view=${args.minFieldOfView}
      max-field-of-view=${args.maxFieldOfView}
      ?auto-rotate=${args.autoRotate}
      auto-rotate-delay=${args.autoRotateDelay}
      environment-image=${args.environmentImage}
      skybox-image=${args.skyboxImage || nothing}
      tone-mapping=${args.toneMapping}
      shadow-intensity=${args.shadowIntensity}
      ?controls=${args.controls}
      ?shadows=${args.shadows}
      ?ground=${args.ground}
      background=${args.background}
      exposure=${args.exposure}
      ?paused=${args.paused}
      time-scale=${args.timeScale}
      max-ragdolls=${args.maxRagdolls}
      ?physics=${args.physics}
      gravity=${args.gravity}
      fixed-step=${args.fixedStep}
      poster=${args.poster || nothing}
      reveal=${args.reveal}
      alt=${args.alt || nothing}
      debug=${Array.isArray(args.debug) ? args.debug.join(' ') : args.debug || nothing}
      lod=${args.lod || nothing}
    >
      ${children}
    </anim-scene>
  `;
}

type Story = StoryObj<SceneArgs>;

/** Ground, soft shadows and orbit controls around a stand-in shape (the character element comes next). */
export const Stage: Story = {};

/** The fox (authored in centimetre-like units) walking: framed by its animated bounds, the walk shown in place with its ground trail. */
export const FramedFox: Story = {
  render: (args) => scene(args, html`<anim-character src="/assets/third-party/Fox.glb" clip="Walk"></anim-character>`),
  args: { autoRotate: true },
};

/** The bare stage: no ground, no shadows, a transparent background over the page. */
export const Transparent: Story = {
  args: { ground: false, shadows: false, background: 'transparent' },
};

/** A low camera from the side, darker exposure, slow motion. */
export const LowAngle: Story = {
  args: { cameraOrbit: '100deg 4deg 3.2m', exposure: 0.8, timeScale: 0.25 },
};

/** Knocks the second mannequin down away from the camera (its ragdoll leaves the physics world once it has settled). */
function knockDown(event: Event): void {
  const scene = (event.target as Element).closest('anim-scene');
  const doll = scene?.querySelector<AnimCharacter>('anim-character[data-doll]');
  void doll?.ragdoll({ velocity: [0, 1, 2] });
}

/**
 * `debug="colliders stats"` over physics: a mannequin on a controller capsule (blue; walk with WASD), a second
 * one to knock down (its ragdoll's capsules orange), the stats box in the corner.
 */
export const DebugViews: Story = {
  // the controller flies the camera
  args: { debug: 'colliders stats', controls: false },
  render: (args) =>
    scene(
      args,
      html`<anim-character src="/assets/mannequin.glb" clip="idle"><anim-controller></anim-controller></anim-character>
        <anim-character data-doll src="/assets/mannequin.glb" clip="idle" position="1.2 0 0.8">
          <anim-ragdoll></anim-ragdoll>
        </anim-character>
        <button style="position:absolute;right:12px;top:12px" @click=${knockDown}>Knock down</button>`,
    ),
};

/** Twelve rows of walkers into the distance: the far ones posed every 2nd or 4th frame (`debug="stats"`); try `lod="off"`. */
export const LevelOfDetail: Story = {
  args: { cameraOrbit: '0deg 8deg 7.5m', debug: 'stats', lod: '15% 5%' },
  render: (args) =>
    scene(
      args,
      html`${Array.from(
        { length: 24 },
        (_, i) =>
          html`<anim-character
            src="/assets/mannequin.glb"
            clip="walk"
            position="${(i % 2) * 2 - 1} 0 ${-Math.floor(i / 2) * 6}"
          ></anim-character>`,
      )}`,
    ),
};
