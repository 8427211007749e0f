import { expect } from '@open-wc/testing';
import type { Group, Mesh } from 'three';
import { COURSE, course, ledge } from '../../demo/level.js';
import type { AnimController } from '../../src/elements/anim-controller.js';
import '../../src/elements/anim-controller.js';
import '../../src/elements/anim-marker.js';
import { MANNEQUIN_RUN_SPEED, MANNEQUIN_WALK_SPEED } from '../../src/graph/locomotion.js';
import { buildSyncMarkers, phaseError } from '../../src/runtime/index.js';
import type { GraphSource } from '../../src/scene/graph-source.js';
import { startPhysics } from '../../src/scene/physics.js';
import { MANNEQUIN, mountCharacter, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

/** A mannequin with a third-person controller on `scenery`; time moves only by step(). */
async function mount(scenery: Group | Mesh, attributes = '', children = '') {
  const mounted = await mountCharacter(
    `src="${MANNEQUIN}"`,
    `${children}<anim-controller ${attributes}></anim-controller>`,
  );
  const controller = mounted.character.querySelector<AnimController>('anim-controller')!;
  await controller.ready;
  const stage = mounted.scene.stage!;
  stage.content.add(scenery);
  stage.contentChanged();
  const physics = await startPhysics(stage);
  physics.addStaticMeshes(scenery);
  // one step puts the new colliders in the world's broad phase
  physics.step();
  return { ...mounted, controller, physics };
}

function run(scene: { step(dt: number): void }, seconds: number, each?: () => void): void {
  for (let t = 0; t < seconds; t += 1 / 60) {
    scene.step(1 / 60);
    each?.();
  }
}

describe('<anim-controller type="third-person">', () => {
  it('walks up a ramp and a step and stops at a wall; the character follows the capsule', async () => {
    const { scene, character, controller, errors } = await mount(course());
    expect(character.rootMotion).to.equal('expose planar');
    controller.input.forward = 1;
    let highestOnRamp = 0;
    let sawStep = false;
    let onRamp = 0;
    run(scene, 12, () => {
      const [, y, z] = controller.place;
      if (z > COURSE.rampStart + 0.5 && z < COURSE.rampEnd - 0.5) {
        // on the ramp the feet rise with it: 0.2 m per metre
        onRamp++;
        expect(y).to.be.closeTo((z - COURSE.rampStart) * (COURSE.rampTop / (COURSE.rampEnd - COURSE.rampStart)), 0.05);
        highestOnRamp = Math.max(highestOnRamp, y);
      }
      if (z > COURSE.stepAt + 0.4) sawStep = true;
    });
    expect(onRamp).to.be.above(60);
    expect(highestOnRamp).to.be.above(0.4);
    const [x, y, z] = controller.place;
    expect(sawStep).to.equal(true);
    expect(y).to.be.closeTo(COURSE.stepTop, 0.03);
    // stopped by the wall: the capsule's radius (0.3 m) short of its face, not through it
    expect(z).to.be.within(COURSE.wallAt - 0.36, COURSE.wallAt - 0.28);
    expect(Math.abs(x)).to.be.below(0.05);
    expect(controller.grounded).to.equal(true);
    const root = internals(character).rig!.root.position;
    expect(root.distanceTo({ x, y, z } as never)).to.be.below(1e-6);
    // pressing on into the wall moves nothing
    const before = controller.place;
    run(scene, 1);
    expect(controller.place[2]).to.be.closeTo(before[2], 0.01);
    // the locomotion graph walks: the speed param is the walk pace
    expect(internals(character).rig!.source).to.not.equal(internals(character).rig!.playback);
    expect(controller.speed).to.be.closeTo(controller.walkSpeed, 1e-6);
    expect(errors).to.deep.equal([]);
  });

  it('a running jump lands on a ledge: airborne with the vertical handed off, then grounded on top', async () => {
    const { scene, character, controller } = await mount(ledge(0.6, 3, 0, 2.2));
    controller.input.forward = 1;
    controller.input.run = true;
    run(scene, 0.5);
    expect(controller.grounded).to.equal(true);
    controller.input.jump = true;
    let airborne = false;
    let handedOff = false;
    let peak = 0;
    run(scene, 1.2, () => {
      if (!controller.grounded) airborne = true;
      if (internals(character).rig!.verticalHandoff) handedOff = true;
      peak = Math.max(peak, controller.place[1]);
    });
    expect(airborne).to.equal(true);
    expect(handedOff).to.equal(true);
    expect(peak).to.be.above(0.6);
    controller.input.forward = 0;
    run(scene, 1);
    const [, y, z] = controller.place;
    expect(controller.grounded).to.equal(true);
    expect(y).to.be.closeTo(0.6, 0.03);
    // measured: lands at z = 3.145 (fixed steps: the same every run); 10 cm either way
    expect(z).to.be.closeTo(3.145, 0.1);
    expect(internals(character).rig!.verticalHandoff).to.equal(false);
    expect((internals(character).rig!.source as unknown as { state(): string }).state()).to.not.equal('fall');
  });

  it('walks off a ledge and falls to the ground, landing', async () => {
    const { scene, controller } = await mount(ledge(1, 2, 0, -1));
    controller.teleport(0, 1, 0);
    run(scene, 0.2);
    expect(controller.place[1]).to.be.closeTo(1, 0.03);
    controller.input.forward = 1;
    let fell = false;
    run(scene, 2, () => {
      if (!controller.grounded) fell = true;
    });
    expect(fell).to.equal(true);
    expect(controller.grounded).to.equal(true);
    expect(controller.place[1]).to.be.closeTo(0, 0.03);
    expect(controller.place[2]).to.be.above(1);
  });

  it('follows the character when the page moves it: the capsule goes to the new position', async () => {
    const { scene, character, controller } = await mount(course(20));
    controller.input.forward = 1;
    run(scene, 1);
    character.position = [3, 0, -2];
    run(scene, 0.5);
    const [x, , z] = character.position;
    // half a second of walking from the new place, not back where the capsule was: straight on from x = 3,
    // 0.61 m along z from −2 (measured)
    expect(x).to.be.closeTo(3, 0.01);
    expect(z - -2, 'travel from the new place').to.be.closeTo(0.61, 0.05);
    expect(controller.place[0]).to.be.closeTo(x, 1e-6);
    expect(controller.place[2]).to.be.closeTo(z, 1e-6);
  });

  it("the built-in locomotion graph keeps the clips' feet in step by their sync markers", async () => {
    // run's markers half a cycle from walk's: in step by markers, not by the clips' normalized times
    const { scene, character, controller, errors } = await mount(
      course(20),
      `walk-speed="${(MANNEQUIN_WALK_SPEED + MANNEQUIN_RUN_SPEED) / 2}"`,
      `<anim-clip name="walk"><anim-marker name="left-foot" time="0"></anim-marker>
         <anim-marker name="right-foot" time="0.55"></anim-marker></anim-clip>
       <anim-clip name="run"><anim-marker name="left-foot" time="0.34"></anim-marker>
         <anim-marker name="right-foot" time="0"></anim-marker></anim-clip>`,
    );
    controller.input.forward = 1;
    const walkMarkers = buildSyncMarkers(
      [
        { name: 'left-foot', time: 0 },
        { name: 'right-foot', time: 0.55 },
      ],
      1.1,
    )!;
    const runMarkers = buildSyncMarkers(
      [
        { name: 'left-foot', time: 0.34 },
        { name: 'right-foot', time: 0 },
      ],
      0.68,
    )!;
    let measured = 0;
    run(scene, 2, () => {
      const source = internals(character).rig!.source as GraphSource;
      const { instance, graph } = source;
      const time = (name: string) => {
        for (let e = 0; e < instance.entryCount(0); e++)
          if (graph.clipNames[instance.entryClip(0, e)] === name && instance.entryWeight(0, e) > 0)
            return instance.entryTime(0, e);
        return Number.NaN;
      };
      const [w, r] = [time('walk'), time('run')];
      if (Number.isNaN(w) || Number.isNaN(r)) return;
      expect(phaseError(walkMarkers, w, runMarkers, r)).to.be.below(0.02);
      measured++;
    });
    // walking between the walk and run paces blends the two for most of the two seconds
    expect(measured).to.be.above(60);
    expect(errors).to.deep.equal([]);
  });

  it('turns to face the movement, relative to the camera', async () => {
    const { scene, character, controller } = await mount(course(20));
    controller.input.right = 1;
    run(scene, 1.5);
    // the camera looks along +Z, so "right" is −X: the character turns to face it
    expect(Math.cos(internals(character).rig!.root.rotation.y + Math.PI / 2)).to.be.above(0.99);
    expect(controller.place[0]).to.be.below(-0.5);
  });

  it('reads keys only while the scene has focus', async () => {
    const { scene, controller } = await mount(course(20));
    const key = (type: string, key: string, code: string) =>
      scene.dispatchEvent(new KeyboardEvent(type, { key, code, bubbles: true }));
    expect(scene.tabIndex).to.equal(0);
    scene.focus();
    expect(document.activeElement, 'the scene has focus').to.equal(scene);
    key('keydown', 'w', 'KeyW');
    run(scene, 1);
    expect(controller.place[2]).to.be.above(0.3);
    // focus leaves with W still held: the key counts as released
    scene.blur();
    expect(document.activeElement).to.not.equal(scene);
    run(scene, 1);
    const z = controller.place[2];
    run(scene, 0.5);
    expect(controller.place[2], 'stopped when focus left').to.be.closeTo(z, 0.02);
    // a key pressed while the scene lacks focus goes to the page (what has focus): it is not read
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'w', code: 'KeyW', bubbles: true }));
    run(scene, 0.5);
    expect(controller.place[2], 'keys ignored without focus').to.be.closeTo(z, 0.02);
    document.body.dispatchEvent(new KeyboardEvent('keyup', { key: 'w', code: 'KeyW', bubbles: true }));
  });

  it('bad input: bad attribute values report once each and keep the previous value', async () => {
    const { controller, errors } = await mount(course(20));
    controller.setAttribute('walk-speed', 'fast');
    controller.setAttribute('keys', 'w a s');
    controller.setAttribute('camera', 'drone');
    controller.setAttribute('type', 'first-person');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal([
      'bad-attribute',
      'bad-attribute',
      'bad-attribute',
      'bad-attribute',
    ]);
    expect(errors.map((e) => e.message).join(' '))
      .to.contain('fast')
      .and.contain('drone')
      .and.contain('first-person');
    expect(controller.keys).to.deep.equal(['w', 'a', 's', 'd']);
    expect(controller.camera).to.equal('spring-arm');
  });
});
