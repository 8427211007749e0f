// Physics cost: 12 active ragdolls of the mannequin in one Rapier world (ms per fixed step), and one
// 1,000-particle cape at 8 solver iterations (ms per 60 Hz frame, two substeps). Rapier runs in Node too.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { advanceCloth, buildCloth, setClothAnchors, setClothCapsule } from '../src/runtime/cloth/index.js';
import { createPose, importGltf, localToModel, parseGlb, setRestPose } from '../src/runtime/index.js';
import { compose } from '../src/runtime/mat4.js';
import { buildRagdoll, createRagdollState, ragdollBodiesFromMatrices } from '../src/runtime/ragdoll/index.js';
import { loadRapier } from '../src/scene/physics.js';
import { PhysicsWorld } from '../src/scene/physics-world.js';
import { spawnRagdoll } from '../src/scene/ragdoll.js';

function bestOf(rounds: number, frames: number, frame: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let f = 0; f < frames; f++) frame();
    best = Math.min(best, (performance.now() - start) / frames);
  }
  return best;
}

/** ms per physics step with 12 ragdolls falling and tumbling (the first second after a shove). */
export async function benchRagdolls(): Promise<number> {
  const data = readFileSync(resolve(import.meta.dirname, '../assets/mannequin.glb'));
  const { json, buffers } = parseGlb(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  const { skeleton } = importGltf(json, buffers);
  const rest = createPose(skeleton.jointCount);
  setRestPose(skeleton, rest);
  const restWorld = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, rest, null, restWorld);
  const layout = buildRagdoll(skeleton, restWorld, null);
  const rapier = await loadRapier();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const physics = new PhysicsWorld(rapier);
    const root = new Float32Array(16);
    const world = new Float32Array(skeleton.jointCount * 16);
    for (let i = 0; i < 12; i++) {
      compose(root, 0, [(i % 4) * 1.2, 0.2, Math.floor(i / 4) * 1.2], 0, [0, 0, 0, 1], 0, [1, 1, 1], 0);
      localToModel(skeleton, rest, root, world);
      const state = createRagdollState(layout);
      ragdollBodiesFromMatrices(layout, world, state);
      for (let b = 0; b < layout.bodies.length; b++) state.linear.set([1.5, 1, -2], b * 3);
      spawnRagdoll(physics, layout, state);
    }
    best = Math.min(
      best,
      bestOf(1, 60, () => physics.step()),
    );
    physics.dispose();
  }
  return best;
}

/** ms per 60 Hz frame of a 1,000-particle (25 × 40) cape, 8 iterations, swung by its anchor, two capsules. */
export function benchCloth(): number {
  const columns = 24;
  const rows = 39;
  const positions: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= columns; c++) positions.push((c / columns - 0.5) * 0.6, 1.45 - (r / rows) * 1, -0.15);
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const a = r * (columns + 1) + c;
      indices.push(a, a + columns + 1, a + 1, a + 1, a + columns + 1, a + columns + 2);
    }
  }
  const cloth = buildCloth({ positions, indices }, { top: 0.03 }, { iterations: 8 });
  cloth.capsuleCount = 2;
  setClothCapsule(cloth, 0, [0, 0.95, 0, 0, 1.45, 0, 0.14]);
  setClothCapsule(cloth, 1, [-0.09, 0.9, 0, -0.09, 0.1, 0, 0.07]);
  const m = new Float32Array(16);
  let t = 0;
  const frame = () => {
    t += 1 / 60;
    const yaw = Math.sin(t * 2) * 0.6;
    compose(m, 0, [Math.sin(t) * 0.5, 0, t * 1.4], 0, [0, Math.sin(yaw / 2), 0, Math.cos(yaw / 2)], 0, [1, 1, 1], 0);
    setClothAnchors(cloth, m);
    advanceCloth(cloth, 1 / 60);
  };
  bestOf(1, 60, frame);
  const ms = bestOf(3, 300, frame);
  if (cloth.particleCount !== 1000) throw new Error(`cape has ${cloth.particleCount} particles, not 1000`);
  return ms;
}
