import { fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';

export const MANNEQUIN = '/assets/mannequin.glb';

/**
 * A paused scene (time moves only by step()) holding one character; resolves once it is posed. `errors` holds
 * every anim-error that reached the scene from the start.
 */
export async function mountCharacter(
  attributes = '',
  children = '',
): Promise<{ scene: AnimScene; character: AnimCharacter; errors: AnimErrorDetail[] }> {
  const scene = await fixture<AnimScene>(html`<anim-scene paused style="width: 320px; height: 240px"></anim-scene>`);
  const errors = collectErrors(scene);
  scene.innerHTML = `<anim-character ${attributes}>${children}</anim-character>`;
  const character = scene.querySelector('anim-character')!;
  await character.ready;
  await settle();
  return { scene, character, errors };
}

/** Every event of `type` that reaches `el`, in order. */
export function collect<T>(el: EventTarget, type: string): T[] {
  const seen: T[] = [];
  el.addEventListener(type, (e) => seen.push((e as CustomEvent<T>).detail));
  return seen;
}

export const collectErrors = (el: EventTarget) => collect<AnimErrorDetail>(el, 'anim-error');

/** Lets queued microtasks (events raised outside a frame) run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
