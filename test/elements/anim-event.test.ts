import { expect } from '@open-wc/testing';
import type { AnimEventDetail } from '../../src/elements/anim-character.js';
import type { AnimEvent } from '../../src/elements/anim-event.js';
import { collect, collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';

// walk lasts 1.1 s; steps of 0.125 s are exact in binary, so no crossing is a matter of rounding
const STEP = 0.125;
const FOOTSTEPS = `
  <anim-clip name="steps" from="walk">
    <anim-event time="0.2" name="left" data='{"foot":"left","volume":0.5}'></anim-event>
    <anim-event time="750ms" name="right" data="right foot"></anim-event>
  </anim-clip>`;

type Seen = { type: string; name?: string; clip?: string; time?: number; count?: number };

/** anim-event, anim-loop and anim-finish in the order they were dispatched. */
function timeline(el: EventTarget): Seen[] {
  const seen: Seen[] = [];
  el.addEventListener('anim-event', (e) => {
    const { name, clip, time } = (e as CustomEvent<AnimEventDetail>).detail;
    seen.push({ type: 'event', name, clip, time: Math.round(time * 1e4) / 1e4 });
  });
  el.addEventListener('anim-loop', (e) => seen.push({ type: 'loop', ...(e as CustomEvent).detail }));
  el.addEventListener('anim-finish', (e) => seen.push({ type: 'finish', ...(e as CustomEvent).detail }));
  return seen;
}

describe('<anim-event>', () => {
  it('fires anim-event at each crossing, once, with name, clip, time and parsed data, in order with loops', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="steps"`, FOOTSTEPS);
    const seen = timeline(character);
    const details = collect<AnimEventDetail>(character, 'anim-event');
    for (let i = 0; i < 12; i++) scene.step(STEP);
    expect(seen).to.deep.equal([
      { type: 'event', name: 'left', clip: 'steps', time: 0.2 },
      { type: 'event', name: 'right', clip: 'steps', time: 0.75 },
      { type: 'loop', clip: 'steps', count: 1 },
      { type: 'event', name: 'left', clip: 'steps', time: 0.2 },
    ]);
    expect(details[0].data).to.deep.equal({ foot: 'left', volume: 0.5 });
    expect(details[1].data, 'text that is not JSON stays text').to.equal('right foot');
  });

  // Catches a graph taking over from the clip repeating, on every frame it drives, the clip's last event: the
  // clip playback it replaced is no longer updated, so that event stayed queued.
  it('fires a clip event once when a graph takes over on the next frame, not on every frame the graph drives', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="steps"`, FOOTSTEPS);
    const seen = timeline(character);
    scene.step(STEP);
    scene.step(STEP);
    expect(seen.map((s) => s.name ?? s.type)).to.deep.equal(['left']);
    character.setAttribute('graph', 'locomotion');
    await settle();
    for (let i = 0; i < 6; i++) scene.step(1 / 60);
    expect(character.state, 'the graph drives').to.equal('locomotion');
    expect(seen.map((s) => s.name ?? s.type)).to.deep.equal(['left']);
  });

  it('fires backwards in reverse order when the speed is negative', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="steps" speed="-1"`, FOOTSTEPS);
    const seen = timeline(character);
    for (let i = 0; i < 8; i++) scene.step(STEP);
    expect(seen.map((s) => s.name ?? s.type)).to.deep.equal(['right', 'left']);
    for (let i = 0; i < 4; i++) scene.step(STEP);
    expect(seen.map((s) => s.name ?? s.type)).to.deep.equal(['right', 'left', 'loop', 'right']);
  });

  it('fires again on the way back of a pingpong, and once at a bounce', async () => {
    const clip = `<anim-clip name="bounce" from="walk" loop="pingpong">
      <anim-event time="0.2" name="a"></anim-event>
      <anim-event time="1.1" name="end"></anim-event></anim-clip>`;
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="bounce"`, clip);
    const seen = timeline(character);
    for (let i = 0; i < 17; i++) scene.step(STEP);
    // 2.125 s: out to 1.1 and back to 0.075 — the event at the bounce fires once
    expect(seen.map((s) => s.name ?? s.type)).to.deep.equal(['a', 'end', 'loop', 'a']);
  });

  it('a once clip reports its events, then its finish, and nothing after', async () => {
    const clip = `<anim-clip name="one" from="land" loop="once"><anim-event time="0.25" name="touch"></anim-event></anim-clip>`;
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="one"`, clip);
    const seen = timeline(character);
    for (let i = 0; i < 10; i++) scene.step(STEP);
    expect(seen).to.deep.equal([
      { type: 'event', name: 'touch', clip: 'one', time: 0.25 },
      { type: 'finish', clip: 'one' },
    ]);
  });

  it('adding, editing and removing events takes effect on the next frame', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="steps"`, FOOTSTEPS);
    const seen = timeline(character);
    const clip = character.querySelector('anim-clip')!;
    const added = document.createElement('anim-event') as AnimEvent;
    added.name = 'mid';
    added.time = 0.5;
    clip.append(added);
    clip.querySelector('anim-event')!.remove();
    await settle();
    for (let i = 0; i < 8; i++) scene.step(STEP);
    expect(seen.map((s) => s.name)).to.deep.equal(['mid', 'right']);
    // at 1 s now: 0.85 was passed this loop, so it next fires at 1.95 s, after the seam and right
    added.setAttribute('time', '0.85');
    await added.updateComplete;
    for (let i = 0; i < 8; i++) scene.step(STEP);
    expect(seen.map((s) => s.name ?? s.type)).to.deep.equal(['mid', 'right', 'loop', 'right', 'mid']);
  });

  it('a bad time keeps the previous one and reports bad-attribute; one past the clip end is reported too', async () => {
    const { scene, character } = await mountCharacter(`src="${MANNEQUIN}" clip="steps"`, FOOTSTEPS);
    const errors = collectErrors(character);
    const event = character.querySelector('anim-event')!;
    event.setAttribute('time', 'soon');
    await settle();
    expect(event.time).to.equal(0.2);
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
    expect(errors[0].message).to.contain('"soon"');
    event.setAttribute('time', '5s');
    await event.updateComplete;
    scene.step(0);
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute']);
    expect(errors[1].message).to.contain('left').and.contain('steps');
  });
});
