import { expect, fixture, html } from '@open-wc/testing';
import { BufferAttribute, BufferGeometry, Mesh, MeshStandardMaterial } from 'three';
import { SOLE_POINTS } from '../../scripts/mannequin/skeleton.js';
import '../../src/elements/anim-foot-ik.js';
import '../../src/elements/anim-model.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimFootIk } from '../../src/elements/anim-foot-ik.js';
import type { AnimModel } from '../../src/elements/anim-model.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { collectErrors, MANNEQUIN, settle } from '../helpers/character.js';
import { internals } from '../helpers/internals.js';

const DT = 1 / 60;
/** A plant weight this high counts as planted. */
const PLANTED = 0.9;
const SLOPE = Math.tan((15 * Math.PI) / 180);
/** The step's edge (z) and height: the mannequin's walk lands its front foot beyond the edge. */
const EDGE = 0.2;
const STEP = 0.15;

/** A ground surface: its height under (x, z). */
type Height = (x: number, z: number) => number;

/**
 * A mesh of quads over x ∈ [−2, 2] between the given z's. A sloped surface takes its height at each corner;
 * with `treads`, each quad is flat at the height of its middle (steps).
 */
function surface(height: Height, zs: number[], treads = false): Mesh {
  const positions: number[] = [];
  for (let i = 0; i + 1 < zs.length; i++) {
    const [z0, z1] = [zs[i], zs[i + 1]];
    const mid = (z0 + z1) / 2;
    const corner = (x: number, z: number) => [x, height(x, treads ? mid : z), z];
    const a = corner(-2, z0);
    const b = corner(2, z0);
    const c = corner(2, z1);
    const d = corner(-2, z1);
    positions.push(...a, ...c, ...b, ...a, ...d, ...c);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.computeVertexNormals();
  return new Mesh(geometry, new MeshStandardMaterial({ color: '#9a9' }));
}

const slope: Height = (_x, z) => z * SLOPE;
const step: Height = (_x, z) => (z > EDGE ? STEP : 0);

/**
 * A paused scene without its own ground: `subject` walks in place with foot IK, `twin` without (its bones
 * are the subject's FK pose). Root motion is exposed, so the walk plays at its own pace on the spot.
 */
async function walkers(ground: 'slope' | 'step', footIk = '<anim-foot-ik></anim-foot-ik>') {
  const scene = await fixture<AnimScene>(
    html`<anim-scene paused ?ground=${ground === 'step'} style="width: 320px; height: 240px"></anim-scene>`,
  );
  const errors = collectErrors(scene);
  const character = (id: string, inner: string) =>
    `<anim-character id="${id}" src="${MANNEQUIN}" clip="walk-inplace" root-motion="expose planar">${inner}</anim-character>`;
  scene.innerHTML = `<anim-model id="terrain" ground></anim-model>${character('subject', footIk)}${character('twin', '')}`;
  const terrain = scene.querySelector<AnimModel>('#terrain')!;
  if (ground === 'slope') terrain.object3D.add(surface(slope, [-2, 2]));
  else {
    // the step is plain three.js scenery marked by userData, on the scene's own ground
    const tread = surface(step, [EDGE, 2], true);
    tread.userData.ground = true;
    scene.stage!.content.add(tread);
  }
  const subject = scene.querySelector<AnimCharacter>('#subject')!;
  const twin = scene.querySelector<AnimCharacter>('#twin')!;
  await Promise.all([subject.ready, twin.ready, terrain.updateComplete]);
  await settle();
  scene.stage!.contentChanged();
  return { scene, subject, twin, errors, height: ground === 'slope' ? slope : step };
}

function solePoint(character: AnimCharacter, bone: string, offset: readonly number[]): number[] {
  const m = character.boneMatrix(bone)!;
  return [0, 1, 2].map((k) => m[k] * offset[0] + m[4 + k] * offset[1] + m[8 + k] * offset[2] + m[12 + k]);
}

interface Frame {
  plant: number[];
  /** Per foot: the lowest sole point's height over the ground under it. */
  gap: number[];
  /** Per foot: the lowest sole point's height. */
  sole: number[];
  drop: number;
  /** The subject's hips below the twin's. */
  hipsDrop: number;
}

/** Walks one cycle and more, measuring each frame. */
function walk(ctx: Awaited<ReturnType<typeof walkers>>, frames = 80): Frame[] {
  const { scene, subject, twin, height } = ctx;
  const driver = internals(subject).footIk!;
  const out: Frame[] = [];
  for (let i = 0; i < frames; i++) {
    scene.step(DT);
    const soles = ['Left', 'Right'].map((side) => [
      solePoint(subject, `${side}Foot`, SOLE_POINTS.heel.offset),
      solePoint(subject, `${side}Toes`, SOLE_POINTS.ball.offset),
    ]);
    out.push({
      plant: [...driver.footIk.plantWeights],
      gap: soles.map(([heel, ball]) =>
        Math.min(heel[1] - height(heel[0], heel[2]), ball[1] - height(ball[0], ball[2])),
      ),
      sole: soles.map(([heel, ball]) => Math.min(heel[1], ball[1])),
      drop: driver.footIk.pelvisDrop,
      hipsDrop: twin.boneMatrix('Hips')![13] - subject.boneMatrix('Hips')![13],
    });
  }
  return out;
}

function expectPlanted(frames: Frame[]): void {
  let planted = 0;
  frames.forEach((f, i) => {
    for (let foot = 0; foot < 2; foot++) {
      const label = `${foot ? 'right' : 'left'} foot, frame ${i}`;
      expect(f.gap[foot], `${label}: below the ground`).to.be.above(-0.001);
      if (f.plant[foot] >= PLANTED) {
        planted++;
        expect(f.gap[foot], `${label}: planted but off the ground`).to.be.below(0.01);
      }
    }
    expect(f.hipsDrop, `frame ${i}: the hips drop by the pelvis drop`).to.be.closeTo(f.drop, 1e-4);
  });
  expect(planted, 'planted foot-frames').to.be.above(frames.length * 0.4);
}

function poseDifference(a: AnimCharacter, b: AnimCharacter): number {
  let most = 0;
  for (const bone of a.bones) {
    const ma = a.boneMatrix(bone)!;
    const mb = b.boneMatrix(bone)!;
    for (let i = 0; i < 16; i++) most = Math.max(most, Math.abs(ma[i] - mb[i]));
  }
  return most;
}

describe('foot IK on <anim-character>', () => {
  it('plants the feet on a 15° slope (an <anim-model ground>), dropping the pelvis for the lower foot', async () => {
    const ctx = await walkers('slope');
    const frames = walk(ctx);
    expectPlanted(frames);
    expect(Math.max(...frames.map((f) => f.drop)), 'the pelvis dropped').to.be.above(0.01);
    expect(ctx.errors).to.deep.equal([]);
  });

  it('plants the feet on a step (scenery marked with userData.ground) and the scene’s ground', async () => {
    const ctx = await walkers('step');
    const frames = walk(ctx);
    expectPlanted(frames);
    // the front foot stands on the tread, 15 cm up (its animation puts it on the floor): lifted there
    const onTread = frames.filter((f) => [0, 1].some((k) => f.plant[k] >= PLANTED && f.sole[k] > STEP - 0.01));
    const onFloor = frames.filter((f) => [0, 1].some((k) => f.plant[k] >= PLANTED && f.sole[k] < 0.01));
    expect(onTread.length, 'planted on the tread').to.be.above(10);
    expect(onFloor.length, 'planted on the floor').to.be.above(10);
  });

  it('leaves the pose exactly as animated while airborne, under the vertical hand-off and at weight 0', async () => {
    const ctx = await walkers('slope', '<anim-foot-ik airborne></anim-foot-ik>');
    const { scene, subject, twin } = ctx;
    const knobs = subject.querySelector<AnimFootIk>('anim-foot-ik')!;
    for (let i = 0; i < 20; i++) {
      scene.step(DT);
      expect(poseDifference(subject, twin)).to.equal(0);
    }
    knobs.airborne = false;
    scene.step(DT);
    expect(poseDifference(subject, twin), 'foot IK acts once landed').to.be.above(0.005);
    subject.verticalHandoff = true;
    for (let i = 0; i < 10; i++) {
      scene.step(DT);
      twin.verticalHandoff = true;
      expect(poseDifference(subject, twin)).to.equal(0);
    }
    subject.verticalHandoff = false;
    twin.verticalHandoff = false;
    knobs.weight = 0;
    for (let i = 0; i < 10; i++) {
      scene.step(DT);
      expect(poseDifference(subject, twin)).to.equal(0);
    }
  });

  it('the foot-ik attribute alone turns it on with the defaults; removing it turns it off', async () => {
    const ctx = await walkers('slope', '');
    const { scene, subject, twin } = ctx;
    expect(internals(subject).footIk).to.equal(null);
    subject.footIk = true;
    await subject.updateComplete;
    const frames = walk(ctx, 70);
    expectPlanted(frames);
    expect(internals(subject).footIk!.footIk.pelvisLimit).to.equal(0.35);
    subject.removeAttribute('foot-ik');
    subject.footIk = false;
    await subject.updateComplete;
    scene.step(DT);
    expect(poseDifference(subject, twin)).to.equal(0);
  });

  it('takes its legs from the character’s humanoid map: a hand map in `rig` names them', async () => {
    const ctx = await walkers('slope', '');
    const { subject } = ctx;
    subject.footIk = true;
    await subject.updateComplete;
    expect(internals(subject).footIk!.footIk.legNames.map((l) => l.upper)).to.deep.equal([
      'LeftUpperLeg',
      'RightUpperLeg',
    ]);
    subject.footIk = false;
    await subject.updateComplete;
    subject.setAttribute(
      'rig',
      JSON.stringify({
        leftUpperLeg: 'RightUpperLeg',
        leftLowerLeg: 'RightLowerLeg',
        leftFoot: 'RightFoot',
        rightUpperLeg: 'LeftUpperLeg',
        rightLowerLeg: 'LeftLowerLeg',
        rightFoot: 'LeftFoot',
      }),
    );
    await subject.updateComplete;
    subject.footIk = true;
    await subject.updateComplete;
    expect(internals(subject).footIk!.footIk.legNames.map((l) => l.upper)).to.deep.equal([
      'RightUpperLeg',
      'LeftUpperLeg',
    ]);
  });

  it('the pelvis drops no further than pelvis-limit', async () => {
    const ctx = await walkers('slope', '<anim-foot-ik pelvis-limit="1cm"></anim-foot-ik>');
    const frames = walk(ctx, 70);
    for (const f of frames) {
      expect(f.drop).to.be.at.most(0.01 + 1e-9);
      expect(f.hipsDrop).to.be.closeTo(f.drop, 1e-4);
    }
    expect(Math.max(...frames.map((f) => f.drop))).to.be.closeTo(0.01, 1e-6);
  });

  it('bad knob values keep the previous ones and report bad-attribute', async () => {
    const ctx = await walkers('slope');
    const knobs = ctx.subject.querySelector<AnimFootIk>('anim-foot-ik')!;
    const errors = collectErrors(knobs);
    knobs.setAttribute('plant-threshold', '-2cm');
    knobs.setAttribute('pelvis-limit', 'low');
    knobs.setAttribute('flatten', 'sometimes');
    knobs.setAttribute('weight', '3');
    knobs.setAttribute('plant-speed', 'fast');
    await knobs.updateComplete;
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(Array(5).fill('bad-attribute'));
    expect(knobs.knobs).to.deep.equal({
      plantThreshold: 0.05,
      plantSpeed: 0.5,
      pelvisLimit: 0.35,
      flatten: true,
      weight: 1,
      airborne: false,
    });
    knobs.setAttribute('flatten', 'off');
    knobs.setAttribute('pelvis-limit', '20cm');
    await knobs.updateComplete;
    expect(internals(ctx.subject).footIk!.footIk.flatten).to.equal(false);
    expect(internals(ctx.subject).footIk!.footIk.pelvisLimit).to.be.closeTo(0.2, 1e-9);
  });
});
