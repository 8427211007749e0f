import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { type PropertyClip, samplePropertyTrack } from '../runtime/core.js';
import { GltfObjects, type PointerTarget, pointerTarget } from './pointer-targets.js';

/**
 * Applies a glTF animation's property tracks (KHR_animation_pointer) to the three.js objects of a loaded
 * model: each track is bound to its target once, and `apply(time)` samples every track at `time` and writes
 * it. Tracks whose pointer this version cannot animate are skipped and listed in `unsupported`. No allocation
 * per apply.
 */
export class PropertyClipPlayer {
  readonly clip: PropertyClip;
  /** Pointers of the clip that drive nothing here. */
  readonly unsupported: readonly string[];
  readonly #bound: Array<{ track: PropertyClip['tracks'][number]; target: PointerTarget; scratch: Float32Array }> = [];

  constructor(gltf: GLTF, clip: PropertyClip, objects = new GltfObjects(gltf)) {
    this.clip = clip;
    const unsupported: string[] = [];
    for (const track of clip.tracks) {
      const target = pointerTarget(objects, track.pointer);
      if (target && target.size <= track.size) {
        this.#bound.push({ track, target, scratch: new Float32Array(track.size) });
      } else unsupported.push(track.pointer);
    }
    this.unsupported = unsupported;
  }

  get trackCount(): number {
    return this.#bound.length;
  }

  apply(time: number): void {
    for (let i = 0; i < this.#bound.length; i++) {
      const { track, target, scratch } = this.#bound[i];
      samplePropertyTrack(track, time, scratch);
      target.write(scratch);
    }
  }
}
