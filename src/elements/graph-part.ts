import type { PropertyValues } from 'lit';
import { type CharacterOwner, CharacterPart } from './character-part.js';

/**
 * Every graph element (`<anim-param>`, `<anim-state>`, `<anim-blend-point>`, `<anim-transition>`,
 * `<anim-layer>`): a change of the markup recompiles its character's graph before the next frame.
 */
export class GraphPart extends CharacterPart {
  protected override notify(owner: CharacterOwner): void {
    owner.graphChanged();
  }

  protected override changesOwner(changed: PropertyValues): boolean {
    return this.changesGraph(changed);
  }

  /** Whether these property changes alter the graph (a param's value alone does not). */
  protected changesGraph(_changed: PropertyValues): boolean {
    return true;
  }
}
