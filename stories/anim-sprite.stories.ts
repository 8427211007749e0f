import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html, nothing } from 'lit';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-sprite.js';

interface SpriteArgs {
  src: string;
  columns: number;
  rows: number;
  frames: string;
  fps: string;
  durations: string;
  loop: string;
  speed: number;
  frameStart: string;
  frameEnd: string;
  paused: boolean;
  billboard: boolean;
  position: string;
  size: number;
  frameEvents: boolean;
}

const meta: Meta<SpriteArgs> = {
  title: 'Elements/anim-sprite',
  component: 'anim-sprite',
  args: {
    src: '/assets/mannequin-walk-sprites.png',
    columns: 4,
    rows: 2,
    frames: '',
    fps: '8',
    durations: '',
    loop: 'repeat',
    speed: 1,
    frameStart: '',
    frameEnd: '',
    paused: false,
    billboard: true,
    position: '0 0 0',
    size: 1.8,
    frameEvents: false,
  },
  argTypes: {
    src: { control: 'select', options: ['/assets/mannequin-walk-sprites.png', '/assets/mannequin-walk-sprites.json'] },
    columns: { control: { type: 'number', min: 1 } },
    rows: { control: { type: 'number', min: 1 } },
    frames: { control: 'text', description: 'empty: columns × rows' },
    fps: { control: 'text', description: 'empty: the atlas times, else 12' },
    durations: { control: 'text', description: 'e.g. "100ms 100ms 250ms"' },
    loop: {
      control: 'inline-radio',
      options: ['repeat', 'once', 'pingpong', 'clamp'],
      description:
        'repeat wraps; once stops at the end; pingpong bounces; clamp holds but moves again if the speed flips sign (the same on clips and sprites)',
    },
    speed: { control: { type: 'range', min: -2, max: 2, step: 0.1 } },
    frameStart: { name: 'frame-start', control: 'text' },
    frameEnd: { name: 'frame-end', control: 'text' },
    paused: { control: 'boolean' },
    billboard: { control: 'boolean' },
    position: { control: 'text' },
    size: { control: { type: 'range', min: 0.2, max: 4, step: 0.1 } },
    frameEvents: { name: 'frame-events', control: 'boolean' },
  },
  render: (args) => sprite(args),
};
export default meta;

function sprite(args: SpriteArgs, style = '') {
  return html`<anim-sprite
    style=${style || nothing}
    src=${args.src}
    columns=${args.columns}
    rows=${args.rows}
    frames=${args.frames || nothing}
    fps=${args.fps || nothing}
    durations=${args.durations || nothing}
    loop=${args.loop}
    speed=${args.speed}
    frame-start=${args.frameStart || nothing}
    frame-end=${args.frameEnd || nothing}
    ?paused=${args.paused}
    ?billboard=${args.billboard}
    position=${args.position}
    size=${args.size}
    ?frame-events=${args.frameEvents}
  ></anim-sprite>`;
}

type Story = StoryObj<SpriteArgs>;

/** On a 2D page: a plain element animated by background-position, at the frame's own size and at twice it. */
export const Page: Story = {
  render: (args) => html`
    <div style="display: flex; align-items: end; gap: 24px; background: #f1efe9; padding: 16px">
      ${sprite(args)} ${sprite(args, 'width: 256px')}
    </div>
  `,
};

/** In a scene: a quad standing on the ground, turning to face the camera, with a cut-out shadow. */
export const Scene: Story = {
  render: (args) => html`
    <anim-scene style="height: 480px" camera-orbit="25deg 10deg 4m" shadows ground controls>${sprite(args)}</anim-scene>
  `,
};

/** The TexturePacker atlas with its own frame times, a crowd of billboards. */
export const Atlas: Story = {
  render: () => html`
    <anim-scene style="height: 480px" camera-orbit="25deg 12deg 6m" shadows ground controls>
      ${[-1.5, 0, 1.5].map(
        (x, i) =>
          html`<anim-sprite src="/assets/mannequin-walk-sprites.json" position="${x} 0 ${-i * 0.6}" size="1.8" billboard speed=${0.8 + i * 0.2}></anim-sprite>`,
      )}
    </anim-scene>
  `,
};
