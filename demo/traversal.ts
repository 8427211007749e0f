// Vaulting and climbing with the mannequin's one vault clip and one climb clip: find the obstacle ahead with
// rays, then warp the clip onto targets measured from it (front edge, rear edge, landing; or the ledge top).

import type { AnimCharacter } from '../src/elements/anim-character.js';
import type { WarpTargetInput } from '../src/elements/character-motion.js';
import type { PhysicsWorld } from '../src/scene/physics.js';

/**
 * Windows on the mannequin's clips, from their root motion (see the README's table): the vault's hips reach
 * the front edge at 0.2 (hands planted), pass the rear edge by 0.53 and are down at 0.67; the climb stands
 * at the wall by 0.24 and is up on the ledge by 0.76.
 */
export const VAULT_WINDOWS = '0%-20% 20%-53% 53%-67%';
export const CLIMB_WINDOWS = '0%-24% 24%-76%';

/** The obstacle the clips were made for, in the character's frame (metres). */
const VAULT_AUTHORED = { front: 0.75, depth: 0.7, height: 0.85 };
const CLIMB_AUTHORED = { edge: 0.35, height: 1 };

/** What stands ahead: distance to its near face, its depth and its height above the feet (metres). */
export interface Obstacle {
  distance: number;
  depth: number;
  height: number;
}

/** Up to `reach` metres ahead of feet (x, y, z) facing `heading`, the first thing at knee height, measured. */
export function obstacleAhead(
  physics: PhysicsWorld,
  x: number,
  y: number,
  z: number,
  heading: number,
  reach = 2.5,
): Obstacle | null {
  const fx = Math.sin(heading);
  const fz = Math.cos(heading);
  // from just outside the character's own capsule (0.3 m radius), which the ray would otherwise hit
  const skip = 0.35;
  const hit = physics.castRay([x + fx * skip, y + 0.4, z + fz * skip], [fx, 0, fz], reach - skip);
  if (!hit) return null;
  const distance = hit.distance + skip;
  // the top: rays straight down just past the near face, then further in until the top ends
  const topAt = (d: number) => {
    const down = physics.castRay([x + fx * d, y + 4, z + fz * d], [0, -1, 0], 8);
    return down ? y + 4 - down.distance - y : 0;
  };
  const height = topAt(distance + 0.05);
  let depth = 0.05;
  while (depth < 4 && topAt(distance + depth + 0.05) > height - 0.1) depth += 0.05;
  return { distance, depth, height };
}

/** `vault` for a box low and short enough to go over, `climb` for a ledge to go up onto, else null. */
export function traversalFor(o: Obstacle): 'vault' | 'climb' | null {
  if (o.height < 0.3) return null;
  if (o.height <= 1.25 && o.depth <= 1.6) return 'vault';
  if (o.height <= 2) return 'climb';
  return null;
}

/**
 * World targets for the vault's three windows or the climb's two, for an obstacle measured from feet
 * (x, y, z) facing `heading`: the authored places moved by how much nearer, farther, higher or deeper
 * this obstacle is than the one the clip was made for.
 */
export function traversalTargets(
  kind: 'vault' | 'climb',
  o: Obstacle,
  x: number,
  y: number,
  z: number,
  heading: number,
): WarpTargetInput[] {
  const local =
    kind === 'vault'
      ? [
          [-0.14, o.distance - (VAULT_AUTHORED.front - 0.42)],
          [0.2 + (o.height - VAULT_AUTHORED.height), o.distance + o.depth + 0.17],
          [0, o.distance + o.depth + 0.51],
        ]
      : [
          [0.09, o.distance - (CLIMB_AUTHORED.edge - 0.03)],
          [o.height - 0.22, o.distance + 0.1],
        ];
  const s = Math.sin(heading);
  const c = Math.cos(heading);
  const yaw = (heading * 180) / Math.PI;
  return local.map(([up, ahead]) => ({ x: x + s * ahead, y: y + up, z: z + c * ahead, yaw }));
}

/** Vaults or climbs whatever is ahead of the character; returns what it did (null: nothing to cross). */
export function traverse(character: AnimCharacter, physics: PhysicsWorld): 'vault' | 'climb' | null {
  const root = character.object3D;
  if (!root || character.warping) return null;
  const { x, y, z } = root.position;
  const heading = root.rotation.y;
  const obstacle = obstacleAhead(physics, x, y, z, heading);
  if (!obstacle) return null;
  const kind = traversalFor(obstacle);
  if (!kind) return null;
  character.warp(kind, traversalTargets(kind, obstacle, x, y, z, heading));
  return character.warping ? kind : null;
}
