import { type BufferGeometry, Matrix3, Matrix4, type Mesh, type Object3D, Ray, Vector3 } from 'three';
import type { Stage } from './stage.js';

/** Floats a probe writes: hit (0 or 1), point xyz, normal xyz (world space) — the runtime's PROBE_STRIDE. */
const STRIDE = 7;

interface GroundMesh {
  readonly mesh: Mesh;
  readonly inverse: Matrix4;
  readonly normalMatrix: Matrix3;
  /** The frame the matrices above were computed in. */
  frame: number;
}

const ray = new Ray();
const down = new Vector3();
const end = new Vector3();
const a = new Vector3();
const b = new Vector3();
const c = new Vector3();
const hit = new Vector3();
const bestNormal = new Vector3();

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
   * Casts from (x, y, z) straight down at most `depth` metres; writes the highest hit into out[o..o+6]
   * (hit, point, normal facing up) and returns whether there was one.
   */
  castDown(x: number, y: number, z: number, depth: number, out: Float32Array, o: number): boolean {
    this.#refresh();
    const frame = this.#stage.renderer.info.render.frame;
    let bestFraction = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.#meshes.length; i++) {
      const g = this.#meshes[i];
      if (g.frame !== frame) {
        g.mesh.updateWorldMatrix(true, false);
        g.inverse.copy(g.mesh.matrixWorld).invert();
        g.normalMatrix.getNormalMatrix(g.mesh.matrixWorld);
        g.frame = frame;
      }
      const fraction = castMesh(g, x, y, z, depth, bestFraction);
      if (fraction < bestFraction) {
        bestFraction = fraction;
        bestNormal.copy(c);
      }
    }
    if (bestFraction === Number.POSITIVE_INFINITY) {
      out[o] = 0;
      return false;
    }
    out[o] = 1;
    out[o + 1] = x;
    out[o + 2] = y - bestFraction * depth;
    out[o + 3] = z;
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
      if (!geometry.getAttribute('position')) return;
      geometry.boundingBox ?? geometry.computeBoundingBox();
      meshes.push({ mesh, inverse: new Matrix4(), normalMatrix: new Matrix3(), frame: -1 });
    });
    this.#meshes = meshes;
  }
}

/**
 * The nearest hit of the downward ray on one mesh as a fraction of `depth` (below `limit`), or +∞. On a hit,
 * leaves the world normal (facing up) in `c`.
 */
function castMesh(g: GroundMesh, x: number, y: number, z: number, depth: number, limit: number): number {
  const geometry = g.mesh.geometry as BufferGeometry;
  // the ray in the mesh's own space: lengths scale, so measure hits as fractions of the whole segment
  ray.origin.set(x, y, z).applyMatrix4(g.inverse);
  end.set(x, y - depth, z).applyMatrix4(g.inverse);
  down.subVectors(end, ray.origin);
  const length = down.length();
  if (!(length > 0)) return Number.POSITIVE_INFINITY;
  ray.direction.copy(down).divideScalar(length);
  if (geometry.boundingBox && !ray.intersectsBox(geometry.boundingBox)) return Number.POSITIVE_INFINITY;
  const position = geometry.getAttribute('position');
  const index = geometry.index;
  const count = index ? index.count : position.count;
  let nearest = limit;
  let found = false;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let t = 0; t + 2 < count; t += 3) {
    const ia = index ? index.getX(t) : t;
    const ib = index ? index.getX(t + 1) : t + 1;
    const ic = index ? index.getX(t + 2) : t + 2;
    a.fromBufferAttribute(position, ia);
    b.fromBufferAttribute(position, ib);
    c.fromBufferAttribute(position, ic);
    if (!ray.intersectTriangle(a, b, c, false, hit)) continue;
    const fraction = hit.distanceTo(ray.origin) / length;
    if (fraction > 1 || fraction >= nearest) continue;
    nearest = fraction;
    found = true;
    // the face normal, (b − a) × (c − a)
    b.sub(a);
    c.sub(a);
    nx = b.y * c.z - b.z * c.y;
    ny = b.z * c.x - b.x * c.z;
    nz = b.x * c.y - b.y * c.x;
  }
  if (!found) return Number.POSITIVE_INFINITY;
  c.set(nx, ny, nz).applyNormalMatrix(g.normalMatrix);
  if (c.y < 0) c.negate();
  return nearest;
}

const probes = new WeakMap<Stage, GroundProbe>();

/** The stage's ground probe (one per stage, shared by its characters). */
export function groundProbeOf(stage: Stage): GroundProbe {
  let probe = probes.get(stage);
  if (!probe) probes.set(stage, (probe = new GroundProbe(stage)));
  return probe;
}

export { STRIDE as GROUND_PROBE_STRIDE };
