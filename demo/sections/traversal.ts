import { Group } from 'three';
import type { AnimController } from '../../src/elements/anim-controller.js';
import '../../src/elements/anim-controller.js';
import '../../src/elements/anim-warp.js';
import { characterInternals } from '../../src/elements/internals.js';
import { startPhysics } from '../../src/scene/physics.js';
import { heading } from '../controls.js';
import { box, course, ledge, MATERIALS } from '../level.js';
import type { DemoContext, DemoSection } from '../section.js';
import { addTouchControls } from '../touch-controls.js';
import { CLIMB_WINDOWS, traverse, VAULT_WINDOWS } from '../traversal.js';

/** Boxes to vault (left of the course) and ledges to climb (right of it): different depths and heights. */
export const OBSTACLES = {
  vaults: [
    { x: -3, z: 3, height: 0.7, depth: 0.4 },
    { x: -5, z: 3, height: 1.0, depth: 1.0 },
  ],
  climbs: [
    { x: 3, z: 3, height: 0.8 },
    { x: 5, z: 3, height: 1.5 },
  ],
};

/** The whole level: the walking course in the middle, vault boxes and climbing ledges beside it. */
export function buildLevel(): Group {
  const level = new Group();
  level.name = 'traversal-level';
  level.add(course(0));
  for (const v of OBSTACLES.vaults) level.add(box(1.6, v.height, v.depth, v.x, 0, v.z + v.depth / 2, MATERIALS.accent));
  for (const c of OBSTACLES.climbs) level.add(ledge(c.height, 3, c.x, c.z, 1.6));
  return level;
}

/**
 * Walk, run and jump around a small level with the third-person controller: a ramp, a platform with a
 * step and ledges to drop from, a wall; boxes of different sizes to vault and ledges of different heights
 * to climb, all with the mannequin's one vault clip and one climb clip warped onto each obstacle. The
 * root-motion arrow shows under the character.
 */
export const traversalSection: DemoSection = {
  id: 'level',
  title: 'Level',
  enter({ scene, character, panel }: DemoContext) {
    const stage = scene.stage;
    if (!stage) return undefined;
    const level = buildLevel();
    stage.content.add(level);
    stage.contentChanged();
    const hadControls = scene.controls;
    const hadDebug = scene.debug;
    scene.controls = false;
    scene.debug = [...hadDebug.filter((d) => d !== 'root-motion'), 'root-motion'];

    const vault = Object.assign(document.createElement('anim-warp'), { name: 'vault', clip: 'vault' });
    vault.setAttribute('windows', VAULT_WINDOWS);
    vault.setAttribute('min-rate', '0.6');
    vault.setAttribute('max-rate', '1.6');
    const climb = Object.assign(document.createElement('anim-warp'), { name: 'climb', clip: 'climb' });
    climb.setAttribute('windows', CLIMB_WINDOWS);
    climb.setAttribute('min-rate', '0.6');
    climb.setAttribute('max-rate', '1.6');
    const controller = document.createElement('anim-controller') as AnimController;
    character.append(vault, climb, controller);

    let colliders: ReturnType<Awaited<ReturnType<typeof startPhysics>>['addStaticMeshes']> = [];
    let left = false;
    const physics = startPhysics(stage).then((world) => {
      if (left) return world;
      colliders = world.addStaticMeshes(level);
      world.step();
      return world;
    });
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'e') return;
      void physics.then((world) => traverse(character, world));
    };
    scene.addEventListener('keydown', onKey);

    const help = document.createElement('div');
    help.className = 'level-help';
    help.innerHTML = `<p>Click the scene, then: <kbd>W</kbd><kbd>A</kbd><kbd>S</kbd><kbd>D</kbd> walk (relative to
      the camera), <kbd>Shift</kbd> runs, <kbd>Space</kbd> jumps, <kbd>E</kbd> vaults the box or climbs the ledge
      ahead. Drag to turn the camera. On a touch screen: the stick walks (pushed to its rim it runs), the buttons
      jump and vault or climb.</p>
      <p>Up the ramp and the step in the middle; boxes to vault on the left, ledges to climb on the right. The
      cyan arrow ahead of the feet is the root motion: its direction and speed.</p>`;
    const traverseButton = document.createElement('button');
    traverseButton.type = 'button';
    traverseButton.className = 'chip';
    traverseButton.textContent = 'Vault / climb what is ahead';
    traverseButton.addEventListener('click', () => void physics.then((world) => traverse(character, world)));
    const respawn = document.createElement('button');
    respawn.type = 'button';
    respawn.className = 'chip';
    respawn.textContent = 'Back to the start';
    respawn.addEventListener('click', () => controller.teleport(0, 0, 0));
    panel.append(heading('Walk the level'), help, traverseButton, respawn);
    const touch = addTouchControls(
      scene.parentElement ?? scene,
      controller,
      () => void physics.then((world) => traverse(character, world)),
    );

    return () => {
      left = true;
      touch.dispose();
      scene.removeEventListener('keydown', onKey);
      controller.remove();
      vault.remove();
      climb.remove();
      void physics.then((world) => world.removeColliders(colliders));
      level.removeFromParent();
      stage.contentChanged();
      scene.controls = hadControls;
      scene.debug = hadDebug;
      const rig = characterInternals(character)?.rig;
      if (rig) {
        rig.root.position.set(0, 0, 0);
        rig.root.rotation.set(0, 0, 0);
        rig.source = rig.playback;
      }
      character.rootMotion = 'off';
    };
  },
};
