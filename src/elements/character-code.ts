import { FirstUse } from './first-use.js';

/**
 * The character's posing code (scene/character-code.ts), fetched when the first character starts loading its
 * model. Every rig is made from it, so wherever a rig exists `characterCode.loaded` is set.
 */
export const characterCode = new FirstUse(() => import('../scene/character-code.js'));

/** The posing code, for work that runs only while a rig exists (see characterCode). */
export function loadedCharacterCode(): NonNullable<typeof characterCode.loaded> {
  const code = characterCode.loaded;
  if (!code) throw new Error('the character code is used before any rig was made from it');
  return code;
}
