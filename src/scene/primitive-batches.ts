import { DataTexture, FloatType, type Material, type Object3D, RedFormat } from 'three';

/** What a batch list holds: one instanced draw of one primitive, shared by the members that show it. */
export interface Batch<M> {
  readonly size: number;
  remove(member: M): void;
  dispose(): void;
}

/** The key of a primitive: its geometry and material(s), which every copy of a shared model shares. */
export function primitiveKey(source: { geometry: { uuid: string }; material: Material | Material[] }): string {
  const { material } = source;
  return `${source.geometry.uuid}/${Array.isArray(material) ? material.map((m) => m.uuid).join() : material.uuid}`;
}

/** A group's batches, one per primitive key, in a Map and again in an array for the per-frame loops. */
export class PrimitiveBatches<M, B extends Batch<M>> {
  readonly #byKey = new Map<string, B>();
  /** The batches in an array: a Map's iterator would allocate every frame. */
  readonly list: B[] = [];

  get size(): number {
    return this.list.length;
  }

  /** The batch for `key`, made by `make` the first time. */
  get(key: string, make: () => B): B {
    let batch = this.#byKey.get(key);
    if (!batch) {
      batch = make();
      this.#byKey.set(key, batch);
      this.list.push(batch);
    }
    return batch;
  }

  /** Takes `member` out of every batch, disposing of those left empty. */
  remove(member: M): void {
    for (const [key, batch] of this.#byKey) {
      batch.remove(member);
      if (batch.size > 0) continue;
      batch.dispose();
      this.#byKey.delete(key);
      this.list.splice(this.list.indexOf(batch), 1);
    }
  }

  dispose(): void {
    for (const batch of this.list) batch.dispose();
    this.#byKey.clear();
    this.list.length = 0;
  }
}

/**
 * Readies `mesh` to draw every copy of `source` from world-space data (skinning or instance matrices): named
 * after it, shadowed like it, and left at the origin, never culled (its draw covers wherever the copies are).
 */
export function worldBatchMesh<T extends Object3D>(mesh: T, source: Object3D): T {
  mesh.name = `${source.name || 'primitive'} (instanced)`;
  mesh.castShadow = source.castShadow;
  mesh.receiveShadow = source.receiveShadow;
  mesh.matrixAutoUpdate = false;
  mesh.matrixWorldAutoUpdate = false;
  mesh.frustumCulled = false;
  return mesh;
}

/**
 * Writes one instance's row of a morph texture at `at`: the base weight (1 for relative targets, as glTF's are,
 * else 1 − their sum), then the first `targets` of `weights` (0 past its end).
 */
export function writeMorphRow(
  data: Float32Array,
  at: number,
  weights: readonly number[],
  targets: number,
  relative: boolean,
): void {
  let sum = 0;
  for (let k = 0; k < targets; k++) {
    const weight = weights[k] ?? 0;
    data[at + 1 + k] = weight;
    sum += weight;
  }
  data[at] = relative ? 1 : 1 - sum;
}

/** A morph texture: a row of `targets + 1` floats (see writeMorphRow) for each of `rows` instances. */
export function morphTexture(targets: number, rows: number): DataTexture {
  const stride = targets + 1;
  return new DataTexture(new Float32Array(stride * rows), stride, rows, RedFormat, FloatType);
}
