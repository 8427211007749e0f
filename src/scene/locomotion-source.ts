import { compileGraph, locomotionGraph } from '../graph/index.js';
import type { CharacterRig } from './character-rig.js';
import { GraphSource } from './graph-source.js';

/** The built-in locomotion graph over a rig's clips: what a controller drives when the character has no graph. */
export function locomotionSource(rig: CharacterRig): GraphSource {
  const { asset } = rig.binding;
  const clips = rig.library.clips.map((c) => ({
    name: c.name,
    binding: c.playback.binding,
    start: c.start,
    end: c.end,
  }));
  return new GraphSource(compileGraph(locomotionGraph()), asset.skeleton, clips, {
    weightCount: asset.defaultWeights.length,
    defaultWeights: asset.defaultWeights,
  });
}
