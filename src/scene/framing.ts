import type { Box3 } from 'three';

/**
 * How much of the view (along its tighter axis) a framed model's bounding box may fill: the box is a
 * conservative hull of every pose, so the figure itself fills a little less, and the rest is margin.
 */
export const FRAME_FILL = 0.85;

/** A camera direction on its orbit: degrees, as the `camera-orbit` attribute gives them. */
export interface OrbitAngles {
  yaw: number;
  pitch: number;
}

const DEG = Math.PI / 180;

/**
 * The distance from the box's centre, along the orbit direction `angles`, at which every corner of `box`
 * projects inside `fill` of a view with vertical field of view `fov` (degrees) and `aspect` (width ÷ height).
 * Exact for the box under perspective: each corner gives the least distance at which it fits, in depth and
 * in both view axes; the largest wins. A point box (or an empty one) gives 0.
 */
export function fitDistance(box: Box3, angles: OrbitAngles, fov: number, aspect: number, fill = FRAME_FILL): number {
  if (box.isEmpty()) return 0;
  const yaw = angles.yaw * DEG;
  const pitch = Math.max(-89.9, Math.min(89.9, angles.pitch)) * DEG;
  // camera frame: back (from the target toward the camera), right, up
  const bx = Math.cos(pitch) * Math.sin(yaw);
  const by = Math.sin(pitch);
  const bz = Math.cos(pitch) * Math.cos(yaw);
  const rx = Math.cos(yaw);
  const rz = -Math.sin(yaw);
  const ux = by * rz;
  const uy = bz * rx - bx * rz;
  const uz = -by * rx;
  const tanY = Math.tan((fov * DEG) / 2) * fill;
  const tanX = tanY * aspect;
  const cx = (box.min.x + box.max.x) / 2;
  const cy = (box.min.y + box.max.y) / 2;
  const cz = (box.min.z + box.max.z) / 2;
  let distance = 0;
  for (let i = 0; i < 8; i++) {
    const px = (i & 1 ? box.max.x : box.min.x) - cx;
    const py = (i & 2 ? box.max.y : box.min.y) - cy;
    const pz = (i & 4 ? box.max.z : box.min.z) - cz;
    const depth = px * bx + py * by + pz * bz;
    const x = Math.abs(px * rx + pz * rz);
    const y = Math.abs(px * ux + py * uy + pz * uz);
    distance = Math.max(distance, depth + y / tanY, depth + x / tanX);
  }
  return distance;
}

/** The near and far planes for a camera `distance` from a model of bounding radius `radius`, zoomable out to `maxDistance`. */
export function clipPlanes(radius: number, distance: number, maxDistance: number): { near: number; far: number } {
  const r = Math.max(radius, 1e-6);
  // near: well inside the closest the camera can get; far: past the faded edge of a ground scaled with the model
  const near = Math.max(r * 0.01, Math.min(distance - r, r) * 0.05);
  return { near, far: Math.max(maxDistance, distance) + r * 40 };
}

/**
 * A length that suits a model of height `size`: a power of ten (0.01, 0.1, 1, 10 m …) for the ground grid's
 * cell, about half the model's size or less, so a person stands on a 1 m grid and a mouse on a 1 cm one.
 */
export function gridCell(size: number): number {
  if (!(size > 0) || !Number.isFinite(size)) return 1;
  return 10 ** Math.floor(Math.log10(size * 0.7));
}

/** The model's size relative to a person (1.8 m): how much the ground, its fade and the shadow camera grow. */
export function stageScale(box: Box3): number {
  if (box.isEmpty()) return 1;
  const dx = box.max.x - box.min.x;
  const dy = box.max.y - box.min.y;
  const dz = box.max.z - box.min.z;
  const size = Math.max(dx, dy, dz);
  return size > 0 && Number.isFinite(size) ? size / 1.8 : 1;
}
