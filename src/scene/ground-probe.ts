import {
  type BufferAttribute,
  type BufferGeometry,
  type InterleavedBufferAttribute,
  Matrix3,
  Matrix4,
  type Mesh,
  type Object3D,
  Ray,
  Vector3,
} from 'three';
import type { Stage } from './stage.js';

/** Floats a probe writes: hit (0 or 1), point xyz, normal xyz (world space) — the runtime's PROBE_STRIDE. */
const STRIDE = 7;

/** A mesh's triangles as flat arrays: vertex i's x at array[i * stride + offset]. */
interface Vertices {
  readonly array: ArrayLike<number>;
  readonly stride: number;
  readonly offset: number;
  readonly index: ArrayLike<number> | null;
  /** Corners: the index's length, or the vertex count. */
  readonly count: number;
}

interface GroundMesh {
  readonly mesh: Mesh;
  readonly vertices: Vertices;
  readonly inverse: Matrix4;
  readonly normalMatrix: Matrix3;
  /** The frame the matrices above were computed in. */
  frame: number;
}

const ray = new Ray();
const down = new Vector3();
const end = new Vector3();
const c = new Vector3();
const bestNormal = new Vector3();
/** The nearest hit so far of the ray being cast, as a fraction of its depth (+∞: none). */
const best = new Float64Array(1);

/** Whether an object or one of its ancestors is marked as ground (`userData.ground === true`). */
function markedGround(object: Object3D | null): boolean {
  for (let o = object; o; o = o.parent) if (o.userData.ground === true) return true;
  return false;
}

/**
 * Where the ground is under a point, for one stage: straight-down ray casts against every mesh marked as
 * ground — an object with `userData.ground = true` and everything under it (the stage's own ground, an
 * `<anim-model ground>`), shown or hidden. The list is rebuilt when the stage's content changes (call
 * `stage.contentChanged()` after adding ground by hand); each mesh's inverse matrix is computed once a frame.
 * Casting allocates nothing. Instanced and skinned meshes are not ground.
 */
export class GroundProbe {
  readonly #stage: Stage;
  #version = -1;
  #meshes: GroundMesh[] = [];

  constructor(stage: Stage) {
    this.#stage = stage;
  }

  /** The meshes that count as ground now (for tests and debugging). */
  get meshes(): readonly Mesh[] {
    this.#refresh();
    return this.#meshes.map((g) => g.mesh);
  }

  /**
   * Casts from (x, y, z) = ray[r..r+2] straight down at most `depth` = ray[r+3] metres; writes the highest hit
   * into out[o..o+6] (hit, point, normal facing up) and returns whether there was one. The ray comes in an
   * array: numbers handed to a call V8 does not inline are boxed, and the feet probe every frame.
   */
  castDown(ray: ArrayLike<number>, r: number, out: Float32Array, o: number): boolean {
    this.#refresh();
    const frame = this.#stage.renderer.info.render.frame;
    best[0] = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.#meshes.length; i++) {
      const g = this.#meshes[i];
      if (g.frame !== frame) {
        g.mesh.updateWorldMatrix(true, false);
        g.inverse.copy(g.mesh.matrixWorld).invert();
        g.normalMatrix.getNormalMatrix(g.mesh.matrixWorld);
        g.frame = frame;
      }
      if (castMesh(g, ray, r)) bestNormal.copy(c);
    }
    const fraction = best[0];
    if (fraction === Number.POSITIVE_INFINITY) {
      out[o] = 0;
      return false;
    }
    out[o] = 1;
    out[o + 1] = ray[r];
    out[o + 2] = ray[r + 1] - fraction * ray[r + 3];
    out[o + 3] = ray[r + 2];
    out[o + 4] = bestNormal.x;
    out[o + 5] = bestNormal.y;
    out[o + 6] = bestNormal.z;
    return true;
  }

  #refresh(): void {
    const version = this.#stage.contentVersion;
    if (version === this.#version) return;
    this.#version = version;
    const meshes: GroundMesh[] = [];
    this.#stage.scene.traverse((object) => {
      const mesh = object as Mesh & { isInstancedMesh?: boolean; isSkinnedMesh?: boolean };
      if (!mesh.isMesh || mesh.isInstancedMesh || mesh.isSkinnedMesh || !markedGround(mesh)) return;
      const geometry = mesh.geometry as BufferGeometry;
      const position = geometry.getAttribute('position');
      if (!position) return;
      geometry.boundingBox ?? geometry.computeBoundingBox();
      const vertices = verticesOf(position, geometry.index);
      meshes.push({ mesh, vertices, inverse: new Matrix4(), normalMatrix: new Matrix3(), frame: -1 });
    });
    this.#meshes = meshes;
  }
}

/** The flat view of a geometry's positions; normalized integers are decoded once, into a copy. */
function verticesOf(position: BufferAttribute | InterleavedBufferAttribute, index: BufferAttribute | null): Vertices {
  const count = index ? index.count : position.count;
  const indices = index ? index.array : null;
  if (position.normalized) {
    const array = new Float32Array(position.count * 3);
    for (let i = 0; i < position.count; i++) {
      array[i * 3] = position.getX(i);
      array[i * 3 + 1] = position.getY(i);
      array[i * 3 + 2] = position.getZ(i);
    }
    return { array, stride: 3, offset: 0, index: indices, count };
  }
  if ('isInterleavedBufferAttribute' in position) {
    return { array: position.data.array, stride: position.data.stride, offset: position.offset, index: indices, count };
  }
  return { array: position.array, stride: position.itemSize, offset: 0, index: indices, count };
}

/**
 * Casts the downward ray (x, y, z, depth at from[r..r+3]) on one mesh: on a hit nearer than `best[0]` (as a
 * fraction of depth), stores it there, leaves the world normal (facing up) in `c` and returns true. The
 * triangle test (Möller–Trumbore, both faces) reads the vertex array itself: going through the attribute's
 * accessors boxes every coordinate, thousands a frame.
 */
function castMesh(g: GroundMesh, from: ArrayLike<number>, r: number): boolean {
  const x = from[r];
  const y = from[r + 1];
  const z = from[r + 2];
  const depth = from[r + 3];
  const limit = best[0];
  const geometry = g.mesh.geometry as BufferGeometry;
  // the ray in the mesh's own space: lengths scale, so measure hits as fractions of the whole segment
  ray.origin.set(x, y, z).applyMatrix4(g.inverse);
  end.set(x, y - depth, z).applyMatrix4(g.inverse);
  down.subVectors(end, ray.origin);
  const length = down.length();
  if (!(length > 0)) return false;
  ray.direction.copy(down).divideScalar(length);
  if (geometry.boundingBox && !ray.intersectsBox(geometry.boundingBox)) return false;
  const { array, stride, offset, index, count } = g.vertices;
  const ox = ray.origin.x;
  const oy = ray.origin.y;
  const oz = ray.origin.z;
  const dx = ray.direction.x;
  const dy = ray.direction.y;
  const dz = ray.direction.z;
  let nearest = limit;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let t = 0; t + 2 < count; t += 3) {
    const ia = (index ? index[t] : t) * stride + offset;
    const ib = (index ? index[t + 1] : t + 1) * stride + offset;
    const ic = (index ? index[t + 2] : t + 2) * stride + offset;
    const ax = array[ia];
    const ay = array[ia + 1];
    const az = array[ia + 2];
    const e1x = array[ib] - ax;
    const e1y = array[ib + 1] - ay;
    const e1z = array[ib + 2] - az;
    const e2x = array[ic] - ax;
    const e2y = array[ic + 1] - ay;
    const e2z = array[ic + 2] - az;
    // p = d × e2; det = e1 · p
    const px = dy * e2z - dz * e2y;
    const py = dz * e2x - dx * e2z;
    const pz = dx * e2y - dy * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    if (det === 0) continue;
    const inv = 1 / det;
    const sx = ox - ax;
    const sy = oy - ay;
    const sz = oz - az;
    const u = (sx * px + sy * py + sz * pz) * inv;
    if (u < 0 || u > 1) continue;
    // q = s × e1
    const qx = sy * e1z - sz * e1y;
    const qy = sz * e1x - sx * e1z;
    const qz = sx * e1y - sy * e1x;
    const v = (dx * qx + dy * qy + dz * qz) * inv;
    if (v < 0 || u + v > 1) continue;
    const fraction = ((e2x * qx + e2y * qy + e2z * qz) * inv) / length;
    if (fraction < 0 || fraction > 1 || fraction >= nearest) continue;
    nearest = fraction;
    // the face normal, e1 × e2
    nx = e1y * e2z - e1z * e2y;
    ny = e1z * e2x - e1x * e2z;
    nz = e1x * e2y - e1y * e2x;
  }
  if (nearest === limit) return false;
  best[0] = nearest;
  c.set(nx, ny, nz).applyNormalMatrix(g.normalMatrix);
  if (c.y < 0) c.negate();
  return true;
}

const probes = new WeakMap<Stage, GroundProbe>();

/** The stage's ground probe (one per stage, shared by its characters). */
export function groundProbeOf(stage: Stage): GroundProbe {
  let probe = probes.get(stage);
  if (!probe) probes.set(stage, (probe = new GroundProbe(stage)));
  return probe;
}

export { STRIDE as GROUND_PROBE_STRIDE };
