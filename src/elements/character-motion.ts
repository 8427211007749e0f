/**
 * Where `<anim-character>` stands and how it moves: `position`, `heading`, `scale`, `height`, the `root-motion`
 * attribute's grammar and settings (`root-bone`, `vertical-handoff`, `groundSpeed`), the root-motion
 * report, and `warp()` with its `<anim-warp>` lookup and target checks.
 */

import { type WarpTarget, wrapAngle } from '../runtime/core.js';
import { describeValue } from '../runtime/describe-value.js';
import type { CharacterRig } from '../scene/character-rig.js';
import type { RigPlacement } from '../scene/rig-placement.js';
import { ROOT_MOTION_MODES, type RootMotionMode } from '../scene/root-motion-modes.js';
import type { AnimWarp } from './anim-warp.js';
import { reportError } from './errors.js';
import type { Parsed, Vector3Tuple } from './units.js';

export interface RootMotionSetting {
  mode: RootMotionMode;
  /** Only horizontal motion is extracted; the vertical stays in the skeleton. */
  planar: boolean;
  /** Turning about the vertical is extracted too. */
  yaw: boolean;
  /** `auto`: shown in place (horizontal motion extracted, not applied) with a ground trail. */
  auto?: boolean;
}

export const ROOT_MOTION_OFF: RootMotionSetting = { mode: 'off', planar: false, yaw: false };
/** The default: a walk stays in frame, its motion shown by the ground trail (and the debug arrow). */
export const ROOT_MOTION_AUTO: RootMotionSetting = { mode: 'expose', planar: true, yaw: false, auto: true };

/**
 * `auto`, or `off` | `apply` | `expose` with `planar` and `yaw` in any order; a bare flag (`""`, `planar`)
 * means `apply`.
 */
export function parseRootMotion(text: string): Parsed<RootMotionSetting> {
  if (text.trim().toLowerCase() === 'auto') return { ok: true, value: ROOT_MOTION_AUTO };
  const setting: RootMotionSetting = { mode: 'apply', planar: false, yaw: false };
  let modes = 0;
  for (const token of text.trim().toLowerCase().split(/\s+/).filter(Boolean)) {
    if ((ROOT_MOTION_MODES as readonly string[]).includes(token)) {
      setting.mode = token as RootMotionMode;
      modes++;
    } else if (token === 'planar') setting.planar = true;
    else if (token === 'yaw') setting.yaw = true;
    else return { ok: false, message: `"${text}": "${token}" is not auto, off, apply, expose, planar or yaw` };
  }
  if (modes > 1) return { ok: false, message: `"${text}" names more than one of off, apply, expose` };
  return { ok: true, value: setting };
}

export function formatRootMotion(setting: RootMotionSetting): string {
  if (setting.auto) return 'auto';
  return [setting.mode, setting.planar ? 'planar' : '', setting.yaw ? 'yaw' : ''].filter(Boolean).join(' ');
}

/** One frame's root motion in the character's own frame: metres along its axes, degrees about its vertical. */
export interface RootMotionDelta {
  dx: number;
  dy: number;
  dz: number;
  dyaw: number;
}

/** The rig's last delta as a fresh object (zeros when there is no rig). */
export function rootMotionOf(rig: CharacterRig | undefined): RootMotionDelta {
  const d = rig?.rootMotion.delta;
  return d ? { dx: d[0], dy: d[1], dz: d[2], dyaw: (d[3] * 180) / Math.PI } : { dx: 0, dy: 0, dz: 0, dyaw: 0 };
}

/**
 * A warp target as a page gives it to `warp()`: the runtime's one shape, with `yaw` and `yawOffset` in
 * degrees (the element API's angles, as `heading`), converted to radians here.
 */
export type WarpTargetInput = WarpTarget;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optionalFinite = (v: unknown) => v === undefined || finite(v);
const toRadians = (degrees: number | undefined) => (degrees === undefined ? undefined : (degrees * Math.PI) / 180);

/** Checks page-given targets and converts their angles to radians; a message naming the bad one otherwise. */
export function parseWarpTargets(input: unknown, count: number): Parsed<WarpTarget[]> {
  const text = describeValue(input);
  if (!Array.isArray(input)) return { ok: false, message: `targets ${text} is not an array of {x, y, z, yaw}` };
  if (input.length !== count) {
    return { ok: false, message: `${input.length} target(s) for ${count} window(s): give one target per window` };
  }
  const targets: WarpTarget[] = [];
  for (const [i, t] of input.entries()) {
    const o = (t as WarpTargetInput | null)?.offset;
    const good =
      t !== null &&
      typeof t === 'object' &&
      finite(t.x) &&
      finite(t.y) &&
      finite(t.z) &&
      optionalFinite(t.yaw) &&
      optionalFinite(t.yawOffset) &&
      (o === undefined || (typeof o === 'object' && o !== null && [o.x, o.y, o.z].every(optionalFinite)));
    if (!good) return { ok: false, message: `target ${i} ${describeValue(t)} needs finite x, y, z (and yaw) numbers` };
    targets.push({ x: t.x, y: t.y, z: t.z, yaw: toRadians(t.yaw), offset: o, yawOffset: toRadians(t.yawOffset) });
  }
  return { ok: true, value: targets };
}

/**
 * Starts the warp `name` (an `<anim-warp>` child of `host`) on `rig`. Reports `unknown-clip` for a name no
 * `<anim-warp>` has (or a clip the character lacks) and `bad-warp` for targets that do not fit; returns
 * the `<anim-warp>` when the warp started.
 */
export function startWarp(host: Element, rig: CharacterRig | undefined, name: string, input: unknown): AnimWarp | null {
  const warps = [...host.querySelectorAll<AnimWarp>(':scope > anim-warp')];
  const warp = warps.find((w) => w.warpName === name);
  if (!warp) {
    const known = warps.map((w) => w.warpName).join(', ') || 'none';
    reportError(host, 'unknown-clip', `warp("${name}"): no <anim-warp> of that name (warps: ${known})`);
    return null;
  }
  const windows = warp.definition;
  const targets = parseWarpTargets(input, windows.length);
  if (!targets.ok) {
    reportError(host, 'bad-warp', `warp("${name}"): ${targets.message}`);
    return null;
  }
  if (!rig) {
    reportError(host, 'unknown-clip', `warp("${name}"): no model loaded yet`);
    return null;
  }
  const result = rig.warp(warp.clip, windows, targets.value);
  if (result === 'unknown') {
    reportError(host, 'unknown-clip', `warp("${name}") plays "${warp.clip}", which the character lacks`);
    return null;
  }
  if (result === 'bad-targets') {
    reportError(host, 'bad-warp', `warp("${name}"): the targets do not fit its windows`);
    return null;
  }
  return warp;
}

const ORIGIN: Vector3Tuple = [0, 0, 0];

/**
 * The character's placement and root-motion settings, kept while no model is bound and handed to each rig
 * bound. Where it stands outlives a model: a model loaded later stands where the last one got to.
 */
export class CharacterMotion {
  readonly #host: Element;
  position: Vector3Tuple = ORIGIN;
  /** Degrees about the vertical. */
  heading = 0;
  scale = 1;
  /** The height to stand at in metres, the model scaled to it (then by `scale`); null: the model's own size. */
  height: number | null = null;
  setting: RootMotionSetting = ROOT_MOTION_AUTO;
  rootBone: string | null = null;
  verticalHandoff = false;
  groundSpeed: number | null = null;
  /** A crowd's steering placing the character (see RigPlacement); handed to every rig bound. */
  placement: RigPlacement | null = null;
  /** The unknown root bone last reported, so settings applied again do not repeat the error. */
  #reportedBone: string | null = null;

  constructor(host: Element) {
    this.#host = host;
  }

  /** Where the character stands now: the rig's root when bound. */
  positionOf(rig: CharacterRig | undefined): Vector3Tuple {
    const root = rig?.root;
    return root ? [root.position.x, root.position.y, root.position.z] : this.position;
  }

  /** Its heading now in degrees, (−180, 180]. */
  headingOf(rig: CharacterRig | undefined): number {
    const root = rig?.root;
    return root ? (wrapAngle(root.rotation.y) * 180) / Math.PI : this.heading;
  }

  /** A new root bone: reported again if unknown. */
  setRootBone(name: string | null): void {
    this.rootBone = name;
    this.#reportedBone = null;
  }

  /** Hands the root-motion settings to the rig; an unknown root bone is reported and the default used. */
  apply(rig: CharacterRig): void {
    const { mode, planar, yaw } = this.setting;
    rig.rootMotion.configure(mode, planar, yaw);
    if (!rig.rootMotion.setJoint(this.rootBone)) {
      rig.rootMotion.setJoint(null);
      if (this.#reportedBone !== this.rootBone) {
        this.#reportedBone = this.rootBone;
        const known = rig.boneNames.slice(0, 12).join(', ');
        reportError(this.#host, 'unknown-bone', `root-bone: no bone "${this.rootBone}" (bones: ${known}, …)`);
      }
    }
    rig.verticalHandoff = this.verticalHandoff;
    rig.groundSpeed = this.groundSpeed ?? Number.NaN;
  }

  /** Puts the rig's root where the character stands, facing its heading, at its scale. */
  place(rig: CharacterRig): void {
    const { root } = rig;
    root.position.set(...this.position);
    root.rotation.set(0, (this.heading * Math.PI) / 180, 0);
    root.scale.setScalar(this.scaleOf(rig));
    rig.placement = this.placement;
  }

  /** The root's scale on `rig`: `scale`, times what brings the model's rest height to `height` when one is set. */
  scaleOf(rig: CharacterRig): number {
    const rest = this.height === null ? 0 : rig.restHeight;
    return rest > 0 ? (this.scale * this.height!) / rest : this.scale;
  }

  /** Keeps where the rig got to, for the next model. */
  keep(rig: CharacterRig): void {
    this.position = this.positionOf(rig);
    this.heading = this.headingOf(rig);
  }
}
