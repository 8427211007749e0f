import {
  AnimError,
  buildFootIk,
  type FootIk,
  footProbes,
  type LegNames,
  legsFromHumanoid,
  type Pose,
  PROBE_STRIDE,
  solveFootIk,
} from '../runtime/core.js';
import { length3 } from '../runtime/length.js';
import type { CharacterRig } from './character-rig.js';
import { asCoded, CodedError } from './coded-error.js';
import { type GroundProbe, groundProbeOf } from './ground-probe.js';
import { IkChainDriver } from './ik-chain-driver.js';
import { MODIFIER_ORDER, type ModelPoseModifier } from './pose-pipeline.js';
import type { Stage } from './stage.js';

/** Probes start this share of a leg's length above the animated sole (so a foot can step up onto a kerb)… */
const PROBE_RISE = 0.5;
/** …and reach this share of a leg's length below their start. */
const PROBE_DEPTH = 1.5;

/** The legs of the rig's humanoid map; undefined when it has none (buildFootIk then finds legs by name). */
function humanoidLegs(rig: CharacterRig): LegNames[] | undefined {
  try {
    return legsFromHumanoid(rig.binding.asset.skeleton, rig.humanoid('foot IK').map);
  } catch (error) {
    if (error instanceof AnimError || error instanceof CodedError) return undefined;
    throw error;
  }
}

/**
 * Foot IK on a character rig: each frame, after the pose is sampled and blended (root motion included) and
 * before skinning, it casts down from the animated heels and balls to the stage's ground (see GroundProbe)
 * and runs the runtime's foot IK: legs re-planted by two-bone IK, the pelvis lowered when a foot must reach
 * down, the correction blended in by each foot's plant weight, planted soles turned to the ground.
 *
 * It stands aside (the animated pose untouched) while `airborne` is set, or the rig's own `airborne` or
 * `verticalHandoff` (set by a controller). Foot IK runs before any IK chain of the same rig, since lowering
 * the pelvis moves everything above it. Nothing is allocated per frame.
 */
export class FootIkDriver implements ModelPoseModifier {
  /** Runs among the rig's model modifiers at this place (see MODIFIER_ORDER). */
  readonly order = MODIFIER_ORDER.footIk;
  readonly footIk: FootIk;
  /** Scales every foot's plant weight, 0–1. */
  weight = 1;
  /** Set by the page (a scripted jump) while the character is in the air. */
  airborne = false;

  readonly #rig: CharacterRig;
  readonly #ground: GroundProbe;
  readonly #probes: Float32Array;
  /** The ray cast down from one probe: x, y, z, depth (see GroundProbe.castDown). */
  readonly #ray = new Float64Array(4);
  readonly #rise: number;
  readonly #depth: number;

  /**
   * Binds foot IK to a rig's skeleton: the legs of its humanoid map (so its `rig` names them), else of a rig
   * with legs but no full humanoid, found by their names.
   * @throws CodedError `unknown-bone` when the legs cannot be found, `bad-chain` when they are not hip → knee → ankle.
   */
  constructor(rig: CharacterRig, stage: Stage) {
    const { skeleton } = rig.binding.asset;
    try {
      this.footIk = buildFootIk(skeleton, { legs: humanoidLegs(rig) });
    } catch (error) {
      throw asCoded(error, 'foot IK: ');
    }
    this.#rig = rig;
    this.#ground = groundProbeOf(stage);
    this.#probes = new Float32Array(this.footIk.legs.length * 6);
    let reach = 0;
    for (const leg of this.footIk.legs) reach = Math.max(reach, leg.reach);
    this.#rise = PROBE_RISE * reach;
    this.#depth = PROBE_DEPTH * reach;
  }

  /** Runs before the rig's IK chains (call once). */
  attach(): void {
    const list = this.#rig.modelModifiers;
    const firstChain = list.findIndex((m) => m instanceof IkChainDriver);
    if (firstChain < 0) list.push(this);
    else list.splice(firstChain, 0, this);
  }

  detach(): void {
    const list = this.#rig.modelModifiers;
    const i = list.indexOf(this);
    if (i >= 0) list.splice(i, 1);
  }

  apply(model: Float32Array, dt: number, pose: Pose, root: Float32Array): void {
    const ik = this.footIk;
    const rig = this.#rig;
    ik.airborne = this.airborne || rig.airborne;
    ik.verticalHandoff = rig.verticalHandoff;
    if (!ik.airborne && !ik.verticalHandoff && this.weight > 0) {
      const probes = this.#probes;
      footProbes(ik, model, probes);
      // the rig's scale reaches the legs too
      const scale = length3(root[4], root[5], root[6]);
      const n = probes.length / 3;
      const ray = this.#ray;
      for (let k = 0; k < n; k++) {
        ray[0] = probes[k * 3];
        ray[1] = probes[k * 3 + 1] + this.#rise * scale;
        ray[2] = probes[k * 3 + 2];
        ray[3] = this.#depth * scale;
        this.#ground.castDown(ray, 0, ik.ground, k * PROBE_STRIDE);
      }
    }
    solveFootIk(ik, pose, model, root, dt, this.weight);
  }
}
