import type { Cloth } from './build-cloth.js';

/**
 * Writes the particles back to the mesh's own (unwelded) vertices, 3 floats each, and, when `outNormals` is
 * given, area-weighted normals computed over the welded particles, so a welded seam shades smoothly.
 */
export function writeClothVertices(cloth: Cloth, outPositions: Float32Array, outNormals: Float32Array | null): void {
  const { positions: x, vertexParticle } = cloth;
  const vertexCount = vertexParticle.length;
  for (let v = 0; v < vertexCount; v++) {
    const o = vertexParticle[v] * 3;
    outPositions[v * 3] = x[o];
    outPositions[v * 3 + 1] = x[o + 1];
    outPositions[v * 3 + 2] = x[o + 2];
  }
  if (!outNormals) return;
  const normals = cloth.particleNormals;
  normals.fill(0);
  const tris = cloth.triangles;
  for (let t = 0; t < tris.length; t += 3) {
    const a = tris[t] * 3;
    const b = tris[t + 1] * 3;
    const c = tris[t + 2] * 3;
    const ux = x[b] - x[a];
    const uy = x[b + 1] - x[a + 1];
    const uz = x[b + 2] - x[a + 2];
    const vx = x[c] - x[a];
    const vy = x[c + 1] - x[a + 1];
    const vz = x[c + 2] - x[a + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    normals[a] += nx;
    normals[a + 1] += ny;
    normals[a + 2] += nz;
    normals[b] += nx;
    normals[b + 1] += ny;
    normals[b + 2] += nz;
    normals[c] += nx;
    normals[c + 1] += ny;
    normals[c + 2] += nz;
  }
  for (let v = 0; v < vertexCount; v++) {
    const o = vertexParticle[v] * 3;
    const nx = normals[o];
    const ny = normals[o + 1];
    const nz = normals[o + 2];
    const inv = 1 / (Math.sqrt(nx * nx + ny * ny + nz * nz) || 1);
    outNormals[v * 3] = nx * inv;
    outNormals[v * 3 + 1] = ny * inv;
    outNormals[v * 3 + 2] = nz * inv;
  }
}
