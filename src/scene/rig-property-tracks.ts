import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { Playback } from '../runtime/core.js';
import type { CharacterRig } from './character-rig.js';
import type { ClipLibrary } from './clip-library.js';
import { ModelAnimation } from './model-animation.js';
import type { ModelPoseModifier } from './pose-pipeline.js';
import { PropertyClipPlayer } from './property-clip-player.js';

/**
 * A character's property tracks (KHR_animation_pointer: a material's colour, a light's intensity, node
 * visibility, …): a model-space modifier that, after each pose, samples the current clip's property tracks
 * at that clip's time and writes them to the model's objects, beside the joints and morph weights the rig
 * writes itself. The clip is the rig's own playback's current one (during a crossfade, the one fading in);
 * a slice (`<anim-clip start end>`) reads its model clip's tracks at the slice's time in the model clip.
 * Attach once per rig; nothing is allocated per frame.
 */
export class RigPropertyTracks implements ModelPoseModifier {
  readonly #rig: CharacterRig;
  readonly #gltf: GLTF;
  readonly #animation: ModelAnimation;
  #library: ClipLibrary | undefined;
  /** Per logical clip of the library, the player of its model clip's property tracks (or null). */
  #players: (PropertyClipPlayer | null)[] = [];

  private constructor(rig: CharacterRig, gltf: GLTF, animation: ModelAnimation) {
    this.#rig = rig;
    this.#gltf = gltf;
    this.#animation = animation;
  }

  /**
   * Reads the file's property tracks and, when it has any, joins the rig's model-space modifiers. Resolves to
   * the modifier, or undefined for a file without property tracks. Throws `bad-gltf` (AnimError) for broken ones.
   */
  static async attach(rig: CharacterRig, gltf: GLTF): Promise<RigPropertyTracks | undefined> {
    const animation = await ModelAnimation.from(gltf);
    if (!animation.hasPropertyTracks) return undefined;
    const tracks = new RigPropertyTracks(rig, gltf, animation);
    rig.modelModifiers.push(tracks);
    return tracks;
  }

  detach(): void {
    const i = this.#rig.modelModifiers.indexOf(this);
    if (i >= 0) this.#rig.modelModifiers.splice(i, 1);
  }

  apply(): void {
    const rig = this.#rig;
    // a state graph or a ragdoll drives the pose: the rig's playback is not what shows
    if (rig.source !== rig.playback) return;
    const playback = rig.playback as Playback;
    const index = playback.currentClip;
    const clock = playback.currentClock;
    if (index < 0 || !clock) return;
    if (rig.library !== this.#library) this.#bind(rig.library);
    this.#players[index]?.apply(clock.time);
  }

  /** One player per model clip, shared by the logical clips (slices, renames) that play it. */
  #bind(library: ClipLibrary): void {
    this.#library = library;
    const byName = new Map<string, PropertyClipPlayer | null>();
    this.#players = library.clips.map((clip) => {
      const name = clip.playback.binding.clip.name;
      if (!byName.has(name)) {
        const property = this.#animation.propertyClip(name);
        byName.set(name, property && property.tracks.length > 0 ? new PropertyClipPlayer(this.#gltf, property) : null);
      }
      return byName.get(name) ?? null;
    });
  }
}
