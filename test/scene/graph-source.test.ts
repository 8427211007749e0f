import { expect } from '@open-wc/testing';
import { compileGraph, locomotionGraph, MANNEQUIN_WALK_SPEED } from '../../src/graph/index.js';
import { bindClip, createPose, createSampleCache, sampleClip, setRestPose } from '../../src/runtime/index.js';
import { CharacterRig, type RigListener } from '../../src/scene/character-rig.js';
import { GraphSource } from '../../src/scene/graph-source.js';
import { expectClose } from '../helpers/math.js';
import { loadMannequin } from '../mannequin/mannequin-fixture.js';

describe('scene: graph pose source', () => {
  it("drives the mannequin's rig: locomotion by speed, a jump by trigger", async () => {
    const rig = await CharacterRig.create(await loadMannequin(), '/assets/mannequin.glb');
    const { asset } = rig.binding;
    const clips = asset.clips.map((clip) => ({
      name: clip.name,
      binding: bindClip(clip, asset.skeleton, asset.morphs),
    }));
    const source = new GraphSource(compileGraph(locomotionGraph()), asset.skeleton, clips, {
      weightCount: asset.defaultWeights.length,
      defaultWeights: asset.defaultWeights,
    });
    expect(source.missingClips).to.deep.equal([]);
    rig.source = source;

    expect(source.setParam('speed', MANNEQUIN_WALK_SPEED)).to.equal(true);
    expect(source.setParam('speed', 'fast' as unknown as number)).to.equal(false);
    expect(source.setParam('sped', 1)).to.equal(false);
    rig.update(0.25);
    const walk = asset.clips.find((c) => c.name === 'walk')!;
    const expected = createPose(asset.skeleton.jointCount, asset.defaultWeights.length);
    setRestPose(asset.skeleton, expected, asset.defaultWeights);
    const binding = bindClip(walk, asset.skeleton, asset.morphs);
    sampleClip(binding, 0.25, createSampleCache(binding), expected);
    expectClose(source.pose.rotations, expected.rotations, 1e-6, 'walk pose');
    const hips = asset.skeleton.indexByName.get('Hips')!;
    const walkingHips = rig.model.slice(hips * 16, hips * 16 + 16);

    expect(source.state()).to.equal('locomotion');
    source.setParam('jump', true);
    rig.update(1 / 60);
    expect(source.state()).to.equal('jump');
    expect(source.getParam('jump')).to.equal(false);
    for (let f = 0; f < 30; f++) rig.update(1 / 60);
    // mid-jump the hips are somewhere else than mid-walk
    const jumpingHips = rig.model.slice(hips * 16, hips * 16 + 16);
    expect(Math.abs(jumpingHips[13] - walkingHips[13])).to.be.above(0.01);
    rig.dispose();
  });

  // Catches the rig telling, every frame a graph drives, the clip events of the Playback's last update before
  // the graph took over: that Playback is never updated again, so its events were never cleared.
  it("tells the Playback's events once: not again on every frame a graph drives after it", async () => {
    const log: string[] = [];
    const listener: RigListener = {
      loop: (clip, count) => log.push(`${clip} loop ${count}`),
      finish: (clip) => log.push(`${clip} finish`),
      event: (clip, event) => log.push(`${clip} ${event.name}`),
      problem: () => {},
    };
    const definitions = [{ name: 'walk', events: [{ time: 0.1, name: 'step', data: null }] }];
    const rig = await CharacterRig.create(await loadMannequin(), '/assets/mannequin.glb', { definitions, listener });
    rig.update(0);
    expect(rig.play('walk', { fade: 0 })).to.equal('started');
    rig.update(0.05);
    rig.update(0.1);
    expect(log).to.deep.equal(['walk step']);
    const { asset } = rig.binding;
    const clips = asset.clips.map((clip) => ({
      name: clip.name,
      binding: bindClip(clip, asset.skeleton, asset.morphs),
    }));
    rig.source = new GraphSource(compileGraph(locomotionGraph()), asset.skeleton, clips, {
      weightCount: asset.defaultWeights.length,
      defaultWeights: asset.defaultWeights,
    });
    for (let f = 0; f < 5; f++) rig.update(1 / 60);
    expect(log).to.deep.equal(['walk step']);
    // the Playback driving again tells its own new events (this test does not pin their order within a frame)
    rig.source = rig.playback;
    rig.update(1.2);
    expect(log.slice(1).sort()).to.deep.equal(['walk loop 1', 'walk step']);
    rig.dispose();
  });
});
