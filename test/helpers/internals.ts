import { type CharacterInternals, characterInternals } from '../../src/elements/internals.js';

/** A character's scene-side internals (its rig, stage, graph run, foot IK, ragdoll), for tests. */
export function internals(character: Element): CharacterInternals {
  const found = characterInternals(character);
  if (!found) throw new Error(`<${character.localName}> is not an upgraded <anim-character>`);
  return found;
}
