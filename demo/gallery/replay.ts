import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { Actor, Stage } from '../../src/scene/stage.js';

/**
 * Replays one-shots: when a character's `once` clip finishes it holds its last pose for `pause` seconds of
 * stage time (so a test stepping the scene by hand sees the same thing as a viewer), then starts over.
 */
export class OneShotReplays implements Actor {
  readonly #stage: Stage;
  readonly #pause: number;
  readonly #characters: AnimCharacter[] = [];
  /** Seconds left to wait per character; negative while playing. */
  #waits = new Float64Array(0);

  constructor(stage: Stage, pause: number) {
    this.#stage = stage;
    this.#pause = pause;
    stage.addActor(this);
  }

  /** Starts watching `character`, whose current clip plays once. */
  add(character: AnimCharacter): void {
    const index = this.#characters.length;
    this.#characters.push(character);
    const waits = new Float64Array(index + 1).fill(-1);
    waits.set(this.#waits);
    this.#waits = waits;
    character.addEventListener('anim-finish', () => {
      this.#waits[index] = this.#pause;
    });
  }

  /** Whether `character` is holding its last pose before starting over. */
  waiting(character: AnimCharacter): boolean {
    const index = this.#characters.indexOf(character);
    return index >= 0 && this.#waits[index] >= 0;
  }

  update(dt: number): void {
    const waits = this.#waits;
    for (let i = 0; i < waits.length; i++) {
      if (waits[i] < 0) continue;
      waits[i] -= dt;
      if (waits[i] > 0) continue;
      waits[i] = -1;
      const character = this.#characters[i];
      // a finished clip is no longer "already playing", so this starts it over
      if (character.clip) character.play(character.clip, { fade: 0 });
    }
  }

  dispose(): void {
    this.#stage.removeActor(this);
  }
}
