import { expect } from '@open-wc/testing';
import { Quaternion, Vector3 } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MANNEQUIN_CLIPS } from '../../scripts/mannequin/clip-names';
import { clipLibrary } from '../../scripts/mannequin/library';
import { JOINT_NAMES, UPPER_BODY_JOINTS } from '../../scripts/mannequin/skeleton';
import { clipExtras, loadMannequin, playClip } from './mannequin-fixture';

const CLIPS: readonly string[] = MANNEQUIN_CLIPS;
const LOOPS = clipLibrary()
  .filter((c) => c.loop)
  .map((c) => c.name);
const ONE_SHOTS = CLIPS.filter((c) => !LOOPS.includes(c));
const SIDES = ['Left', 'Right'] as const;

function track(gltf: GLTF, clip: string, name: string) {
  return gltf.animations.find((a) => a.name === clip)!.tracks.find((t) => t.name === name);
}

describe('mannequin clips', () => {
  let gltf: GLTF;
  before(async () => {
    gltf = await loadMannequin();
  });

  it('has the whole library, each clip keying only joints the skeleton has; wave and punch only Spine and above', () => {
    expect(gltf.animations.map((a) => a.name)).to.have.members(CLIPS);
    for (const clip of gltf.animations) {
      const joints = clip.tracks.map((t) => t.name.split('.')[0]);
      for (const joint of joints)
        expect(JOINT_NAMES as readonly string[], `${clip.name} keys ${joint}`).to.include(joint);
      if (clip.name === 'wave' || clip.name === 'punch') {
        for (const joint of joints) expect(UPPER_BODY_JOINTS, `${clip.name} keys ${joint}`).to.include(joint);
      } else {
        expect(new Set(joints).size, `${clip.name} keys every joint`).to.equal(JOINT_NAMES.length);
      }
    }
  });

  it('loops are seamless: the last key is the first (rotations sign-free, the hips less their root motion)', () => {
    for (const name of LOOPS) {
      const [dx, , dz] = (clipExtras(gltf, name).inPlace ? undefined : rootMotionOf(gltf, name)) ?? [0, 0, 0];
      for (const t of gltf.animations.find((a) => a.name === name)!.tracks) {
        const v = t.values;
        const n = t.getValueSize();
        const first = Array.from(v.slice(0, n));
        const last = Array.from(v.slice(v.length - n));
        if (n === 4) {
          const dot = Math.abs(new Quaternion().fromArray(first).dot(new Quaternion().fromArray(last)));
          expect(1 - dot, `${name} ${t.name}`).to.be.below(1e-6);
        } else {
          const moved = [last[0] - dx, last[1], last[2] - dz];
          for (let i = 0; i < 3; i++) expect(Math.abs(moved[i] - first[i]), `${name} ${t.name}`).to.be.below(1e-6);
        }
      }
    }
  });

  it('walk, run, crouch-walk and the strafes move the hips by extras.stride per cycle; the in-place twins do not', () => {
    const expected: Record<string, [number, number]> = {
      walk: [0, 1],
      run: [0, 1],
      'crouch-walk': [0, 1],
      'strafe-left': [1, 0],
      'strafe-right': [-1, 0],
      'walk-inplace': [0, 0],
      'run-inplace': [0, 0],
    };
    for (const [name, [ux, uz]] of Object.entries(expected)) {
      const stride = clipExtras(gltf, name).stride as number;
      expect(stride, `${name} stride`).to.be.above(0.3);
      const v = track(gltf, name, 'Hips.position')!.values;
      const dx = v[v.length - 3] - v[0];
      const dz = v[v.length - 1] - v[2];
      expect(Math.abs(dx - ux * stride), `${name} x`).to.be.below(1e-4);
      expect(Math.abs(dz - uz * stride), `${name} z`).to.be.below(1e-4);
    }
  });

  it('one-shots end standing, both soles within 1 cm of the ground they end on; death ends lying', () => {
    for (const name of ONE_SHOTS) {
      const clip = playClip(gltf, name);
      clip.at(clip.duration);
      if (name === 'death') {
        expect(clip.world('Hips').y, 'death ends lying').to.be.below(0.2);
        continue;
      }
      const ground = rootMotionOf(gltf, name)?.[1] ?? 0;
      for (const side of SIDES) {
        for (const p of clip.soles(side)) expect(Math.abs(p.y - ground), `${name} ${side} sole`).to.be.below(0.01);
      }
      const legLength = clip.world('Hips').y - ground;
      expect(legLength, `${name} stands up straight`).to.be.above(0.93);
    }
  });

  it('get-up-front starts lying face down, head toward +Z, and ends in exactly the pose get-up ends in', () => {
    const front = playClip(gltf, 'get-up-front');
    front.at(0);
    const hips = front.world('Hips');
    expect(hips.y, 'lying').to.be.below(0.2);
    // the chest's forward axis (+Z at rest) points at the ground: what the ragdoll reads as face down
    const chestForward = new Vector3(0, 0, 1).transformDirection(front.bone('Chest').matrixWorld);
    expect(chestForward.y, 'face down').to.be.below(-0.9);
    expect(front.world('Head').z - hips.z, 'head toward +Z').to.be.above(0.5);
    expect(clipExtras(gltf, 'get-up-front').rootMotion).to.deep.equal(clipExtras(gltf, 'get-up').rootMotion);
    const back = playClip(gltf, 'get-up');
    front.at(front.duration);
    back.at(back.duration);
    for (const name of JOINT_NAMES) {
      const a = front.bone(name);
      const b = back.bone(name);
      expect(a.quaternion.angleTo(b.quaternion), `${name} (radians)`).to.be.below(1e-3);
      expect(a.position.distanceTo(b.position), name).to.be.below(1e-6);
    }
  });

  it('every clip keeps the whole skinned body above the ground: nothing below −1 cm at 30 samples a second and at each key', () => {
    const lowest: string[] = [];
    const through: string[] = [];
    for (const name of CLIPS) {
      const clip = playClip(gltf, name);
      let low = new Vector3(0, Number.POSITIVE_INFINITY, 0);
      let lowAt = 0;
      for (const t of sampleTimes(gltf, name)) {
        clip.at(t);
        const p = clip.lowestPoint();
        if (p.y < low.y) [low, lowAt] = [p, t];
      }
      const where = `${name} ${(low.y * 1000).toFixed(1)} mm @${lowAt.toFixed(3)} s`;
      lowest.push(where);
      if (low.y < -0.01) through.push(where);
    }
    console.log(`lowest skinned point per clip (root motion as authored): ${lowest.join(', ')}`);
    expect(through, 'clips through the ground').to.deep.equal([]);
  });

  it('the lying clips lie on the ground: get-up and get-up-front at first, death at its end', () => {
    for (const [name, at] of [
      ['get-up', 0],
      ['get-up-front', 0],
      ['death', Number.POSITIVE_INFINITY],
    ] as const) {
      const clip = playClip(gltf, name);
      clip.at(Math.min(at, clip.duration));
      expect(clip.lowestPoint().y, `${name} touches the ground`).to.be.below(0.02);
    }
  });

  it('a planted foot does not slide in walk and run with root motion applied', () => {
    const drifts: string[] = [];
    for (const name of ['walk', 'run', 'crouch-walk', 'strafe-left', 'strafe-right']) {
      const clip = playClip(gltf, name);
      const drift = plantedDrift(clip);
      drifts.push(`${name} ${(drift * 1000).toFixed(1)} mm`);
      expect(drift, `${name} planted-foot drift`).to.be.below(0.015);
    }
    console.log(`planted-foot drift per contact: ${drifts.join(', ')}`);
  });

  it('stays in sane bounds: nothing under the ground, hands and feet near the body, knees and elbows bend one way', () => {
    for (const name of CLIPS) {
      const clip = playClip(gltf, name);
      for (let t = 0; t <= clip.duration + 1e-9; t += 1 / 30) {
        clip.at(t);
        const hips = clip.world('Hips');
        for (const side of SIDES) {
          for (const p of clip.soles(side)) expect(p.y, `${name}@${t.toFixed(2)} ${side} sole`).to.be.above(-0.01);
          for (const end of [`${side}Hand`, `${side}Foot`]) {
            const p = clip.world(end);
            expect(Math.hypot(p.x - hips.x, p.z - hips.z), `${name}@${t.toFixed(2)} ${end} reach`).to.be.below(1.1);
            expect(p.y, `${name}@${t.toFixed(2)} ${end} height`).to.be.within(-0.01, hips.y + 1.1);
          }
          // The shin swings back from the thigh (local −Y rotated keeps z ≤ 0), like a hinge about X.
          const shin = new Vector3(0, -1, 0).applyQuaternion(clip.bone(`${side}LowerLeg`).quaternion);
          expect(shin.z, `${name}@${t.toFixed(2)} ${side} knee bends back`).to.be.below(0.02);
          expect(Math.abs(shin.x), `${name}@${t.toFixed(2)} ${side} knee hinge`).to.be.below(0.02);
          const forearm = new Vector3(side === 'Left' ? 1 : -1, 0, 0).applyQuaternion(
            clip.bone(`${side}LowerArm`).quaternion,
          );
          expect(forearm.z, `${name}@${t.toFixed(2)} ${side} elbow bends forward`).to.be.above(-0.02);
          // A hand never inside the chest.
          const hand = clip.bone('Chest').worldToLocal(clip.world(`${side}Hand`));
          const inside = Math.abs(hand.x) < 0.12 && Math.abs(hand.z) < 0.07 && hand.y > -0.3 && hand.y < 0.25;
          expect(inside, `${name}@${t.toFixed(2)} ${side} hand inside the chest`).to.equal(false);
        }
        const kneeGap = clip.world('LeftLowerLeg').distanceTo(clip.world('RightLowerLeg'));
        const ankleGap = clip.world('LeftFoot').distanceTo(clip.world('RightFoot'));
        expect(Math.min(kneeGap, ankleGap), `${name}@${t.toFixed(2)} legs apart`).to.be.above(0.1);
      }
    }
  });
});

/** Every 1/30 s of a clip, its end, and every time any of its tracks has a key. */
function sampleTimes(gltf: GLTF, name: string): number[] {
  const clip = gltf.animations.find((a) => a.name === name)!;
  const times = new Set<number>([clip.duration]);
  for (let t = 0; t < clip.duration; t += 1 / 30) times.add(t);
  for (const t of clip.tracks) for (const k of t.times) times.add(k);
  return [...times].sort((a, b) => a - b);
}

function rootMotionOf(gltf: GLTF, name: string): [number, number, number] | undefined {
  const extras = clipExtras(gltf, name);
  if (extras.rootMotion) return extras.rootMotion as [number, number, number];
  const v = track(gltf, name, 'Hips.position')?.values;
  if (!extras.stride || extras.inPlace || !v) return undefined;
  return [v[v.length - 3] - v[0], 0, v[v.length - 1] - v[2]];
}

/**
 * The worst slide of a foot on the ground: at each of 240 samples per second the lower foot's lowest sole
 * point (heel or ball) is the contact; over each run of samples with the same contact, how far it moves.
 */
function plantedDrift(clip: ReturnType<typeof playClip>): number {
  let worst = 0;
  let contact = '';
  let start = new Vector3();
  for (let t = 0; t <= clip.duration + 1e-9; t += 1 / 240) {
    clip.at(Math.min(t, clip.duration));
    let best: { key: string; p: Vector3 } | undefined;
    for (const side of SIDES) {
      clip.soles(side).forEach((p, i) => {
        if (!best || p.y < best.p.y) best = { key: `${side}${i}`, p };
      });
    }
    const { key, p } = best!;
    if (p.y > 0.005) {
      contact = '';
      continue;
    }
    if (key !== contact) {
      contact = key;
      start = p.clone();
    }
    worst = Math.max(worst, Math.hypot(p.x - start.x, p.z - start.z));
  }
  return worst;
}
