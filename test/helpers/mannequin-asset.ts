import { type GltfAsset, importGltf, parseGlb } from '../../src/runtime/index.js';

let asset: Promise<GltfAsset> | undefined;

/** The project's own mannequin (assets/mannequin.glb) imported into the runtime, once per test file. */
export function mannequinAsset(): Promise<GltfAsset> {
  asset ??= fetch('/assets/mannequin.glb')
    .then((r) => r.arrayBuffer())
    .then((data) => {
      const { json, buffers } = parseGlb(data);
      return importGltf(json, buffers);
    });
  return asset;
}
