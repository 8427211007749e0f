// The pure layers from the unpacked package in Node (no DOM, no three): the runtime imports a GLB, the graph
// subpath runs the locomotion graph. Prints the number of clips and joints, and the state a jump leads to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = process.argv[2];
const runtime = await import(join(pkg, 'dist/runtime.js'));
const graphs = await import(join(pkg, 'dist/graph.js'));
const file = readFileSync(join(pkg, 'assets/mannequin.glb'));
const { json, buffers } = runtime.parseGlb(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
const asset = runtime.importGltf(json, buffers);
const graph = graphs.compileGraph(graphs.locomotionGraph());
const instance = new graphs.GraphInstance(
  graph,
  graph.clipNames.map(() => 1),
);
const params = graphs.createParams(graph);
graphs.setParam(graph, params, 'jump', true);
instance.update(1 / 60, params);
instance.update(1 / 60, params);
console.log(
  JSON.stringify({
    clips: asset.clips.length,
    joints: asset.skeleton.count ?? asset.skeleton.names?.length,
    afterJump: graph.states[instance.stateOf(0)]?.name ?? null,
  }),
);
