/** Coincident vertices (a mesh's seams, hard edges, UV splits) welded into one particle each. */
export interface Welded {
  /** Particle per vertex. */
  readonly vertexParticle: Uint32Array;
  /** The first vertex of each particle. */
  readonly particleVertex: Uint32Array;
  readonly particleCount: number;
}

/**
 * Welds vertices closer than `tolerance` (metres) by hashing positions into a grid of that cell size and
 * comparing against the neighbouring cells, so the result does not depend on where a cell boundary falls.
 */
export function weldVertices(positions: ArrayLike<number>, tolerance = 1e-5): Welded {
  const vertexCount = Math.floor(positions.length / 3);
  const vertexParticle = new Uint32Array(vertexCount);
  const firsts: number[] = [];
  const cells = new Map<string, number[]>();
  const cell = tolerance > 0 ? tolerance * 2 : 1e-9;
  const tolerance2 = tolerance * tolerance;
  for (let v = 0; v < vertexCount; v++) {
    const x = positions[v * 3];
    const y = positions[v * 3 + 1];
    const z = positions[v * 3 + 2];
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    const cz = Math.floor(z / cell);
    let found = -1;
    for (let dx = -1; dx <= 1 && found < 0; dx++) {
      for (let dy = -1; dy <= 1 && found < 0; dy++) {
        for (let dz = -1; dz <= 1 && found < 0; dz++) {
          const bucket = cells.get(`${cx + dx},${cy + dy},${cz + dz}`);
          if (!bucket) continue;
          for (const p of bucket) {
            const u = firsts[p];
            const ex = positions[u * 3] - x;
            const ey = positions[u * 3 + 1] - y;
            const ez = positions[u * 3 + 2] - z;
            if (ex * ex + ey * ey + ez * ez <= tolerance2) {
              found = p;
              break;
            }
          }
        }
      }
    }
    if (found < 0) {
      found = firsts.length;
      firsts.push(v);
      const key = `${cx},${cy},${cz}`;
      const bucket = cells.get(key);
      if (bucket) bucket.push(found);
      else cells.set(key, [found]);
    }
    vertexParticle[v] = found;
  }
  return { vertexParticle, particleVertex: Uint32Array.from(firsts), particleCount: firsts.length };
}
