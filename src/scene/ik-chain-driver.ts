import {
  buildChain,
  chainJoints,
  type IkChain,
  type IkSolver,
  ikWeight,
  naturalLimits,
  POLE_DIRECTION,
  POLE_NONE,
  POLE_POINT,
  type Pose,
  type RawConstraint,
  restForwardAxis,
  solveChain,
} from '../runtime/core.js';
import type { CharacterRig } from './character-rig.js';
import { humanoidOf, type RigChoice } from './clip-sources.js';
import { asCoded } from './coded-error.js';
import { IkPoint } from './ik-point.js';
import { MODIFIER_ORDER, type ModelPoseModifier } from './pose-pipeline.js';

/** How a chain is made: everything but its weight, target and pole, which may change every frame. */
export interface IkChainSettings {
  /** Bone names root to tip, or "Root..Tip". */
  bones: string | readonly string[];
  solver: IkSolver;
  /** Humanoid limits on the chain's bones the humanoid map knows (see naturalLimits). */
  natural: boolean;
  /** Limits by bone name, over the natural ones. */
  limits: Readonly<Record<string, RawConstraint>>;
  /** How the character's bones map onto the humanoid (for natural limits). */
  humanoid: RigChoice;
  iterations: number;
  /** Metres; look-at: the aim's miss one metre out. */
  tolerance: number;
  /** Look-at: radians. */
  maxAngle: number;
  /** Look-at: the tip's aiming axis in its own frame; null for the character's front at rest. */
  axis: readonly number[] | null;
}

/**
 * One IK chain on a character rig, solved each frame after forward kinematics (and after foot IK) with its
 * own solver toward its target: weight = chain weight × target weight (1 while the target is found, 0
 * while not), so a chain with no chain, no target or weight 0 leaves the animated pose exactly as it was.
 *
 * The pole bends two-bone limbs and FABRIK and CCD chains: a point followed in the world (`pole`), or a direction in the character's
 * own frame (`poleDirection`, turned with it each frame); neither keeps the animated bend.
 */
export class IkChainDriver implements ModelPoseModifier {
  /** Runs among the rig's model modifiers at this place (see MODIFIER_ORDER). */
  readonly order = MODIFIER_ORDER.ikChain;
  readonly rig: CharacterRig;
  /** Null until built, and after a failed build (the pose is then left alone). */
  chain: IkChain | null = null;
  weight = 1;
  readonly target = new IkPoint();
  readonly pole = new IkPoint();
  /** A pole direction in the character's frame, used when `pole` is not set; null for none. */
  poleDirection: Float64Array | null = null;
  /** Whether the last solve reached its target (within tolerance; false while anything is missing). */
  reached = false;
  /** Whether the target was found on the last frame. */
  targetFound = false;

  readonly #goal = new Float64Array(3);

  constructor(rig: CharacterRig) {
    this.rig = rig;
  }

  /**
   * Builds the chain on the rig's skeleton. On failure the chain is dropped (the pose is left alone) and the
   * error thrown.
   * @throws CodedError `unknown-bone`, `bad-chain`, `bad-constraint`, `no-humanoid` (natural limits on a
   * model without humanoid bones).
   */
  build(settings: IkChainSettings): void {
    this.chain = null;
    const { asset } = this.rig.binding;
    const skeleton = asset.skeleton;
    try {
      const joints = chainJoints(skeleton, settings.bones);
      const limits: Record<string, RawConstraint> = settings.natural
        ? naturalLimits(skeleton, joints, humanoidOf(asset, settings.humanoid, 'natural limits').map)
        : {};
      Object.assign(limits, settings.limits);
      const tip = joints[joints.length - 1];
      this.chain = buildChain(skeleton, settings.bones, {
        solver: settings.solver,
        limits,
        iterations: settings.iterations,
        tolerance: settings.tolerance,
        maxAngle: settings.maxAngle,
        aimAxis: settings.axis ?? restForwardAxis(skeleton, tip),
      });
    } catch (error) {
      throw asCoded(error);
    }
  }

  attach(): void {
    if (!this.rig.modelModifiers.includes(this)) this.rig.modelModifiers.push(this);
  }

  detach(): void {
    const list = this.rig.modelModifiers;
    const i = list.indexOf(this);
    if (i >= 0) list.splice(i, 1);
  }

  apply(model: Float32Array, _dt: number, pose: Pose, root: Float32Array): void {
    const chain = this.chain;
    this.targetFound = this.target.read(this.#goal);
    if (!chain) {
      this.reached = false;
      return;
    }
    if (this.pole.read(chain.pole)) chain.poleMode = POLE_POINT;
    else if (this.poleDirection) {
      // the character's frame to the world: the root matrix's rotation (scale drops out when normalized)
      const d = this.poleDirection;
      const p = chain.pole;
      p[0] = root[0] * d[0] + root[4] * d[1] + root[8] * d[2];
      p[1] = root[1] * d[0] + root[5] * d[1] + root[9] * d[2];
      p[2] = root[2] * d[0] + root[6] * d[1] + root[10] * d[2];
      chain.poleMode = POLE_DIRECTION;
    } else chain.poleMode = POLE_NONE;
    const weight = ikWeight(1, this.weight, this.targetFound ? 1 : 0);
    this.reached = weight > 0 && solveChain(chain, pose, model, root, this.#goal, weight);
  }
}
