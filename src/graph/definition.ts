/**
 * A state graph as plain JSON data: what `<anim-param>`, `<anim-state>`, `<anim-transition>` and
 * `<anim-layer>` markup produces, and what a `.animgraph.json` file holds. Times are seconds (a play
 * window may also be a percentage of its clip); exit times and fades' progress are normalized.
 */

import type { TransitionBlend } from '../runtime/transition-blends.js';
import type { WrapMode } from '../runtime/wrap-modes.js';

export type ParamType = 'float' | 'int' | 'bool' | 'trigger';
export const PARAM_TYPES: readonly ParamType[] = ['float', 'int', 'bool', 'trigger'];

export interface ParamDefinition {
  /** An identifier: a letter or `_`, then letters, digits or `_`. */
  name: string;
  type: ParamType;
  /** Starting value: a number for float and int, true/false (or 1/0) for bool and trigger. */
  value?: number | boolean;
}

/** `1d` blends along x; `directional` is 2D freeform directional (polar gradient bands); `cartesian` 2D freeform cartesian. */
export type BlendSpaceType = '1d' | 'directional' | 'cartesian';
export const BLEND_SPACE_TYPES: readonly BlendSpaceType[] = ['1d', 'directional', 'cartesian'];

export interface BlendPointDefinition {
  /** Logical clip name. */
  clip: string;
  x: number;
  /** Used by the 2D types; 0 when left out. */
  y?: number;
}

export interface BlendSpaceDefinition {
  /** Param (float or int) for the x axis. */
  x: string;
  /** Param for the y axis (2D types). */
  y?: string;
  /** Default `1d` without `y`, `directional` with it. */
  type?: BlendSpaceType;
  points: BlendPointDefinition[];
}

/**
 * The one `loop` of the library: `repeat` wraps, `once` plays through and holds its last frame, `pingpong`
 * plays forward then back (each pass a loop), `clamp` holds at the edge it reached and plays back at once
 * when its speed turns negative.
 */
export type LoopMode = WrapMode;
export const LOOP_MODES: readonly LoopMode[] = ['repeat', 'once', 'pingpong', 'clamp'];

export interface StateDefinition {
  name: string;
  /** Logical clip name. A state with neither clip nor blend space is empty: it plays nothing (lower layers show through). */
  clip?: string;
  blend?: BlendSpaceDefinition;
  /** How it wraps at the ends of its play window, as a clip's `loop`. Default `repeat`. */
  loop?: LoopMode;
  /** Playback rate, or the name of a float/int param whose value is the rate. Default 1. */
  speed?: number | string;
  /**
   * Play window in each clip: seconds (a number, or `"0.4s"` / `"400ms"`), or a percentage of the clip's
   * length (`"40%"`). Resolved when the graph is bound to a character's clips. Default the whole clip.
   */
  start?: number | string;
  end?: number | string;
  /** The layer's entry state (default: the layer's first state). */
  default?: boolean;
  /** Layer name; default the base layer. */
  layer?: string;
}

export type InterruptionSource =
  | 'none'
  | 'source'
  | 'destination'
  | 'source-then-destination'
  | 'destination-then-source';
export const INTERRUPTION_SOURCES: readonly InterruptionSource[] = [
  'none',
  'source',
  'destination',
  'source-then-destination',
  'destination-then-source',
];

export type Ease = 'linear' | 'ease-in' | 'ease-out' | 'ease-in-out';
export const EASES: readonly Ease[] = ['linear', 'ease-in', 'ease-out', 'ease-in-out'];

export interface TransitionDefinition {
  /** A state name, or `*` for any state of the destination's layer. */
  from: string;
  to: string;
  /** Condition over params, e.g. `speed > 0.1 && grounded`. Omitted: always true (use with exitTime). */
  when?: string;
  /** Crossfade seconds. Default 0.25. */
  fade?: number;
  /**
   * Normalized time of the source state the transition waits for. Below 1 it is checked on every loop
   * (0.75 fires each time a loop passes 75%); at 1 or more once, after that many loops (2.5 = two and a half).
   */
  exitTime?: number;
  /** Curve of the crossfade weight. Default linear. */
  ease?: Ease;
  /**
   * `crossfade` (the default) samples both states over `fade`; `inertial` switches to the destination at
   * once and decays the difference from the pose shown before (its offset and velocity) over `fade`.
   */
  blend?: TransitionBlend;
  /** Which transitions may interrupt this one while it fades. Default none. */
  interrupt?: InterruptionSource;
  /** Higher is tried first; ties keep document order. Default 0. */
  priority?: number;
}

export type LayerBlend = 'override' | 'additive';

export interface LayerDefinition {
  name: string;
  /** `upper-body`, `lower-body`, or joint names (each with its subtree); resolved against a skeleton when bound. */
  mask?: string | string[];
  /** 0–1, or the name of a float param. Default 1. */
  weight?: number | string;
  /** Default override. Additive layers add each clip's difference from its first frame. */
  blend?: LayerBlend;
}

export interface GraphDefinition {
  params?: ParamDefinition[];
  /** The base layer is implicit (named `base`); declare it only to name its mask. Others stack in order. */
  layers?: LayerDefinition[];
  states: StateDefinition[];
  transitions?: TransitionDefinition[];
  /** Logical clip name → the character's clip name. Unbound names fall back to a clip of the same name. */
  clips?: Record<string, string>;
}

export const BASE_LAYER = 'base';
export const DEFAULT_FADE = 0.25;
