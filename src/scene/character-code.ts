/**
 * What a character needs only once its model has arrived: the rig, the graph's pose source, clips from
 * other files, the file's property tracks, the root motion views, the framing, and the
 * locomotion graph a controller drives when the character has none. `<anim-character>` fetches
 * this module with its model (characterCode in elements/character-code.ts), so a page's first chunk holds the
 * elements and the stage, and the posing code arrives while the model downloads.
 */
export { frameCharacter } from './character-framing.js';
export { CharacterRig } from './character-rig.js';
export { resolveExternalClips } from './clip-sources.js';
export { rigGraphSource } from './graph-source.js';
export { locomotionSource } from './locomotion-source.js';
export { RigPropertyTracks } from './rig-property-tracks.js';
export { RootMotionViews } from './root-motion-views.js';
