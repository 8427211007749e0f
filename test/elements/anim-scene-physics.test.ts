import { expect } from '@open-wc/testing';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import '../../src/elements/anim-scene.js';
import { startPhysics } from '../../src/scene/physics.js';

async function mount(attributes: string): Promise<AnimScene> {
  const host = document.createElement('div');
  host.innerHTML = `<anim-scene ${attributes} style="display:block;width:120px;height:90px"></anim-scene>`;
  document.body.append(host);
  const scene = host.querySelector('anim-scene') as AnimScene;
  await scene.updateComplete;
  return scene;
}

describe('<anim-scene> physics, gravity and fixed-step', () => {
  it('physics starts the world with the scene’s gravity and fixed step; later changes reach it', async () => {
    const scene = await mount('physics gravity="0 -3 0" fixed-step="10ms"');
    const world = await startPhysics(scene.stage!);
    expect(world.world.gravity.y).to.be.closeTo(-3, 1e-6);
    expect(world.fixedStep).to.be.closeTo(0.01, 1e-9);
    scene.gravity = [0, -1, 0.5];
    scene.fixedStep = 1 / 120;
    await scene.updateComplete;
    await new Promise((r) => setTimeout(r, 0));
    expect(world.world.gravity.y).to.be.closeTo(-1, 1e-6);
    expect(world.world.gravity.z).to.be.closeTo(0.5, 1e-6);
    expect(world.fixedStep).to.be.closeTo(1 / 120, 1e-9);
    scene.parentElement!.remove();
  });

  it('settings made without `physics` wait for the world a ragdoll or controller starts', async () => {
    const scene = await mount('gravity="0 -20 0"');
    const world = await startPhysics(scene.stage!);
    expect(world.world.gravity.y).to.be.closeTo(-20, 1e-6);
    expect(world.fixedStep).to.be.closeTo(1 / 60, 1e-9);
    scene.parentElement!.remove();
  });

  it('bad values are one bad-attribute each and keep the previous value', async () => {
    const scene = await mount('gravity="0 -2 0" fixed-step="20ms"');
    const codes: string[] = [];
    scene.addEventListener('anim-error', (e) => codes.push((e as CustomEvent).detail.code));
    scene.setAttribute('gravity', 'down');
    scene.setAttribute('fixed-step', '0');
    scene.setAttribute('fixed-step', '2s');
    await scene.updateComplete;
    await new Promise((r) => setTimeout(r, 0));
    expect(codes).to.deep.equal(['bad-attribute', 'bad-attribute', 'bad-attribute']);
    expect(scene.gravity).to.deep.equal([0, -2, 0]);
    expect(scene.fixedStep).to.be.closeTo(0.02, 1e-9);
    scene.removeAttribute('fixed-step');
    expect(scene.fixedStep).to.be.closeTo(1 / 60, 1e-9);
    scene.parentElement!.remove();
  });
});
