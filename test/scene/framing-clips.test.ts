import { expect } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { MANNEQUIN, mountCharacter } from '../helpers/character.js';
import { type Silhouette, silhouette } from '../helpers/silhouette.js';

/**
 * The framing holds the clips a character shows, not every clip of its file: the mannequin's file carries a
 * climb (1.5 m up), a death and two get-ups (lying down), which an idle figure never reaches. Each part fails
 * with its piece taken out: framing every clip (the idle figure fills too little), no refit when a new clip
 * plays (the climb leaves the view), a refit that moves a camera the user moved, a graph's clips not counted.
 */
describe('framing: the clips a character shows', () => {
  let mounted: { scene: AnimScene; character: AnimCharacter } | undefined;
  afterEach(() => mounted?.scene.remove());

  async function mount(attributes: string) {
    mounted = await mountCharacter(`src="${MANNEQUIN}" ${attributes}`);
    mounted.scene.step(0);
    return mounted;
  }

  function seen(scene: AnimScene, what: string): Silhouette {
    const shape = silhouette(scene.stage!);
    expect(shape, `${what}: nothing drawn`).to.not.equal(null);
    return shape!;
  }

  it('an idle figure fills the view; a clip that reaches farther, played later, widens the frame to hold it', async () => {
    const { scene, character } = await mount('clip="idle"');
    const bounds = scene.stage!.frameBounds;
    // idle stands 1.76 m tall: the frame is the figure's, not the climb's 3.1 m
    expect(bounds.max.y - bounds.min.y, 'idle').to.be.closeTo(1.76, 0.03);
    const idle = seen(scene, 'idle');
    expect(idle.height, `idle fills ${idle.height.toFixed(2)} of the height`).to.be.above(0.6);
    expect(idle.touchesEdge).to.equal(false);
    const before = scene.getCameraOrbit().distance;

    character.play('climb', { fade: 0 });
    scene.step(0);
    expect(scene.stage!.frameBounds.max.y, 'the climb reaches 2.76 m').to.be.above(2.7);
    expect(scene.getCameraOrbit().distance, 'the camera stood back').to.be.above(before * 1.2);
    const duration = character.duration;
    for (let t = 0; t < duration; t += duration / 6) {
      scene.step(duration / 6);
      expect(seen(scene, `climb at ${t.toFixed(2)} s`).touchesEdge, `climb at ${t.toFixed(2)} s`).to.equal(false);
    }

    // back to idle: the frame keeps what the character has shown (it does not pump in and out)
    const climbed = scene.getCameraOrbit().distance;
    character.play('idle', { fade: 0 });
    scene.step(0);
    expect(scene.getCameraOrbit().distance).to.equal(climbed);
  });

  it('a camera the user moved stays when a new clip widens the frame; a content change still refits', async () => {
    const { scene, character } = await mount('clip="idle"');
    const camera = scene.stage!.camera;
    camera.position.x += 0.5; // as a drag, a key or a script would
    const moved = camera.position.clone();
    character.play('climb', { fade: 0 });
    scene.step(0);
    expect(camera.position.toArray()).to.deep.equal(moved.toArray());
    scene.frame();
    expect(camera.position.distanceTo(moved), 'frame() fits again').to.be.above(0.1);
  });

  it('a graph frames every clip it may play from the start, so its state changes never move the camera', async () => {
    const { scene, character } = await mount('graph="locomotion"');
    const position = scene.stage!.camera.position.clone();
    const { min, max } = scene.stage!.frameBounds.clone();
    character.setParam('speed', 4);
    for (let i = 0; i < 30; i++) scene.step(1 / 30);
    expect(scene.stage!.camera.position.toArray()).to.deep.equal(position.toArray());
    // the locomotion graph jumps and gets up: its frame holds the jump's 2.27 m, and not the climb's 2.76
    expect(max.y, 'the jump').to.be.within(2.2, 2.5);
    expect(min.y, 'lying to get up').to.be.below(-0.2);
  });

  it('the rest pose is framed before any clip plays and after stop()', async () => {
    const { scene, character } = await mount('');
    // the mannequin's rest pose is a T: its arms reach 0.88 m either side
    expect(scene.stage!.frameBounds.max.x, 'at rest').to.be.closeTo(0.88, 0.02);
    character.play('idle', { fade: 0 });
    scene.step(0);
    expect(scene.stage!.frameBounds.max.x, 'idle, arms down').to.be.below(0.6);
    character.stop();
    scene.step(0);
    expect(scene.stage!.frameBounds.max.x, 'stopped back to rest').to.be.closeTo(0.88, 0.02);
  });
});
