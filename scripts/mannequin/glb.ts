// The glTF document: Armature → Hips … (the joints) and the skinned mesh Body, two PBR materials, the clips.
// Written with glTF-Transform's WebIO, which needs no file system, so the same bytes come out in Node and in a page.
import { type Accessor, Document, type GLTF, type Node, WebIO } from '@gltf-transform/core';
import type { BuiltClip } from './clip';
import type { MeshData } from './mesh';
import { JOINTS, type JointName, restWorldPositions } from './skeleton';

export interface MannequinParts {
  shell: MeshData;
  accent: MeshData;
  /** A cloth-ready cape, its own mesh `Cape` on the same skin. */
  cape?: MeshData;
  clips: BuiltClip[];
}

/** A soft warm grey for the body, a darker slate blue for the hands, feet and face. */
const SHELL_COLOR = [0.74, 0.71, 0.67, 1] as const;
const ACCENT_COLOR = [0.16, 0.2, 0.27, 1] as const;
/** A deep red for the cape. */
const CAPE_COLOR = [0.55, 0.08, 0.1, 1] as const;

export async function writeMannequinGlb({ shell, accent, cape, clips }: MannequinParts): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  doc.getRoot().setDefaultScene(scene);
  const armature = doc.createNode('Armature');
  scene.addChild(armature);

  const nodes = new Map<JointName, Node>();
  for (const { name, parent, offset } of JOINTS) {
    const node = doc.createNode(name).setTranslation([...offset]);
    (parent ? nodes.get(parent)! : armature).addChild(node);
    nodes.set(name, node);
  }

  const rest = restWorldPositions();
  const inverseBind = new Float32Array(JOINTS.length * 16);
  JOINTS.forEach(({ name }, i) => {
    const [x, y, z] = rest[name];
    inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, -z, 1], i * 16);
  });
  const skin = doc
    .createSkin('MannequinSkin')
    .setSkeleton(nodes.get('Hips')!)
    .setInverseBindMatrices(accessor(doc, inverseBind, 'MAT4'));
  for (const { name } of JOINTS) skin.addJoint(nodes.get(name)!);

  const { mesh, primitive, material } = bodyMesh(doc, shell, accent);
  armature.addChild(doc.createNode('Body').setMesh(mesh).setSkin(skin));
  if (cape) {
    const capeMesh = doc
      .createMesh('Cape')
      .addPrimitive(primitive(cape, material('Cape', CAPE_COLOR).setDoubleSided(true)));
    armature.addChild(doc.createNode('Cape').setMesh(capeMesh).setSkin(skin));
  }

  for (const clip of clips) {
    const channels: AnimatedChannel[] = [];
    if (clip.hipsTranslation)
      channels.push({ node: nodes.get('Hips')!, path: 'translation', values: clip.hipsTranslation });
    for (const [name, values] of clip.rotations) channels.push({ node: nodes.get(name)!, path: 'rotation', values });
    addAnimation(doc, clip.name, clip.extras, clip.times, channels);
  }

  // Every accessor into the one buffer.
  for (const a of doc.getRoot().listAccessors()) a.setBuffer(buffer);
  return new WebIO().writeBinary(doc);
}

export function accessor(
  d: Document,
  array: Float32Array | Uint8Array | Uint16Array,
  type: GLTF.AccessorType,
): Accessor {
  return d
    .createAccessor()
    .setArray(array as Float32Array<ArrayBuffer>)
    .setType(type);
}

export interface AnimatedChannel {
  node: Node;
  path: 'rotation' | 'translation';
  values: Float32Array;
}

/** One animation, every channel LINEAR over the same key times. */
export function addAnimation(
  doc: Document,
  name: string,
  extras: Record<string, unknown> | undefined,
  times: Float32Array,
  channels: AnimatedChannel[],
): void {
  const animation = doc.createAnimation(name);
  if (extras) animation.setExtras(extras);
  const input = accessor(doc, times, 'SCALAR');
  for (const { node, path, values } of channels) {
    const sampler = doc
      .createAnimationSampler()
      .setInput(input)
      .setOutput(accessor(doc, values, path === 'rotation' ? 'VEC4' : 'VEC3'))
      .setInterpolation('LINEAR');
    animation.addSampler(sampler);
    animation.addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  }
}

/** The skinned body `Body` (shell and accent primitives, each with its material), and the builders it used. */
export function bodyMesh(doc: Document, shell: MeshData, accent: MeshData) {
  const material = (name: string, color: readonly number[]) =>
    doc
      .createMaterial(name)
      .setBaseColorFactor([...color] as [number, number, number, number])
      .setRoughnessFactor(0.55)
      .setMetallicFactor(0);
  const primitive = (data: MeshData, mat: ReturnType<typeof material>) =>
    doc
      .createPrimitive()
      .setAttribute('POSITION', accessor(doc, data.positions, 'VEC3'))
      .setAttribute('NORMAL', accessor(doc, data.normals, 'VEC3'))
      .setAttribute('JOINTS_0', accessor(doc, data.joints, 'VEC4'))
      .setAttribute('WEIGHTS_0', accessor(doc, data.weights, 'VEC4'))
      .setIndices(accessor(doc, data.indices, 'SCALAR'))
      .setMaterial(mat);
  const mesh = doc.createMesh('Body');
  for (const [data, mat] of [
    [shell, material('Mannequin', SHELL_COLOR)],
    [accent, material('MannequinAccent', ACCENT_COLOR)],
  ] as const) {
    mesh.addPrimitive(primitive(data, mat));
  }
  return { mesh, primitive, material };
}
