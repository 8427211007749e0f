import type { Object3D } from 'three';

/**
 * A character placed from outside, through flat per-agent arrays (a crowd's steering) read at `index`: the
 * rig takes its root's x, z and heading from them when its frame first needs the root. The one who steers
 * then writes nothing per character per frame, and each character's objects are read once a frame, in its
 * own update, not a second time in a pass of their own (at thousands of characters, each such read misses
 * the cache).
 */
export interface RigPlacement {
  readonly x: Float32Array;
  readonly z: Float32Array;
  /** Radians about +Y (0 faces +Z). */
  readonly heading: Float32Array;
  readonly index: number;
}

/** Puts `root` where `placement` says: x and z (its height kept), and its heading about +Y. */
export function placeRoot(root: Object3D, placement: RigPlacement): void {
  const i = placement.index;
  const { position, rotation } = root;
  position.x = placement.x[i];
  position.z = placement.z[i];
  // an unchanged heading leaves the quaternion alone (setting an Euler angle recomputes it)
  const heading = placement.heading[i];
  if (rotation.y !== heading) rotation.y = heading;
}
