import { expect } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import '../../src/index.js';

describe('README: the state graph, IK and retargeting example', () => {
  it('mounts as written and runs with no anim-error', async function () {
    const md = await (await fetch('/README.md')).text();
    const block = md.split('## State graphs, IK and retargeting')[1].split('```html')[1].split('```')[0];
    // the ball is any model: the project's own stands in for it
    const html = block.split('<script')[0].replace('src="ball.glb"', 'src="/assets/mannequin.glb" scale="0.1"');
    if (!(await fetch('/shared-models/Soldier.glb', { method: 'HEAD' })).ok) {
      console.log('skipped: ../shared/models/Soldier.glb is absent; the example retargets its Walk');
      this.skip();
    }
    const host = document.createElement('div');
    host.innerHTML = html;
    const errors: string[] = [];
    host.addEventListener('anim-error', (e) => errors.push((e as CustomEvent).detail.message));
    document.body.append(host);
    const hero = host.querySelector('#hero') as AnimCharacter;
    const scene = host.querySelector('anim-scene') as AnimScene;
    await hero.ready;
    hero.setParam('speed', 2);
    for (let i = 0; i < 30; i++) scene.step(1 / 30);
    hero.trigger('wave');
    for (let i = 0; i < 30; i++) scene.step(1 / 30);
    expect(errors).to.deep.equal([]);
    expect(hero.state).to.equal('move');
    expect(hero.clips).to.include('soldier-walk');
    host.remove();
  });
});
