import type { AnimCharacter } from '../src/elements/anim-character.js';
import type { AnimScene } from '../src/elements/anim-scene.js';

/** What a section of the demo works with. */
export interface DemoContext {
  /** The demo's one scene (shadows, ground, orbit controls). */
  readonly scene: AnimScene;
  /** The mannequin standing in it. */
  readonly character: AnimCharacter;
  /** The section's own part of the side panel, empty when it is entered. */
  readonly panel: HTMLElement;
}

/**
 * One feature of the demo: a tab of the side panel. Entering it fills `ctx.panel` and may change the scene
 * or the character (add children, set attributes); the function it returns undoes that when another tab
 * is chosen, so each section finds the mannequin as the demo set it up.
 */
export interface DemoSection {
  /** A short unique id (the URL hash selects a section: `#clips`). */
  readonly id: string;
  /** The tab's text. */
  readonly title: string;
  enter(ctx: DemoContext): (() => void) | undefined;
}
