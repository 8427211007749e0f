/** Packs a glTF JSON document and one binary chunk into GLB bytes (the 12-byte header, JSON and BIN chunks). */
export function packGlb(json: object, bin: Uint8Array): ArrayBuffer {
  const encoder = new TextEncoder();
  const pad = (length: number) => (4 - (length % 4)) % 4;
  let jsonBytes = encoder.encode(JSON.stringify(json));
  jsonBytes = Uint8Array.from([...jsonBytes, ...new Array(pad(jsonBytes.length)).fill(0x20)]);
  const binBytes = Uint8Array.from([...bin, ...new Array(pad(bin.length)).fill(0)]);
  const total = 12 + 8 + jsonBytes.length + 8 + binBytes.length;
  const out = new ArrayBuffer(total);
  const view = new DataView(out);
  const bytes = new Uint8Array(out);
  view.setUint32(0, 0x46546c67, true); // "glTF"
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.length, true);
  view.setUint32(16, 0x4e4f534a, true); // "JSON"
  bytes.set(jsonBytes, 20);
  const binStart = 20 + jsonBytes.length;
  view.setUint32(binStart, binBytes.length, true);
  view.setUint32(binStart + 4, 0x004e4942, true); // "BIN\0"
  bytes.set(binBytes, binStart + 8);
  return out;
}

/** A valid GLB holding one triangle named "Triangle". */
export function triangleGlb(): ArrayBuffer {
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
  const json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'Triangle' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] }],
    bufferViews: [{ buffer: 0, byteOffset: 0, byteLength: positions.byteLength }],
    buffers: [{ byteLength: positions.byteLength }],
  };
  return packGlb(json, new Uint8Array(positions.buffer));
}

/** A blob: URL serving `bytes`; revoke it when done. */
export function blobUrl(bytes: ArrayBuffer | string, type = 'model/gltf-binary'): string {
  return URL.createObjectURL(new Blob([bytes], { type }));
}
