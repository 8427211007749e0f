import { SOLE_POINTS } from '../../scripts/mannequin/skeleton.js';
import type { Skeleton } from '../../src/runtime/index.js';

/** A sole point is on the ground below this height (metres): the foot is planted there. */
export const PLANTED = 0.002;

/**
 * The mannequin's sole points (heel and ball of each foot) in world space, frame after frame: `track(model)`
 * returns how far the planted ones moved along the ground since the last frame (metres, summed), and keeps
 * the worst drift of one contact from where it landed.
 */
export function soleTracker(skeleton: Skeleton) {
  const points = ['Left', 'Right'].flatMap((side) =>
    Object.values(SOLE_POINTS).map((p) => ({
      joint: skeleton.indexByName.get(`${side}${p.joint}`)!,
      offset: p.offset,
    })),
  );
  const landed = points.map(() => null as [number, number] | null);
  const last = points.map(() => null as [number, number] | null);
  let worst = 0;
  return {
    get worst() {
      return worst;
    },
    track(model: Float32Array): number {
      let moved = 0;
      points.forEach(({ joint, offset }, i) => {
        const m = model.subarray(joint * 16, joint * 16 + 16);
        const x = m[0] * offset[0] + m[4] * offset[1] + m[8] * offset[2] + m[12];
        const y = m[1] * offset[0] + m[5] * offset[1] + m[9] * offset[2] + m[13];
        const z = m[2] * offset[0] + m[6] * offset[1] + m[10] * offset[2] + m[14];
        if (y > PLANTED) {
          landed[i] = last[i] = null;
          return;
        }
        if (last[i]) moved += Math.hypot(x - last[i]![0], z - last[i]![1]);
        landed[i] ??= [x, z];
        last[i] = [x, z];
        worst = Math.max(worst, Math.hypot(x - landed[i]![0], z - landed[i]![1]));
      });
      return moved;
    },
  };
}
