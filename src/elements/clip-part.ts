import { type CharacterOwner, CharacterPart } from './character-part.js';

/** `<anim-clip>` and `<anim-event>`: a change rebinds their character's clips on its next frame. */
export class ClipPart extends CharacterPart {
  protected override notify(owner: CharacterOwner): void {
    owner.clipsChanged();
  }
}
