import { packGlb } from './glb.js';

export interface BoxOptions {
  /** Box size in the file's units, x y z. */
  size: [number, number, number];
  /** The node's scale (a 0.01-scaled armature, say). Default 1. */
  scale?: number;
  /** Lifted so the box stands on y = 0 (default), or centred on the origin. */
  standing?: boolean;
  /** A morph target that stretches the box up by `morph` times its height, animated 0 → 1 → 0 over 1 s by a clip "Stretch". */
  morph?: number;
  metalness?: number;
  roughness?: number;
  color?: [number, number, number];
}

/** A GLB holding one box mesh (24 vertices, normals, one material), optionally with an animated morph target. */
export function boxGlb(options: BoxOptions): ArrayBuffer {
  const [sx, sy, sz] = options.size.map((v) => v / 2);
  const lift = options.standing === false ? 0 : sy;
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  const faces: [number[], number[], number[]][] = [
    // normal, u axis, v axis
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  for (const [n, u, v] of faces) {
    const base = positions.length / 3;
    for (const [a, b] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ]) {
      positions.push(
        (n[0] + a * u[0] + b * v[0]) * sx,
        (n[1] + a * u[1] + b * v[1]) * sy + lift,
        (n[2] + a * u[2] + b * v[2]) * sz,
      );
      normals.push(...n);
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  const morph = options.morph ?? 0;
  // the morph moves the top vertices up: a relative (delta) target
  const deltas = positions.map((value, i) => (i % 3 === 1 && value > lift ? morph * 2 * sy : 0));
  const chunks: Uint8Array[] = [];
  const views: object[] = [];
  const accessors: object[] = [];
  let offset = 0;
  const add = (data: Float32Array | Uint16Array, type: string, componentType: number, count: number, extra = {}) => {
    const bytes = new Uint8Array(data.buffer.slice(0));
    const padded = new Uint8Array(Math.ceil(bytes.length / 4) * 4);
    padded.set(bytes);
    chunks.push(padded);
    views.push({ buffer: 0, byteOffset: offset, byteLength: bytes.length });
    offset += padded.length;
    accessors.push({ bufferView: views.length - 1, componentType, count, type, ...extra });
    return accessors.length - 1;
  };
  const bounds = (data: number[]) => {
    const min = [0, 1, 2].map((k) => Math.min(...data.filter((_, i) => i % 3 === k)));
    const max = [0, 1, 2].map((k) => Math.max(...data.filter((_, i) => i % 3 === k)));
    return { min, max };
  };
  const position = add(Float32Array.from(positions), 'VEC3', 5126, 24, bounds(positions));
  const normal = add(Float32Array.from(normals), 'VEC3', 5126, 24);
  const index = add(Uint16Array.from(indices), 'SCALAR', 5123, 36);
  const primitive: Record<string, unknown> = {
    attributes: { POSITION: position, NORMAL: normal },
    indices: index,
    material: 0,
  };
  const json: Record<string, unknown> = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'Box', scale: [options.scale ?? 1, options.scale ?? 1, options.scale ?? 1] }],
    materials: [
      {
        pbrMetallicRoughness: {
          baseColorFactor: [...(options.color ?? [0.8, 0.8, 0.8]), 1],
          metallicFactor: options.metalness ?? 0,
          roughnessFactor: options.roughness ?? 0.8,
        },
      },
    ],
    meshes: [{ primitives: [primitive] }],
  };
  if (morph) {
    primitive.targets = [{ POSITION: add(Float32Array.from(deltas), 'VEC3', 5126, 24, bounds(deltas)) }];
    (json.meshes as { weights?: number[] }[])[0].weights = [0];
    const times = add(Float32Array.from([0, 0.5, 1]), 'SCALAR', 5126, 3, { min: [0], max: [1] });
    const values = add(Float32Array.from([0, 1, 0]), 'SCALAR', 5126, 3);
    json.animations = [
      {
        name: 'Stretch',
        channels: [{ sampler: 0, target: { node: 0, path: 'weights' } }],
        samplers: [{ input: times, output: values, interpolation: 'LINEAR' }],
      },
    ];
  }
  json.bufferViews = views;
  json.accessors = accessors;
  json.buffers = [{ byteLength: offset }];
  const bin = new Uint8Array(offset);
  let o = 0;
  for (const chunk of chunks) {
    bin.set(chunk, o);
    o += chunk.length;
  }
  return packGlb(json, bin);
}
