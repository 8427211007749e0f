import type { BufferGeometry, Material, Object3D, Texture } from 'three';

/**
 * Frees the GPU resources of everything under `root`: geometries, materials and every texture a material
 * holds (found by looking at its properties, so custom and future material kinds are covered). Skeletons'
 * bone textures go too. Call it on what you loaded once it leaves the stage for good.
 */
export function disposeObject(root: Object3D): void {
  const textures = new Set<Texture>();
  const materials = new Set<Material>();
  const geometries = new Set<BufferGeometry>();
  root.traverse((object) => {
    const mesh = object as Object3D & {
      geometry?: BufferGeometry;
      material?: Material | Material[];
      skeleton?: { dispose(): void };
    };
    if (mesh.geometry) geometries.add(mesh.geometry);
    for (const material of Array.isArray(mesh.material) ? mesh.material : mesh.material ? [mesh.material] : []) {
      materials.add(material);
    }
    mesh.skeleton?.dispose();
  });
  for (const material of materials) {
    for (const value of Object.values(material)) {
      if ((value as Texture | null)?.isTexture) textures.add(value as Texture);
    }
    material.dispose();
  }
  for (const texture of textures) texture.dispose();
  for (const geometry of geometries) geometry.dispose();
}
