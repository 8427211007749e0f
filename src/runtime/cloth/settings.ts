/**
 * A cloth's settings and their defaults, apart from the solver: `<anim-cloth>` reads and checks them before
 * the solver's code is fetched.
 */

/** Which vertices are held: a band at the top of the mesh (a fraction of its height), or a list of vertices. */
export type ClothPins = { readonly top: number } | { readonly vertices: ArrayLike<number> };

export interface ClothSettings {
  /** How far each distance constraint is restored per substep, 0–1 (spread over the iterations). */
  stiffness: number;
  /** Share of `stiffness` the bend constraints (across two triangles) get, 0–1. */
  bendStiffness: number;
  /** Drag, per second: velocity decays as exp(-damping · t). */
  damping: number;
  /** m/s² in the cloth's (world) space. */
  gravity: [number, number, number];
  /** Constraint passes per substep, 1 or more. */
  iterations: number;
  /** m/s: faster particles are slowed to this (a flick of the anchor never explodes the cloth). */
  maxSpeed: number;
  /** Extra distance kept from collider capsules, metres. */
  margin: number;
  /** Height of a floor plane particles stay above (-Infinity: none). */
  floor: number;
}

export const DEFAULT_CLOTH_SETTINGS: Readonly<ClothSettings> = {
  stiffness: 0.9,
  bendStiffness: 0.3,
  damping: 1,
  gravity: [0, -9.81, 0],
  iterations: 4,
  maxSpeed: 12,
  margin: 0.01,
  floor: Number.NEGATIVE_INFINITY,
};
