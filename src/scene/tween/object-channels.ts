import type { Color, Light, Material, Mesh, Object3D } from 'three';
import type { TweenChannel, TweenValueType } from './channel.js';

const AXES = { x: 0, y: 1, z: 2 } as const;
type Axis = keyof typeof AXES;

function channel(
  key: object,
  path: string,
  valueType: TweenValueType,
  size: number,
  read: (out: Float32Array) => boolean,
  write: (values: Float32Array) => void,
): TweenChannel {
  return { key, path, size, kind: valueType === 'quaternion' ? 'quaternion' : 'linear', valueType, read, write };
}

/** The distinct materials of every mesh under `root`. */
function materialsUnder(root: Object3D): Material[] {
  const found = new Set<Material>();
  root.traverse((object) => {
    const material = (object as Mesh).material;
    for (const m of Array.isArray(material) ? material : material ? [material] : []) found.add(m);
  });
  return [...found];
}

function lightsUnder(root: Object3D): Light[] {
  const found: Light[] = [];
  root.traverse((object) => {
    if ((object as Light).isLight) found.push(object as Light);
  });
  return found;
}

/** A colour or number property shared by several three.js objects (every material of a model, every light). */
function sharedChannel(path: string, owners: Array<Record<string, unknown>>, name: string) {
  const first = owners[0]?.[name];
  if ((first as Color | undefined)?.isColor) {
    const colors = owners.map((owner) => owner[name] as Color);
    // keyed by the first owner, not the root: a model loaded anew brings new materials and a new stack
    return channel(
      owners[0],
      path,
      'color',
      3,
      (out) => {
        out[0] = colors[0].r;
        out[1] = colors[0].g;
        out[2] = colors[0].b;
        return true;
      },
      (v) => {
        // three's working space is linear sRGB: the values go in as they are
        for (const color of colors) color.setRGB(v[0], v[1], v[2]);
      },
    );
  }
  if (typeof first !== 'number' || owners.some((owner) => typeof owner[name] !== 'number')) return undefined;
  if (name === 'opacity') for (const material of owners) (material as unknown as Material).transparent = true;
  return channel(
    owners[0],
    path,
    'number',
    1,
    (out) => {
      out[0] = owners[0][name] as number;
      return true;
    },
    (v) => {
      for (const owner of owners) owner[name] = v[0];
    },
  );
}

/**
 * The channel for `path` on a three.js object, or undefined when the object has no such property:
 * `position`, `rotation` (degrees), `scale`, each also by axis (`position.y`); `quaternion` (slerped);
 * `material.<name>` for every material under the object (`color`, `emissive`, `opacity`, `roughness`, …);
 * `light.<name>` for every light under it (`intensity`, `color`, …).
 */
export function objectChannel(object: Object3D, path: string): TweenChannel | undefined {
  const [head, tail, ...rest] = path.split('.');
  if (rest.length > 0) return undefined;
  if (head === 'material' || head === 'light') {
    if (!tail) return undefined;
    const owners = (head === 'material' ? materialsUnder(object) : lightsUnder(object)) as unknown as Array<
      Record<string, unknown>
    >;
    return owners.length > 0 ? sharedChannel(path, owners, tail) : undefined;
  }
  if (head === 'quaternion' && !tail) {
    const q = object.quaternion;
    return channel(
      object,
      path,
      'quaternion',
      4,
      (out) => {
        q.toArray(out);
        return true;
      },
      (v) => {
        q.set(v[0], v[1], v[2], v[3]);
      },
    );
  }
  if (head !== 'position' && head !== 'rotation' && head !== 'scale') return undefined;
  const angle = head === 'rotation';
  const vector = angle ? object.rotation : object[head];
  const toValue = angle ? 180 / Math.PI : 1;
  const fromValue = angle ? Math.PI / 180 : 1;
  if (tail !== undefined) {
    if (!(tail in AXES)) return undefined;
    const axis = tail as Axis;
    return channel(
      object,
      path,
      angle ? 'angle' : head === 'position' ? 'length' : 'number',
      1,
      (out) => {
        out[0] = vector[axis] * toValue;
        return true;
      },
      (v) => {
        vector[axis] = v[0] * fromValue;
      },
    );
  }
  return channel(
    object,
    path,
    angle ? 'angles3' : head === 'position' ? 'vector3' : 'scale',
    3,
    (out) => {
      out[0] = vector.x * toValue;
      out[1] = vector.y * toValue;
      out[2] = vector.z * toValue;
      return true;
    },
    (v) => {
      vector.set(v[0] * fromValue, v[1] * fromValue, v[2] * fromValue);
    },
  );
}
