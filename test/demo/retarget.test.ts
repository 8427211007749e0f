import { expect } from '@open-wc/testing';
import { type Demo, mountDemo } from '../../demo/demo.js';
import { clipsSection } from '../../demo/sections/clips.js';
import { ROBOT, retargetSection, SOLDIER, XBOT } from '../../demo/sections/retarget.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import { expectClose } from '../helpers/math.js';
import { itIf } from '../helpers/shared-models.js';

/** Waits (on loads, not on animation time) until `done` holds; fails after ten seconds. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(done(), what).to.equal(true);
}

// The section shows Soldier and Xbot from ../shared/models/ (the demo is not the repository's to ship them with):
// with the folder served, the full test; without it, the calm line the section shows instead. Never a skip.
const SHARED_MODELS = (await fetch(SOLDIER, { method: 'HEAD' })).ok;

describe('demo: the Retarget section', () => {
  let demo: Demo | undefined;
  afterEach(() => demo?.dispose());

  if (!SHARED_MODELS) {
    it('without ../shared/models, says in one calm line that the models are not served, and adds no character', async () => {
      const root = document.createElement('div');
      root.style.cssText = 'position: fixed; left: 0; top: 0; width: 900px; height: 400px;';
      document.body.append(root);
      demo = await mountDemo(root, { paused: true, sections: [clipsSection, retargetSection] });
      demo.show('retarget');
      await until(() => demo!.panel.textContent!.includes('not served here'), 'the calm line');
      expect(demo.scene.querySelectorAll('anim-character')).to.have.length(1);
    });
  }

  itIf(SHARED_MODELS)(
    "plays Soldier's clips on the mannequin and Xbot and the mannequin's on RobotExpressive; leaving removes them",
    async function (this: Mocha.Context) {
      this.timeout(30000);
      const root = document.createElement('div');
      root.style.cssText = 'position: fixed; left: 0; top: 0; width: 900px; height: 400px;';
      document.body.append(root);
      demo = await mountDemo(root, { paused: true, sections: [clipsSection, retargetSection] });
      demo.show('retarget');
      const { scene, character, panel } = demo;
      // every character posed every frame: the small ones at the sides would be posed every 4th (see lod)
      scene.lod = 'off';
      const others = () => [...scene.querySelectorAll<AnimCharacter>('anim-character')].filter((c) => c !== character);
      await until(() => panel.querySelectorAll('.clip-picker').length === 2, 'the pickers');
      const [soldier, xbot, robot] = others();
      expect([soldier.src, xbot.src, robot.src]).to.deep.equal([SOLDIER, XBOT, ROBOT]);
      await Promise.all([soldier.ready, xbot.ready, robot.ready]);
      const [soldierPicker, libraryPicker] = panel.querySelectorAll('.clip-picker');
      const chips = (picker: Element) => [...picker.querySelectorAll('button')].map((b) => b.textContent);
      expect(chips(soldierPicker)).to.include.members(['Idle', 'Run', 'Walk']).and.not.include('TPose');
      expect(chips(libraryPicker)).to.include.members(['idle', 'walk', 'wave']).and.not.include('walk-inplace');
      for (const c of [soldier, character, xbot]) expect(c.clip, c.src!).to.equal('Walk');
      expect(robot.clip).to.equal('walk');
      await until(() => robot.clips.includes('wave'), "the mannequin's library on the robot");

      // a chip plays its clip on every character of its row; each one moves
      [...soldierPicker.querySelectorAll('button')].find((b) => b.textContent === 'Run')!.click();
      [...libraryPicker.querySelectorAll('button')].find((b) => b.textContent === 'wave')!.click();
      expect([soldier.clip, character.clip, xbot.clip, robot.clip]).to.deep.equal(['Run', 'Run', 'Run', 'wave']);
      scene.step(0.5);
      const forearms: [AnimCharacter, string][] = [
        [character, 'RightLowerArm'],
        [xbot, 'mixamorig:RightForeArm'],
        [robot, 'LowerArm.R'],
      ];
      const before = forearms.map(([c, bone]) => c.boneMatrix(bone)!);
      scene.step(0.2);
      forearms.forEach(([c, bone], i) => {
        const moved = c.boneMatrix(bone)!.some((v, k) => Math.abs(v - before[i][k]) > 1e-3);
        expect(moved, `${c.src} moves`).to.equal(true);
      });

      demo.show('clips');
      expect(scene.querySelectorAll('anim-character')).to.have.length(1);
      expect(character.querySelectorAll('anim-clip')).to.have.length(0);
      expect(character.hasAttribute('position')).to.equal(false);
      expectClose(character.position, [0, 0, 0], 0, 'back in the middle');
    },
  );
});
