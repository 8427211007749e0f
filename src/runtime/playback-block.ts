/**
 * Flat memory for the playbacks of many characters: each character's per-frame state (its slots' fades,
 * its clocks' swept segments, its key cursors, its pose) is one contiguous stretch of a shared
 * ArrayBuffer, character after character, instead of a dozen typed arrays scattered over the heap. A
 * crowd's update then walks a few large blocks in order, and the cost per character stays flat as the
 * crowd grows (no pointer chasing into cold, scattered backing stores).
 *
 * Playbacks of the same shape (floats of poses, key cursors) share a block (`sharedPlaybackBlock`); a
 * block grows by whole chunks, never moving a stretch already handed out, and takes back the stretch of a
 * disposed playback for the next one. Nothing here runs per frame.
 */
export class PlaybackBlock {
  /** Bytes per character (a multiple of 8). */
  readonly stride: number;
  readonly #chunks: ArrayBuffer[] = [];
  /** Stretches handed back by disposed playbacks: buffer and byte offset. */
  readonly #free: { buffer: ArrayBuffer; offset: number }[] = [];
  #used = 0;
  #chunkCapacity: number;

  /** `f64`, `i32` and `f32` are how many of each one character needs (laid out in that order). */
  constructor(
    readonly f64: number,
    readonly i32: number,
    readonly f32: number,
    chunkCapacity = 16,
  ) {
    this.stride = f64 * 8 + align8(i32 * 4) + align8(f32 * 4);
    this.#chunkCapacity = chunkCapacity;
  }

  /** A character's stretch: its three views, each laid out from the start of its region. */
  take(): PlaybackStretch {
    const spot = this.#free.pop() ?? this.#fresh();
    const { buffer, offset } = spot;
    const i32At = offset + this.f64 * 8;
    const f32At = i32At + align8(this.i32 * 4);
    let released = false;
    const stretch: PlaybackStretch = {
      f64: new Float64Array(buffer, offset, this.f64),
      i32: new Int32Array(buffer, i32At, this.i32),
      f32: new Float32Array(buffer, f32At, this.f32),
      release: () => {
        if (released) return;
        released = true;
        stretch.f64.fill(0);
        stretch.i32.fill(0);
        stretch.f32.fill(0);
        this.#free.push(spot);
      },
    };
    return stretch;
  }

  #capacityLeft(): number {
    const last = this.#chunks[this.#chunks.length - 1];
    return last ? last.byteLength / this.stride - this.#used : 0;
  }

  #fresh(): { buffer: ArrayBuffer; offset: number } {
    if (this.#capacityLeft() === 0) {
      this.#chunks.push(new ArrayBuffer(this.stride * this.#chunkCapacity));
      this.#used = 0;
      // chunks double (up to 1,024 characters each): a crowd of 10,000 is a dozen blocks
      this.#chunkCapacity = Math.min(1024, this.#chunkCapacity * 2);
    }
    const buffer = this.#chunks[this.#chunks.length - 1];
    return { buffer, offset: this.#used++ * this.stride };
  }
}

/** One character's stretch of a PlaybackBlock. */
export interface PlaybackStretch {
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  readonly f32: Float32Array;
  /** Gives the stretch back (zeroed) for the next playback of this shape; its views must not be used after. */
  release(): void;
}

const shared = new Map<string, PlaybackBlock>();

/** The block every playback of this shape shares (see PlaybackBlock). */
export function sharedPlaybackBlock(f64: number, i32: number, f32: number): PlaybackBlock {
  const key = `${f64}/${i32}/${f32}`;
  let block = shared.get(key);
  if (!block) {
    block = new PlaybackBlock(f64, i32, f32);
    shared.set(key, block);
  }
  return block;
}

function align8(bytes: number): number {
  return (bytes + 7) & ~7;
}
