import { expect } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import '../../src/index.js';

/** World position and forward axis (+Z, the way the mannequin faces) of a bone. */
function frameOf(hero: AnimCharacter, bone: string) {
  const m = hero.boneMatrix(bone)!;
  const forward = [m[8], m[9], m[10]];
  const n = Math.hypot(forward[0], forward[1], forward[2]);
  return { at: [m[12], m[13], m[14]], forward: forward.map((v) => v / n) };
}

/** Degrees between the head's forward axis and the line from the head to `target`. */
function gazeError(hero: AnimCharacter, target: number[]): number {
  const { at, forward } = frameOf(hero, 'Head');
  const to = [target[0] - at[0], target[1] - at[1], target[2] - at[2]];
  const n = Math.hypot(to[0], to[1], to[2]);
  const cos = (forward[0] * to[0] + forward[1] * to[1] + forward[2] * to[2]) / n;
  return (Math.acos(Math.min(1, Math.max(-1, cos))) * 180) / Math.PI;
}

describe('README: the state graph, IK and retargeting example', () => {
  it('mounts as written and runs with no anim-error: the head looks at the ball, the upper body waves over the legs', async () => {
    const md = await (await fetch('/README.md')).text();
    const block = md.split('## State graphs, IK and retargeting')[1].split('```html')[1].split('```')[0];
    // the ball is any model: the project's own stands in for it
    const html = block.split('<script')[0].replace('src="ball.glb"', 'src="/assets/mannequin.glb" scale="0.1"');
    const host = document.createElement('div');
    host.innerHTML = html;
    const errors: string[] = [];
    host.addEventListener('anim-error', (e) => errors.push((e as CustomEvent).detail.message));
    document.body.append(host);
    const hero = host.querySelector('#hero') as AnimCharacter;
    const scene = host.querySelector('anim-scene') as AnimScene;
    const ball = host.querySelector('#ball')!.getAttribute('position')!.split(' ').map(Number);
    await hero.ready;
    hero.setParam('speed', 2);
    for (let i = 0; i < 30; i++) scene.step(1 / 30);
    const gaze = gazeError(hero, ball);
    // the same moment with the look-at switched off: how far the walk alone leaves the head from the ball
    const ik = hero.querySelector('anim-ik') as HTMLElement & { updateComplete: Promise<boolean> };
    ik.setAttribute('weight', '0');
    await ik.updateComplete;
    scene.step(0);
    const unaimed = gazeError(hero, ball);
    ik.setAttribute('weight', '1');
    await ik.updateComplete;
    scene.step(0);
    expect(gazeError(hero, ball), 'aimed again').to.be.closeTo(gaze, 0.5);
    const handBefore = frameOf(hero, 'RightHand').at[1];
    hero.trigger('wave');
    let raised = Number.NEGATIVE_INFINITY;
    let footTravel = 0;
    let foot = frameOf(hero, 'LeftFoot').at;
    for (let i = 0; i < 30; i++) {
      scene.step(1 / 30);
      raised = Math.max(raised, frameOf(hero, 'RightHand').at[1] - handBefore);
      const next = frameOf(hero, 'LeftFoot').at;
      footTravel += Math.hypot(next[0] - foot[0], next[1] - foot[1], next[2] - foot[2]);
      foot = next;
    }
    console.log(
      `README example: gaze ${gaze.toFixed(2)}° from the ball (${unaimed.toFixed(2)}° without the look-at); wave raises the right hand ${raised.toFixed(3)} m; left foot travels ${footTravel.toFixed(3)} m in 1 s`,
    );
    expect(errors).to.deep.equal([]);
    expect(hero.state).to.equal('move');
    expect(hero.clips).to.include('mixamo-walk');
    // measured: 0.00° aimed; the hand rises 0.81 m; the foot travels 1.21 m
    expect(gaze, 'the head looks at the ball').to.be.below(0.5);
    expect(unaimed, 'without the look-at it would not').to.be.above(10);
    expect(raised, 'the right hand rises: the wave plays on the upper body').to.be.above(0.5);
    expect(footTravel, 'the legs walk on under the wave').to.be.above(0.6);
    host.remove();
  });
});
