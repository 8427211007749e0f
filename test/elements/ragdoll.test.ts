import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-ragdoll.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import type { AnimRagdollDetail } from '../../src/elements/character-events.js';
import { compose } from '../../src/runtime/mat4.js';
import { startPhysics } from '../../src/scene/physics.js';
import { managerFor, type Ragdoll } from '../../src/scene/ragdoll.js';
import { collect, collectErrors, MANNEQUIN, mountCharacter } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';
import { MODELS } from '../helpers/shared-models.js';

const DT = 1 / 60;

/** Lowest point of every capsule, world space. */
function lowestPoint(ragdoll: Ragdoll): number {
  let lowest = Number.POSITIVE_INFINITY;
  ragdoll.bodies.forEach((body, b) => {
    const spec = ragdoll.layout.bodies[b];
    const t = body.translation();
    const r = body.rotation();
    for (const p of [spec.a, spec.b]) {
      // y of the rotated local point
      const [x, y, z] = p;
      const ty = 2 * (r.z * x - r.x * z);
      const wy = y + r.w * ty + (r.z * (2 * (r.y * z - r.z * y)) - r.x * (2 * (r.x * y - r.y * x)));
      lowest = Math.min(lowest, t.y + wy - spec.radius);
    }
  });
  return lowest;
}

/** Each joint's angles about its frame's axes (Rapier's spherical-joint measure), radians. */
function jointAngles(ragdoll: Ragdoll): { kind: string; angles: number[]; limits: Float32Array }[] {
  const q = ragdoll.state.rotations;
  const mul = (a: number[], b: number[]) => [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
  const body = (b: number) => [...q.subarray(b * 4, b * 4 + 4)];
  return ragdoll.layout.joints.map((joint) => {
    const f1 = mul(body(joint.parent), [...joint.frameParent]);
    const f2 = mul(body(joint.child), [...joint.frameChild]);
    let rel = mul([-f1[0], -f1[1], -f1[2], f1[3]], f2);
    if (rel[3] < 0) rel = rel.map((v) => -v);
    return {
      kind: joint.kind,
      angles: [0, 1, 2].map((k) => 2 * Math.asin(Math.max(-1, Math.min(1, rel[k])))),
      limits: joint.limits,
    };
  });
}

async function groundScene(count: number): Promise<{ scene: AnimScene; characters: AnimCharacter[] }> {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused ground camera-orbit="0deg 20deg 8m" style="width: 320px; height: 240px"></anim-scene>`,
  );
  scene.innerHTML = Array.from(
    { length: count },
    (_, i) =>
      `<anim-character src="${MANNEQUIN}" clip="idle" position="${(i % 5) * 1.5 - (Math.min(count, 5) - 1) * 0.75} 0 ${-Math.floor(i / 5) * 1.5}"></anim-character>`,
  ).join('');
  const characters = [...scene.querySelectorAll('anim-character')];
  await Promise.all(characters.map((c) => c.ready));
  return { scene, characters };
}

describe('ragdoll on <anim-character>', () => {
  it('crumples, stays above the ground, settles within 5 s and fires start then settled once', async () => {
    const { scene, characters } = await groundScene(1);
    const [character] = characters;
    const phases = collect<AnimRagdollDetail>(character, 'anim-ragdoll');
    await character.ragdoll({ velocity: [0, 0, -2] });
    const ragdoll = internals(character).ragdoll!;
    expect(ragdoll.status).to.equal('active');
    let settledAt = -1;
    let lowest = Number.POSITIVE_INFINITY;
    for (let f = 1; f <= 300 && settledAt < 0; f++) {
      scene.step(DT);
      if (ragdoll.status === 'active') lowest = Math.min(lowest, lowestPoint(ragdoll));
      else settledAt = f * DT;
    }
    expect(settledAt, 'settled within 5 s').to.be.within(0.5, 5);
    for (let f = 0; f < 60; f++) scene.step(DT);
    expect(phases.map((p) => p.phase)).to.deep.equal(['start', 'settled']);
    // measured: 7.5 mm into the ground at worst (the contact's allowed penetration)
    expect(lowest, 'no body below the ground').to.be.above(-0.015);
    // it fell: the pelvis lies low
    expect(ragdoll.pelvis[1]).to.be.below(0.4);
  });

  it('draws the bodies exactly: bone world matrices equal the body transforms the frame read, within 1e-5', async () => {
    const { scene, characters } = await groundScene(1);
    const [character] = characters;
    await character.ragdoll({ velocity: [1, 0, 0] });
    const ragdoll = internals(character).ragdoll!;
    const physics = await startPhysics(internals(character).stage!);
    const seen = new Float32Array(ragdoll.layout.bodies.length * 7);
    // the world steps first in a frame, then the rig poses from the bodies: record them after the step
    const stop = physics.addListener({
      afterStep: () => {
        ragdoll.bodies.forEach((body, b) => {
          const t = body.translation();
          const r = body.rotation();
          seen.set([t.x, t.y, t.z, r.x, r.y, r.z, r.w], b * 7);
        });
      },
    });
    const expected = new Float32Array(16);
    for (let f = 0; f < 20; f++) {
      scene.step(DT);
      ragdoll.layout.bodies.forEach((body, b) => {
        compose(expected, 0, seen, b * 7, seen, b * 7 + 3, [1, 1, 1], 0);
        const got = internals(character).rig!.model.subarray(body.joint * 16, body.joint * 16 + 16);
        for (let k = 0; k < 16; k++) {
          if (Math.abs(got[k] - expected[k]) > 1e-5)
            expect.fail(`frame ${f} ${body.name}[${k}]: ${got[k]} vs ${expected[k]}`);
        }
      });
    }
    stop();
  });

  it('keeps every joint within its limits after 3 s, from several shoves', async () => {
    const { scene, characters } = await groundScene(4);
    const shoves: [number, number, number][] = [
      [0, 0, -3],
      [3, 1, 0],
      [-2, 4, 2],
      [0, 0, 5],
    ];
    await Promise.all(characters.map((c, i) => c.ragdoll({ velocity: shoves[i] })));
    for (let f = 0; f < 180; f++) scene.step(DT);
    // measured: 0.16° past a limit at worst (the solver's joint softness)
    const tolerance = (1 * Math.PI) / 180;
    let over = 0;
    for (const character of characters) {
      for (const { kind, angles, limits } of jointAngles(internals(character).ragdoll!)) {
        angles.forEach((angle, k) => {
          over = Math.max(over, limits[k * 2] - angle, angle - limits[k * 2 + 1]);
          expect(angle, `${kind} axis ${k}`).to.be.within(limits[k * 2] - tolerance, limits[k * 2 + 1] + tolerance);
        });
      }
    }
    expect((over * 180) / Math.PI, 'worst overshoot, degrees').to.be.below(1);
  });

  it('caps the simulation: 20 knocked down at once, at most 12 simulate, the farthest settle at once', async function () {
    this.timeout(120000);
    const { scene, characters } = await groundScene(20);
    const settled: AnimCharacter[] = [];
    for (const c of characters)
      c.addEventListener('anim-ragdoll', (e) => e.detail.phase === 'settled' && settled.push(c));
    await Promise.all(characters.map((c) => c.ragdoll({ velocity: [0, 2, 0] })));
    const manager = managerFor(internals(characters[0]).stage!, await startPhysics(internals(characters[0]).stage!));
    expect(manager.activeCount).to.equal(12);
    scene.step(DT);
    expect(settled.length).to.equal(8);
    // the settled ones are the farthest from the camera
    const camera = internals(characters[0]).stage!.camera.position;
    const distance = (c: AnimCharacter) => camera.distanceTo(internals(c).rig!.root.position);
    const nearestSettled = Math.min(...settled.map(distance));
    const farthestActive = Math.max(...characters.filter((c) => !settled.includes(c)).map(distance));
    expect(nearestSettled).to.be.at.least(farthestActive - 1e-6);
  });

  it('takes the cap from the scene: max-ragdolls="2" lets two of four simulate; a bad value is refused', async () => {
    const { scene, characters } = await groundScene(4);
    const errors = collectErrors(scene);
    scene.setAttribute('max-ragdolls', '-1');
    scene.setAttribute('max-ragdolls', '2.5');
    scene.setAttribute('max-ragdolls', '2');
    await scene.updateComplete;
    await Promise.all(characters.map((c) => c.ragdoll()));
    const manager = managerFor(internals(characters[0]).stage!, await startPhysics(internals(characters[0]).stage!));
    expect(manager.activeCount).to.equal(2);
    expect(characters.filter((c) => internals(c).ragdoll!.status === 'settled').length).to.equal(2);
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute']);
    scene.removeAttribute('max-ragdolls');
    expect(scene.maxRagdolls).to.equal(12);
  });

  it('pauses a ragdoll out of the view of the camera, and resumes it back in view', async () => {
    const { scene, characters } = await groundScene(1);
    const [character] = characters;
    await character.ragdoll({ velocity: [0, 0, 0] });
    const ragdoll = internals(character).ragdoll!;
    scene.step(DT);
    // look the other way: the falling body is behind the camera
    scene.cameraOrbit = '180deg 20deg 8m';
    scene.cameraTarget = '0 0.9 30';
    await scene.updateComplete;
    scene.step(DT);
    const [, y] = ragdoll.pelvis;
    for (let f = 0; f < 30; f++) scene.step(DT);
    expect(ragdoll.asleep, 'asleep out of view').to.equal(true);
    expect(ragdoll.pelvis[1], 'not falling while out of view').to.be.closeTo(y, 1e-6);
    scene.cameraOrbit = '0deg 20deg 8m';
    scene.cameraTarget = '0 0.9 0';
    await scene.updateComplete;
    for (let f = 0; f < 30; f++) scene.step(DT);
    expect(ragdoll.asleep).to.equal(false);
    expect(ragdoll.pelvis[1], 'falling again').to.be.below(y - 0.05);
  });

  it('getUp() stands the character where the pelvis lay and fires recovered', async () => {
    const { scene, characters } = await groundScene(1);
    const [character] = characters;
    const phases = collect<AnimRagdollDetail>(character, 'anim-ragdoll');
    await character.ragdoll({ velocity: [2, 0, 1] });
    const ragdoll = internals(character).ragdoll!;
    for (let f = 0; f < 360 && ragdoll.status === 'active'; f++) scene.step(DT);
    expect(ragdoll.status).to.equal('settled');
    const [px, , pz] = ragdoll.pelvis;
    const lyingHead = character.boneMatrix('Head')!.slice(12, 15);
    character.getUp();
    expect(character.position[0]).to.be.closeTo(px, 1e-6);
    expect(character.position[2]).to.be.closeTo(pz, 1e-6);
    // once the fade is over the clip's own lying pose shows: turned to lie along the body, not across it
    for (let f = 0; f < 20; f++) scene.step(DT);
    const head = character.boneMatrix('Head')!.slice(12, 15);
    expect(Math.hypot(head[0] - lyingHead[0], head[2] - lyingHead[2]), 'the head stays where it lay').to.be.below(0.5);
    for (let f = 0; f < 220; f++) scene.step(DT);
    expect(phases.map((p) => p.phase)).to.deep.equal(['start', 'settled', 'recovered']);
    // standing: the hips back at standing height, over where the pelvis lay
    const hips = character.boneMatrix('Hips')!;
    expect(hips[13]).to.be.above(0.75);
    expect(Math.hypot(hips[12] - px, hips[14] - pz)).to.be.below(0.4);
  });

  it('ragdolls a Mixamo-style rig (65 joints, a 0.01-scaled armature): it falls, settles and reads back exactly', async () => {
    const scene = await fixture<AnimScene>(
      html`<anim-scene paused ground style="width: 320px; height: 240px"></anim-scene>`,
    );
    scene.innerHTML = `<anim-character src="${MODELS.mixamo}" clip="Idle"></anim-character>`;
    const character = scene.querySelector('anim-character')!;
    await character.ready;
    const errors = collectErrors(character);
    await character.ragdoll({ velocity: [0, 0, -2] });
    const ragdoll = internals(character).ragdoll!;
    expect(ragdoll.layout.bodies.length).to.equal(11);
    for (const body of ragdoll.layout.bodies) expect(body.radius, body.name).to.be.within(0.02, 0.3);
    let lowest = Number.POSITIVE_INFINITY;
    for (let f = 0; f < 300 && ragdoll.status === 'active'; f++) {
      scene.step(DT);
      if (ragdoll.status === 'active') lowest = Math.min(lowest, lowestPoint(ragdoll));
    }
    expect(ragdoll.status).to.equal('settled');
    // measured: 5 mm into the ground at worst
    expect(lowest, 'no body below the ground').to.be.above(-0.015);
    expect(errors).to.deep.equal([]);
    const hips = ragdoll.layout.bodies[0].joint;
    const m = internals(character).rig!.model.subarray(hips * 16, hips * 16 + 16);
    expect(m[12]).to.be.closeTo(ragdoll.pelvis[0], 1e-5);
    expect(m[13]).to.be.closeTo(ragdoll.pelvis[1], 1e-5);
  });

  it('reports no-humanoid for a model without humanoid bones, and keeps animating', async () => {
    const { scene, character } = await mountCharacter(`src="${MODELS.fox}" clip="Walk"`);
    const errors = collectErrors(character);
    await character.ragdoll();
    scene.step(DT);
    expect(errors.map((e) => e.code)).to.deep.equal(['no-humanoid']);
    expect(errors[0].message).to.contain('leftUpperArm');
    const before = character.time;
    scene.step(0.1);
    expect(character.time).to.not.equal(before);
  });

  it('builds its bodies on the character’s humanoid map: a hand map in `rig` moves them', async () => {
    const { character, errors } = await mountCharacter(
      `src="${MANNEQUIN}" clip="idle" rig='{"spine": "Chest", "chest": "Spine"}'`,
    );
    await character.ragdoll();
    const layout = internals(character).ragdoll!.layout;
    const names = internals(character).rig!.binding.asset.skeleton.names;
    const jointOf = (body: string) => names[layout.bodies.find((b) => b.name === body)!.joint];
    expect([jointOf('pelvis'), jointOf('torso'), jointOf('leftUpperLeg')]).to.deep.equal([
      'Hips',
      'Chest',
      'LeftUpperLeg',
    ]);
    expect(errors).to.deep.equal([]);
  });
});

describe('<anim-ragdoll>', () => {
  async function described(attributes: string) {
    const scene = await fixture<AnimScene>(
      html`<anim-scene paused ground camera-orbit="0deg 20deg 6m" style="width: 320px; height: 240px"></anim-scene>`,
    );
    scene.innerHTML = `<anim-character src="${MANNEQUIN}" clip="idle"><anim-ragdoll ${attributes}></anim-ragdoll></anim-character>`;
    const character = scene.querySelector('anim-character')!;
    const element = scene.querySelector('anim-ragdoll')!;
    await character.ready;
    // the ragdoll (and Rapier) may be on their way: let them arrive
    for (let i = 0; i < 20 && element.active && !internals(character).ragdoll; i++)
      await new Promise((r) => setTimeout(r, 50));
    return { scene, character, element };
  }

  it('a saved `active` brings the character back down on load, and stays set while it lies', async () => {
    const { scene, character, element } = await described('active');
    expect(internals(character).ragdoll?.status).to.equal('active');
    for (let f = 0; f < 300; f++) scene.step(DT);
    expect(internals(character).ragdoll!.status).to.equal('settled');
    expect(element.hasAttribute('active')).to.equal(true);
  });

  it('follows the character: ragdoll() sets active, getUp() clears it once recovered; removing active gets up', async () => {
    const { scene, character, element } = await described('velocity="0 0 -2" limits="loose"');
    expect(element.active).to.equal(false);
    await character.ragdoll();
    scene.step(DT);
    await element.updateComplete;
    expect(element.hasAttribute('active')).to.equal(true);
    // the element's limits and velocity were used
    const ragdoll = internals(character).ragdoll!;
    const shoulder = ragdoll.layout.joints.find((j) => j.kind === 'shoulder')!;
    expect(shoulder.limits[5] - shoulder.limits[4]).to.be.above((175 * Math.PI) / 180);
    for (let f = 0; f < 300 && ragdoll.status === 'active'; f++) scene.step(DT);
    character.getUp();
    for (let f = 0; f < 30; f++) scene.step(DT);
    await element.updateComplete;
    expect(element.hasAttribute('active')).to.equal(false);
    // and by attribute: down, then up
    element.setAttribute('active', '');
    await element.updateComplete;
    for (let i = 0; i < 20 && ragdoll.status === 'off'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(ragdoll.status).to.equal('active');
    element.removeAttribute('active');
    await element.updateComplete;
    expect(ragdoll.status).to.equal('off');
  });

  it('rejects a bad velocity or limits with bad-attribute, keeping the previous value', async () => {
    const { element } = await described('');
    const errors = collectErrors(element);
    element.setAttribute('velocity', '1 2');
    element.setAttribute('limits', 'floppy');
    await new Promise((r) => setTimeout(r, 0));
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute', 'bad-attribute']);
    expect(element.velocity).to.deep.equal([0, 0, 0]);
    expect(element.limits).to.equal('natural');
    element.setAttribute('limits', 'loose');
    expect(element.limits).to.equal('loose');
    element.removeAttribute('limits');
    expect(element.limits).to.equal('natural');
  });
});
