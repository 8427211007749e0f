import 'anim-elements';
import type {} from 'anim-elements/preact';
import type {} from 'anim-elements/svelte';
import type {} from 'anim-elements/vue';
import type { JSX } from 'preact';
import type { SvelteHTMLElements } from 'svelte/elements';
import type { GlobalComponents } from 'vue';

export const vueHas: GlobalComponents['anim-character'] | undefined = undefined;
export const svelteProps: SvelteHTMLElements['anim-character'] = {
  speed: 2,
  'onanim-load': (e) => e.detail.clips.join(),
};
// @ts-expect-error: speed is a number
export const svelteBad: SvelteHTMLElements['anim-character'] = { speed: {} };
export const preactProps: JSX.IntrinsicElements['anim-model'] = { src: 'a.glb', 'onanim-load': (e) => e.detail };
