import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import {
  advanceClock,
  type Clock,
  createClock,
  type GltfJson,
  importPropertyClips,
  type PropertyClip,
  resetClock,
  type WrapMode,
} from '../runtime/core.js';
import { resolvedBufferViews } from './gltf-binding.js';
import { GltfObjects } from './pointer-targets.js';
import { PropertyClipPlayer } from './property-clip-player.js';
import type { Actor } from './stage.js';

/**
 * The property animation of a static model: one of its glTF animations, by name, whose KHR_animation_pointer
 * tracks (material colours, light intensities, visibility, …) play on a runtime clock. An Actor: `update(dt)`
 * advances the clock and applies the tracks; the clock's `stepLoops` / `stepFinished` tell of loops and the
 * finish.
 */
export class ModelAnimation implements Actor {
  readonly clock: Clock = createClock();
  readonly #gltf: GLTF;
  readonly #clips: readonly PropertyClip[];
  readonly #objects: GltfObjects;
  #player: PropertyClipPlayer | undefined;

  private constructor(gltf: GLTF, clips: readonly PropertyClip[]) {
    this.#gltf = gltf;
    this.#clips = clips;
    this.#objects = new GltfObjects(gltf);
  }

  /** Reads the property tracks of every animation in a loaded glTF. Throws `bad-gltf` (AnimError) for broken ones. */
  static async from(gltf: GLTF): Promise<ModelAnimation> {
    const json = gltf.parser.json as GltfJson;
    if (!json.animations?.length) return new ModelAnimation(gltf, []);
    // the views as the loader decoded them, so meshopt-compressed keys arrive decoded
    const { views, buffers } = await resolvedBufferViews(gltf, json);
    return new ModelAnimation(gltf, importPropertyClips({ ...json, bufferViews: views }, buffers));
  }

  /** Every animation of the file, by name (also those without property tracks). */
  get clipNames(): string[] {
    return this.#clips.map((clip) => clip.name);
  }

  /** Whether any animation of the file has property tracks. */
  get hasPropertyTracks(): boolean {
    return this.#clips.some((clip) => clip.tracks.length > 0);
  }

  /** The property tracks of the animation `name`, if the file has one by that name. */
  propertyClip(name: string): PropertyClip | undefined {
    return this.#clips.find((clip) => clip.name === name);
  }

  /** The playing clip's pointers that drive nothing in this version. */
  get unsupported(): readonly string[] {
    return this.#player?.unsupported ?? [];
  }

  get playing(): string | null {
    return this.#player?.clip.name ?? null;
  }

  /** Plays `name` from its start (false when the file has no such animation); null stops. */
  play(name: string | null, wrap: WrapMode): boolean {
    if (name === null) {
      this.#player = undefined;
      return true;
    }
    const clip = this.propertyClip(name);
    if (!clip) return false;
    this.#player = new PropertyClipPlayer(this.#gltf, clip, this.#objects);
    resetClock(this.clock, 0, clip.duration, 1, wrap);
    this.#player.apply(0);
    return true;
  }

  update(dt: number): void {
    if (!this.#player) return;
    advanceClock(this.clock, dt);
    this.#player.apply(this.clock.time);
  }
}
