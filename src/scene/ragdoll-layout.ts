/**
 * A ragdoll's layout on a rig: its bodies and joints on the humanoid bones, capsules sized from the skinned
 * vertices at the rest pose. Cloth collides with the same capsules, without loading the ragdolls themselves.
 */
import { createPose, localToModel, setRestPose, skinningMatrices, skinVertices } from '../runtime/core.js';
import {
  buildRagdoll,
  type RagdollLayout,
  type RagdollLimits,
  type RagdollVertices,
} from '../runtime/ragdoll/index.js';
import type { CharacterRig } from './character-rig.js';
import { asCoded } from './coded-error.js';

/**
 * Which of the rig's skinned meshes make up the body now: the visible ones (a mesh a cloth took over is
 * hidden, and is no part of the body). A layout holds only while this stays the same.
 */
export function bodyMeshes(rig: CharacterRig): string {
  return rig.binding.skinned.map((part) => (part.mesh.visible ? '1' : '0')).join('');
}

/** Skinned vertices of the rig's body meshes (see `bodyMeshes`) in model space at the rest pose. */
function restVertices(rig: CharacterRig, restWorld: Float32Array): RagdollVertices | null {
  const { asset, skinned } = rig.binding;
  const positions: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  for (const { mesh, skin: skinIndex } of skinned) {
    if (!mesh.visible) continue;
    const skin = asset.skins[skinIndex];
    const g = mesh.geometry;
    const position = g.getAttribute('position');
    const slot = g.getAttribute('skinIndex');
    const weight = g.getAttribute('skinWeight');
    if (!position || !slot || !weight || !skin) continue;
    const matrices = new Float32Array(skin.joints.length * 16);
    skinningMatrices(skin, restWorld, matrices);
    const source = {
      positions: Float32Array.from({ length: position.count * 3 }, (_, i) => position.getComponent((i / 3) | 0, i % 3)),
      normals: null,
      joints: Uint16Array.from({ length: slot.count * 4 }, (_, i) => slot.getComponent(i >> 2, i & 3)),
      weights: Float32Array.from({ length: weight.count * 4 }, (_, i) => weight.getComponent(i >> 2, i & 3)),
    };
    const out = new Float32Array(source.positions.length);
    skinVertices(source, matrices, out, null);
    for (let i = 0; i < out.length; i++) positions.push(out[i]);
    for (let i = 0; i < source.joints.length; i++) {
      joints.push(skin.joints[source.joints[i]] ?? -1);
      weights.push(source.weights[i]);
    }
  }
  return positions.length > 0 ? { positions, joints, weights } : null;
}

/**
 * Lays out the ragdoll of a rig's skeleton, on the bones of its humanoid map.
 * @throws CodedError `no-humanoid` when the skeleton has no humanoid bones.
 */
export function layoutRagdoll(rig: CharacterRig, limits: RagdollLimits): RagdollLayout {
  const { skeleton } = rig.binding.asset;
  const humanoid = rig.humanoid('ragdoll').map;
  const rest = createPose(skeleton.jointCount);
  setRestPose(skeleton, rest);
  const restWorld = new Float32Array(skeleton.jointCount * 16);
  localToModel(skeleton, rest, null, restWorld);
  try {
    return buildRagdoll(skeleton, restWorld, restVertices(rig, restWorld), limits, humanoid);
  } catch (error) {
    throw asCoded(error);
  }
}
