// A crowd member's posed frame without the page: the project's mannequin running the locomotion graph with its
// root motion taken out, forward kinematics, and its skinning matrices written into its row of one array shared
// by the crowd (what the instanced draw reads). This is the work a posed `<anim-crowd>` member pays for, less
// the element and rig layers around it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { compileGraph, locomotionGraph } from '../src/graph/index.js';
import { MANNEQUIN_RUN_SPEED } from '../src/graph/locomotion.js';
import { importGltf, localToModel, parseGlb, sharedClipBinding, skinningMatrices } from '../src/runtime/index.js';
import { GraphSource } from '../src/scene/graph-source.js';

/** Poses `count` members once each a call; each member's speed follows its own slow wave from standing to a run. */
export function makeCrowdPath(count: number, dt: number): () => void {
  const file = readFileSync(resolve(process.cwd(), 'assets/mannequin.glb'));
  const { json, buffers } = parseGlb(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const asset = importGltf(json, buffers);
  const { skeleton } = asset;
  const skin = asset.skins[0];
  const graph = compileGraph(locomotionGraph());
  const speed = graph.paramIndex.get('speed')!;
  const clips = asset.clips.map((clip) => ({ name: clip.name, binding: sharedClipBinding(clip, skeleton) }));
  const hips = skeleton.indexByName.get('Hips') ?? 0;
  const rowSize = skin.joints.length * 16;
  const rows = new Float32Array(count * rowSize);
  const members = Array.from({ length: count }, (_, i) => {
    const source = new GraphSource(graph, skeleton, clips);
    source.bindRootMotion({ joint: hips, planar: true });
    const model = new Float32Array(skeleton.jointCount * 16);
    return { source, model, row: rows.subarray(i * rowSize, (i + 1) * rowSize) };
  });
  let frame = 0;
  return () => {
    frame++;
    for (let i = 0; i < count; i++) {
      const { source, model, row } = members[i];
      source.params[speed] = MANNEQUIN_RUN_SPEED * (0.5 + 0.5 * Math.sin((frame + i * 37) * 0.01));
      source.update(dt);
      localToModel(skeleton, source.pose, null, model);
      skinningMatrices(skin, model, row);
    }
  };
}
