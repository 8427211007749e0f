import type { Pose } from '../../src/runtime/index.js';

/** Largest difference of two poses: translations, and rotations' components (quaternions compared sign-free). */
export function poseDistance(a: Pose, b: Pose): number {
  let worst = 0;
  for (let i = 0; i < a.translations.length; i++)
    worst = Math.max(worst, Math.abs(a.translations[i] - b.translations[i]));
  for (let r = 0; r < a.rotations.length; r += 4) {
    let dot = 0;
    for (let c = 0; c < 4; c++) dot += a.rotations[r + c] * b.rotations[r + c];
    const sign = dot < 0 ? -1 : 1;
    for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs(a.rotations[r + c] - sign * b.rotations[r + c]));
  }
  return worst;
}
