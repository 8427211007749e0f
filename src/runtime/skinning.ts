import { AnimError, isFiniteArray } from './errors.js';
import { multiplyAffine } from './mat4.js';
import type { Skeleton } from './skeleton.js';

/** A skin: which skeleton joints deform a mesh, in the mesh's joint-slot order, with their inverse binds. */
export interface Skin {
  /** Skeleton joint per skin slot. */
  readonly joints: Int16Array;
  /** 16 per slot, column-major. */
  readonly inverseBinds: Float32Array;
}

/**
 * Builds a skin from joint names (or skeleton indices) and optional inverse bind matrices (default: the
 * skeleton's own).
 * @throws AnimError `unknown-joint` for a joint the skeleton lacks; `bad-skin` for wrong matrix counts.
 */
export function buildSkin(
  skeleton: Skeleton,
  joints: readonly (string | number)[],
  inverseBinds?: ArrayLike<number>,
): Skin {
  const slots = new Int16Array(joints.length);
  joints.forEach((joint, i) => {
    const index = typeof joint === 'number' ? joint : skeleton.indexByName.get(joint);
    if (index === undefined || index < 0 || index >= skeleton.jointCount || !Number.isInteger(index)) {
      throw new AnimError('unknown-joint', `skin joint "${joint}" is not in the skeleton`);
    }
    slots[i] = index;
  });
  const binds = new Float32Array(joints.length * 16);
  if (inverseBinds) {
    if (inverseBinds.length !== joints.length * 16) {
      throw new AnimError('bad-skin', `${inverseBinds.length} inverse bind values for ${joints.length} joints`);
    }
    if (!isFiniteArray(inverseBinds)) throw new AnimError('bad-skin', 'an inverse bind matrix is not finite');
    binds.set(inverseBinds);
  } else {
    for (let i = 0; i < slots.length; i++)
      binds.set(skeleton.inverseBinds.subarray(slots[i] * 16, slots[i] * 16 + 16), i * 16);
  }
  return { joints: slots, inverseBinds: binds };
}

/**
 * Skinning matrices (model × inverse bind) per skin slot into `out` (16 per slot): the layout of three's
 * Skeleton.boneMatrices, so `out` can be that array. Both inputs are affine (glTF requires it of inverse
 * binds), which saves a third of the arithmetic.
 */
export function skinningMatrices(skin: Skin, model: Float32Array, out: Float32Array): void {
  const joints = skin.joints;
  const binds = skin.inverseBinds;
  for (let i = 0; i < joints.length; i++) multiplyAffine(out, i * 16, model, joints[i] * 16, binds, i * 16);
}
