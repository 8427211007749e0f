import type { Object3D } from 'three';

/**
 * Where an IK target or pole is each frame: a fixed point, or the world position of a three.js object (an
 * `<anim-model>`'s group, a `<bone-anchor>`'s, a character's root) read afresh every frame, or nothing yet.
 * An object may be handed over directly or found by a `lookup` called each frame until it answers (for
 * something that is not loaded yet). Reading allocates nothing.
 */
export class IkPoint {
  readonly #point = new Float64Array(3);
  #mode: 'none' | 'point' | 'object' | 'lookup' = 'none';
  #object: Object3D | null = null;
  #lookup: (() => Object3D | null) | null = null;

  /** Whether a point or an object source is set (it may still be waiting for its object). */
  get isSet(): boolean {
    return this.#mode !== 'none';
  }

  clear(): void {
    this.#mode = 'none';
    this.#object = null;
    this.#lookup = null;
  }

  setPoint(x: number, y: number, z: number): void {
    this.clear();
    this.#point[0] = x;
    this.#point[1] = y;
    this.#point[2] = z;
    this.#mode = 'point';
  }

  setObject(object: Object3D): void {
    this.clear();
    this.#object = object;
    this.#mode = 'object';
  }

  /** `lookup` answers the object to follow now, or null while there is none (nothing is read then). */
  setLookup(lookup: () => Object3D | null): void {
    this.clear();
    this.#lookup = lookup;
    this.#mode = 'lookup';
  }

  /** Writes the point (world space) into out[o..o+2]; false when there is none this frame. */
  read(out: Float64Array, o = 0): boolean {
    if (this.#mode === 'point') {
      out[o] = this.#point[0];
      out[o + 1] = this.#point[1];
      out[o + 2] = this.#point[2];
      return true;
    }
    const object = this.#mode === 'object' ? this.#object : this.#mode === 'lookup' ? this.#lookup!() : null;
    if (!object) return false;
    object.updateWorldMatrix(true, false);
    const e = object.matrixWorld.elements;
    out[o] = e[12];
    out[o + 1] = e[13];
    out[o + 2] = e[14];
    return true;
  }
}
