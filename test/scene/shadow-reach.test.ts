/**
 * The key light's shadow follows characters that walk out of the room its last fit left (ShadowReach), and
 * the camera and the ground stay where they were.
 */
import { expect } from '@open-wc/testing';
import { BoxGeometry, Mesh, MeshBasicMaterial, Object3D, Vector3 } from 'three';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { mountRow } from '../helpers/instanced-row.js';

/** Whether world point `p` lies inside the key light's shadow camera (its box, near to far). */
function inShadowCamera(scene: AnimScene, p: Vector3): boolean {
  const key = scene.stage!.lights.key;
  const camera = key.shadow.camera;
  // the shadow camera sits at the light, looking at its target (three places it so in its shadow pass)
  const local = p.clone().sub(key.position);
  const forward = key.target.position.clone().sub(key.position).normalize();
  const depth = local.dot(forward);
  const across = local.clone().addScaledVector(forward, -depth).length();
  return depth > camera.near && depth < camera.far && across < camera.right;
}

describe('shadow reach', () => {
  for (const instancing of ['auto', 'off']) {
    it(`moves the shadow with a character that walks 6 m away (instancing ${instancing})`, async () => {
      const { scene, characters } = await mountRow(1, `instancing="${instancing}"`);
      const stage = scene.stage!;
      const camera = stage.camera.position.clone();
      const ground = stage.scene.getObjectByName('anim-ground')!.position.clone();
      const feet = new Vector3(6, 0.1, 0);
      expect(inShadowCamera(scene, feet), 'where it will walk, before').to.equal(false);
      characters[0].position = '6 0 0';
      scene.step(1 / 60);
      expect(inShadowCamera(scene, feet), 'its feet, after').to.equal(true);
      expect(inShadowCamera(scene, new Vector3(6, 1.7, 0)), 'its head, after').to.equal(true);
      expect(stage.camera.position.distanceTo(camera), 'the camera moved').to.equal(0);
      expect(stage.scene.getObjectByName('anim-ground')!.position.equals(ground), 'the ground moved').to.equal(true);
    });
  }

  it('leaves the shadow where it is for a short move, and without shadows', async () => {
    const { scene, characters } = await mountRow(2);
    const key = scene.stage!.lights.key;
    const fitted = key.target.position.clone();
    characters[0].position = '-0.6 0 0.05';
    scene.step(1 / 60);
    expect(key.target.position.equals(fitted), 'refitted for 10 cm').to.equal(true);
    scene.shadows = false;
    await scene.updateComplete;
    characters[0].position = '-8 0 0';
    scene.step(1 / 60);
    expect(key.target.position.equals(fitted), 'refitted with no shadow to cast').to.equal(true);
    scene.shadows = true;
    await scene.updateComplete;
    scene.step(1 / 60);
    expect(key.target.position.x, 'refitted once shadows are back').to.be.below(fitted.x - 1);
  });

  it('is not moved by what framing leaves out: a hidden object, the ground', async () => {
    const { scene } = await mountRow(1);
    const stage = scene.stage!;
    const key = stage.lights.key;
    const fitted = key.target.position.clone();
    // a box: framing fits what has geometry, so once shown it moves the fit
    const hidden = new Mesh(new BoxGeometry(), new MeshBasicMaterial());
    hidden.visible = false;
    const ground = new Object3D();
    ground.userData.ground = true;
    stage.content.add(hidden, ground);
    hidden.position.set(-8, 0, 0);
    ground.position.set(0, 0, -8);
    // each fit sets the shadow camera's projection: counted, as a refit to the same place moves nothing
    let fits = 0;
    const camera = key.shadow.camera;
    const project = camera.updateProjectionMatrix.bind(camera);
    camera.updateProjectionMatrix = () => {
      fits++;
      project();
    };
    for (let i = 0; i < 3; i++) scene.step(1 / 60);
    expect(fits, 'refits for a hidden object or the ground').to.equal(0);
    expect(key.target.position.equals(fitted), 'the shadow moved').to.equal(true);
    hidden.visible = true;
    for (let i = 0; i < 3; i++) scene.step(1 / 60);
    expect(fits, 'refits once it shows (once, then it is inside)').to.equal(1);
    expect(key.target.position.x, 'the shadow once it shows').to.be.below(fitted.x - 1);
  });
});
