import type { Pose } from './pose.js';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * A 32-bit FNV-1a hash of a pose's exact bits (translations, rotations, scales, morph weights): equal
 * hashes at every frame say two runs posed the character identically. The view over the pose's buffer is
 * made once; hashing allocates nothing.
 */
export class PoseHasher {
  readonly #bits: Uint32Array;

  constructor(readonly pose: Pose) {
    const { data } = pose;
    this.#bits = new Uint32Array(data.buffer, data.byteOffset, data.length);
  }

  hash(): number {
    let h = FNV_OFFSET;
    const bits = this.#bits;
    for (let i = 0; i < bits.length; i++) {
      const x = bits[i];
      h = Math.imul(h ^ (x & 0xff), FNV_PRIME);
      h = Math.imul(h ^ ((x >>> 8) & 0xff), FNV_PRIME);
      h = Math.imul(h ^ ((x >>> 16) & 0xff), FNV_PRIME);
      h = Math.imul(h ^ (x >>> 24), FNV_PRIME);
    }
    return h >>> 0;
  }
}
