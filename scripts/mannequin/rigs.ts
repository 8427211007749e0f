// The mannequin as other exporters write a character: the same body and motion under another skeleton's
// names, joint count, bone axes, proportions and units (Mixamo, Blender's Rigify, 3ds Max Biped, Unreal).
// Retargeting, mixer and humanoid-map tests run on these where they would otherwise need other people's files.
import { Document, type Node, WebIO } from '@gltf-transform/core';
import { Matrix4, Quaternion, Vector3 } from 'three';
import type { BuiltClip } from './clip';
import { type AnimatedChannel, accessor, addAnimation, bodyMesh } from './glb';
import type { MeshData } from './mesh';
import { JOINT_NAMES, JOINTS, type JointName, restWorldPositions, type Vec3 } from './skeleton';

type Side = 'Left' | 'Right' | '';
type Part = 'Hips' | 'Spine' | 'Chest' | 'Neck' | 'Head' | 'Shoulder' | 'UpperArm' | 'LowerArm' | 'Hand';
type LegPart = 'UpperLeg' | 'LowerLeg' | 'Foot' | 'Toes';

/** A joint the mannequin lacks: a leaf, or (`adopt`) one slid between a joint and its children. */
interface ExtraJoint {
  name: string;
  parent: string;
  /** From the parent, metres, in the mannequin's frame (x to the left, y up, z forward). */
  offset: Vec3;
  adopt?: boolean;
}

export interface RigStyle {
  /** The file: `assets/rigs/<file>.glb`. */
  file: string;
  /** The exporter's name for a mannequin joint. */
  name(part: Part | LegPart, side: Side): string;
  /** Joints the exporter adds: fingers, end sites, a third spine joint. */
  extras(): ExtraJoint[];
  /** A joint at the origin above the hips (Biped's `Bip01`, Unreal's `root`). */
  root?: string;
  /** 100: bones in centimetres under an `Armature` node scaled 0.01 (Mixamo, Unreal); 1: metres. */
  unitsPerMetre: 1 | 100;
  /** −1: the character looks down −Z (the armature turned half a turn). */
  facing: 1 | -1;
  /** The local axis each bone points along at rest (Blender: +Y; Max and Unreal: +X). */
  boneAxis: 'x' | 'y';
  /** Proportions against the mannequin: the legs (and the hips' height and stride), the arms. */
  legScale: number;
  armScale: number;
  /** Mannequin clip → its name in this file. */
  clips: Record<string, string>;
}

const FINGERS = ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky'] as const;

/** A hand's fingers as chains of four (the last an end site), 3 cm segments, across the palm. */
function fingers(side: 'Left' | 'Right', hand: string, name: (finger: string, k: number) => string): ExtraJoint[] {
  const s = side === 'Left' ? 1 : -1;
  return FINGERS.flatMap((finger, f) =>
    [1, 2, 3, 4].map((k) => ({
      name: name(finger, k),
      parent: k === 1 ? hand : name(finger, k - 1),
      offset: (k === 1
        ? [s * (f === 0 ? 0.03 : 0.09), f === 0 ? -0.01 : 0, 0.035 - f * 0.016]
        : [s * 0.03, 0, 0]) as Vec3,
    })),
  );
}

const SIDES = ['Left', 'Right'] as const;

const MIXAMO_PARTS: Record<Part | LegPart, string> = {
  Hips: 'Hips',
  Spine: 'Spine',
  Chest: 'Spine1',
  Neck: 'Neck',
  Head: 'Head',
  Shoulder: 'Shoulder',
  UpperArm: 'Arm',
  LowerArm: 'ForeArm',
  Hand: 'Hand',
  UpperLeg: 'UpLeg',
  LowerLeg: 'Leg',
  Foot: 'Foot',
  Toes: 'ToeBase',
};

/** Mixamo: `mixamorig:` names, 65 joints (full fingers, end sites), centimetres under a 0.01 armature. */
export const MIXAMO_STYLE: RigStyle = {
  file: 'mixamo-style',
  name: (part, side) => `mixamorig:${side}${MIXAMO_PARTS[part]}`,
  extras: () => [
    { name: 'mixamorig:Spine2', parent: 'mixamorig:Spine1', offset: [0, 0.12, 0], adopt: true },
    { name: 'mixamorig:HeadTop_End', parent: 'mixamorig:Head', offset: [0, 0.18, 0] },
    ...SIDES.flatMap((side) => [
      ...fingers(side, `mixamorig:${side}Hand`, (finger, k) => `mixamorig:${side}Hand${finger}${k}`),
      { name: `mixamorig:${side}Toe_End`, parent: `mixamorig:${side}ToeBase`, offset: [0, 0, 0.07] as Vec3 },
    ]),
  ],
  unitsPerMetre: 100,
  facing: 1,
  boneAxis: 'y',
  legScale: 1.08,
  armScale: 1.05,
  clips: { idle: 'Idle', walk: 'Walk', run: 'Run', wave: 'Wave' },
};

const RIGIFY_PARTS: Record<Part | LegPart, string> = {
  Hips: 'spine',
  Spine: 'spine.001',
  Chest: 'spine.002',
  Neck: 'neck',
  Head: 'head',
  Shoulder: 'shoulder',
  UpperArm: 'upper_arm',
  LowerArm: 'forearm',
  Hand: 'hand',
  UpperLeg: 'thigh',
  LowerLeg: 'shin',
  Foot: 'foot',
  Toes: 'toe',
};

/** Blender's Rigify deform bones: `DEF-upper_arm.L`, bones along +Y, metres. */
export const RIGIFY_STYLE: RigStyle = {
  file: 'rigify-style',
  name: (part, side) => `DEF-${RIGIFY_PARTS[part]}${side ? `.${side[0]}` : ''}`,
  extras: () => [{ name: 'DEF-spine.003', parent: 'DEF-spine.002', offset: [0, 0.1, 0], adopt: true }],
  unitsPerMetre: 1,
  facing: 1,
  boneAxis: 'y',
  legScale: 0.93,
  armScale: 0.96,
  clips: { idle: 'idle', walk: 'walk' },
};

const BIPED_PARTS: Record<Part | LegPart, string> = {
  Hips: 'Pelvis',
  Spine: 'Spine',
  Chest: 'Spine1',
  Neck: 'Neck',
  Head: 'Head',
  Shoulder: 'Clavicle',
  UpperArm: 'UpperArm',
  LowerArm: 'Forearm',
  Hand: 'Hand',
  UpperLeg: 'Thigh',
  LowerLeg: 'Calf',
  Foot: 'Foot',
  Toes: 'Toe0',
};

/** 3ds Max Biped: `Bip01 L Thigh` under a `Bip01` root, bones along +X, end sites (`Nub`), facing −Z. */
export const BIPED_STYLE: RigStyle = {
  file: 'biped-style',
  name: (part, side) => `Bip01 ${side ? `${side[0]} ` : ''}${BIPED_PARTS[part]}`,
  extras: () => [
    { name: 'Bip01 HeadNub', parent: 'Bip01 Head', offset: [0, 0.18, 0] },
    ...SIDES.map((side) => ({
      name: `Bip01 ${side[0]} Toe0Nub`,
      parent: `Bip01 ${side[0]} Toe0`,
      offset: [0, 0, 0.07] as Vec3,
    })),
  ],
  root: 'Bip01',
  unitsPerMetre: 1,
  facing: -1,
  boneAxis: 'x',
  legScale: 1.14,
  armScale: 1.1,
  clips: { idle: 'idle', walk: 'walk' },
};

const UNREAL_PARTS: Record<Part | LegPart, string> = {
  Hips: 'pelvis',
  Spine: 'spine_01',
  Chest: 'spine_02',
  Neck: 'neck_01',
  Head: 'head',
  Shoulder: 'clavicle',
  UpperArm: 'upperarm',
  LowerArm: 'lowerarm',
  Hand: 'hand',
  UpperLeg: 'thigh',
  LowerLeg: 'calf',
  Foot: 'foot',
  Toes: 'ball',
};

/** Unreal's mannequin: `spine_01`, `thigh_l` under `root`, bones along +X, centimetres. */
export const UNREAL_STYLE: RigStyle = {
  file: 'unreal-style',
  name: (part, side) => `${UNREAL_PARTS[part]}${side ? `_${side[0].toLowerCase()}` : ''}`,
  extras: () => [{ name: 'spine_03', parent: 'spine_02', offset: [0, 0.1, 0], adopt: true }],
  root: 'root',
  unitsPerMetre: 100,
  facing: 1,
  boneAxis: 'x',
  legScale: 0.9,
  armScale: 0.94,
  clips: { idle: 'idle', walk: 'walk' },
};

export const RIG_STYLES: readonly RigStyle[] = [MIXAMO_STYLE, RIGIFY_STYLE, BIPED_STYLE, UNREAL_STYLE];

const LEG_PARTS: readonly string[] = ['UpperLeg', 'LowerLeg', 'Foot', 'Toes'];
const ARM_PARTS: readonly string[] = ['LowerArm', 'Hand'];

function split(name: JointName): [Part | LegPart, Side] {
  const side: Side = name.startsWith('Left') ? 'Left' : name.startsWith('Right') ? 'Right' : '';
  return [name.slice(side.length) as Part | LegPart, side];
}

interface RigJoint {
  name: string;
  parent: number;
  /** Rest position, metres, mannequin frame, this rig's proportions. */
  position: Vector3;
  /** Rest orientation in the armature's frame: the bone axis along the bone. */
  rest: Quaternion;
}

/** The rig's joints: the mannequin's first, in the mannequin's order (the body's JOINTS_0 point at them), then extras. */
function rigJoints(style: RigStyle): RigJoint[] {
  const joints: RigJoint[] = [];
  const scaled = new Map<JointName, Vector3>();
  for (const { name, parent, offset } of JOINTS) {
    const [part] = split(name);
    const k =
      name === 'Hips' || LEG_PARTS.includes(part) ? style.legScale : ARM_PARTS.includes(part) ? style.armScale : 1;
    const position = new Vector3(...offset).multiplyScalar(k).add(parent ? scaled.get(parent)! : new Vector3());
    scaled.set(name, position);
    joints.push({ name: style.name(...split(name)), parent: -1, position, rest: new Quaternion() });
  }
  const index = (n: string) => joints.findIndex((j) => j.name === n);
  JOINTS.forEach(({ parent }, i) => {
    joints[i].parent = parent ? JOINT_NAMES.indexOf(parent) : -1;
  });
  for (const extra of style.extras()) {
    const p = index(extra.parent);
    const k = extra.name.includes('Hand') ? style.armScale : 1;
    const position = new Vector3(...extra.offset).multiplyScalar(k).add(joints[p].position);
    const i = joints.push({ name: extra.name, parent: p, position, rest: new Quaternion() }) - 1;
    if (extra.adopt) for (const j of joints) if (j.parent === p && j !== joints[i]) j.parent = i;
  }
  if (style.root) {
    const r = joints.push({ name: style.root, parent: -1, position: new Vector3(), rest: new Quaternion() }) - 1;
    joints[0].parent = r;
  }
  // The bone axis along the first child; a leaf keeps its parent's orientation; a root stays unturned.
  const axis = style.boneAxis === 'x' ? new Vector3(1, 0, 0) : new Vector3(0, 1, 0);
  for (const joint of joints) {
    if (joint.name === style.root) continue;
    const child = joints.find((j) => joints[j.parent] === joint && j.position.distanceTo(joint.position) > 1e-6);
    if (child) joint.rest.setFromUnitVectors(axis, child.position.clone().sub(joint.position).normalize());
  }
  for (const joint of joints) {
    const hasChild = joints.some((j) => joints[j.parent] === joint && j.position.distanceTo(joint.position) > 1e-6);
    if (!hasChild && joint.parent >= 0) joint.rest.copy(joints[joint.parent].rest);
  }
  return joints;
}

/** Parents before children, for writing the node tree. */
function parentFirst(joints: RigJoint[]): number[] {
  const order: number[] = [];
  const visit = (p: number) => {
    joints.forEach((j, i) => {
      if (j.parent === p) {
        order.push(i);
        visit(i);
      }
    });
  };
  visit(-1);
  return order;
}

/** The body moved onto the rig's proportions: each vertex by its joints' weighted rest displacement, then turned. */
function fitBody(data: MeshData, joints: RigJoint[], facing: 1 | -1): MeshData {
  const rest = restWorldPositions();
  const positions = new Float32Array(data.positions.length);
  const normals = new Float32Array(data.normals);
  for (let v = 0; v < data.positions.length / 3; v++) {
    for (let c = 0; c < 3; c++) {
      let p = data.positions[v * 3 + c];
      for (let k = 0; k < 4; k++) {
        const j = data.joints[v * 4 + k];
        p += data.weights[v * 4 + k] * (joints[j].position.getComponent(c) - rest[JOINT_NAMES[j]][c]);
      }
      positions[v * 3 + c] = c === 1 ? p : facing * p;
    }
    normals[v * 3] *= facing;
    normals[v * 3 + 2] *= facing;
  }
  return { ...data, positions, normals };
}

export async function writeRigGlb(style: RigStyle, body: { shell: MeshData; accent: MeshData }, clips: BuiltClip[]) {
  const joints = rigJoints(style);
  const units = style.unitsPerMetre;
  const doc = new Document();
  const buffer = doc.createBuffer();
  const scene = doc.createScene('Scene');
  doc.getRoot().setDefaultScene(scene);
  const armature = doc.createNode('Armature').setScale([1 / units, 1 / units, 1 / units]);
  if (style.facing < 0) armature.setRotation([0, 1, 0, 0]);
  scene.addChild(armature);

  const nodes: Node[] = joints.map((j) => doc.createNode(j.name));
  const localRest = (i: number) => {
    const j = joints[i];
    const parentRest = j.parent >= 0 ? joints[j.parent].rest.clone().invert() : new Quaternion();
    const from = j.parent >= 0 ? joints[j.parent].position : new Vector3();
    const t = j.position.clone().sub(from).applyQuaternion(parentRest).multiplyScalar(units);
    return { t, r: parentRest.multiply(j.rest) };
  };
  for (const i of parentFirst(joints)) {
    const { t, r } = localRest(i);
    nodes[i].setTranslation([t.x, t.y, t.z]).setRotation([r.x, r.y, r.z, r.w]);
    (joints[i].parent >= 0 ? nodes[joints[i].parent] : armature).addChild(nodes[i]);
  }

  // Inverse binds of the joints' world matrices, the armature's scale included: the body is in metres.
  const armatureMatrix = new Matrix4().compose(
    new Vector3(),
    new Quaternion(0, style.facing < 0 ? 1 : 0, 0, style.facing < 0 ? 0 : 1),
    new Vector3(1 / units, 1 / units, 1 / units),
  );
  const inverseBind = new Float32Array(joints.length * 16);
  joints.forEach((j, i) => {
    const m = new Matrix4()
      .compose(j.position.clone().multiplyScalar(units), j.rest, new Vector3(1, 1, 1))
      .premultiply(armatureMatrix)
      .invert();
    inverseBind.set(m.elements, i * 16);
  });
  const skin = doc
    .createSkin(`${style.file}-skin`)
    .setSkeleton(nodes[style.root ? joints.length - 1 : 0])
    .setInverseBindMatrices(accessor(doc, inverseBind, 'MAT4'));
  for (const node of nodes) skin.addJoint(node);
  const { mesh } = bodyMesh(doc, fitBody(body.shell, joints, style.facing), fitBody(body.accent, joints, style.facing));
  scene.addChild(doc.createNode('Body').setMesh(mesh).setSkin(skin));

  for (const clip of clips) {
    const name = style.clips[clip.name];
    if (!name) continue;
    addAnimation(doc, name, undefined, clip.times, rigChannels(clip, joints, nodes, units, style.legScale));
  }
  for (const a of doc.getRoot().listAccessors()) a.setBuffer(buffer);
  return new WebIO().writeBinary(doc);
}

/**
 * A mannequin clip on the rig: a keyed joint's local rotation q (the mannequin's rest is the identity) becomes
 * R_parent⁻¹ · q · R_joint, so that every bone turns in the world as the mannequin's does; the hips' path
 * scales with the legs.
 */
function rigChannels(clip: BuiltClip, joints: RigJoint[], nodes: Node[], units: number, legScale: number) {
  const channels: AnimatedChannel[] = [];
  const keys = clip.times.length;
  if (clip.hipsTranslation) {
    const hips = clip.hipsTranslation;
    const values = new Float32Array(hips.length);
    for (let i = 0; i < hips.length; i++) values[i] = hips[i] * legScale * units;
    channels.push({ node: nodes[0], path: 'translation', values });
  }
  const q = new Quaternion();
  for (const [name, source] of clip.rotations) {
    const i = JOINT_NAMES.indexOf(name);
    const parentRest = joints[joints[i].parent]?.rest.clone().invert() ?? new Quaternion();
    const values = new Float32Array(keys * 4);
    for (let k = 0; k < keys; k++) {
      q.fromArray(source, k * 4);
      const r = parentRest.clone().multiply(q).multiply(joints[i].rest);
      if (
        k > 0 &&
        r.x * values[k * 4 - 4] + r.y * values[k * 4 - 3] + r.z * values[k * 4 - 2] + r.w * values[k * 4 - 1] < 0
      ) {
        r.set(-r.x, -r.y, -r.z, -r.w);
      }
      values.set([r.x, r.y, r.z, r.w], k * 4);
    }
    channels.push({ node: nodes[i], path: 'rotation', values });
  }
  return channels;
}
