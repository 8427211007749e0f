import { expect } from '@open-wc/testing';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import {
  createPose,
  defaultRootJoint,
  flattenRise,
  HUMANOID_SLOTS,
  restHeightOf,
  restParentFrame,
} from '../../src/runtime/index.js';
import { CharacterRig } from '../../src/scene/character-rig.js';
import { MODIFIER_ORDER, type ModelPoseModifier, sortByOrder } from '../../src/scene/pose-pipeline.js';
import { Stage } from '../../src/scene/stage.js';
import { mannequinAsset } from '../helpers/mannequin-asset.js';
import { fetchBytes } from '../mannequin/mannequin-fixture.js';

async function mannequinRig(): Promise<CharacterRig> {
  const bytes = await fetchBytes('/assets/mannequin.glb');
  const gltf = await new GLTFLoader().parseAsync(bytes.buffer as ArrayBuffer, '');
  return CharacterRig.create(gltf, 'mannequin.glb');
}

describe('the frame pipeline', () => {
  it('runs stage actors by phase, whatever order they were added in', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const stage = new Stage(host);
    const ran: string[] = [];
    const actor = (name: string) => ({ update: () => ran.push(name) });
    stage.addLateActor(actor('follow'));
    stage.addActor(actor('secondary'), 'secondary');
    stage.addActor(actor('animate'));
    stage.addActor(actor('control'), 'control');
    stage.addEarlyActor(actor('physics'));
    stage.step(1 / 60);
    expect(ran).to.deep.equal(['physics', 'control', 'animate', 'secondary', 'follow']);
    stage.dispose();
    host.remove();
  });

  it('orders model modifiers by their order, stably, without allocating a new list', () => {
    const make = (name: string, order?: number): ModelPoseModifier & { name: string } => ({
      name,
      order,
      apply: () => {},
    });
    const list = [
      make('cloth'),
      make('chain', MODIFIER_ORDER.ikChain),
      make('tracker'),
      make('feet', MODIFIER_ORDER.footIk),
    ];
    const same = list;
    sortByOrder(list);
    expect(list).to.equal(same);
    expect(list.map((m) => m.name)).to.deep.equal(['feet', 'chain', 'cloth', 'tracker']);
  });

  it('a rig runs its stages in order: foot IK before an IK chain added first, then the rest', async () => {
    const rig = await mannequinRig();
    const ran: string[] = [];
    rig.modelModifiers.push({ order: MODIFIER_ORDER.ikChain, apply: () => ran.push('chain') });
    rig.modelModifiers.push({ apply: () => ran.push('default') });
    rig.modelModifiers.push({ order: MODIFIER_ORDER.footIk, apply: () => ran.push('feet') });
    rig.localModifiers.push({ apply: () => ran.push('local') });
    rig.update(1 / 60);
    expect(ran).to.deep.equal(['local', 'feet', 'chain', 'default']);
    rig.dispose();
  });

  it("checks each stage's input: a root moved to NaN stops the frame before FK, keeping the last output", async () => {
    const rig = await mannequinRig();
    rig.play('walk', { fade: 0 });
    rig.update(0.1);
    expect(rig.invalidStage).to.equal(null);
    const before = rig.model.slice();
    let modelRan = 0;
    rig.modelModifiers.push({ apply: () => modelRan++ });
    rig.root.position.x = Number.NaN;
    expect(() => rig.update(0.1)).not.to.throw();
    expect(rig.invalidStage).to.equal('fk');
    expect(modelRan, 'no stage after FK ran').to.equal(0);
    expect([...rig.model]).to.deep.equal([...before]);
    rig.root.position.x = 0;
    rig.update(0.1);
    expect(rig.invalidStage).to.equal(null);
    expect(modelRan).to.equal(1);
    rig.dispose();
  });

  it('the default root-motion joint is the humanoid map’s hips, else Hips by name, else the first parent root', async () => {
    const rig = await mannequinRig();
    const { skeleton } = rig.binding.asset;
    expect(rig.rootMotion.joint).to.equal(rig.humanoid('test').map.joints[HUMANOID_SLOTS.indexOf('hips')]);
    expect(skeleton.names[rig.rootMotion.joint]).to.equal('Hips');
    const spine = skeleton.indexByName.get('Spine')!;
    expect(defaultRootJoint(skeleton, spine), 'the map’s hips win over the name').to.equal(spine);
    expect(defaultRootJoint(skeleton)).to.equal(skeleton.indexByName.get('Hips'));
    expect(rig.rootMotion.setJoint('Head')).to.equal(true);
    rig.rigChoice = 'auto';
    expect(skeleton.names[rig.rootMotion.joint], 'a root-bone chosen by name stays').to.equal('Head');
    rig.dispose();
  });

  it('flattenRise lowers a lifted joint to its rest height and leaves a crouch alone', async () => {
    const asset = await mannequinAsset();
    const { skeleton } = asset;
    const hips = skeleton.indexByName.get('Hips')!;
    const frame = restParentFrame(skeleton, hips);
    const rest = restHeightOf(skeleton, hips, frame);
    const height = (pose: ReturnType<typeof createPose>) => {
      const L = frame.linear;
      const t = pose.translations;
      return L[1] * t[hips * 3] + L[4] * t[hips * 3 + 1] + L[7] * t[hips * 3 + 2];
    };
    const I = frame.inverse;
    const L = frame.linear;
    const groundX = (t: Float32Array) => L[0] * t[hips * 3] + L[3] * t[hips * 3 + 1] + L[6] * t[hips * 3 + 2];
    /** Moves the joint by (dx, dy) in model space. */
    const shift = (t: Float32Array, dx: number, dy: number) => {
      for (let k = 0; k < 3; k++) t[hips * 3 + k] += I[k] * dx + I[3 + k] * dy;
    };
    const pose = createPose(skeleton.jointCount);
    pose.translations.set(skeleton.restTranslations);
    shift(pose.translations, 0.2, 0.3);
    expect(height(pose)).to.be.closeTo(rest + 0.3, 1e-5);
    const x = groundX(pose.translations);
    flattenRise(pose, hips, frame, rest);
    expect(height(pose), 'back at rest height').to.be.closeTo(rest, 1e-5);
    expect(groundX(pose.translations), 'its ground position kept').to.be.closeTo(x, 1e-5);
    pose.translations.set(skeleton.restTranslations);
    shift(pose.translations, 0, -0.2);
    const crouch = pose.translations.slice();
    flattenRise(pose, hips, frame, rest);
    expect([...pose.translations]).to.deep.equal([...crouch]);
  });
});
