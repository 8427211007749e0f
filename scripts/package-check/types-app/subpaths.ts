import { type CompiledGraph, compileGraph, GraphInstance, locomotionGraph } from 'anim-elements/graph';
import { type GltfAsset, importGltf, parseGlb } from 'anim-elements/runtime';

export const graph: CompiledGraph = compileGraph(locomotionGraph());
export const instance = new GraphInstance(graph, [1]);
// @ts-expect-error: a graph is compiled from a definition
compileGraph('locomotion');
export function importFile(file: ArrayBuffer): GltfAsset {
  const { json, buffers } = parseGlb(file);
  return importGltf(json, buffers);
}
