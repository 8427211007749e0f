import {
  type Camera,
  type Color,
  type Light,
  type Material,
  MathUtils,
  type Object3D,
  type PerspectiveCamera,
} from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';

/** Where a KHR_animation_pointer track writes: `size` floats at a time, onto three.js objects. */
export interface PointerTarget {
  readonly size: number;
  write(values: Float32Array): void;
}

interface GltfParserView {
  json: {
    nodes?: { camera?: number; extensions?: { KHR_lights_punctual?: { light?: number } } }[];
  };
  associations: Map<object, { materials?: number; nodes?: number } | undefined>;
}

/** The three.js objects a loaded glTF made for each of its materials and nodes, found once per model. */
export class GltfObjects {
  readonly #materials = new Map<number, Material[]>();
  readonly #nodes = new Map<number, Object3D[]>();
  readonly #json: GltfParserView['json'];

  constructor(gltf: GLTF) {
    const parser = gltf.parser as unknown as GltfParserView;
    this.#json = parser.json;
    for (const [object, mapping] of parser.associations) {
      // the loader's default material (a primitive without one) is associated with nothing
      if (mapping?.materials !== undefined) push(this.#materials, mapping.materials, object as Material);
      if (mapping?.nodes !== undefined) push(this.#nodes, mapping.nodes, object as Object3D);
    }
  }

  materials(index: number): Material[] {
    return this.#materials.get(index) ?? [];
  }

  nodes(index: number): Object3D[] {
    return this.#nodes.get(index) ?? [];
  }

  /** The three.js lights made for KHR_lights_punctual light `index` (one per node that uses it). */
  lights(index: number): Light[] {
    return this.#attached(
      (node) => node.extensions?.KHR_lights_punctual?.light === index,
      (o) => (o as Light).isLight,
    ) as Light[];
  }

  cameras(index: number): PerspectiveCamera[] {
    return this.#attached(
      (node) => node.camera === index,
      (o) => (o as PerspectiveCamera).isPerspectiveCamera,
    ) as PerspectiveCamera[];
  }

  /** A node's attachment is the node object itself, or one of its direct children when it has several. */
  #attached(
    uses: (node: NonNullable<GltfParserView['json']['nodes']>[number]) => boolean,
    is: (o: Object3D) => boolean,
  ) {
    const found: Object3D[] = [];
    (this.#json.nodes ?? []).forEach((node, n) => {
      if (!uses(node)) return;
      for (const object of this.nodes(n)) {
        if (is(object)) found.push(object);
        else for (const child of object.children) if (is(child)) found.push(child);
      }
    });
    return found;
  }
}

function push<T>(map: Map<number, T[]>, key: number, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const target = (size: number, write: (v: Float32Array) => void): PointerTarget => ({ size, write });

function colorTarget(owners: { color: Color }[] | Color[], pick: (o: never) => Color, alpha?: (a: number) => void) {
  const colors = (owners as never[]).map(pick);
  return target(alpha ? 4 : 3, (v) => {
    // glTF colour factors are linear, as three's working space is
    for (let i = 0; i < colors.length; i++) colors[i].setRGB(v[0], v[1], v[2]);
    alpha?.(v[3]);
  });
}

/**
 * The target of a KHR_animation_pointer JSON pointer in a loaded glTF, or undefined when the pointer names
 * something this version does not animate (or that the file does not have). Supported:
 * - `/materials/{i}/pbrMetallicRoughness/baseColorFactor` (colour, and opacity: seen on BLEND materials), `…/metallicFactor`,
 *   `…/roughnessFactor`, `/materials/{i}/emissiveFactor`, `/materials/{i}/alphaCutoff`,
 *   `/materials/{i}/extensions/KHR_materials_emissive_strength/emissiveStrength`;
 * - `/extensions/KHR_lights_punctual/lights/{i}/intensity`, `…/color`, `…/range`;
 * - `/cameras/{i}/perspective/yfov`, `…/znear`, `…/zfar`;
 * - `/nodes/{i}/translation`, `…/rotation`, `…/scale`, `…/weights`,
 *   `/nodes/{i}/extensions/KHR_node_visibility/visible`.
 */
export function pointerTarget(objects: GltfObjects, pointer: string): PointerTarget | undefined {
  const parts = pointer.split('/').slice(1);
  const index = Number(parts[1]);
  if (!Number.isInteger(index) || index < 0) {
    if (parts[0] === 'extensions' && parts[1] === 'KHR_lights_punctual' && parts[2] === 'lights') {
      return lightTarget(objects.lights(Number(parts[3])), parts.slice(4).join('/'));
    }
    return undefined;
  }
  const rest = parts.slice(2).join('/');
  switch (parts[0]) {
    case 'materials':
      return materialTarget(objects.materials(index), rest);
    case 'nodes':
      return nodeTarget(objects.nodes(index), rest);
    case 'cameras':
      return cameraTarget(objects.cameras(index), rest);
    default:
      return undefined;
  }
}

type AnyMaterial = Material & {
  color?: Color;
  emissive?: Color;
  metalness?: number;
  roughness?: number;
  emissiveIntensity?: number;
};

function numberTarget<T>(owners: T[], write: (owner: T, value: number) => void): PointerTarget | undefined {
  if (owners.length === 0) return undefined;
  return target(1, (v) => {
    for (let i = 0; i < owners.length; i++) write(owners[i], v[0]);
  });
}

function materialTarget(all: Material[], property: string): PointerTarget | undefined {
  const materials = all as AnyMaterial[];
  if (materials.length === 0) return undefined;
  switch (property) {
    case 'pbrMetallicRoughness/baseColorFactor':
      if (!materials.every((m) => m.color)) return undefined;
      return colorTarget(
        materials as { color: Color }[],
        (m: AnyMaterial) => m.color!,
        (alpha) => {
          for (let i = 0; i < materials.length; i++) materials[i].opacity = alpha;
        },
      );
    case 'emissiveFactor':
      if (!materials.every((m) => m.emissive)) return undefined;
      return colorTarget(materials as { color: Color }[], (m: AnyMaterial) => m.emissive!);
    case 'pbrMetallicRoughness/metallicFactor':
      return numberTarget(materials, (m, v) => (m.metalness = v));
    case 'pbrMetallicRoughness/roughnessFactor':
      return numberTarget(materials, (m, v) => (m.roughness = v));
    case 'alphaCutoff':
      return numberTarget(materials, (m, v) => (m.alphaTest = v));
    case 'extensions/KHR_materials_emissive_strength/emissiveStrength':
      return numberTarget(materials, (m, v) => (m.emissiveIntensity = v));
    default:
      return undefined;
  }
}

function lightTarget(lights: Light[], property: string): PointerTarget | undefined {
  if (lights.length === 0) return undefined;
  switch (property) {
    case 'intensity':
      return numberTarget(lights, (light, v) => (light.intensity = v));
    case 'color':
      return colorTarget(lights, (light: Light) => light.color);
    case 'range':
      return numberTarget(lights as Array<Light & { distance: number }>, (light, v) => (light.distance = v));
    default:
      return undefined;
  }
}

function cameraTarget(cameras: PerspectiveCamera[], property: string): PointerTarget | undefined {
  const update = (camera: Camera) => (camera as PerspectiveCamera).updateProjectionMatrix();
  switch (property) {
    case 'perspective/yfov':
      return numberTarget(cameras, (c, v) => {
        c.fov = v * MathUtils.RAD2DEG;
        update(c);
      });
    case 'perspective/znear':
      return numberTarget(cameras, (c, v) => {
        c.near = v;
        update(c);
      });
    case 'perspective/zfar':
      return numberTarget(cameras, (c, v) => {
        c.far = v;
        update(c);
      });
    default:
      return undefined;
  }
}

function nodeTarget(nodes: Object3D[], property: string): PointerTarget | undefined {
  if (nodes.length === 0) return undefined;
  switch (property) {
    case 'translation':
      return target(3, (v) => {
        for (let i = 0; i < nodes.length; i++) nodes[i].position.set(v[0], v[1], v[2]);
      });
    case 'rotation':
      return target(4, (v) => {
        for (let i = 0; i < nodes.length; i++) nodes[i].quaternion.set(v[0], v[1], v[2], v[3]);
      });
    case 'scale':
      return target(3, (v) => {
        for (let i = 0; i < nodes.length; i++) nodes[i].scale.set(v[0], v[1], v[2]);
      });
    case 'extensions/KHR_node_visibility/visible':
      return numberTarget(nodes, (n, v) => (n.visible = v >= 0.5));
    case 'weights': {
      const meshes: Array<Object3D & { morphTargetInfluences?: number[] }> = [];
      for (const node of nodes)
        node.traverse((o) => (o as (typeof meshes)[number]).morphTargetInfluences && meshes.push(o));
      const count = meshes[0]?.morphTargetInfluences?.length ?? 0;
      if (count === 0) return undefined;
      return target(count, (v) => {
        for (let i = 0; i < meshes.length; i++)
          for (let k = 0; k < count; k++) meshes[i].morphTargetInfluences![k] = v[k];
      });
    }
    default:
      return undefined;
  }
}
