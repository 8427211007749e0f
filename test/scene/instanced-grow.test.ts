/**
 * A batch that grows after it has drawn: characters joining past its first rows (16) are drawn as a
 * character alone is, as are the ones it held before.
 */
import { expect } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import { settle } from '../helpers/character.js';
import { expectDrawnAlike, mountRow } from '../helpers/instanced-row.js';
import { internals } from '../helpers/internals.js';
import { imagePixels } from '../helpers/pixels.js';

describe('instanced skinning, grown after drawing', () => {
  it('characters joining after the first frames, past the first rows, draw as one drawn alone', async () => {
    const { scene, characters } = await mountRow(2);
    scene.step(1 / 60);
    const src = characters[0].src!;
    const late: AnimCharacter[] = [];
    for (let i = 0; i < 18; i++) {
      const c = document.createElement('anim-character');
      c.setAttribute('src', src);
      c.setAttribute('clip', 'walk');
      c.setAttribute('position', `${(i % 6) - 2.5} 0 ${-1 - Math.floor(i / 6)}`);
      scene.append(c);
      late.push(c);
    }
    await Promise.all(late.map((c) => c.ready));
    await settle();
    scene.step(1 / 60);
    const last = late[late.length - 1];
    expect(internals(last).rig!.instanced).to.equal(true);
    // all twenty in one draw: the last one's pixels are there (three caps a drawn geometry's instances)
    const all = await imagePixels(scene.screenshot());
    internals(last).rig!.root.visible = false;
    scene.step(0);
    const without = await imagePixels(scene.screenshot());
    internals(last).rig!.root.visible = true;
    let changed = 0;
    for (let i = 0; i < all.data.length; i += 4) if (Math.abs(all.data[i] - without.data[i]) > 24) changed++;
    expect(changed, 'the 20th character shows among the twenty').to.be.greaterThan(200);
    // one of the first two opts out and stands where the last one does, posed alike
    const [alone] = characters;
    alone.instancing = 'off';
    await settle();
    alone.position = last.position;
    internals(alone).rig!.play('walk', { fade: 0 });
    scene.step(0);
    for (const c of [...characters, ...late]) if (c !== alone && c !== last) internals(c).rig!.root.visible = false;
    const t = internals(last).rig!.time;
    internals(alone).rig!.time = t;
    scene.step(0);
    await expectDrawnAlike(scene, last, alone, 'the 20th character');
  });
});
