// The benchmark's rig and clips: Soldier.glb from ../shared/models when present, else a generated
// 65-joint rig with two 1-second clips keyed at 30 fps on every joint.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  buildClip,
  buildSkeleton,
  buildSkin,
  type Clip,
  importGltf,
  parseGlb,
  type Skeleton,
  type Skin,
} from '../src/runtime/index.js';

export interface BenchRig {
  label: string;
  skeleton: Skeleton;
  skin: Skin;
  clips: [Clip, Clip];
}

const SOLDIER = resolve(process.cwd(), '../shared/models/Soldier.glb');

export function loadRig(): BenchRig {
  if (existsSync(SOLDIER)) {
    const file = readFileSync(SOLDIER);
    const { json, buffers } = parseGlb(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
    const asset = importGltf(json, buffers);
    const walk = asset.clips.find((c) => c.name === 'Walk');
    const run = asset.clips.find((c) => c.name === 'Run');
    if (walk && run) {
      return {
        label: `Soldier.glb (${asset.skeleton.jointCount} nodes, Walk + Run)`,
        skeleton: asset.skeleton,
        skin: asset.skins[0],
        clips: [walk, run],
      };
    }
  }
  console.log('../shared/models/Soldier.glb is absent: using a generated 65-joint rig with two clips');
  return generatedRig();
}

function generatedRig(): BenchRig {
  const J = 65;
  const names = Array.from({ length: J }, (_, i) => `joint${i}`);
  const parents = names.map((_, i) => (i === 0 ? -1 : (i - 1) >> 1));
  const translations = names.flatMap((_, i) => (i === 0 ? [0, 1, 0] : [0, 0.1, 0]));
  const skeleton = buildSkeleton({ names, parents, translations });
  const clip = (name: string, phase: number) => {
    const times = Array.from({ length: 31 }, (_, k) => k / 30);
    return buildClip({
      name,
      tracks: names.flatMap((target, j) => [
        {
          target,
          path: 'rotation' as const,
          times,
          values: times.flatMap((t) => {
            const a = Math.sin(t * 2 * Math.PI + j + phase) * 0.5;
            const b = Math.cos(t * 2 * Math.PI + j) * 0.3;
            const q = [Math.sin(a / 2), Math.sin(b / 2), 0.05, Math.cos(a / 2)];
            const n = Math.hypot(...q);
            return q.map((v) => v / n);
          }),
        },
        { target, path: 'translation' as const, times, values: times.flatMap((t) => [0, 0.1, 0.01 * Math.sin(t + j)]) },
      ]),
    });
  };
  return {
    label: 'generated rig (65 joints, 2 clips)',
    skeleton,
    skin: buildSkin(skeleton, names),
    clips: [clip('a', 0), clip('b', 1.3)],
  };
}
