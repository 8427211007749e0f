// A small level for the third-person demo: ramps, steps, a ledge to drop from, boxes to vault and ledges
// to climb. Plain three.js meshes; the demo (and the controller tests) hand them to the physics world.

import { BoxGeometry, BufferGeometry, Float32BufferAttribute, Group, Mesh, MeshStandardMaterial } from 'three';

const STONE = new MeshStandardMaterial({ color: '#b9bec7', roughness: 0.85 });
const ACCENT = new MeshStandardMaterial({ color: '#d9a35b', roughness: 0.7 });
const WALL = new MeshStandardMaterial({ color: '#8f98a6', roughness: 0.9 });

export type Material = MeshStandardMaterial;
export const MATERIALS = { stone: STONE, accent: ACCENT, wall: WALL };

/** An axis-aligned box: its size and the centre of its bottom face (metres). */
export function box(
  width: number,
  height: number,
  depth: number,
  x: number,
  y: number,
  z: number,
  material = STONE,
): Mesh {
  const mesh = new Mesh(new BoxGeometry(width, height, depth), material);
  mesh.position.set(x, y + height / 2, z);
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  return mesh;
}

/**
 * A wedge rising along +Z: `width` across (centred on x), from z0 at height y0 to z0 + length at y0 + rise,
 * solid down to y0.
 */
export function ramp(
  width: number,
  length: number,
  rise: number,
  x: number,
  y0: number,
  z0: number,
  material = STONE,
): Mesh {
  const w = width / 2;
  const z1 = z0 + length;
  const y1 = y0 + rise;
  // corners: bottom front (z0) and back (z1), top back
  const v = [
    [x - w, y0, z0],
    [x + w, y0, z0],
    [x - w, y0, z1],
    [x + w, y0, z1],
    [x - w, y1, z1],
    [x + w, y1, z1],
  ];
  const faces = [
    [0, 4, 1],
    [1, 4, 5], // the slope
    [2, 3, 4],
    [3, 5, 4], // the back
    [0, 1, 2],
    [1, 3, 2], // the bottom
    [0, 2, 4], // the left side
    [1, 5, 3], // the right side
  ];
  const positions = faces.flatMap((f) => f.flatMap((i) => v[i]));
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  const mesh = new Mesh(geometry, material);
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  return mesh;
}

/** Where the walking course's pieces stand, for tests and the demo's labels (metres, along +Z from the origin). */
export const COURSE = {
  /** A 3 m ramp rising 0.6 m, starting 2 m ahead. */
  rampStart: 2,
  rampEnd: 5,
  rampTop: 0.6,
  /** A 0.25 m step onto a second platform. */
  stepAt: 7,
  stepTop: 0.85,
  /** A wall across the end of the platform (its near face). */
  wallAt: 10,
  /** The platform's edge on the left (−X), a ledge to drop from. */
  platformHalfWidth: 1.5,
};

/** The walking course: ramp, platform, a step up, a wall at the end; the platform's sides are ledges. */
export function course(x = 0): Group {
  const c = COURSE;
  const group = new Group();
  group.name = 'course';
  const width = 2 * c.platformHalfWidth;
  group.add(
    ramp(width, c.rampEnd - c.rampStart, c.rampTop, x, 0, c.rampStart),
    box(width, c.rampTop, c.stepAt - c.rampEnd, x, 0, (c.rampEnd + c.stepAt) / 2),
    box(width, c.stepTop, c.wallAt - c.stepAt, x, 0, (c.stepAt + c.wallAt) / 2, ACCENT),
    box(width + 1, 2.5, 0.4, x, 0, c.wallAt + 0.2, WALL),
  );
  return group;
}

/** A low platform with a ledge top at `height`, `depth` deep, its near face at z0 (for jumps and climbs). */
export function ledge(height: number, depth: number, x: number, z0: number, width = 2): Mesh {
  return box(width, height, depth, x, 0, z0 + depth / 2, ACCENT);
}
