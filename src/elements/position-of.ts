import type { Object3D } from 'three';

/** Tags whose elements stand somewhere in a scene (once upgraded and loaded). */
const PLACED_TAGS = ['anim-model', 'bone-anchor', 'anim-character', 'anim-sprite'];

/**
 * The three.js object whose world position an element stands for: an `<anim-model>`'s or `<bone-anchor>`'s
 * `object3D` (any element exposing one; a character's is its root once loaded). `null` when it will have one but does not yet
 * (not upgraded, not loaded); `undefined` when it never will (a `<div>`).
 */
export function positionObjectOf(el: Element): Object3D | null | undefined {
  const host = el as Element & { object3D?: Object3D | null };
  if ('object3D' in host) return host.object3D?.isObject3D ? host.object3D : null;
  return PLACED_TAGS.includes(el.localName) ? null : undefined;
}
