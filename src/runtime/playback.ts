import { applyAdditive, blendLayers, makeAdditive } from './blend.js';
import type { ClipBinding } from './clip.js';
import { crossedEvents } from './clip-events.js';
import { advanceClock, type Clock, createClock, MAX_SEGMENTS, moveClock, resetClock } from './clock.js';
import { EventColumns } from './event-columns.js';
import { Inertializer } from './inertialize.js';
import { type PlaybackStretch, sharedPlaybackBlock } from './playback-block.js';
import { copyPose, createPose, type Pose, poseSize } from './pose.js';
import type { RootMotion } from './root-motion.js';
import { type SampleCache, sampleClip } from './sample.js';
import { ScratchPoses } from './scratch-poses.js';
import type { Skeleton } from './skeleton.js';
import type { TransitionBlend } from './transition-blends.js';
import type { WrapMode } from './wrap-modes.js';

/** A clip as a playback knows it: its binding, its play defaults and its timed events. */
export interface PlaybackClip {
  binding: ClipBinding;
  /** Play window in seconds (default the whole clip). */
  start?: number;
  end?: number;
  loop?: WrapMode;
  speed?: number;
  /** Event times in seconds, ascending. */
  eventTimes?: Float32Array;
  /**
   * Per-joint weights (0–1): the clip plays as an overlay on these joints only, over whatever the other
   * clips play (an upper-body wave over a walk).
   */
  mask?: Float32Array | null;
  /**
   * The clip plays as an overlay that adds its motion (its difference from its own first frame) to what the
   * other clips play, on the joints of `mask` (every joint without one).
   */
  additive?: boolean;
}

export interface PlayOptions {
  /** Crossfade seconds (default the playback's `defaultFade`). */
  fade?: number;
  /** Multiplies the clip's own speed; negative plays backwards. */
  speed?: number;
  loop?: WrapMode;
  /** Play window in seconds, overriding the clip's. */
  start?: number;
  end?: number;
  /** `crossfade` (the default) or `inertial`: switch at once and decay the difference over `fade`. */
  blend?: TransitionBlend;
}

/** Kinds of notification a playback queues during update. */
export const LOOP = 0;
export const FINISH = 1;
export const CLIP_EVENT = 2;

/** Most clips blending at once; asking for more replaces the faintest fading one. */
export const MAX_SLOTS = 4;
const EVENT_CAPACITY = 128;

/** Floats of a slot's fade state in the playback's block: clip, overlay, weight, fade from, to, elapsed, duration. */
const SLOT_FIELDS = 8;
/** Crossed-event scratch, used within one update (no playback's update runs inside another's). */
const crossedScratch = /* @__PURE__ */ new Int32Array(EVENT_CAPACITY);

/** One of a playback's blending clips; its numbers live in the playback's block (PlaybackBlock). */
class Slot {
  constructor(
    /** The playback's block stretch; the slot's fields are [at, at + SLOT_FIELDS). */
    private readonly state: Float64Array,
    private readonly at: number,
    readonly clock: Clock,
  ) {
    state[at] = -1;
  }
  get clip(): number {
    return this.state[this.at];
  }
  set clip(value: number) {
    this.state[this.at] = value;
  }
  /** Playing as an overlay (a masked or additive clip): it layers over the other clips, not in their crossfade. */
  get overlay(): boolean {
    return this.state[this.at + 1] !== 0;
  }
  set overlay(value: boolean) {
    this.state[this.at + 1] = value ? 1 : 0;
  }
  get weight(): number {
    return this.state[this.at + 2];
  }
  set weight(value: number) {
    this.state[this.at + 2] = value;
  }
  get fadeFrom(): number {
    return this.state[this.at + 3];
  }
  set fadeFrom(value: number) {
    this.state[this.at + 3] = value;
  }
  get fadeTo(): number {
    return this.state[this.at + 4];
  }
  set fadeTo(value: number) {
    this.state[this.at + 4] = value;
  }
  get fadeElapsed(): number {
    return this.state[this.at + 5];
  }
  set fadeElapsed(value: number) {
    this.state[this.at + 5] = value;
  }
  get fadeDuration(): number {
    return this.state[this.at + 6];
  }
  set fadeDuration(value: number) {
    this.state[this.at + 6] = value;
  }
}

/**
 * Plays a skeleton's clips with crossfades. `play` is idempotent: asking for the clip already playing or
 * fading in does nothing, so a script may call it every frame. Each `update(dt)` advances the clocks and
 * fades, samples every live clip and blends them into `pose`, and queues loop, finish and clip-event
 * notifications (read them from `events*` up to `eventCount`). Nothing is allocated after construction
 * but the state of the first inertial blend (see Inertializer).
 *
 * A clip with a mask or marked additive plays as an overlay: playing it crossfades among overlays only and
 * leaves the base clip playing; it is layered over the base each frame (masked, or added), contributes no
 * root motion, and fades out by itself when a `once` overlay finishes.
 */
export class Playback {
  readonly pose: Pose;
  /** Crossfade seconds when play() is given none. */
  defaultFade = 0.25;
  /** Multiplies every clip's speed; negative plays backwards. */
  speed = 1;
  /** When set, root motion is extracted from every live clip each update (see RootMotion). */
  rootMotion: RootMotion | null = null;

  /** Queued notifications from the last update: kind, clip index, loop count or event index, time. */
  readonly events = new EventColumns(EVENT_CAPACITY, 2, 1);
  readonly eventKinds = this.events.kind;
  readonly eventClips = this.events.ints[0];
  readonly eventValues = this.events.ints[1];
  readonly eventTimes = this.events.floats[0];

  /** The slots' poses and the rest pose, shared with every playback of the skeleton (see ScratchPoses). */
  private readonly scratch: ScratchPoses;
  /** Each additive clip's first pose (of its play window), the pose its motion is measured from. */
  private readonly references: (Pose | null)[];
  private readonly slots: Slot[] = [];
  private readonly caches: SampleCache[];
  private readonly crossed = crossedScratch;
  /** This playback's stretch of its shape's shared block: slots, clock segments, key cursors, poses. */
  private readonly stretch: PlaybackStretch;
  private current: Slot | null = null;
  private currentOverlay: Slot | null = null;
  /** The current clip's time while something holds it (see drive), and the one it was moved to last. */
  private driven = Number.NaN;
  private drivenLast = Number.NaN;
  /** Inertial transitions of the base clips (it also keeps the last two poses shown). */
  private readonly inertia: Inertializer;
  /** Seconds since the pose was last shown (frames not posed add up here). */
  private skipped = 0;

  constructor(
    readonly skeleton: Skeleton,
    readonly clips: readonly PlaybackClip[],
    weightCount = 0,
    defaultWeights?: Float32Array,
  ) {
    const size = poseSize(skeleton.jointCount, weightCount);
    let keys = 0;
    for (const c of clips) keys += c.binding.clip.timelines.length;
    // f64: slot fades, clock segments; i32: key cursors (clip i's from its cache's `at`); f32: the pose
    const segments = MAX_SEGMENTS * 4;
    this.stretch = sharedPlaybackBlock(MAX_SLOTS * (SLOT_FIELDS + segments), keys, size).take();
    const { f64, i32 } = this.stretch;
    this.pose = createPose(skeleton.jointCount, weightCount, this.stretch.f32, 0);
    this.scratch = ScratchPoses.of(skeleton, weightCount, defaultWeights, MAX_SLOTS);
    copyPose(this.scratch.rest, this.pose);
    this.inertia = new Inertializer(skeleton.jointCount, weightCount);
    this.inertia.reset(this.pose);
    let at = 0;
    this.caches = clips.map((c) => {
      const cache = { keys: i32, at };
      at += c.binding.clip.timelines.length;
      return cache;
    });
    this.references = clips.map((c, i) => {
      if (!c.additive) return null;
      const reference = createPose(skeleton.jointCount, weightCount);
      copyPose(this.scratch.rest, reference);
      sampleClip(c.binding, c.start ?? 0, this.caches[i], reference);
      return reference;
    });
    for (let i = 0; i < MAX_SLOTS; i++) {
      const from = MAX_SLOTS * SLOT_FIELDS + i * segments;
      const clock = createClock(f64.subarray(from, from + segments));
      this.slots.push(new Slot(f64, i * SLOT_FIELDS, clock));
    }
  }

  /**
   * Gives this playback's memory back to its block for the next playback of its shape. The playback, its
   * pose and its clocks must not be used after.
   */
  dispose(): void {
    this.stretch.release();
  }

  /** Index of the clip playing or fading in, -1 when none. */
  get currentClip(): number {
    return this.current ? this.current.clip : -1;
  }

  /** The current clip's clock (time, window, loops), or null. */
  get currentClock(): Clock | null {
    return this.current ? this.current.clock : null;
  }

  /** Blend weight of a clip now (0 when it is not live). */
  weightOf(clip: number): number {
    for (const s of this.slots) if (s.clip === clip) return s.weight;
    return 0;
  }

  /**
   * Crossfades to a clip over `fade` seconds; every other live clip fades out over the same time. Does
   * nothing when that clip is already the current one and has not finished. Returns whether it started.
   */
  play(clip: number, options: PlayOptions = {}): boolean {
    const def = this.clips[clip];
    if (def === undefined) return false;
    const overlay = isOverlay(def);
    const playing = overlay ? this.currentOverlay : this.current;
    if (playing && playing.clip === clip && !playing.clock.finished) return false;
    const fade = Math.max(0, options.fade ?? this.defaultFade);
    const slot = this.slots.find((s) => s.clip === clip) ?? this.freeSlot();
    const duration = def.binding.clip.duration;
    const start = clampTime(options.start ?? def.start ?? 0, duration);
    const end = clampTime(options.end ?? def.end ?? duration, duration);
    const speed = (options.speed ?? 1) * (def.speed ?? 1);
    resetClock(slot.clock, start, Math.max(start, end), speed, options.loop ?? def.loop ?? 'repeat');
    // the clock starts at the edge its own speed plays from; a playback running backwards starts at the other
    if (this.speed < 0) slot.clock.time = speed < 0 ? slot.clock.start : slot.clock.end;
    if (slot.clip !== clip) slot.weight = 0;
    slot.clip = clip;
    slot.overlay = overlay;
    if (overlay) this.currentOverlay = slot;
    else this.current = slot;
    if (!overlay) this.driven = this.drivenLast = Number.NaN;
    const inertial = options.blend === 'inertial' && !overlay && fade > 0;
    if (inertial) this.inertia.start(fade);
    // the new clip fades in and the others of its kind (base or overlay) fade out (an inertial blend: at once)
    for (const s of this.slots) {
      if (s.clip < 0 || s.overlay !== overlay) continue;
      s.fadeFrom = s.weight;
      s.fadeTo = s === slot ? 1 : 0;
      s.fadeElapsed = 0;
      s.fadeDuration = fade;
    }
    if (fade === 0 || inertial) this.settleFades(overlay);
    return true;
  }

  /** Fades every clip out (default fade) and leaves the rest pose. */
  stop(fade = this.defaultFade): void {
    for (const s of this.slots) if (s.clip >= 0) this.fadeOut(s, fade);
    if (!(fade > 0)) {
      this.settleFades(false);
      this.settleFades(true);
    }
  }

  /** Moves the current clip's time (clamped to its window) without crossing events. */
  seek(time: number): void {
    const c = this.current?.clock;
    if (!c || !Number.isFinite(time)) return;
    c.time = Math.min(c.end, Math.max(c.start, time));
    c.finished = false;
    c.atEdge = false;
    c.started = true;
  }

  /**
   * Holds the current clip at `time` seconds from its window's start: each update moves it there instead of
   * advancing it (moveClock: the events between fire once, in the direction it moved). Beyond the window a
   * `repeat` clip wraps (time counts its cycles), a `clamp` one holds at the edge. NaN lets it play on;
   * playing a clip ends it.
   */
  drive(time: number): void {
    if (Number.isNaN(time)) this.drivenLast = Number.NaN;
    this.driven = time;
  }

  /**
   * Advances fades and clocks by dt seconds, then samples and blends into `pose`. dt = 0 re-poses only.
   * With `posed` false the frame's time, fades, events and root motion are exactly those of a posed one but
   * nothing is sampled or blended: `pose` holds what it last was (a culled or reduced-rate character), and
   * the next posed update samples at the clocks' current times, as if no frame had been skipped (an
   * inertial blend decays over the skipped time too).
   */
  update(dt: number, posed = true): void {
    this.events.clear();
    if (!Number.isFinite(dt)) dt = 0;
    let total = 0;
    let overlays = 0;
    for (const s of this.slots) {
      if (s.clip < 0) continue;
      if (s.fadeElapsed < s.fadeDuration) {
        s.fadeElapsed = Math.min(s.fadeDuration, s.fadeElapsed + Math.abs(dt));
        s.weight = s.fadeFrom + (s.fadeTo - s.fadeFrom) * (s.fadeElapsed / s.fadeDuration);
      } else s.weight = s.fadeTo;
      if (s.weight <= 0 && s.fadeTo === 0) s.clip = -1;
      else if (s.overlay) overlays++;
      else total += s.weight;
    }
    const motion = this.rootMotion;
    motion?.beginFrame();
    // Root motion is weighted as the blend will weight the poses (normalized when they sum past 1).
    const motionScale = 1 / Math.max(1, total);
    let live = 0;
    this.scratch.begin();
    for (const s of this.slots) {
      if (s.clip < 0 || s.overlay) continue;
      const def = this.clips[s.clip];
      if (s === this.current && !Number.isNaN(this.driven)) this.moveDriven(s.clock);
      else advanceClock(s.clock, dt * this.speed);
      this.queueClockEvents(s, def);
      if (!posed) {
        motion?.accumulate(s.clip, s.clock, s.weight * motionScale, null);
        continue;
      }
      const pose = this.scratch.poses[this.scratch.sample(def.binding, s.clock.time, this.caches[s.clip])];
      motion?.accumulate(s.clip, s.clock, s.weight * motionScale, pose);
      const layer = this.scratch.inputs[live++];
      layer.pose = pose;
      layer.weight = s.weight;
      layer.mask = null;
    }
    if (motion) this.inertia.applyMotion(motion.delta, dt);
    this.skipped += Math.abs(dt);
    if (!posed) {
      if (overlays > 0) this.layerOverlays(dt, false);
      return;
    }
    const layers = this.scratch.inputs;
    const l0 = layers[0];
    const l1 = layers[1];
    if (live === 0) copyPose(this.scratch.rest, this.pose);
    else if (live === 1 && l0.weight >= 1) copyPose(l0.pose, this.pose);
    else if (live === 2 && l0.weight + l1.weight >= 1) {
      // The common crossfade: a plain two-pose blend is cheaper than the general layered one.
      this.scratch.blendTwo(l0.pose, l1.pose, l1.weight / (l0.weight + l1.weight), this.pose);
    } else blendLayers(layers, live, this.scratch.rest, this.pose);
    this.inertia.apply(this.pose, this.skipped);
    this.skipped = 0;
    if (overlays > 0) this.layerOverlays(dt, true);
  }

  /** Moves a held clip by what its held time moved (from where it is, the first time). */
  private moveDriven(c: Clock): void {
    const from = Number.isNaN(this.drivenLast) ? c.time - c.start : this.drivenLast;
    this.drivenLast = this.driven;
    moveClock(c, this.driven - from);
  }

  /** Samples each overlay clip and layers it over `pose` (when `posed`): masked by its weights, or added to it. */
  private layerOverlays(dt: number, posed: boolean): void {
    for (const s of this.slots) {
      if (s.clip < 0 || !s.overlay) continue;
      const def = this.clips[s.clip];
      advanceClock(s.clock, dt * this.speed);
      this.queueClockEvents(s, def);
      // a finished one-shot overlay gives the base back
      if (s.clock.finished && s.fadeTo > 0) this.fadeOut(s, this.defaultFade);
      if (!posed) continue;
      const reference = this.references[s.clip];
      // each overlay is layered before the next samples
      this.scratch.begin();
      const e = this.scratch.sample(def.binding, s.clock.time, this.caches[s.clip]);
      const pose = this.scratch.poses[e];
      if (reference) {
        makeAdditive(pose, reference, pose);
        // it holds a difference now: the rest pose again before its next sample
        this.scratch.spoil(e);
        applyAdditive(this.pose, pose, s.weight, def.mask ?? null, this.pose);
      } else {
        const layer = this.scratch.inputs[0];
        layer.pose = pose;
        layer.weight = s.weight;
        layer.mask = def.mask ?? null;
        // joint by joint the pose below is read before it is written: what the mask leaves out shows through
        blendLayers(this.scratch.inputs, 1, this.pose, this.pose);
      }
    }
  }

  private fadeOut(s: Slot, fade: number): void {
    if (s === this.currentOverlay) this.currentOverlay = null;
    if (s === this.current) this.current = null;
    s.fadeFrom = s.weight;
    s.fadeTo = 0;
    s.fadeElapsed = 0;
    s.fadeDuration = Math.max(0, fade);
  }

  private queueClockEvents(s: Slot, def: PlaybackClip): void {
    const c = s.clock;
    if (def.eventTimes && def.eventTimes.length > 0 && c.segmentCount > 0) {
      const n = crossedEvents(c, def.eventTimes, this.crossed, 0);
      for (let i = 0; i < n; i++) this.queue(CLIP_EVENT, s.clip, this.crossed[i], def.eventTimes[this.crossed[i]]);
    }
    if (c.stepLoops > 0) this.queue(LOOP, s.clip, c.loops, c.time);
    if (c.stepFinished) this.queue(FINISH, s.clip, c.loops, c.time);
  }

  /** Notifications of the last update (rows of the `event*` columns). */
  get eventCount(): number {
    return this.events.count;
  }

  private queue(kind: number, clip: number, value: number, time: number): void {
    const i = this.events.push(kind);
    if (i < 0) return;
    this.eventClips[i] = clip;
    this.eventValues[i] = value;
    this.eventTimes[i] = time;
  }

  /** Ends the fades of the base clips (or of the overlays) at once. */
  private settleFades(overlays: boolean): void {
    for (const s of this.slots) {
      if (s.clip < 0 || s.overlay !== overlays) continue;
      s.weight = s.fadeTo;
      s.fadeElapsed = s.fadeDuration;
      if (s.weight === 0) s.clip = -1;
    }
  }

  private freeSlot(): Slot {
    const free = this.slots.find((s) => s.clip < 0);
    if (free) return free;
    let faintest: Slot | null = null;
    for (const s of this.slots)
      if (s !== this.current && s !== this.currentOverlay && (faintest === null || s.weight < faintest.weight))
        faintest = s;
    faintest = faintest ?? this.slots[0];
    faintest.clip = -1;
    return faintest;
  }
}

function isOverlay(clip: PlaybackClip): boolean {
  return (clip.mask !== undefined && clip.mask !== null) || clip.additive === true;
}

function clampTime(t: number, duration: number): number {
  return Number.isFinite(t) ? Math.min(duration, Math.max(0, t)) : 0;
}
