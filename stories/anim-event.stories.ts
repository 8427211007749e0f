import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import '../src/elements/anim-scene.js';
import '../src/elements/anim-character.js';
import type { AnimEventDetail } from '../src/elements/character-events.js';

interface EventArgs {
  time: string;
  name: string;
  data: string;
  speed: number;
}

/** Prints each anim-event / anim-loop the character fires into the log beside it, newest first. */
function logTo(id: string) {
  return (e: Event) => {
    const log = document.getElementById(id);
    if (!log) return;
    const detail = (e as CustomEvent<AnimEventDetail>).detail;
    const line =
      e.type === 'anim-event'
        ? `${detail.clip} · ${detail.name} at ${detail.time.toFixed(2)}s · data ${JSON.stringify(detail.data)}`
        : `${e.type} ${JSON.stringify(detail)}`;
    log.textContent = `${line}\n${log.textContent ?? ''}`.split('\n').slice(0, 14).join('\n');
  };
}

const meta: Meta<EventArgs> = {
  title: 'Elements/anim-event',
  component: 'anim-event',
  args: { time: '0.3s', name: 'step', data: '{"foot":"left"}', speed: 1 },
  argTypes: {
    time: { control: 'text', description: 'Seconds from the clip start (s / ms accepted).' },
    name: { control: 'text' },
    data: { control: 'text', description: 'JSON, or plain text.' },
    speed: {
      control: { type: 'range', min: -2, max: 2, step: 0.05 },
      description: "The character's speed (story only): negative crosses events backwards.",
    },
  },
  render: (args) => html`
    <div style="display: grid; grid-template-columns: 1fr 320px; gap: 12px; font: 12px/1.5 ui-monospace, monospace">
      <anim-scene shadows ground style="height: 400px" camera-orbit="35deg 8deg 4.4m">
        <anim-character
          src="/assets/mannequin.glb"
          clip="steps"
          speed=${args.speed}
          @anim-event=${logTo('event-log')}
          @anim-loop=${logTo('event-log')}
        >
          <anim-clip name="steps" from="walk-inplace">
            <anim-event time=${args.time} name=${args.name} data=${args.data}></anim-event>
            <anim-event time="0.85" name="step" data='{"foot":"right"}'></anim-event>
          </anim-clip>
        </anim-character>
      </anim-scene>
      <pre id="event-log" style="margin: 0; padding: 8px; background: #f4f5f7; border-radius: 6px; overflow: hidden; white-space: pre-wrap"></pre>
    </div>
  `,
};
export default meta;

type Story = StoryObj<EventArgs>;

/** Footsteps on the in-place walk: each crossing logs one line; loops are logged too. */
export const Footsteps: Story = {};

/** Played backwards, the same events fire in reverse order. */
export const Backwards: Story = { args: { speed: -1 } };
