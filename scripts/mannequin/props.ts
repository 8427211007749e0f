// Props for the mannequin to hold or stand beside: a sword, a shield and a lantern, each a small static GLB
// (no skin, no clips) built from boxes and surfaces of revolution, in metres.
//
// Frames: the sword's grip is at the origin with the blade along +Y (a `<bone-anchor>` turns it into the
// hand); the shield's face looks along +Z with its strap at the origin; the lantern hangs from its ring at
// the origin, its body below.
import { Document, type Material, WebIO } from '@gltf-transform/core';
import { accessor } from './glb';
import { smoothNormals } from './mesh';

type Vec3 = [number, number, number];

/** Positions and indices of one piece; normals are worked out when it is written. */
interface Piece {
  positions: number[];
  indices: number[];
}

/**
 * A surface of revolution about +Y through (x, z): `profile` is [radius, y] from the bottom up along the
 * outside (so the faces look outward), closed where the radius is zero; `sides` around, the cross-section scaled by `squash` along Z (a flat disc, an oval blade).
 */
function lathe(profile: Array<[number, number]>, sides: number, x = 0, z = 0, squash = 1): Piece {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const [r, y] of profile) {
    for (let i = 0; i < sides; i++) {
      const a = (2 * Math.PI * i) / sides;
      positions.push(x + r * Math.cos(a), y, z + r * Math.sin(a) * squash);
    }
  }
  for (let k = 0; k + 1 < profile.length; k++) {
    for (let i = 0; i < sides; i++) {
      const j = (i + 1) % sides;
      const a = k * sides;
      const b = (k + 1) * sides;
      // counter-clockwise seen from outside
      indices.push(a + i, b + j, a + j, a + i, b + i, b + j);
    }
  }
  return { positions, indices };
}

/** An axis-aligned box from its centre and half sizes; its faces do not share vertices (flat shading). */
function box(centre: Vec3, half: Vec3): Piece {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [-1, 1]) {
      const u = (axis + 1) % 3;
      const v = (axis + 2) % 3;
      const base = positions.length / 3;
      for (const [su, sv] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ]) {
        const p: Vec3 = [0, 0, 0];
        p[axis] = centre[axis] + sign * half[axis];
        p[u] = centre[u] + su * half[u];
        p[v] = centre[v] + sv * half[v];
        positions.push(...p);
      }
      if (sign > 0) indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
      else indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
    }
  }
  return { positions, indices };
}

/** Turns a piece so its +Y axis points along +Z (a lathe standing up becomes one facing the viewer). */
function faceForward(piece: Piece): Piece {
  const p = piece.positions;
  const positions: number[] = [];
  for (let i = 0; i < p.length; i += 3) positions.push(p[i], -p[i + 2], p[i + 1]);
  return { positions, indices: piece.indices };
}

/** One material: a colour, how metallic and rough, and an optional glow. */
interface Finish {
  name: string;
  color: [number, number, number];
  metallic: number;
  roughness: number;
  emissive?: [number, number, number];
}

const STEEL: Finish = { name: 'Steel', color: [0.78, 0.8, 0.83], metallic: 0.9, roughness: 0.3 };
const BRASS: Finish = { name: 'Brass', color: [0.78, 0.6, 0.28], metallic: 0.85, roughness: 0.35 };
const LEATHER: Finish = { name: 'Leather', color: [0.32, 0.18, 0.1], metallic: 0, roughness: 0.8 };
const WOOD: Finish = { name: 'PaintedWood', color: [0.18, 0.32, 0.6], metallic: 0, roughness: 0.7 };
const GLASS: Finish = { name: 'Glow', color: [1, 0.85, 0.5], metallic: 0, roughness: 0.4, emissive: [1, 0.7, 0.3] };

/** A named prop: pieces grouped by finish. */
export interface PropModel {
  name: string;
  parts: Array<[Finish, Piece[]]>;
}

export function sword(): PropModel {
  const blade = lathe(
    [
      [0.028, 0.06],
      [0.026, 0.6],
      [0.018, 0.7],
      [0, 0.76],
    ],
    4,
    0,
    0,
    0.18,
  );
  return {
    name: 'Sword',
    parts: [
      [STEEL, [blade]],
      [BRASS, [box([0, 0.05, 0], [0.09, 0.012, 0.018]), lathe(sphere(0.024, -0.12), 8)]],
      [
        LEATHER,
        [
          lathe(
            [
              [0, -0.1],
              [0.016, -0.1],
              [0.015, 0.04],
              [0, 0.04],
            ],
            8,
          ),
        ],
      ],
    ],
  };
}

export function shield(): PropModel {
  // a round shield, its face toward +Z: a dished disc, a brass rim and a boss in the middle
  const face = faceForward(
    lathe(
      [
        [0, -0.005],
        [0.27, -0.005],
        [0.27, 0.02],
        [0.24, 0.03],
        [0.12, 0.045],
        [0, 0.05],
      ],
      24,
    ),
  );
  const rim = faceForward(
    lathe(
      [
        [0.265, -0.008],
        [0.285, 0.0],
        [0.285, 0.025],
        [0.265, 0.032],
      ],
      24,
    ),
  );
  const boss = faceForward(lathe(sphere(0.06, 0.04, 0.6), 12));
  return {
    name: 'Shield',
    parts: [
      [WOOD, [face]],
      [BRASS, [rim, boss]],
      [LEATHER, [box([0, 0, -0.02], [0.1, 0.02, 0.01])]],
    ],
  };
}

export function lantern(): PropModel {
  // hangs from a ring at the origin: a brass cap, a glowing glass body, a brass base
  return {
    name: 'Lantern',
    parts: [
      [
        BRASS,
        [
          lathe(
            [
              [0, -0.1],
              [0.09, -0.1],
              [0.07, -0.08],
              [0, -0.06],
            ],
            12,
          ),
          lathe(
            [
              [0, -0.33],
              [0.09, -0.33],
              [0.09, -0.3],
              [0, -0.3],
            ],
            12,
          ),
          box([0, -0.025, 0], [0.008, 0.035, 0.008]),
        ],
      ],
      [
        GLASS,
        [
          lathe(
            [
              [0, -0.3],
              [0.06, -0.3],
              [0.075, -0.2],
              [0.06, -0.1],
              [0, -0.1],
            ],
            12,
          ),
        ],
      ],
    ],
  };
}

/** A sphere's profile (radius `r` about height `y`), its vertical axis scaled by `stretch`. */
function sphere(r: number, y: number, stretch = 1): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let k = 0; k <= 6; k++) {
    const phi = (Math.PI * k) / 6;
    out.push([r * Math.sin(phi), y - r * stretch * Math.cos(phi)]);
  }
  return out;
}

export const PROPS = [sword, shield, lantern];

/** One prop as a GLB: a node holding a mesh with one primitive per finish. */
export function writePropGlb(prop: PropModel): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  doc.getRoot().setDefaultScene(scene);
  const mesh = doc.createMesh(prop.name);
  for (const [finish, pieces] of prop.parts) {
    const positions: number[] = [];
    const indices: number[] = [];
    for (const piece of pieces) {
      const base = positions.length / 3;
      positions.push(...piece.positions);
      for (const i of piece.indices) indices.push(base + i);
    }
    const p = new Float32Array(positions);
    const index = new Uint16Array(indices);
    mesh.addPrimitive(
      doc
        .createPrimitive()
        .setAttribute('POSITION', accessor(doc, p, 'VEC3'))
        .setAttribute('NORMAL', accessor(doc, smoothNormals(p, index), 'VEC3'))
        .setIndices(accessor(doc, index, 'SCALAR'))
        .setMaterial(material(doc, finish)),
    );
  }
  scene.addChild(doc.createNode(prop.name).setMesh(mesh));
  for (const a of doc.getRoot().listAccessors()) a.setBuffer(buffer);
  return new WebIO().writeBinary(doc);
}

function material(doc: Document, finish: Finish): Material {
  const m = doc
    .createMaterial(finish.name)
    .setBaseColorFactor([...finish.color, 1])
    .setMetallicFactor(finish.metallic)
    .setRoughnessFactor(finish.roughness);
  if (finish.emissive) m.setEmissiveFactor(finish.emissive);
  return m;
}
