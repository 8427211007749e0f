import { expect, oneEvent } from '@open-wc/testing';
import type { AnimCharacter, AnimLoadDetail } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimErrorDetail } from '../../src/elements/errors.js';
import {
  bindClip,
  createPose,
  createSampleCache,
  type GltfJson,
  gltfHumanoid,
  importGltf,
  localToModel,
  parseGlb,
  retargetClip,
  sampleClip,
  setRestPose,
} from '../../src/runtime/index.js';
import { collectErrors, MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { packGlb, triangleGlb } from '../helpers/glb.js';
import { expectClose } from '../helpers/math.js';
import { fetchModel, MODELS, SHARED, sharedModelsPresent } from '../helpers/shared-models.js';

/** The mannequin's clips and skeleton with its meshes taken out: an animation pack, as a blob URL. */
async function mannequinPack(): Promise<string> {
  const { json, buffers } = parseGlb(await (await fetch(MANNEQUIN)).arrayBuffer());
  const pack: GltfJson = { ...json, meshes: undefined, skins: undefined };
  pack.nodes = json.nodes!.map(({ mesh: _mesh, skin: _skin, ...node }) => node);
  delete (pack as Record<string, unknown>).materials;
  return URL.createObjectURL(new Blob([packGlb(pack, new Uint8Array(buffers[0]))], { type: 'model/gltf-binary' }));
}

/** Counts the fetches of each URL while `run` runs. */
async function countFetches(run: () => Promise<void>): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const original = window.fetch;
  window.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    counts.set(url, (counts.get(url) ?? 0) + 1);
    return original(input, init);
  };
  try {
    await run();
  } finally {
    window.fetch = original;
  }
  return counts;
}

/** Mounts characters into one paused scene, each posed before this resolves; `errors` from the start. */
async function mountMany(
  markup: string,
): Promise<{ scene: AnimScene; characters: AnimCharacter[]; errors: AnimErrorDetail[] }> {
  const scene = document.createElement('anim-scene');
  scene.setAttribute('paused', '');
  scene.style.cssText = 'width: 320px; height: 240px; display: block';
  document.body.append(scene);
  const errors = collectErrors(scene);
  scene.innerHTML = markup;
  const characters = [...scene.querySelectorAll('anim-character')];
  await Promise.all(characters.map((c) => c.ready));
  await settle();
  return { scene, characters, errors };
}

const SHARED_MODELS = await sharedModelsPresent();

describe('<anim-clip src retarget>: clips from other files and other rigs', () => {
  afterEach(() => {
    for (const scene of document.querySelectorAll('body > anim-scene')) scene.remove();
  });

  const walks = [MODELS.mixamo, MODELS.biped, ...(SHARED_MODELS ? [`${SHARED}Soldier.glb`] : [])];
  for (const file of walks) {
    it(`plays ${file}'s Walk on the mannequin as the runtime retargets it, reporting the slots found`, async () => {
      const soldierBytes = await fetchModel(file);
      const walkName = file === MODELS.biped ? 'walk' : 'Walk';
      const loads: AnimLoadDetail[] = [];
      document.addEventListener('anim-load', (e) => loads.push((e as CustomEvent<AnimLoadDetail>).detail), {
        once: true,
      });
      const { scene, character, errors } = await mountCharacter(
        // root motion off: the oracle below poses the clip with its root's travel in the skeleton
        `src="${MANNEQUIN}" clip="soldier-walk" fade="0" root-motion="off"`,
        `<anim-clip name="soldier-walk" src="${file}#${walkName}" retarget></anim-clip>`,
      );
      expect(errors).to.deep.equal([]);
      expect(character.clips).to.include.members(['walk', 'idle', 'soldier-walk']);
      expect(loads[0].humanoid).to.include.members(['hips', 'leftUpperArm', 'rightFoot']);
      scene.step(0.3);
      // the oracle: the runtime's retarget sampled and posed by hand on a second import of each file
      const soldier = importGltf(...(Object.values(parseGlb(soldierBytes)) as [GltfJson, ArrayBuffer[]]));
      const mannequin = importGltf(
        ...(Object.values(parseGlb(await (await fetch(MANNEQUIN)).arrayBuffer())) as [GltfJson, ArrayBuffer[]]),
      );
      const clip = retargetClip(
        soldier.clips.find((c) => c.name === walkName)!,
        gltfHumanoid(soldier),
        gltfHumanoid(mannequin),
      );
      const binding = bindClip(clip, mannequin.skeleton);
      const pose = createPose(mannequin.skeleton.jointCount, mannequin.defaultWeights.length);
      setRestPose(mannequin.skeleton, pose);
      sampleClip(binding, 0.3, createSampleCache(binding), pose);
      const model = new Float32Array(mannequin.skeleton.jointCount * 16);
      localToModel(mannequin.skeleton, pose, null, model);
      for (const bone of ['LeftLowerLeg', 'RightHand', 'Head']) {
        const j = mannequin.skeleton.indexByName.get(bone)!;
        expectClose(character.boneMatrix(bone)!, model.subarray(j * 16, j * 16 + 16), 1e-4, bone);
      }
    });
  }

  it('loads an animation pack once for several characters, retargeted or bound by node name', async () => {
    const pack = await mannequinPack();
    let scene!: AnimScene;
    let characters: AnimCharacter[] = [];
    const fetches = await countFetches(async () => {
      ({ scene, characters } = await mountMany(`
        <anim-character src="${MANNEQUIN}" clip="pack-wave" fade="0"><anim-clip name="pack-wave" src="${pack}#wave"></anim-clip></anim-character>
        <anim-character src="${MANNEQUIN}" clip="pack-walk" fade="0"><anim-clip name="pack-walk" src="${pack}#walk" retarget></anim-clip></anim-character>
        <anim-character src="${MODELS.mixamo}" clip="pack-walk" fade="0"><anim-clip name="pack-walk" src="${pack}#walk" retarget></anim-clip></anim-character>`));
    });
    expect(fetches.get(pack), 'the pack is fetched once').to.equal(1);
    const [byName, retargeted, xbot] = characters;
    expect(xbot.clips).to.include('pack-walk');
    scene.step(0.4);
    // bound by node name: the pack's wave is the mannequin's own wave
    const packPose = byName.boneMatrix('RightHand')!;
    byName.play('wave', { fade: 0 });
    byName.time = 0.4;
    scene.step(0);
    expectClose(byName.boneMatrix('RightHand')!, packPose, 1e-5, 'pack wave = own wave');
    // the mannequin's walk retargeted onto the mannequin is the mannequin's walk
    const walked = retargeted.boneMatrix('LeftFoot')!;
    retargeted.play('walk', { fade: 0 });
    retargeted.time = 0.4;
    scene.step(0);
    expectClose(retargeted.boneMatrix('LeftFoot')!, walked, 1e-4, 'walk through the humanoid map');
    URL.revokeObjectURL(pack);
  });

  it('reports a pack with no clips, a clip the pack lacks, an unmappable rig and a src that is no URL once each; the character keeps its clips', async () => {
    const empty = URL.createObjectURL(new Blob([triangleGlb()]));
    const { scene, characters, errors } = await mountMany(`
      <anim-character src="${MANNEQUIN}" clip="walk"><anim-clip name="nothing" src="${empty}#Run"></anim-clip></anim-character>
      <anim-character src="${MANNEQUIN}" clip="walk"><anim-clip name="moonwalk" src="${MANNEQUIN}#moonwalk" retarget></anim-clip></anim-character>
      <anim-character src="${MODELS.fox}" clip="Walk"><anim-clip name="wave" src="${MANNEQUIN}#wave" retarget></anim-clip></anim-character>
      <anim-character src="${MANNEQUIN}" clip="walk"><anim-clip name="lost" src="http://[#Run"></anim-clip></anim-character>`);
    scene.step(0.25);
    await settle();
    const of = (c: AnimCharacter) => errors.filter((e) => e.source === c);
    const [noClips, missing, fox, lost] = characters;
    expect(of(noClips).map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(of(noClips)[0].message).to.contain('holds no clips');
    expect(of(missing).map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(of(missing)[0].message).to.contain('"moonwalk"');
    expect(of(fox).map((e) => e.code)).to.deep.equal(['no-humanoid']);
    expect(of(fox)[0].message).to.contain('head');
    expect(of(lost).map((e) => e.code)).to.deep.equal(['load-failed']);
    expect(of(lost)[0].message).to.contain('http://[');
    // each keeps its own clips and plays on
    expect(noClips.clips).to.include('walk').and.not.include('nothing');
    expect(missing.clips).to.not.include('moonwalk');
    expect(fox.clips).to.include.members(['Run', 'Survey', 'Walk']).and.not.include('wave');
    for (const c of characters) expect(c.time, c.src!).to.be.closeTo(0.25, 1e-6);
    URL.revokeObjectURL(empty);
  });

  it('takes rig="mixamo" or a map by hand; a rig that names no humanoid reports no-humanoid, bad text bad-attribute', async () => {
    const clip = `<anim-clip name="again" src="${MANNEQUIN}#walk" retarget></anim-clip>`;
    const { character, errors } = await mountCharacter(`src="${MANNEQUIN}" rig="mixamo"`, clip);
    expect(errors.map((e) => e.code)).to.deep.equal(['no-humanoid']);
    expect(errors[0].message).to.contain('hips');
    expect(character.clips).to.not.include('again');
    character.setAttribute('rig', '{"chest": "Spine"');
    expect(character.rig).to.equal('mixamo');
    character.setAttribute('rig', '{"chest": "Spine"}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(character.clips).to.include('again');
    character.removeAttribute('rig');
    expect(character.rig).to.equal('auto');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['no-humanoid', 'bad-attribute']);
  });

  it('an <anim-clip src> added after load plays once its file arrives, with no unknown-clip before', async () => {
    const pack = await mannequinPack();
    const { scene, character, errors } = await mountCharacter(`src="${MANNEQUIN}" clip="idle" fade="0"`);
    const late = document.createElement('anim-clip');
    late.setAttribute('name', 'late-wave');
    late.setAttribute('src', `${pack}#wave`);
    const played = oneEvent(character, 'anim-play');
    character.append(late);
    character.clip = 'late-wave';
    expect((await played).detail.clip).to.equal('late-wave');
    scene.step(0.4);
    await settle();
    expect(character.clips).to.include('late-wave');
    expect(character.time).to.be.closeTo(0.4, 1e-6);
    expect(errors).to.deep.equal([]);
    // a name its file lacks is still reported, once the file has been read
    const ghost = document.createElement('anim-clip');
    ghost.setAttribute('name', 'ghost');
    ghost.setAttribute('src', `${pack}#ghost`);
    const reported = oneEvent(character, 'anim-error');
    character.append(ghost);
    character.play('ghost');
    expect((await reported).detail.message).to.contain('ghost');
    expect(character.clip).to.equal('ghost');
    URL.revokeObjectURL(pack);
  });

  it('defaults: no src, no retarget, rig auto', () => {
    const clip = document.createElement('anim-clip');
    expect([clip.src, clip.retarget]).to.deep.equal(['', false]);
    expect(document.createElement('anim-character').rig).to.equal('auto');
  });
});
