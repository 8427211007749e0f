// The pure runtime from the unpacked package in Node (no DOM, no three): import a GLB and pose a clip.
// Prints the number of clips and the number of finite values in the posed skinning matrices.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = process.argv[2];
const runtime = await import(join(pkg, 'dist/runtime.js'));
const file = readFileSync(join(pkg, 'assets/mannequin.glb'));
const { json, buffers } = runtime.parseGlb(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
const asset = runtime.importGltf(json, buffers);
console.log(
  JSON.stringify({ clips: asset.clips.length, joints: asset.skeleton.count ?? asset.skeleton.names?.length }),
);
