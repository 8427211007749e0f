// A page's code, compiled by `npm run typecheck` (test/types/tsconfig.json), never run: each listener below
// must type-check under strict, and each `@ts-expect-error` line must fail to (a wrong detail field).
import type {
  AnimCharacter,
  AnimEventMap,
  AnimModel,
  AnimModelEventMap,
  AnimScene,
  AnimSprite,
  AnimTween,
  ErrorCode,
} from '../../src/index.js';

declare const character: AnimCharacter;
declare const model: AnimModel;
declare const sprite: AnimSprite;
declare const tween: AnimTween;
declare const scene: AnimScene;

// page-wide: every anim-* event bubbles to document and window
document.addEventListener('anim-error', (e) => e.detail.code);
window.addEventListener('anim-error', (e) => {
  const code: ErrorCode = e.detail.code;
  const source: Element = e.detail.source;
  return [code, source, e.detail.message.length];
});
document.addEventListener('anim-load', (e) => e.detail.clips.length);
window.addEventListener('anim-loop', (e) => e.detail.count + e.detail.clip.length);
document.addEventListener('anim-state-enter', (e) => e.detail.state);
scene.addEventListener('anim-error', (e) => e.detail.code);
document.querySelector('anim-model')?.addEventListener('anim-load', (e) => e.detail.src);

// per element: a shared name carries the listened element's detail
model.addEventListener('anim-load', (e) => e.detail.src);
model.addEventListener('anim-finish', (e) => e.detail.count);
sprite.addEventListener('anim-load', (e) => e.detail.src);
sprite.addEventListener('anim-sprite-frame', (e) => e.detail.frame + e.detail.name.length);
sprite.addEventListener('anim-loop', (e) => e.detail.count);
character.addEventListener('anim-load', (e) => e.detail.humanoid?.length ?? e.detail.bones.length);
character.addEventListener('anim-state-enter', (e) => e.detail.layer);
character.addEventListener('anim-transition-end', (e) => e.detail.interrupted);
character.addEventListener('anim-event', (e) => e.detail.time);
character.addEventListener('anim-ragdoll', (e) => e.detail.phase);
character.addEventListener('anim-warp-end', (e) => e.detail.completed);
character.removeEventListener('anim-progress', (e) => e.detail.progress);
export const heroLoad = (hero: AnimCharacter) => hero.addEventListener('anim-load', (e) => e.detail.clips);
tween.addEventListener('anim-tween-end', (e) => e.detail.iteration);

// the maps are public: a page can write its own typed helpers over them
const onAny = <K extends keyof AnimEventMap>(type: K, listener: (event: AnimEventMap[K]) => void) =>
  document.addEventListener(type, listener);
onAny('anim-transition-start', (e) => e.detail.from);
export const modelLoad: AnimModelEventMap['anim-load']['detail']['src'] = 'lamp.glb';

// the DOM's own events and unknown names keep their types
model.addEventListener('click', (e) => e.clientX);
model.addEventListener('some-page-event', (e) => e.type);

// a named listener goes on and comes off with the same types
const onModelLoad = (e: CustomEvent<{ src: string }>) => e.detail.src;
model.addEventListener('anim-load', onModelLoad);
model.removeEventListener('anim-load', onModelLoad);
model.addEventListener('anim-load', onModelLoad, { once: true });

// wrong uses fail
// @ts-expect-error a model's anim-load has no humanoid (that is a character's)
model.addEventListener('anim-load', (e) => e.detail.humanoid);
// @ts-expect-error an error's detail has no src
document.addEventListener('anim-error', (e) => e.detail.src);
// @ts-expect-error window sees every anim-load, so src (not on a character's) needs narrowing
window.addEventListener('anim-load', (e) => e.detail.src);
// @ts-expect-error a sprite frame's detail has no clip
sprite.addEventListener('anim-sprite-frame', (e) => e.detail.clip);
// @ts-expect-error a tween's events carry the iteration, not a count
tween.addEventListener('anim-tween-loop', (e) => e.detail.count);
// @ts-expect-error a state's detail has no clip
character.addEventListener('anim-state-exit', (e) => e.detail.clip);
// @ts-expect-error a character's anim-load has no src (that is a model's or a sprite's)
character.addEventListener('anim-load', (e) => e.detail.src);
// @ts-expect-error a character's anim-finish carries the clip only, no count (that is a model's)
character.addEventListener('anim-finish', (e) => e.detail.count);
// @ts-expect-error the code is one of the registry's, not any string
export const notACode: ErrorCode = 'no-such-code';
