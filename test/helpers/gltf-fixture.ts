import type { GltfJson, GltfNode } from '../../src/runtime/gltf.js';

export interface FixtureSampler {
  node: number;
  path: 'translation' | 'rotation' | 'scale' | 'weights';
  interpolation?: 'STEP' | 'LINEAR' | 'CUBICSPLINE';
  times: number[];
  values: number[];
}

/**
 * Builds a small glTF document in memory: nodes, and animations whose samplers are given as plain arrays.
 * Returns the JSON and its one binary buffer, and the same as a .gltf text with an embedded data URI
 * (for three's GLTFLoader.parse).
 */
export function makeGltf(
  nodes: GltfNode[],
  animations: { name: string; samplers: FixtureSampler[] }[],
  extra: Partial<GltfJson> = {},
  floats: number[][] = [],
): { json: GltfJson; buffers: ArrayBuffer[]; text: string } {
  const chunks: Float32Array[] = [];
  const accessors: NonNullable<GltfJson['accessors']> = [];
  const bufferViews: NonNullable<GltfJson['bufferViews']> = [];
  let offset = 0;
  const addAccessor = (data: number[], type: string, count: number): number => {
    const arr = Float32Array.from(data);
    chunks.push(arr);
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: arr.byteLength });
    offset += arr.byteLength;
    accessors.push({ bufferView: bufferViews.length - 1, componentType: 5126, count, type });
    return accessors.length - 1;
  };
  // Extra float accessors first (inverse binds and the like), in order.
  for (const f of floats) addAccessor(f, 'MAT4', f.length / 16);
  const TYPES = { translation: 'VEC3', rotation: 'VEC4', scale: 'VEC3', weights: 'SCALAR' } as const;
  const anims = animations.map((a) => ({
    name: a.name,
    channels: a.samplers.map((s, i) => ({ sampler: i, target: { node: s.node, path: s.path } })),
    samplers: a.samplers.map((s) => {
      const input = addAccessor(s.times, 'SCALAR', s.times.length);
      const width = s.path === 'weights' ? 1 : s.path === 'rotation' ? 4 : 3;
      const output = addAccessor(s.values, TYPES[s.path], s.values.length / width);
      return { input, output, interpolation: s.interpolation ?? 'LINEAR' };
    }),
  }));
  const bytes = new Uint8Array(offset);
  let o = 0;
  for (const c of chunks) {
    bytes.set(new Uint8Array(c.buffer), o);
    o += c.byteLength;
  }
  const roots = nodes.map((_, i) => i).filter((i) => !nodes.some((n) => n.children?.includes(i)));
  const json: GltfJson = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: roots }],
    nodes,
    animations: anims,
    accessors,
    bufferViews,
    buffers: [{ byteLength: offset }],
    ...extra,
  };
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const withUri = {
    ...json,
    buffers: [{ byteLength: offset, uri: `data:application/octet-stream;base64,${btoa(binary)}` }],
  };
  return { json, buffers: [bytes.buffer], text: JSON.stringify(withUri) };
}
