import { compileGraphShared, locomotionGraph } from '../graph/index.js';
import type { CharacterRig } from './character-rig.js';
import { type GraphSource, rigGraphSource } from './graph-source.js';

/** The built-in locomotion graph over a rig's clips: what a controller drives when the character has no graph. */
export function locomotionSource(rig: CharacterRig): GraphSource {
  return rigGraphSource(rig, compileGraphShared(locomotionGraph()));
}
