/** Mesh data for CPU linear-blend skinning: four influences per vertex. */
export interface SkinnedGeometry {
  /** Bind-pose positions, 3 per vertex. */
  readonly positions: Float32Array;
  /** Bind-pose normals, 3 per vertex, or null. */
  readonly normals: Float32Array | null;
  /** Skin slot per influence, 4 per vertex. */
  readonly joints: Uint16Array | Uint8Array | Uint32Array;
  /** Influence weights, 4 per vertex. */
  readonly weights: Float32Array;
}

/**
 * Linear-blend skinning of positions and normals into kept output buffers. `matrices` are skinning
 * matrices (skinningMatrices), 16 per slot. Each vertex is moved by the weighted sum of its slots'
 * matrices; normals by the same sum's upper 3×3, renormalized. Influences with a slot outside the
 * matrices are ignored; a vertex whose weights sum to zero keeps its bind position.
 */
export function skinVertices(
  geometry: SkinnedGeometry,
  matrices: Float32Array,
  outPositions: Float32Array,
  outNormals: Float32Array | null,
): void {
  const { positions, normals, joints, weights } = geometry;
  const slotCount = matrices.length >> 4;
  const vertexCount = positions.length / 3;
  for (let v = 0; v < vertexCount; v++) {
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    let m4 = 0;
    let m5 = 0;
    let m6 = 0;
    let m8 = 0;
    let m9 = 0;
    let m10 = 0;
    let m12 = 0;
    let m13 = 0;
    let m14 = 0;
    let total = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[v * 4 + k];
      const slot = joints[v * 4 + k];
      if (w === 0 || slot >= slotCount) continue;
      const o = slot * 16;
      m0 += matrices[o] * w;
      m1 += matrices[o + 1] * w;
      m2 += matrices[o + 2] * w;
      m4 += matrices[o + 4] * w;
      m5 += matrices[o + 5] * w;
      m6 += matrices[o + 6] * w;
      m8 += matrices[o + 8] * w;
      m9 += matrices[o + 9] * w;
      m10 += matrices[o + 10] * w;
      m12 += matrices[o + 12] * w;
      m13 += matrices[o + 13] * w;
      m14 += matrices[o + 14] * w;
      total += w;
    }
    const p = v * 3;
    const x = positions[p];
    const y = positions[p + 1];
    const z = positions[p + 2];
    if (total === 0) {
      outPositions[p] = x;
      outPositions[p + 1] = y;
      outPositions[p + 2] = z;
      if (normals && outNormals) {
        outNormals[p] = normals[p];
        outNormals[p + 1] = normals[p + 1];
        outNormals[p + 2] = normals[p + 2];
      }
      continue;
    }
    outPositions[p] = m0 * x + m4 * y + m8 * z + m12;
    outPositions[p + 1] = m1 * x + m5 * y + m9 * z + m13;
    outPositions[p + 2] = m2 * x + m6 * y + m10 * z + m14;
    if (normals && outNormals) {
      const nx = normals[p];
      const ny = normals[p + 1];
      const nz = normals[p + 2];
      const ox = m0 * nx + m4 * ny + m8 * nz;
      const oy = m1 * nx + m5 * ny + m9 * nz;
      const oz = m2 * nx + m6 * ny + m10 * nz;
      const inv = 1 / (Math.sqrt(ox * ox + oy * oy + oz * oz) || 1);
      outNormals[p] = ox * inv;
      outNormals[p + 1] = oy * inv;
      outNormals[p + 2] = oz * inv;
    }
  }
}
