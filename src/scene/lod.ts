import { type PerspectiveCamera, Sphere } from 'three';
import type { Actor } from './actor.js';
import { ViewFrustum } from './view-frustum.js';

/**
 * How often a character is posed (sampled, blended, IK-solved, skinned), chosen each frame by the stage:
 * - `full`: every frame (the character nearest the camera always is);
 * - `half`, `quarter`: every 2nd or 4th frame, the pose held (riding its root) in between;
 * - `culled`: outside the camera's view, never posed.
 * Whatever the tier, every frame advances the character's clocks, graph, events and root motion exactly,
 * so a pose taken after skipped frames equals the one a full-rate twin shows at that time.
 */
export const RIG_TIERS = ['full', 'half', 'quarter', 'culled'] as const;
export type RigTier = (typeof RIG_TIERS)[number];

/**
 * The stage's tier rule: off (every character full rate), or the screen-height fractions of the thresholds:
 * a character whose bounds' projected height is at least `full` of the view's is posed every frame, at
 * least `half` every 2nd frame, below it every 4th.
 */
export interface LodSettings {
  readonly enabled: boolean;
  /** Fraction of the view's height (0–1) from which a character is posed every frame. */
  readonly full: number;
  /** Fraction of the view's height (0–1, at most `full`) from which it is posed every 2nd frame. */
  readonly half: number;
}

export const DEFAULT_LOD: LodSettings = { enabled: true, full: 0.15, half: 0.05 };
export const LOD_OFF: LodSettings = { enabled: false, full: DEFAULT_LOD.full, half: DEFAULT_LOD.half };

/** What the stage asks of a character to choose its tier (a CharacterRig). */
export interface LodSubject extends Actor {
  /**
   * Conservative world bounds of everything the character may draw this frame, into `out`; returns the
   * radius of the character's own size (its rest pose, scaled), which the tiers measure. -1 when it cannot
   * be held or culled now (a ragdoll drives it, or it has no bounds): it is then posed every frame.
   */
  lodSphere(out: Sphere): number;
  /** A small number fixed per character: which frames of a reduced-rate cycle are its own (the stagger). */
  readonly lodSlot: number;
  /** Told each frame before it updates: its tier and whether this frame is one of its posed ones. */
  setTier(tier: RigTier, due: boolean): void;
}

function isSubject(actor: Actor): actor is LodSubject {
  return typeof (actor as Partial<LodSubject>).setTier === 'function';
}

const PERIOD: Record<RigTier, number> = { full: 1, half: 2, quarter: 4, culled: 0 };

/**
 * The stage's per-frame tier pass, run after the control phase and before the characters pose: each
 * character's bounds tested against the camera's frustum, measured in projected height, the nearest one
 * in view kept at full rate, and the reduced-rate ones spread over the frames of their cycle by their
 * slots so the work is even. Allocates nothing per frame once the subject list has grown.
 */
export class LodPass {
  settings: LodSettings = DEFAULT_LOD;
  /**
   * Frames that moved time so far (the stagger's clock). A redraw (dt 0) does not count: how many the page
   * asked for (a load, a resize) must not shift which frames pose whom.
   */
  frame = 0;
  /** Characters posed by the last pass's decision, per tier (for stats and tests). */
  readonly counts: Record<RigTier, number> = { full: 0, half: 0, quarter: 0, culled: 0 };

  readonly #frustum = new ViewFrustum();
  readonly #sphere = new Sphere();
  /** This frame's subjects; emptied to null after the pass (keeping the array's room: no allocation per frame). */
  readonly #subjects: (LodSubject | null)[] = [];
  /** Per subject: its tier index (RIG_TIERS), -1 for one that cannot be tiered; then its distance. */
  #tiers = new Int8Array(64);
  #distances = new Float64Array(64);
  #count = 0;
  #camera: PerspectiveCamera | null = null;
  #nextSlot = 0;

  /**
   * A stagger slot for a character joining this stage: consecutive ones take consecutive frames of a cycle,
   * numbered per stage so that what else the page holds does not move them.
   */
  takeSlot(): number {
    return this.#nextSlot++ & 0xffff;
  }

  /** Chooses every character's tier for the coming frame, which advances time by `dt` seconds. */
  run(camera: PerspectiveCamera, actors: Set<Actor>, dt: number): void {
    if (dt > 0) this.frame++;
    this.#count = 0;
    actors.forEach(this.#collect);
    const n = this.#count;
    const subjects = this.#subjects;
    const counts = this.counts;
    counts.full = counts.half = counts.quarter = counts.culled = 0;
    if (!this.settings.enabled) {
      for (let i = 0; i < n; i++) subjects[i]!.setTier('full', true);
      counts.full = n;
      subjects.fill(null, 0, n);
      return;
    }
    this.#camera = camera;
    this.#frustum.setFromCamera(camera);
    let nearest = -1;
    for (let i = 0; i < n; i++) {
      this.#classify(i);
      if (this.#tiers[i] >= 0 && this.#tiers[i] < 3 && (nearest < 0 || this.#distances[i] < this.#distances[nearest]))
        nearest = i;
    }
    for (let i = 0; i < n; i++) {
      const t = this.#tiers[i];
      const tier = i === nearest || t < 0 ? 'full' : RIG_TIERS[t];
      const period = PERIOD[tier];
      const subject = subjects[i]!;
      subject.setTier(tier, period === 1 || (period > 1 && (this.frame + subject.lodSlot) % period === 0));
      counts[tier]++;
    }
    // no references kept to actors that may leave the stage
    subjects.fill(null, 0, n);
    this.#camera = null;
  }

  readonly #collect = (actor: Actor): void => {
    if (!isSubject(actor)) return;
    if (this.#count >= this.#tiers.length) {
      const grown = this.#tiers.length * 2;
      this.#tiers = new Int8Array(grown);
      this.#distances = new Float64Array(grown);
    }
    this.#subjects[this.#count++] = actor;
  };

  /** Tier index of subject i (-1: not tiered) and its distance from the camera. */
  #classify(i: number): void {
    const sphere = this.#sphere;
    const camera = this.#camera!;
    const size = this.#subjects[i]!.lodSphere(sphere);
    if (!(size >= 0)) {
      this.#tiers[i] = -1;
      return;
    }
    const { center } = sphere;
    if (!this.#frustum.intersectsSphere(center.x, center.y, center.z, sphere.radius)) {
      this.#tiers[i] = 3;
      return;
    }
    const distance = camera.position.distanceTo(sphere.center);
    this.#distances[i] = distance;
    // the character's size (its rest pose's diameter) over the view's height at that distance
    const viewHeight = (2 * distance * Math.tan((camera.fov * Math.PI) / 360)) / camera.zoom;
    const height = distance <= sphere.radius ? 1 : (2 * size) / viewHeight;
    const { full, half } = this.settings;
    this.#tiers[i] = height >= full ? 0 : height >= half ? 1 : 2;
  }
}
