import { expect } from '@open-wc/testing';
import { type Demo, mountDemo } from '../../demo/demo.js';
import { OBSTACLES, traversalSection } from '../../demo/sections/traversal.js';
import { obstacleAhead, traverse } from '../../demo/traversal.js';
import type { AnimController } from '../../src/elements/anim-controller.js';
import type { AnimWarpEndDetail } from '../../src/elements/character-events.js';
import type { GraphSource } from '../../src/scene/graph-source.js';
import { type PhysicsWorld, startPhysics } from '../../src/scene/physics.js';
import { collect, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

async function mount(): Promise<{ demo: Demo; controller: AnimController; physics: PhysicsWorld }> {
  const root = document.createElement('div');
  // small: every step renders, and software WebGL pays per pixel
  root.style.cssText = 'position: fixed; left: 0; top: 0; width: 360px; height: 240px;';
  document.body.append(root);
  const demo = await mountDemo(root, { paused: true, sections: [traversalSection] });
  const controller = demo.character.querySelector<AnimController>('anim-controller')!;
  await controller.ready;
  const physics = await startPhysics(demo.scene.stage!);
  demo.scene.step(1 / 60);
  return { demo, controller, physics };
}

function run(demo: Demo, seconds: number): void {
  for (let t = 0; t < seconds; t += 1 / 60) demo.scene.step(1 / 60);
}

describe('demo: the level section', function () {
  // each test mounts the demo and steps it some hundreds of rendered frames: over a minute on a busy 2-core machine
  this.timeout(180000);
  let demo: Demo | undefined;
  afterEach(() => demo?.dispose());

  it('measures the boxes and ledges with rays', async () => {
    const mounted = await mount();
    demo = mounted.demo;
    for (const v of OBSTACLES.vaults) {
      const o = obstacleAhead(mounted.physics, v.x, 0, v.z - 1, 0)!;
      expect(o.distance).to.be.closeTo(1, 0.02);
      expect(o.height).to.be.closeTo(v.height, 0.02);
      expect(o.depth).to.be.closeTo(v.depth, 0.06);
    }
    for (const c of OBSTACLES.climbs)
      expect(obstacleAhead(mounted.physics, c.x, 0, c.z - 1, 0)!.height).to.be.closeTo(c.height, 0.02);
  });

  for (const [i, v] of OBSTACLES.vaults.entries()) {
    it(`vaults box ${i} (${v.height} m high, ${v.depth} m deep) with the one vault clip, landing beyond it`, async () => {
      const mounted = await mount();
      demo = mounted.demo;
      const ends = collect<AnimWarpEndDetail>(demo.scene, 'anim-warp-end');
      mounted.controller.teleport(v.x, 0, v.z - 1);
      run(demo, 0.2);
      expect(traverse(demo.character, mounted.physics)).to.equal('vault');
      let highest = 0;
      for (let k = 0; k < 240 && demo.character.warping; k++) {
        demo.scene.step(1 / 60);
        highest = Math.max(highest, internals(demo.character).rig!.root.position.y);
      }
      await settle();
      expect(ends.map((e) => e.completed)).to.deep.equal([true]);
      run(demo, 0.5);
      const [x, y, z] = mounted.controller.place;
      expect(z).to.be.above(v.z + v.depth + 0.2);
      expect(y).to.be.closeTo(0, 0.03);
      expect(x).to.be.closeTo(v.x, 0.05);
      // over the top, not through it: the character rose with the box's height
      expect(highest).to.be.above(v.height - 0.85 + 0.15);
      expect(mounted.controller.grounded).to.equal(true);
    });
  }

  for (const [i, c] of OBSTACLES.climbs.entries()) {
    it(`climbs ledge ${i} (${c.height} m) with the one climb clip, standing on top`, async () => {
      const mounted = await mount();
      demo = mounted.demo;
      mounted.controller.teleport(c.x, 0, c.z - 0.8);
      run(demo, 0.2);
      expect(traverse(demo.character, mounted.physics)).to.equal('climb');
      for (let k = 0; k < 300 && demo.character.warping; k++) demo.scene.step(1 / 60);
      expect(demo.character.warping).to.equal(false);
      run(demo, 0.5);
      const [, y, z] = mounted.controller.place;
      expect(y).to.be.closeTo(c.height, 0.04);
      expect(z).to.be.above(c.z + 0.1);
      expect(mounted.controller.grounded).to.equal(true);
    });
  }

  it('a jump plays the take-off in the air and lands into locomotion: never the take-off again, never the rest pose', async () => {
    const mounted = await mount();
    demo = mounted.demo;
    const rig = internals(demo.character).rig!;
    const source = rig.source as unknown as GraphSource;
    const stateName = () => source.graph.states[source.instance.stateOf(0)].name;
    const rest = rig.binding.asset.skeleton;
    /** How far the pose is from the rest (T-) pose: the mean joint rotation, radians. */
    const fromRest = () => {
      const r = source.pose.rotations;
      let sum = 0;
      for (let j = 0; j < rest.jointCount; j++) sum += 2 * Math.acos(Math.min(1, Math.abs(r[j * 4 + 3])));
      return sum / rest.jointCount;
    };
    run(demo, 0.3);
    mounted.controller.input.jump = true;
    const states: string[] = [];
    let least = Infinity;
    let landed = false;
    for (let k = 0; k < 110; k++) {
      demo.scene.step(1 / 60);
      const name = stateName();
      if (states.at(-1) !== name) states.push(name);
      if (k > 5 && mounted.controller.grounded) landed = true;
      least = Math.min(least, fromRest());
    }
    expect(landed, 'landed').to.equal(true);
    // the trigger is taken on the ground it leaves from; left set, it fired on landing and jumped again
    expect(states[0], 'took off into the jump state').to.equal('jump');
    expect(
      states.filter((s) => s === 'jump'),
      'one take-off',
    ).to.have.length(1);
    expect(states.at(-1)).to.equal('locomotion');
    expect(least, 'no frame near the rest pose (radians from it, per joint)').to.be.above(0.1);
  });

  it('walks and jumps from the touch controls: the stick (pointer events) and the jump button', async () => {
    const mounted = await mount();
    demo = mounted.demo;
    const stick = demo.scene.parentElement!.querySelector<HTMLElement>('.touch-stick')!;
    expect(stick, 'a stick over the stage').to.exist;
    const box = stick.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const pointer = (type: string, x: number, y: number) =>
      stick.dispatchEvent(new PointerEvent(type, { pointerId: 7, clientX: x, clientY: y, bubbles: true }));
    // pushed half-way up: walk forward (away from the camera)
    pointer('pointerdown', cx, cy - 22);
    expect(mounted.controller.input.forward).to.be.closeTo(0.5, 1e-6);
    expect(mounted.controller.input.run).to.equal(false);
    run(demo, 1);
    const [, , z0] = mounted.controller.place;
    run(demo, 1);
    const [, , z1] = mounted.controller.place;
    expect(Math.abs(z1 - z0), 'metres walked in a second (half a walk, turning first)').to.be.above(0.15);
    // out to the rim: run
    pointer('pointermove', cx, cy - 200);
    expect(mounted.controller.input.forward).to.be.closeTo(1, 1e-6);
    expect(mounted.controller.input.run).to.equal(true);
    pointer('pointerup', cx, cy - 200);
    expect(mounted.controller.input.forward).to.equal(0);

    run(demo, 1);
    demo.scene.parentElement!.querySelector<HTMLButtonElement>('[data-action="jump"]')!.click();
    let highest = 0;
    for (let k = 0; k < 30; k++) {
      demo.scene.step(1 / 60);
      highest = Math.max(highest, mounted.controller.place[1]);
    }
    expect(highest, 'the jump button jumps').to.be.above(0.3);
  });
});
