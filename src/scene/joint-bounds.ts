import { Box3, type BufferGeometry, Matrix4, Sphere, Vector3 } from 'three';
import type { Skin } from '../runtime/core.js';
import { length3 } from '../runtime/length.js';

const _inverse = new Matrix4();
const _vertex = new Vector3();

/** Bind-pose joint positions in mesh space, 3 per skin slot, by skin (every character of a file shares them). */
const bindPositionsBySkin = new WeakMap<Skin, Float32Array>();
/** Each geometry's reach from its joints, by skin: a file's thousand copies measure its vertices once. */
const reachBySkin = new WeakMap<Skin, WeakMap<BufferGeometry, number>>();

function bindPositionsOf(skin: Skin): Float32Array {
  let positions = bindPositionsBySkin.get(skin);
  if (positions) return positions;
  positions = new Float32Array(skin.joints.length * 3);
  for (let i = 0; i < skin.joints.length; i++) {
    _inverse.fromArray(skin.inverseBinds, i * 16).invert();
    positions.set(_inverse.elements.slice(12, 15), i * 3);
  }
  bindPositionsBySkin.set(skin, positions);
  return positions;
}

/** How far any vertex of `geometry` lies from the joint of `skin` that moves it most, in the bind pose. */
function reachOf(skin: Skin, geometry: BufferGeometry): number {
  let byGeometry = reachBySkin.get(skin);
  if (!byGeometry) reachBySkin.set(skin, (byGeometry = new WeakMap()));
  let reach = byGeometry.get(geometry);
  if (reach === undefined) byGeometry.set(geometry, (reach = measureReach(bindPositionsOf(skin), geometry)));
  return reach;
}

function measureReach(binds: Float32Array, geometry: BufferGeometry): number {
  const position = geometry.getAttribute('position');
  const index = geometry.getAttribute('skinIndex');
  const weight = geometry.getAttribute('skinWeight');
  if (!position || !index || !weight) return 0;
  let reach = 0;
  for (let v = 0; v < position.count; v++) {
    let best = 0;
    let slot = -1;
    for (let k = 0; k < 4; k++) {
      const w = weight.getComponent(v, k);
      if (w > best) {
        best = w;
        slot = index.getComponent(v, k);
      }
    }
    if (slot < 0 || slot * 3 >= binds.length) continue;
    _vertex.fromBufferAttribute(position, v);
    const d = length3(_vertex.x - binds[slot * 3], _vertex.y - binds[slot * 3 + 1], _vertex.z - binds[slot * 3 + 2]);
    if (d > reach) reach = d;
  }
  return reach;
}

/**
 * World bounds of a skinned mesh that follow the animation without touching a vertex: a sphere around the
 * skin's joints (from the world matrices the rig computes anyway), grown by how far any vertex lies from
 * the joint that moves it most in the bind pose. Three's own bounds are computed once from the bind pose,
 * so a character that walks out of them would be culled.
 */
export class JointBounds {
  readonly sphere = new Sphere();
  readonly box = new Box3();
  readonly #skin: Skin;
  readonly #joints: Int16Array;
  #margin = 0;

  constructor(skin: Skin) {
    this.#skin = skin;
    this.#joints = skin.joints;
  }

  /** How far any vertex lies from the joint that moves it most, in the bind pose (metres, unscaled). */
  get margin(): number {
    return this.#margin;
  }

  /** Grows the margin to cover one geometry deformed by this skin (bind-time work, measured once per file). */
  cover(geometry: BufferGeometry): void {
    this.#margin = Math.max(this.#margin, reachOf(this.#skin, geometry));
  }

  /** Fits the sphere and box to the joints' world positions; `scale` is the character's largest scale. */
  update(model: Float32Array, scale: number): void {
    const joints = this.#joints;
    let minX = Infinity;
    let minY = Infinity;
    let minZ = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    let maxZ = -Infinity;
    for (let i = 0; i < joints.length; i++) {
      const o = joints[i] * 16;
      const x = model[o + 12];
      const y = model[o + 13];
      const z = model[o + 14];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
    const center = this.sphere.center.set((minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2);
    let r2 = 0;
    for (let i = 0; i < joints.length; i++) {
      const o = joints[i] * 16;
      const dx = model[o + 12] - center.x;
      const dy = model[o + 13] - center.y;
      const dz = model[o + 14] - center.z;
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 > r2) r2 = d2;
    }
    const radius = Math.sqrt(r2) + this.#margin * scale;
    this.sphere.radius = Number.isFinite(radius) ? radius : 0;
    this.box.min.set(center.x - radius, center.y - radius, center.z - radius);
    this.box.max.set(center.x + radius, center.y + radius, center.z + radius);
  }
}
