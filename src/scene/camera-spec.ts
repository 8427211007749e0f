/**
 * What a page asks of the camera, in the model-viewer manner: every part is a number or `auto` (fitted to
 * the model), and a distance may be a percentage of the fitted distance. Angles in degrees, lengths in
 * metres. Plain data: the element layer parses markup into it, the stage resolves it against the model.
 */

export type Auto = 'auto';
/** A distance: metres, a percentage of the fitted distance (`"150%"`), or `auto` (the fitted distance). */
export type DistanceSpec = number | `${number}%` | Auto;

export interface OrbitSpec {
  /** Degrees around +Y; 0 looks at the model's front (from +Z). `auto`: 30. */
  yaw: number | Auto;
  /** Degrees above the horizon. `auto`: 15. */
  pitch: number | Auto;
  distance: DistanceSpec;
}

export type TargetSpec = readonly [x: number, y: number, z: number] | Auto;

/** The orbit when every part is `auto`: three-quarter view from a little above. */
export const AUTO_YAW = 30;
export const AUTO_PITCH = 15;
/** Vertical field of view (degrees) for `field-of-view="auto"`. */
export const AUTO_FOV = 35;

export const AUTO_ORBIT: OrbitSpec = { yaw: 'auto', pitch: 'auto', distance: 'auto' };

/** A distance spec in metres, given the fitted distance. */
export function resolveDistance(spec: DistanceSpec, fitted: number): number {
  if (spec === 'auto') return fitted;
  if (typeof spec === 'number') return spec;
  return (fitted * Number.parseFloat(spec)) / 100;
}

/** Limits on the orbit (`min-camera-orbit`, `max-camera-orbit`): `auto` parts leave that side open (distance: see the stage). */
export interface OrbitLimits {
  min: OrbitSpec;
  max: OrbitSpec;
}
