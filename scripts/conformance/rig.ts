// Building blocks of the conformance fixtures: joints, a skinned mesh over them (optionally with morph
// targets), plain morph meshes, and keyframe samplers from plain arrays of any component type.
import type { Accessor, Document, GLTF, Node, TypedArray } from '@gltf-transform/core';
import { Matrix4 } from 'three';

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];

export interface NodeSpec {
  t?: Vec3;
  r?: Quat;
  s?: Vec3;
}

export function node(doc: Document, name: string, spec: NodeSpec = {}, parent?: Node): Node {
  const n = doc.createNode(name);
  if (spec.t) n.setTranslation(spec.t);
  if (spec.r) n.setRotation(spec.r);
  if (spec.s) n.setScale(spec.s);
  parent?.addChild(n);
  return n;
}

/** A unit quaternion turning `degrees` about an axis (normalized here). */
export function axisAngle(axis: Vec3, degrees: number): Quat {
  const length = Math.hypot(...axis);
  const half = (degrees * Math.PI) / 360;
  const s = Math.sin(half) / length;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)];
}

export function accessor(doc: Document, array: TypedArray, type: GLTF.AccessorType, normalized = false): Accessor {
  return doc
    .createAccessor()
    .setArray(array as Float32Array<ArrayBuffer>)
    .setType(type)
    .setNormalized(normalized);
}

const TYPES = { translation: 'VEC3', rotation: 'VEC4', scale: 'VEC3', weights: 'SCALAR' } as const;

export interface Channel {
  node: Node;
  path: 'translation' | 'rotation' | 'scale' | 'weights';
  interpolation?: GLTF.AnimationSamplerInterpolation;
  /** Key times, or an accessor another sampler uses too. */
  times: number[] | Accessor;
  /** Output values (cubic: in-tangent, value, out-tangent per key), or integers for a normalized accessor. */
  values: number[] | TypedArray;
}

/** One animation of the channels given; integer `values` arrays become normalized accessors. */
export function animation(doc: Document, name: string, channels: Channel[]): void {
  const anim = doc.createAnimation(name);
  for (const c of channels) {
    const input = Array.isArray(c.times) ? accessor(doc, Float32Array.from(c.times), 'SCALAR') : c.times;
    const values = c.values;
    const output = Array.isArray(values)
      ? accessor(doc, Float32Array.from(values), TYPES[c.path])
      : accessor(doc, values, TYPES[c.path], !(values instanceof Float32Array));
    const sampler = doc
      .createAnimationSampler()
      .setInput(input)
      .setOutput(output)
      .setInterpolation(c.interpolation ?? 'LINEAR');
    anim.addSampler(sampler);
    anim.addChannel(doc.createAnimationChannel().setTargetNode(c.node).setTargetPath(c.path).setSampler(sampler));
  }
}

/** Three vertices per joint at its rest position, weighted to it and blended with its neighbours in the list. */
function skinnedGeometry(joints: Node[]) {
  const positions: number[] = [];
  const slots: number[] = [];
  const weights: number[] = [];
  const indices: number[] = [];
  joints.forEach((joint, i) => {
    const m = joint.getWorldMatrix();
    const [x, y, z] = [m[12], m[13], m[14]];
    const next = (i + 1) % joints.length;
    const prev = (i + joints.length - 1) % joints.length;
    positions.push(x + 0.05, y, z, x - 0.05, y, z + 0.02, x, y + 0.05, z - 0.02);
    slots.push(i, 0, 0, 0, i, next, 0, 0, i, prev, 0, 0);
    weights.push(1, 0, 0, 0, 0.6, 0.4, 0, 0, 0.5, 0.5, 0, 0);
    indices.push(i * 3, i * 3 + 1, i * 3 + 2);
  });
  return { positions, slots, weights, indices };
}

/** `count` morph targets on a primitive of `vertices` vertices, each moving them its own way. */
function addTargets(
  doc: Document,
  primitive: ReturnType<Document['createPrimitive']>,
  vertices: number,
  count: number,
) {
  for (let k = 0; k < count; k++) {
    const deltas = new Float32Array(vertices * 3);
    for (let v = 0; v < vertices; v++) deltas[v * 3 + (k % 3)] = 0.01 * (k + 1) * (v % 2 === 0 ? 1 : -1);
    primitive.addTarget(doc.createPrimitiveTarget().setAttribute('POSITION', accessor(doc, deltas, 'VEC3')));
  }
}

export interface SkinOptions {
  /** The skin's `skeleton` property (left out when absent). */
  skeleton?: Node;
  /** Morph targets on the skinned mesh too. */
  targets?: number;
  /** Where the mesh node hangs, and its own transform (which skinning ignores). */
  parent: Node;
  at?: NodeSpec;
}

/** A mesh node `name` skinned to `joints` (in that slot order), inverse binds from the rest pose. */
export function skinnedMesh(doc: Document, name: string, joints: Node[], options: SkinOptions): Node {
  const binds = new Float32Array(joints.length * 16);
  const m = new Matrix4();
  joints.forEach((joint, i) => {
    m.fromArray(joint.getWorldMatrix())
      .invert()
      .toArray(binds, i * 16);
  });
  const skin = doc.createSkin(`${name}Skin`).setInverseBindMatrices(accessor(doc, binds, 'MAT4'));
  if (options.skeleton) skin.setSkeleton(options.skeleton);
  for (const joint of joints) skin.addJoint(joint);
  const g = skinnedGeometry(joints);
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(doc, Float32Array.from(g.positions), 'VEC3'))
    .setAttribute('JOINTS_0', accessor(doc, Uint16Array.from(g.slots), 'VEC4'))
    .setAttribute('WEIGHTS_0', accessor(doc, Float32Array.from(g.weights), 'VEC4'))
    .setIndices(accessor(doc, Uint16Array.from(g.indices), 'SCALAR'));
  if (options.targets) addTargets(doc, primitive, g.positions.length / 3, options.targets);
  const mesh = doc.createMesh(name).addPrimitive(primitive);
  return node(doc, name, options.at, options.parent).setMesh(mesh).setSkin(skin);
}

/** A plain (unskinned) triangle mesh node with `count` morph targets and optional default weights. */
export function morphMesh(doc: Document, name: string, count: number, parent: Node, weights?: number[]): Node {
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(doc, Float32Array.from([0, 0, 0, 0.1, 0, 0, 0, 0.1, 0]), 'VEC3'));
  addTargets(doc, primitive, 3, count);
  const mesh = doc.createMesh(name).addPrimitive(primitive);
  if (weights) mesh.setWeights(weights);
  return node(doc, name, { t: [0.2, 0, 0] }, parent).setMesh(mesh);
}

/** A chain of joints hanging from `parent`, each `length` above the last. */
export function chain(doc: Document, names: string[], parent: Node, length = 0.5): Node[] {
  const joints: Node[] = [];
  for (const name of names) {
    joints.push(node(doc, name, { t: [0, joints.length === 0 ? 0 : length, 0] }, joints.at(-1) ?? parent));
  }
  return joints;
}
