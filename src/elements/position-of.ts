import type { Object3D } from 'three';

/** Tags whose elements stand somewhere in a scene (once upgraded and loaded). */
const PLACED_TAGS = ['anim-model', 'bone-anchor', 'anim-character', 'anim-sprite'];

/**
 * The three.js object whose world position an element stands for: an `<anim-model>`'s or `<bone-anchor>`'s
 * `object3D` (any element exposing one), a character's root. `null` when it will have one but does not yet
 * (not upgraded, not loaded); `undefined` when it never will (a `<div>`).
 */
export function positionObjectOf(el: Element): Object3D | null | undefined {
  const host = el as Element & { object3D?: Object3D; rig?: { root: Object3D } };
  if (host.object3D?.isObject3D) return host.object3D;
  if ('rig' in host) return host.rig?.root ?? null;
  return PLACED_TAGS.includes(el.localName) ? null : undefined;
}
