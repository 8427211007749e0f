import { expect } from '@open-wc/testing';
import { Quaternion } from 'three';
import {
  buildChain,
  constraintViolation,
  type IkChain,
  ikWeight,
  POLE_DIRECTION,
  POLE_POINT,
  solveCcd,
  solveChain,
  solveFabrik,
  solveLookAt,
  solveTwoBone,
} from '../../../src/runtime/ik/index.js';
import { expectClose, expectQuatClose, rng } from '../../helpers/math.js';
import { chainRig, distance, freshModel, jointPosition, type Rig, reachablePoint, snapshot } from './ik-fixtures.js';

const sub = (a: number[], b: number[]) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: number[], b: number[]) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: number[]) => Math.hypot(a[0], a[1], a[2]);

function tip(rig: Rig): number[] {
  return jointPosition(rig, rig.names[rig.names.length - 1], freshModel(rig));
}

/** The refreshed model matrices equal a full forward pass over the solved pose. */
function expectConsistent(rig: Rig): void {
  expectClose(rig.model, freshModel(rig), 1e-5, 'model after IK');
}

function expectWithinLimits(rig: Rig, chain: IkChain): void {
  chain.joints.forEach((j, i) => {
    const v = constraintViolation(
      chain.limitKinds[i],
      chain.limitParams,
      i,
      chain.restRotations,
      i * 4,
      rig.pose.rotations,
      j * 4,
    );
    expect(v, `${chain.names[i]} outside its limit by ${v} rad`).to.be.below(1e-4);
  });
}

describe('runtime/ik: two-bone', () => {
  it('reaches every reachable target within 1 mm, checked by a fresh forward pass', () => {
    const r = rng(7);
    for (let trial = 0; trial < 200; trial++) {
      const rig = chainRig(2, 100 + trial);
      const chain = buildChain(rig.skeleton, 'b0..b2', { solver: 'two-bone' });
      const target = reachablePoint(rig, r);
      expect(solveTwoBone(chain, rig.pose, rig.model, rig.root, target, 1), `trial ${trial} reports reached`).to.equal(
        true,
      );
      expect(distance(tip(rig), target), `trial ${trial}`).to.be.below(1e-3);
      expectConsistent(rig);
    }
  });

  it('points straight at an unreachable target and reports it missed', () => {
    for (let trial = 0; trial < 50; trial++) {
      const rig = chainRig(2, 300 + trial);
      const chain = buildChain(rig.skeleton, ['b0', 'b1', 'b2']);
      const root = jointPosition(rig, 'b0');
      const reach =
        distance(root, jointPosition(rig, 'b1')) + distance(jointPosition(rig, 'b1'), jointPosition(rig, 'b2'));
      const dir = [Math.sin(trial), Math.cos(trial * 1.3), Math.sin(trial * 0.7)];
      const k = (reach * 1.5) / norm(dir);
      const target = root.map((v, i) => v + dir[i] * k);
      expect(solveTwoBone(chain, rig.pose, rig.model, rig.root, target, 1)).to.equal(false);
      const m = freshModel(rig);
      const toTarget = sub(target, root);
      for (const name of ['b1', 'b2']) {
        const p = sub(jointPosition(rig, name, m), root);
        expect(norm(cross(p, toTarget)) / (norm(p) * norm(toTarget)), `${name} off the line`).to.be.below(1e-4);
        expect(dot(p, toTarget), `${name} points away`).to.be.above(0);
      }
      expect(norm(sub(jointPosition(rig, 'b2', m), root))).to.be.closeTo(reach, 1e-4);
    }
  });

  it('bends in the plane of the pole: a point, or a direction from the root', () => {
    const r = rng(11);
    for (let trial = 0; trial < 60; trial++) {
      const rig = chainRig(2, 500 + trial);
      const chain = buildChain(rig.skeleton, 'b0..b2');
      const target = reachablePoint(rig, r);
      const root = jointPosition(rig, 'b0');
      const poleDir = [r() - 0.5, r() - 0.5, r() - 0.5];
      if (trial % 2 === 0) {
        chain.poleMode = POLE_POINT;
        chain.pole.set(root.map((v, i) => v + poleDir[i] * 2));
      } else {
        chain.poleMode = POLE_DIRECTION;
        chain.pole.set(poleDir);
      }
      solveTwoBone(chain, rig.pose, rig.model, rig.root, target, 1);
      const mid = sub(jointPosition(rig, 'b1', freshModel(rig)), root);
      const line = sub(target, root);
      const normal = cross(line, poleDir);
      expect(Math.abs(dot(mid, normal)) / (norm(mid) * norm(normal)), `trial ${trial}: off the pole plane`).to.be.below(
        1e-4,
      );
      // on the pole's side of the root→target line
      const side = cross(line, cross(poleDir, line));
      expect(dot(mid, side), `trial ${trial}: bends away from the pole`).to.be.above(0);
    }
  });

  it('softens the last stretch of reach as the analytic ease says', () => {
    const rig = chainRig(2, 42);
    const base = snapshot(rig);
    const root = jointPosition(rig, 'b0');
    const reach =
      distance(root, jointPosition(rig, 'b1')) + distance(jointPosition(rig, 'b1'), jointPosition(rig, 'b2'));
    const soft = 0.05;
    const chain = buildChain(rig.skeleton, 'b0..b2', { soft });
    let last = 0;
    for (const d of [reach - 0.2, reach - 0.05, reach - 0.02, reach, reach + 0.02, reach + 0.2]) {
      rig.pose.rotations.set(base.rotations);
      rig.model.set(base.model);
      const target = [root[0], root[1] + d, root[2]];
      solveTwoBone(chain, rig.pose, rig.model, rig.root, target, 1);
      const got = distance(tip(rig), root);
      const x = d - (reach - soft);
      const expected = x > 0 ? reach - soft + soft * (1 - Math.exp(-x / soft)) : d;
      expect(got, `target at ${d.toFixed(3)}`).to.be.closeTo(expected, 1e-4);
      expect(got).to.be.below(reach);
      expect(got).to.be.at.least(last);
      last = got;
    }
  });
});

describe('runtime/ik: FABRIK and CCD', () => {
  for (const solver of ['fabrik', 'ccd'] as const) {
    for (let bones = 3; bones <= 6; bones++) {
      it(`${solver} converges within tolerance on a ${bones}-bone chain`, () => {
        const r = rng(bones * 13);
        let reached = 0;
        const trials = 40;
        for (let trial = 0; trial < trials; trial++) {
          const rig = chainRig(bones, bones * 1000 + trial);
          const chain = buildChain(rig.skeleton, `b0..b${bones}`, {
            solver,
            tolerance: 1e-3,
            iterations: solver === 'fabrik' ? 64 : 256,
          });
          const target = reachablePoint(rig, r);
          const ok = solveChain(chain, rig.pose, rig.model, rig.root, target, 1);
          const miss = distance(tip(rig), target);
          // the solver measures in doubles, the pose is stored in floats
          expect(miss, `trial ${trial} reports ${ok} at ${miss}`).to.be.below(ok ? 1e-3 + 1e-6 : Infinity);
          if (ok) reached++;
          expectConsistent(rig);
        }
        expect(reached, `${reached} of ${trials} reached`).to.equal(trials);
      });
    }
  }

  it('fabrik with a pole bends a two-bone limb as the analytic solver does (point or direction)', () => {
    const r = rng(23);
    let compared = 0;
    for (let trial = 0; trial < 40; trial++) {
      const target = reachablePoint(chainRig(2, 900 + trial), r, 0.6);
      const poleDir = [r() - 0.5, r() - 0.5, r() - 0.5];
      const solved = (['two-bone', 'fabrik'] as const).map((solver) => {
        const rig = chainRig(2, 900 + trial);
        const chain = buildChain(rig.skeleton, 'b0..b2', { solver, tolerance: 1e-5, iterations: 200 });
        if (trial % 2 === 0) {
          chain.poleMode = POLE_POINT;
          chain.pole.set(jointPosition(rig, 'b0').map((v, i) => v + poleDir[i] * 2));
        } else {
          chain.poleMode = POLE_DIRECTION;
          chain.pole.set(poleDir);
        }
        const ok = solveChain(chain, rig.pose, rig.model, rig.root, target, 1);
        expectConsistent(rig);
        return { ok, knee: jointPosition(rig, 'b1', freshModel(rig)) };
      });
      // a target all but on the root (the knee folded shut) may leave FABRIK short: only reached ones compare
      if (!solved[1].ok) continue;
      compared++;
      expect(distance(solved[1].knee, solved[0].knee), `trial ${trial}: knee`).to.be.below(1e-3);
    }
    expect(compared, `${compared} of 40 reached`).to.be.at.least(38);
  });

  for (const solver of ['fabrik', 'ccd'] as const) {
    it(`${solver} with a pole bends a longer chain toward it: its inner joints bulge to the pole’s side`, () => {
      const r = rng(29);
      let reached = 0;
      for (let trial = 0; trial < 30; trial++) {
        const target = reachablePoint(chainRig(4, 1200 + trial), r, 0.5);
        const poleDir = [r() - 0.5, r() - 0.5, r() - 0.5];
        for (const sign of [1, -1]) {
          const rig = chainRig(4, 1200 + trial);
          const chain = buildChain(rig.skeleton, 'b0..b4', {
            solver,
            tolerance: 1e-3,
            iterations: solver === 'fabrik' ? 64 : 256,
          });
          chain.poleMode = POLE_DIRECTION;
          chain.pole.set(poleDir.map((v) => v * sign));
          const ok = solveChain(chain, rig.pose, rig.model, rig.root, target, 1);
          expect(distance(tip(rig), target), `trial ${trial} reports ${ok}`).to.be.below(ok ? 1e-3 + 1e-6 : Infinity);
          if (ok) reached++;
          const root = jointPosition(rig, 'b0');
          const line = sub(target, root);
          const side = cross(line, cross(poleDir, line));
          const model = freshModel(rig);
          const bulge = ['b1', 'b2', 'b3'].reduce(
            (sum, name) => sum + dot(sub(jointPosition(rig, name, model), root), side),
            0,
          );
          expect(sign * bulge, `trial ${trial}, pole ×${sign}: bends away`).to.be.above(0);
        }
      }
      // the pole shapes the chain without keeping it from the target
      expect(reached, `${reached} of 60 reached`).to.be.at.least(57);
    });
  }

  it('an unreachable target straightens the chain toward it', () => {
    for (const solve of [solveFabrik, solveCcd]) {
      const rig = chainRig(4, 77);
      const chain = buildChain(rig.skeleton, 'b0..b4', {
        solver: solve === solveFabrik ? 'fabrik' : 'ccd',
        iterations: 64,
      });
      const root = jointPosition(rig, 'b0');
      const target = [root[0] + 5, root[1] + 1, root[2] - 2];
      expect(solve(chain, rig.pose, rig.model, rig.root, target, 1)).to.equal(false);
      const m = freshModel(rig);
      for (const name of ['b1', 'b2', 'b3', 'b4']) {
        const p = sub(jointPosition(rig, name, m), root);
        const t = sub(target, root);
        expect(norm(cross(p, t)) / (norm(p) * norm(t)), `${solve.name} ${name}`).to.be.below(1e-3);
      }
    }
  });
});

describe('runtime/ik: look-at', () => {
  const aimOf = (rig: Rig, name: string, axis: number[]) => {
    const m = freshModel(rig);
    const j = rig.skeleton.indexByName.get(name)! * 16;
    const v = [0, 1, 2].map((k) => m[j + k] * axis[0] + m[j + 4 + k] * axis[1] + m[j + 8 + k] * axis[2]);
    const n = norm(v);
    return v.map((x) => x / n);
  };

  it('turns the tip’s axis onto the target, spread over the chain by bone weights', () => {
    const r = rng(5);
    for (let trial = 0; trial < 40; trial++) {
      const rig = chainRig(3, 900 + trial);
      const chain = buildChain(rig.skeleton, 'b0..b3', { solver: 'look-at', aimAxis: [0, 0, 1], tolerance: 1e-3 });
      const target = [r() * 4 - 2, r() * 4, r() * 4 - 2];
      expect(solveLookAt(chain, rig.pose, rig.model, rig.root, target, 1)).to.equal(true);
      const head = jointPosition(rig, 'b3', freshModel(rig));
      const want = sub(target, head).map((v) => v / distance(target, head));
      expect(Math.acos(Math.min(1, dot(aimOf(rig, 'b3', [0, 0, 1]), want)))).to.be.below(1e-3);
    }
  });

  it('bone weight 0 keeps a joint animated; the turn goes to the others', () => {
    const rig = chainRig(3, 31);
    const before = snapshot(rig);
    const chain = buildChain(rig.skeleton, 'b0..b3', { solver: 'look-at', boneWeights: [0, 0, 0.5, 1] });
    expect(solveLookAt(chain, rig.pose, rig.model, rig.root, [1, 3, 1], 1)).to.equal(true);
    for (const name of ['b0', 'b1']) {
      const j = rig.skeleton.indexByName.get(name)!;
      expectClose(rig.pose.rotations.subarray(j * 4, j * 4 + 4), before.rotations.subarray(j * 4, j * 4 + 4), 0, name);
    }
    const j2 = rig.skeleton.indexByName.get('b2')!;
    expect(Math.abs(rig.pose.rotations[j2 * 4 + 3] - before.rotations[j2 * 4 + 3])).to.be.above(1e-4);
  });

  it('turns at most maxAngle from the animated aim, toward the target', () => {
    const rig = chainRig(1, 12);
    const fkAim = aimOf(rig, 'b1', [0, 0, 1]);
    const head = jointPosition(rig, 'b1');
    const target = head.map((v, i) => v - fkAim[i] * 2 + (i === 1 ? 0.5 : 0)); // nearly behind
    const chain = buildChain(rig.skeleton, ['b1'], { solver: 'look-at', maxAngle: Math.PI / 6 });
    expect(solveLookAt(chain, rig.pose, rig.model, rig.root, target, 1)).to.equal(false);
    const aim = aimOf(rig, 'b1', [0, 0, 1]);
    expect(Math.acos(dot(aim, fkAim))).to.be.closeTo(Math.PI / 6, 1e-4);
    // in the plane of the animated aim and the target direction
    const n = cross(fkAim, sub(target, head));
    expect(Math.abs(dot(aim, n)) / norm(n)).to.be.below(1e-4);
  });
});

describe('runtime/ik: joint limits hold under every solver', () => {
  const limits = {
    b0: { type: 'cone' as const, angle: 0.5, twistMin: -0.3, twistMax: 0.3 },
    b1: { type: 'hinge' as const, axis: [1, 0, 0], min: -0.2, max: 1.8 },
    b2: { type: 'hinge' as const, axis: [0, 0, 1], min: -1, max: 0.4 },
    b3: { type: 'cone' as const, angle: 0.8 },
  };
  for (const solver of ['two-bone', 'fabrik', 'ccd', 'look-at'] as const) {
    it(`${solver}: no joint ends outside its limit`, () => {
      const r = rng(21);
      let violatedWithout = 0;
      for (let trial = 0; trial < 40; trial++) {
        const rig = chainRig(3, 2000 + trial);
        const spec = solver === 'two-bone' ? 'b0..b2' : 'b0..b3';
        const own = Object.fromEntries(Object.entries(limits).filter(([k]) => spec.includes(k) || k < 'b3'));
        if (solver === 'two-bone') delete own.b3;
        const chain = buildChain(rig.skeleton, spec, { solver, limits: own, iterations: 32 });
        const target = [r() * 3 - 1.5 + 1, r() * 3 - 0.5, r() * 3 - 1.5 + 2];
        solveChain(chain, rig.pose, rig.model, rig.root, target, 1);
        expectWithinLimits(rig, chain);
        expectConsistent(rig);
        // the same solve without limits would have broken them: the limits did work
        const free = chainRig(3, 2000 + trial);
        solveChain(
          buildChain(free.skeleton, spec, { solver, iterations: 32 }),
          free.pose,
          free.model,
          free.root,
          target,
          1,
        );
        chain.joints.forEach((j, i) => {
          const v = constraintViolation(
            chain.limitKinds[i],
            chain.limitParams,
            i,
            chain.restRotations,
            i * 4,
            free.pose.rotations,
            j * 4,
          );
          if (v > 1e-3) violatedWithout++;
        });
      }
      expect(violatedWithout, 'joints the unlimited solve put outside the limits').to.be.above(20);
    });
  }

  it('a hinge locked at 0 keeps its joint at the rest rotation', () => {
    const rig = chainRig(2, 3);
    const chain = buildChain(rig.skeleton, 'b0..b2', {
      limits: { b1: { type: 'hinge', axis: [1, 0, 0], min: 0, max: 0 } },
    });
    const target = reachablePoint(rig, rng(1));
    solveTwoBone(chain, rig.pose, rig.model, rig.root, target, 1);
    const j = rig.skeleton.indexByName.get('b1')!;
    expectQuatClose(
      rig.pose.rotations.subarray(j * 4, j * 4 + 4),
      rig.skeleton.restRotations.subarray(j * 4, j * 4 + 4),
      1e-5,
    );
  });
});

describe('runtime/ik: FK/IK weight', () => {
  it('ikWeight multiplies character, chain and target weights and clamps to [0, 1]', () => {
    expect(ikWeight(1, 0.5, 0.5)).to.equal(0.25);
    expect(ikWeight(2, 1, 1)).to.equal(1);
    expect(ikWeight(-1, 1, 1)).to.equal(0);
    expect(ikWeight(Number.NaN, 1, 1)).to.equal(0);
    expect(ikWeight(1, 1, 0)).to.equal(0);
  });

  for (const solver of ['two-bone', 'fabrik', 'ccd', 'look-at'] as const) {
    it(`${solver}: weight 0 leaves FK untouched, 1 is the full solution, 0.5 slerps each bone halfway`, () => {
      const target = [1.2, 1.4, 1.8];
      const spec = solver === 'two-bone' ? 'b0..b2' : 'b0..b3';
      const fresh = () => {
        const rig = chainRig(3, 4242);
        return { rig, chain: buildChain(rig.skeleton, spec, { solver }) };
      };
      const zero = fresh();
      const fk = snapshot(zero.rig);
      expect(solveChain(zero.chain, zero.rig.pose, zero.rig.model, zero.rig.root, target, 0)).to.equal(false);
      expect(zero.rig.pose.rotations).to.deep.equal(fk.rotations);
      expect(zero.rig.model).to.deep.equal(fk.model);

      const full = fresh();
      solveChain(full.chain, full.rig.pose, full.rig.model, full.rig.root, target, 1);
      const half = fresh();
      solveChain(half.chain, half.rig.pose, half.rig.model, half.rig.root, target, 0.5);
      for (const j of half.chain.joints) {
        const a = new Quaternion().fromArray(fk.rotations, j * 4);
        const b = new Quaternion().fromArray(full.rig.pose.rotations, j * 4);
        const expected = a.clone().slerp(b, 0.5);
        expectQuatClose(half.rig.pose.rotations.subarray(j * 4, j * 4 + 4), expected.toArray(), 1e-5, `joint ${j}`);
      }
      expectConsistent(half.rig);
      // outside the chain's subtree nothing moves
      const other = half.rig.skeleton.indexByName.get('other')!;
      expect(half.rig.model.subarray(other * 16, other * 16 + 16)).to.deep.equal(
        fk.model.subarray(other * 16, other * 16 + 16),
      );
    });
  }
});
