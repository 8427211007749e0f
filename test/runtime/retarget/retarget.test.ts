import { expect } from '@open-wc/testing';
import {
  type AnimError,
  bindClip,
  type Clip,
  createPose,
  createSampleCache,
  type GltfAsset,
  importGltf,
  localToModel,
  parseGlb,
  sampleClip,
  setRestPose,
} from '../../../src/runtime/index.js';
import {
  createRetargetCache,
  gltfHumanoid,
  type HumanoidRig,
  type HumanoidSlot,
  mapHumanoid,
  REQUIRED_SLOTS,
  retargetClip,
} from '../../../src/runtime/retarget/index.js';
import { fetchModel, MODELS, SHARED, sharedModelsPresent } from '../../helpers/shared-models.js';

type Model = keyof typeof MODELS | 'Soldier' | 'Xbot';

/** The repository's models by name; Soldier and Xbot from ../shared/models/ (extra tests, where served). */
async function load(file: Model): Promise<GltfAsset> {
  const bytes = await fetchModel(file === 'Soldier' || file === 'Xbot' ? `${SHARED}${file}.glb` : MODELS[file]);
  const { json, buffers } = parseGlb(bytes);
  return importGltf(json, buffers);
}

const SHARED_MODELS = await sharedModelsPresent();
/** Which way each model faces in its own scene: Soldier and the Biped-style rig look down −Z, the others +Z. */
const FACES_MINUS_Z: ReadonlySet<Model> = new Set(['Soldier', 'biped']);

/** Model matrices of a clip sampled on a skeleton at time t (the runtime's own FK: an independent check). */
function modelAt(asset: GltfAsset, clip: Clip, t: number): Float32Array {
  const s = asset.skeleton;
  const pose = createPose(s.jointCount, asset.defaultWeights.length);
  setRestPose(s, pose);
  const binding = bindClip(clip, s);
  sampleClip(binding, t, createSampleCache(binding), pose);
  const out = new Float32Array(s.jointCount * 16);
  localToModel(s, pose, null, out);
  return out;
}

const joint = (rig: HumanoidRig, slot: HumanoidSlot) => rig.skeleton.indexByName.get(rig.map.bones[slot]!)!;
const position = (m: Float32Array, j: number) => [m[j * 16 + 12], m[j * 16 + 13], m[j * 16 + 14]];

/** Model-space direction of a bone to its tip, turned so the rig faces +Z (forward −Z rigs turn half a turn). */
function direction(m: Float32Array, from: number, to: number, facesMinusZ: boolean): number[] {
  const a = position(m, from);
  const b = position(m, to);
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const n = Math.hypot(d[0], d[1], d[2]);
  return facesMinusZ ? [-d[0] / n, d[1] / n, -d[2] / n] : [d[0] / n, d[1] / n, d[2] / n];
}

const angle = (a: number[], b: number[]) =>
  (Math.acos(Math.min(1, Math.max(-1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]))) * 180) / Math.PI;

const LIMBS: [HumanoidSlot, HumanoidSlot][] = [
  ['leftUpperArm', 'leftLowerArm'],
  ['rightUpperArm', 'rightLowerArm'],
  ['leftLowerArm', 'leftHand'],
  ['rightLowerArm', 'rightHand'],
  ['leftUpperLeg', 'leftLowerLeg'],
  ['rightUpperLeg', 'rightLowerLeg'],
  ['leftLowerLeg', 'leftFoot'],
  ['rightLowerLeg', 'rightFoot'],
];

function codeOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    return { code: (e as AnimError).code, message: (e as Error).message };
  }
  return { code: 'no error', message: '' };
}

describe('runtime: humanoid maps', () => {
  const mapped: Model[] = ['robot', 'mannequin', 'mixamo', 'rigify', 'biped', 'unreal'];
  if (SHARED_MODELS) mapped.push('Soldier', 'Xbot');
  for (const file of mapped) {
    const facesMinusZ = FACES_MINUS_Z.has(file);
    it(`maps every required slot of ${file}, left on the body's left`, async () => {
      const asset = await load(file);
      const rig = gltfHumanoid(asset);
      for (const slot of REQUIRED_SLOTS) expect(rig.map.bones[slot], slot).to.be.a('string');
      const rest = new Float32Array(asset.skeleton.jointCount * 16);
      const pose = createPose(asset.skeleton.jointCount, asset.defaultWeights.length);
      setRestPose(asset.skeleton, pose);
      localToModel(asset.skeleton, pose, null, rest);
      // the body's left is +X facing +Z, −X facing −Z
      const leftward = (slot: HumanoidSlot) => position(rest, joint(rig, slot))[0] * (facesMinusZ ? -1 : 1);
      const hips = leftward('hips');
      for (const part of ['UpperArm', 'LowerArm', 'UpperLeg', 'Foot'] as const) {
        expect(leftward(`left${part}`), `left${part}`).to.be.greaterThan(hips);
        expect(leftward(`right${part}`), `right${part}`).to.be.lessThan(hips);
      }
    });
  }

  it('names the Mixamo, Rigify, Biped, Unreal and RobotExpressive bones', async () => {
    for (const file of SHARED_MODELS ? (['mixamo', 'Soldier'] as const) : (['mixamo'] as const)) {
      const mixamo = gltfHumanoid(await load(file), { profile: 'mixamo' });
      expect(mixamo.map.bones.leftUpperArm, file).to.equal('mixamorig:LeftArm');
      expect(mixamo.map.bones.leftLowerLeg, file).to.equal('mixamorig:LeftLeg');
      expect(mixamo.map.bones.upperChest, file).to.equal('mixamorig:Spine2');
    }
    const rigify = gltfHumanoid(await load('rigify')).map.bones;
    expect([rigify.hips, rigify.leftUpperArm, rigify.rightLowerLeg, rigify.upperChest]).to.deep.equal([
      'DEF-spine',
      'DEF-upper_arm.L',
      'DEF-shin.R',
      'DEF-spine.003',
    ]);
    const biped = gltfHumanoid(await load('biped')).map.bones;
    expect([biped.hips, biped.leftShoulder, biped.rightUpperLeg, biped.leftToes]).to.deep.equal([
      'Bip01 Pelvis',
      'Bip01 L Clavicle',
      'Bip01 R Thigh',
      'Bip01 L Toe0',
    ]);
    const unreal = gltfHumanoid(await load('unreal')).map.bones;
    expect([unreal.hips, unreal.chest, unreal.upperChest, unreal.leftLowerArm, unreal.rightToes]).to.deep.equal([
      'pelvis',
      'spine_02',
      'spine_03',
      'lowerarm_l',
      'ball_r',
    ]);
    const robot = gltfHumanoid(await load('robot'));
    // the legs hang from Body, so Body is the hips; the feet are IK bones under the root
    expect(robot.map.bones.hips).to.equal('Body');
    expect(robot.map.bones.leftUpperArm).to.equal('UpperArm.L');
    expect(robot.map.bones.rightFoot).to.equal('Foot.R');
    expect(robot.map.bones.leftHand, 'the robot has no hand bone').to.equal(undefined);
  });

  it('rejects the fox with no-humanoid, naming the missing slots', async () => {
    const fox = await load('fox');
    const { code, message } = codeOf(() => gltfHumanoid(fox));
    expect(code).to.equal('no-humanoid');
    expect(message).to.contain('head').and.to.contain('leftUpperArm');
  });

  it('takes a hand map over the found bones, and rejects one naming an unknown bone or too few', async () => {
    const asset = await load('mannequin');
    const map = mapHumanoid(asset.skeleton, { map: { chest: 'Spine' } });
    expect(map.bones.chest).to.equal('Spine');
    expect(codeOf(() => mapHumanoid(asset.skeleton, { map: { head: 'Skull' } })).code).to.equal('unknown-joint');
    expect(codeOf(() => mapHumanoid(asset.skeleton, { map: { tail: 'Hips' } as never })).code).to.equal(
      'unknown-joint',
    );
    const mixamo = codeOf(() => mapHumanoid(asset.skeleton, { profile: 'mixamo' }));
    expect(mixamo.code).to.equal('no-humanoid');
    expect(mixamo.message).to.contain('hips');
  });
});

describe('runtime: retargeting clips', () => {
  const selves: [Model, string][] = [
    ['mannequin', 'walk'],
    ['mixamo', 'Walk'],
    ['biped', 'walk'],
  ];
  if (SHARED_MODELS) selves.push(['Soldier', 'Walk']);
  for (const [file, clipName] of selves) {
    it(`reproduces ${file}'s ${clipName} when retargeted onto itself (mapped joints within 1e-4)`, async () => {
      const asset = await load(file);
      const rig = gltfHumanoid(asset);
      const clip = asset.clips.find((c) => c.name === clipName)!;
      const again = retargetClip(clip, rig, rig);
      const scale = rig.legLength;
      for (const t of [0, 0.13, clip.duration / 2, clip.duration * 0.77]) {
        const a = modelAt(asset, clip, t);
        const b = modelAt(asset, again, t);
        for (const slot of rig.map.found) {
          const o = joint(rig, slot) * 16;
          for (let k = 0; k < 16; k++) {
            // translations compared relative to the rig's size (Soldier stands 0.2 units tall)
            const tol = k >= 12 ? 1e-4 * scale : 1e-4 * Math.hypot(a[o], a[o + 1], a[o + 2]);
            if (Math.abs(a[o + k] - b[o + k]) > tol) expect.fail(`${slot} at ${t}s [${k}]: ${a[o + k]} vs ${b[o + k]}`);
          }
        }
      }
    });
  }

  const pairs: [Model, Model][] = [
    ['mixamo', 'rigify'],
    ['mixamo', 'biped'],
    ['mixamo', 'unreal'],
    ['mixamo', 'mannequin'],
    ['biped', 'mixamo'],
  ];
  if (SHARED_MODELS) pairs.push(['Soldier', 'Xbot'], ['Soldier', 'mannequin'], ['mixamo', 'Xbot']);
  for (const [sourceFile, targetFile] of pairs) {
    it(`plays ${sourceFile}'s Walk on ${targetFile}: limbs in their directions, feet above the ground, hips at the leg ratio`, async () => {
      const soldier = await load(sourceFile);
      const target = await load(targetFile);
      const from = gltfHumanoid(soldier);
      const to = gltfHumanoid(target);
      const walk = soldier.clips.find((c) => c.name.toLowerCase() === 'walk')!;
      const moved = retargetClip(walk, from, to);
      const ratio = to.legLength / from.legLength;
      // the generated rigs carry one motion on different bones (measured 0.000°); Soldier → Xbot measured 0.31°
      const limit = sourceFile === 'Soldier' || targetFile === 'Xbot' ? 1 : 0.05;
      let worst = 0;
      for (let t = 0; t <= walk.duration; t += walk.duration / 16) {
        const a = modelAt(soldier, walk, t);
        const b = modelAt(target, moved, t);
        for (const [bone, tip] of LIMBS) {
          const deg = angle(
            direction(a, joint(from, bone), joint(from, tip), FACES_MINUS_Z.has(sourceFile)),
            direction(b, joint(to, bone), joint(to, tip), FACES_MINUS_Z.has(targetFile)),
          );
          worst = Math.max(worst, deg);
          expect(deg, `${bone} at ${t.toFixed(2)}s`).to.be.lessThan(limit);
        }
        for (const foot of ['leftFoot', 'rightFoot', 'leftToes', 'rightToes'] as const) {
          expect(position(b, joint(to, foot))[1], `${foot} at ${t.toFixed(2)}s`).to.be.greaterThan(
            -0.01 * to.legLength,
          );
        }
        const hipJoints = (m: Float32Array, rig: HumanoidRig) =>
          (position(m, joint(rig, 'leftUpperLeg'))[1] + position(m, joint(rig, 'rightUpperLeg'))[1]) / 2;
        expect(hipJoints(b, to)).to.be.closeTo(hipJoints(a, from) * ratio, 1e-3 * to.legLength);
      }
      console.log(
        `${sourceFile} Walk → ${targetFile}: worst limb direction error ${worst.toFixed(3)}°, leg ratio ${ratio.toFixed(3)}`,
      );
    });
  }

  it("plays the mannequin's clip library on RobotExpressive, limbs within 5°", async () => {
    const mannequin = await load('mannequin');
    const robot = await load('robot');
    const from = gltfHumanoid(mannequin);
    const to = gltfHumanoid(robot);
    const limbs = LIMBS.filter(([, tip]) => to.map.bones[tip] !== undefined);
    expect(limbs.length).to.equal(6);
    for (const clip of mannequin.clips) {
      const moved = retargetClip(clip, from, to);
      expect(moved.duration).to.equal(clip.duration);
      for (const t of [0, clip.duration / 3, (clip.duration * 2) / 3]) {
        const a = modelAt(mannequin, clip, t);
        const b = modelAt(robot, moved, t);
        for (const [bone, tip] of limbs) {
          const deg = angle(
            direction(a, joint(from, bone), joint(from, tip), false),
            direction(b, joint(to, bone), joint(to, tip), false),
          );
          expect(deg, `${clip.name} ${bone} at ${t.toFixed(2)}s`).to.be.lessThan(5);
        }
      }
    }
  });

  it('scales stride and root motion with the legs, and caches per clip and target', async () => {
    const mannequin = await load('mannequin');
    const xbot = await load('mixamo');
    const from = gltfHumanoid(mannequin);
    const to = gltfHumanoid(xbot);
    const ratio = to.legLength / from.legLength;
    const walk = mannequin.clips.find((c) => c.name === 'walk')!;
    const cache = createRetargetCache();
    const moved = cache.get(walk, from, to);
    expect(moved.extras.stride).to.be.closeTo((walk.extras.stride as number) * ratio, 1e-9);
    expect(cache.get(walk, from, to)).to.equal(moved);
    const vault = mannequin.clips.find((c) => c.name === 'vault')!;
    const z = (vault.extras.rootMotion as number[])[2];
    expect((retargetClip(vault, from, to).extras.rootMotion as number[])[2]).to.be.closeTo(z * ratio, 1e-6);
  });
});
