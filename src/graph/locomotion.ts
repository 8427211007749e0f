import type { GraphDefinition } from './definition.js';

/**
 * Ground speeds (m/s) at which the mannequin's walk and run cycles plant their feet: stride ÷ cycle length
 * (walk 1.3 m in 1.1 s, run 2.2 m in 0.68 s, from the clips' `extras.stride`). A character with other
 * clips binds its own names; its thresholds can be changed on the returned definition.
 */
export const MANNEQUIN_WALK_SPEED = 1.3 / 1.1;
export const MANNEQUIN_RUN_SPEED = 2.2 / 0.68;

/**
 * The built-in locomotion graph. Params: `speed` (ground speed, m/s), `grounded` (feet on the ground),
 * `jump` (trigger), `fall` (downward speed in m/s while airborne; a controller leaves it at the touchdown
 * speed, which picks the soft or hard landing), `getUp` (trigger, after a ragdoll). States: `locomotion`
 * (idle, walk and run blended by speed, feet in phase), `jump`, `fall`, `land`, `land-hard`, `get-up`.
 * Logical clips are the mannequin's names (idle, walk, run, jump, fall, land, land-hard, get-up); pass a
 * binding to use another character's clips, e.g. `locomotionGraph({ walk: 'Walking', run: 'Running' })`.
 */
export function locomotionGraph(clips: Record<string, string> = {}): GraphDefinition {
  return {
    params: [
      { name: 'speed', type: 'float', value: 0 },
      { name: 'grounded', type: 'bool', value: true },
      { name: 'jump', type: 'trigger' },
      { name: 'fall', type: 'float', value: 0 },
      { name: 'getUp', type: 'trigger' },
    ],
    states: [
      {
        name: 'locomotion',
        default: true,
        blend: {
          type: '1d',
          x: 'speed',
          points: [
            { clip: 'idle', x: 0 },
            { clip: 'walk', x: MANNEQUIN_WALK_SPEED },
            { clip: 'run', x: MANNEQUIN_RUN_SPEED },
          ],
        },
      },
      { name: 'jump', clip: 'jump', loop: 'once' },
      { name: 'fall', clip: 'fall' },
      { name: 'land', clip: 'land', loop: 'once' },
      { name: 'land-hard', clip: 'land-hard', loop: 'once' },
      { name: 'get-up', clip: 'get-up', loop: 'once' },
    ],
    transitions: [
      { from: '*', to: 'jump', when: 'jump && grounded', fade: 0.1, priority: 2 },
      { from: '*', to: 'get-up', when: 'getUp', fade: 0.2, priority: 3 },
      { from: 'locomotion', to: 'fall', when: '!grounded', fade: 0.25 },
      { from: 'jump', to: 'fall', when: '!grounded', exitTime: 0.7, fade: 0.2 },
      { from: 'jump', to: 'locomotion', when: 'grounded', exitTime: 0.95, fade: 0.2 },
      { from: 'fall', to: 'land', when: 'grounded && fall < 6', fade: 0.08 },
      { from: 'fall', to: 'land-hard', when: 'grounded && fall >= 6', fade: 0.05 },
      { from: 'land', to: 'locomotion', exitTime: 0.7, fade: 0.25, interrupt: 'source' },
      { from: 'land', to: 'locomotion', when: 'speed > 1', exitTime: 0.35, fade: 0.25, priority: 1 },
      { from: 'land-hard', to: 'locomotion', exitTime: 0.9, fade: 0.3 },
      { from: 'get-up', to: 'locomotion', exitTime: 0.9, fade: 0.3 },
    ],
    clips: { ...clips },
  };
}
