/**
 * Instanced characters' roots stay out of three's per-frame walks (QuietRoots), while a page's own objects
 * under a root, the framing and the drawing still see them.
 */
import { expect } from '@open-wc/testing';
import { type Box3, Mesh, MeshBasicMaterial, type Object3D, SphereGeometry, Vector3 } from 'three';
import { settle } from '../helpers/character.js';
import { mountRow } from '../helpers/instanced-row.js';
import { internals } from '../helpers/internals.js';

/** Counts the calls three's walks make to `object.updateMatrixWorld`. */
function countMatrixUpdates(object: Object3D): () => number {
  let calls = 0;
  const own = object.updateMatrixWorld.bind(object);
  object.updateMatrixWorld = (force?: boolean) => {
    calls++;
    own(force);
  };
  return () => calls;
}

describe('quiet roots', () => {
  it('keeps instanced characters’ roots out of three’s matrix walk, and draws them', async () => {
    const { scene, characters } = await mountRow(3);
    const stage = scene.stage!;
    const roots = characters.map((c) => internals(c).rig!.root);
    for (const root of roots) expect(root.parent, 'an instanced root').to.equal(stage.quietRoots);
    const calls = roots.map(countMatrixUpdates);
    // a short move: one out of the shadow's reach refits it, and framing updates the roots (shadow-reach.test.ts)
    characters[0].position = '-1.2 0 0';
    scene.step(1 / 60);
    expect(
      calls.map((count) => count()),
      'three’s walks over the roots',
    ).to.deep.equal([0, 0, 0]);
    // the rig keeps its root's world matrix itself
    expect(roots[0].matrixWorld.elements[12]).to.be.closeTo(-1.2, 1e-6);
    // still drawn by their batch: hiding them takes their draws away
    const shown = stage.renderer.info.render.calls;
    for (const root of roots) root.visible = false;
    scene.step(0);
    expect(stage.renderer.info.render.calls, 'draws without the characters').to.be.below(shown);
  });

  it('moves a root back into the walks while the page hangs an object under it, and out after', async () => {
    const { scene, characters } = await mountRow(2);
    const stage = scene.stage!;
    const rig = internals(characters[1]).rig!;
    const ball = new Mesh(new SphereGeometry(0.2), new MeshBasicMaterial({ color: 'red' }));
    ball.position.set(0, 2.5, 0);
    characters[1].object3D!.add(ball);
    scene.step(1 / 60);
    expect(rig.root.parent, 'with an object of the page').to.equal(stage.content);
    // three placed the ball under the root this frame (the render's walk reached it)
    const at = new Vector3().setFromMatrixPosition(ball.matrixWorld);
    expect(at.x).to.be.closeTo(rig.root.position.x, 1e-6);
    expect(at.y).to.be.closeTo(2.5, 1e-6);
    ball.removeFromParent();
    scene.step(1 / 60);
    expect(rig.root.parent, 'without it').to.equal(stage.quietRoots);
  });

  it('frames the characters whose roots are quiet', async () => {
    const { scene, characters } = await mountRow(2);
    const stage = scene.stage!;
    characters[0].position = '-6 0 0';
    characters[1].position = '6 0 2';
    await settle();
    for (const c of characters) expect(internals(c).rig!.root.parent).to.equal(stage.quietRoots);
    stage.contentChanged();
    const bounds: Box3 = stage.frameBounds;
    expect(bounds.min.x, 'the left one').to.be.below(-5.5);
    expect(bounds.max.x, 'the right one').to.be.above(5.5);
    expect(bounds.max.z, 'the right one, forward').to.be.above(1.5);
  });

  it('leaves a root the page took off the stage where it is', async () => {
    const { scene, characters } = await mountRow(2);
    const root = internals(characters[0]).rig!.root;
    root.removeFromParent();
    scene.step(1 / 60);
    expect(root.parent).to.equal(null);
  });
});
