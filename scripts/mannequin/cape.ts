// The mannequin's cape: a sheet hanging from the shoulders behind the back, curved round it and widening
// towards the knees. Its top is skinned to the Chest and Neck, the rest rides the Chest: drawn skinned, it
// follows the body rigidly; under <anim-cloth mesh="Cape" pin="top 0.05"> the band holds and the rest swings.
import { type MeshData, smoothNormals } from './mesh';
import { JOINT_INDEX } from './skeleton';

const COLUMNS = 12;
const ROWS = 20;
const TOP = 1.44;
const BOTTOM = 0.55;
const TOP_HALF_WIDTH = 0.16;
const BOTTOM_HALF_WIDTH = 0.27;
/** Depth of the sheet's middle behind the body (z), at the top and the bottom. */
const TOP_Z = -0.115;
const BOTTOM_Z = -0.17;
/** How far the side edges curve forward round the body. */
const WRAP = 0.05;

export function buildCape(): MeshData {
  const positions: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= ROWS; r++) {
    const t = r / ROWS;
    const y = TOP + (BOTTOM - TOP) * t;
    const half = TOP_HALF_WIDTH + (BOTTOM_HALF_WIDTH - TOP_HALF_WIDTH) * t;
    const z0 = TOP_Z + (BOTTOM_Z - TOP_Z) * t;
    for (let c = 0; c <= COLUMNS; c++) {
      const u = (c / COLUMNS) * 2 - 1;
      positions.push(u * half, y, z0 + WRAP * u * u);
      // the top row shares its weight with the neck; everything else rides the chest
      const neck = r === 0 ? 0.3 : 0;
      joints.push(JOINT_INDEX.Chest, JOINT_INDEX.Neck, 0, 0);
      weights.push(1 - neck, neck, 0, 0);
    }
  }
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLUMNS; c++) {
      const a = r * (COLUMNS + 1) + c;
      const b = a + COLUMNS + 1;
      // wound so the front faces point backwards (away from the body)
      indices.push(a, a + 1, b, a + 1, b + 1, b);
    }
  }
  const p = new Float32Array(positions);
  const idx = new Uint16Array(indices);
  return {
    positions: p,
    normals: smoothNormals(p, idx),
    joints: new Uint8Array(joints),
    weights: new Float32Array(weights),
    indices: idx,
  };
}
