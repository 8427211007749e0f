import type { GltfAsset } from '../gltf.js';
import { type HandMap, mapHumanoid, type RigProfile } from './humanoid-map.js';
import { buildHumanoidRig, type HumanoidRig } from './humanoid-rig.js';

/**
 * A glTF's humanoid rig. Bones are sought among the skins' joints (mesh nodes often share a bone's name:
 * RobotExpressive's `Arm.L` is a mesh); a file without skins offers every node.
 * @throws AnimError `no-humanoid` naming the missing slots; `unknown-joint` for a hand map's unknown bone.
 */
export function gltfHumanoid(asset: GltfAsset, options: { profile?: RigProfile; map?: HandMap } = {}): HumanoidRig {
  const joints = new Set<number>();
  for (const skin of asset.skins) for (const j of skin.joints) joints.add(j);
  const map = mapHumanoid(asset.skeleton, { ...options, joints: joints.size > 0 ? [...joints] : undefined });
  return buildHumanoidRig(asset.skeleton, map, asset.skins);
}
