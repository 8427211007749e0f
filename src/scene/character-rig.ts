import { Group, type Material, Matrix4, type Mesh, type Object3D, type Sphere } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import {
  CLIP_EVENT,
  type ClipBinding,
  FINISH,
  type GltfAsset,
  HUMANOID_SLOTS,
  type HumanoidRig,
  LOOP,
  localToModel,
  Playback,
  type PlayOptions,
  type Pose,
  sharedClipBinding,
  type WarpTarget,
  type WarpWindow,
  type WrapMode,
} from '../runtime/core.js';
import { length2 } from '../runtime/length.js';
import type { Actor } from './actor.js';
import {
  buildClipLibrary,
  type ClipDefinition,
  type ClipEventDefinition,
  type ClipLibrary,
  type ExternalClips,
} from './clip-library.js';
import { humanoidOf, type RigChoice } from './clip-sources.js';
import type { CodedError } from './coded-error.js';
import { disposeObject } from './dispose-object.js';
import { bindGltf, drawsItself, type GltfBinding, type RigidPart } from './gltf-binding.js';
import type { InstancedSkins } from './instanced-skin.js';
import { canInstance, InstancedSkinOutput } from './instanced-skin-output.js';
import { JointBounds } from './joint-bounds.js';
import type { LodSubject, RigTier } from './lod.js';
import {
  type LocalPoseModifier,
  type ModelPoseModifier,
  type PoseSource,
  poseFits,
  type RigStage,
  sortByOrder,
  type TimedPoseSource,
} from './pose-pipeline.js';
import { restHeight } from './rest-height.js';
import { rigExtent } from './rig-extent.js';
import { placeRoot, type RigPlacement } from './rig-placement.js';
import { RigRootMotion } from './rig-root-motion.js';
import { RigTiers } from './rig-tier.js';
import { RigWarp } from './rig-warp.js';
import { updateRootWorld } from './root-world.js';
import { CpuSkinOutput, GpuSkinOutput, type SkinOutput } from './skin-output.js';
import type { SkinningMode } from './skinning-modes.js';

const HIPS_SLOT = HUMANOID_SLOTS.indexOf('hips');
/** boneMatrix's scratch for a held joint. */
const heldJoint = new Matrix4();
const NO_PARTS: readonly RigidPart[] = [];

/** What a rig reports while it runs; called inside the frame, so implementations queue, never dispatch. */
export interface RigListener {
  loop(clip: string, count: number): void;
  finish(clip: string): void;
  event(clip: string, event: ClipEventDefinition, time: number): void;
  /** A clip definition that could not be honoured (on bind and on each rebind). */
  problem(error: CodedError): void;
  /** A motion warp ended: its clip played through (`completed`) or another clip took over. */
  warpEnd?(clip: string, completed: boolean): void;
}

/** Playing a logical clip: as the playback's options, with the window in seconds of that clip (0 is its start, even
 * for a slice of a take). */
export type RigPlayOptions = PlayOptions;

export interface RigOptions {
  definitions?: readonly ClipDefinition[];
  skinning?: SkinningMode;
  listener?: RigListener;
  /** The stage's instanced skins: GPU skinning draws the model instanced with its other copies there. */
  instancing?: InstancedSkins | null;
  /** The file's runtime import when it was made already (a copy of a shared model). */
  asset?: GltfAsset;
  /** Frees the loaded scene on dispose (a shared model's copy gives itself back); default disposes it. */
  release?: () => void;
  /**
   * Its stagger slot (lod.ts), which its element takes from the stage when it joins it (`LodPass.takeSlot`):
   * the slot then follows the stage's order, not the order loads finish in. Default 0.
   */
  lodSlot?: number;
}

/** Outcome of `play`: started a (cross)fade, already playing that clip, or no such clip. */
export type PlayResult = 'started' | 'playing' | 'unknown';

/** Outcome of `warp`: started, no such clip, or targets that do not fit the windows. */
export type WarpResult = 'started' | 'unknown' | 'bad-targets';

/**
 * A loaded glTF bound to the runtime and driven by it, one frame at a time (an Actor of the stage).
 *
 * Each `update(dt)` rebuilds pending clip definitions (an `<anim-clip>` edit shows on the next frame), runs
 * the frame's stages in their fixed order (RIG_STAGES: pose → root motion → local modifiers → FK → model
 * modifiers → output; see `#pose`), then hands loop, finish and clip-event notifications to the listener.
 *
 * Nothing is allocated per frame except the listener's events. Bone objects are never written: three's
 * scene graph only carries the rig's results.
 */
export class CharacterRig implements Actor, LodSubject {
  readonly kind = 'character';
  /** Told when a frame's update throws (the character reports it); see `tickActor`. */
  failed?: (error: unknown) => void;
  /** Placed by the character's position, heading and scale; holds the glTF scene. */
  readonly root = new Group();
  readonly binding: GltfBinding;
  /** World matrix per joint (16 floats, the runtime skeleton's order), as of the last posed update. */
  readonly model: Float32Array;
  readonly localModifiers: LocalPoseModifier[] = [];
  readonly modelModifiers: ModelPoseModifier[] = [];
  /** The stage that could not run last frame (see RIG_STAGES), null when the whole frame ran. */
  invalidStage: RigStage | null = null;
  /** While true, time stands still but the character is still posed (a move still shows). */
  paused = false;
  /**
   * Asked each frame: whether the Bone objects must carry the pose too (a skeleton overlay draws from their
   * world matrices). Nothing else reads them, so by default they are left alone.
   */
  bonesShown: () => boolean = () => false;
  /** Set by whatever moves the character (a controller) while it is off the ground: foot IK stands aside. */
  airborne = false;
  /** Where a crowd's steering places the root each frame (null: the page places it, through `root`). */
  placement: RigPlacement | null = null;
  /** Set while something other than the animation owns the vertical (a physics jump): foot IK stands aside. */
  verticalHandoff = false;
  source: PoseSource;
  /** Root motion: mode, joint and the last frame's delta (see RigRootMotion). */
  readonly rootMotion: RigRootMotion;
  /**
   * Ground speed (m/s) that clips with a stride follow when root motion is off; NaN (the default) measures
   * it from the root's horizontal movement over the last frame (once the character has moved at all).
   */
  groundSpeed = Number.NaN;
  #rigChoice: RigChoice = 'auto';

  /** Which frames of a reduced-rate cycle are this character's (the stage staggers by it; lod.ts). */
  readonly lodSlot: number;
  readonly #tiers = new RigTiers();

  readonly #scene: Object3D;
  /** Materials cloned for this copy alone (see cloneMaterials), freed with it. */
  readonly #clonedMaterials: Material[] = [];
  /** Whether a rigid part draws itself (a prop mesh under a bone), so the scene must stay in three's walks. */
  readonly #rigidDraws: boolean;
  /** The rigid parts whose world matrices the rig writes: none while the scene is out of three's walks. */
  #rigid: readonly RigidPart[] = NO_PARTS;
  /** Whether the scene is in three's walks (see #walkScene): it starts there, with every rigid part. */
  #walked = true;
  /** Whether this frame has placed the root (see #place). */
  #placed = false;
  /** The stage's content and quiet roots, between which the root moves (see placeOnStage); null off a stage. */
  #content: Object3D | null = null;
  #quiet: Object3D | null = null;
  readonly #modelClips: readonly ClipBinding[];
  readonly #listener: RigListener | undefined;
  readonly #rootMatrix = new Float32Array(16);
  readonly #bounds: (JointBounds | null)[];
  #playback: Playback;
  #library: ClipLibrary;
  #pending: readonly ClipDefinition[] | null = null;
  #definitions: readonly ClipDefinition[] = [];
  #external: ExternalClips = new Map();
  #skinning: SkinningMode;
  #instancing: InstancedSkins | null;
  readonly #release: (() => void) | undefined;
  #output: SkinOutput;
  #lastPlay: RigPlayOptions = {};
  #defaultFade = 0.25;
  #speed = 1;
  #disposed = false;
  #warp: RigWarp | null = null;
  /** The source a warp replaced with the Playback, given back when it ends. */
  #sourceBeforeWarp: PoseSource | null = null;
  #lastX = Number.NaN;
  #lastZ = Number.NaN;
  #measuredSpeed = 0;
  /** Whether the character has ever been moved: until then stride clips play at their own rate (a preview). */
  #moved = false;
  /** Whether this frame updated the Playback: its events are told only then (another source leaves them stale). */
  #playbackRan = false;

  /** Loads the runtime side of a GLTFLoader result and binds a rig to it. */
  static async create(gltf: GLTF, url: string, options: RigOptions = {}): Promise<CharacterRig> {
    return new CharacterRig(gltf, await bindGltf(gltf, url, options.asset), options);
  }

  constructor(gltf: GLTF, binding: GltfBinding, options: RigOptions = {}) {
    this.binding = binding;
    this.#listener = options.listener;
    const { asset } = binding;
    this.model = new Float32Array(asset.skeleton.jointCount * 16);
    this.#modelClips = asset.clips.map((clip) => sharedClipBinding(clip, asset.skeleton, asset.morphs));
    this.#library = this.#buildLibrary(options.definitions ?? []);
    this.#playback = this.#makePlayback();
    this.source = this.#playback;
    this.rootMotion = new RigRootMotion(asset.skeleton, () => this.#humanoidHips());

    this.#scene = gltf.scene;
    this.#rigidDraws = binding.rigid.some(({ object }) => drawsItself(object));
    this.root.name = 'anim-character';
    this.root.add(gltf.scene);
    this.#rigid = binding.rigid;
    this.root.updateMatrixWorld(true);
    freeze(binding);
    this.#bounds = asset.skins.map((skin) => new JointBounds(skin));
    for (const { mesh, skin } of binding.skinned) this.#bounds[skin]?.cover(mesh.geometry);
    this.#skinning = options.skinning ?? 'gpu';
    this.#instancing = options.instancing ?? null;
    this.#release = options.release;
    this.lodSlot = options.lodSlot ?? 0;
    this.#output = this.#makeOutput(this.#skinning);
    this.#walkScene();
    this.#pose(0);
  }

  // ——— clips ———

  /** Names of the clips this character can play: the model's, then those defined on it. */
  get clipNames(): string[] {
    return this.#library.clips.map((c) => c.name);
  }

  /**
   * The clip library: every clip the character can play (the model's and its definitions', slices
   * included). Replaced, never edited, when definitions change: compare it by identity to notice a rebuild.
   */
  get library(): ClipLibrary {
    return this.#library;
  }

  /** The rig's own clip playback: the pose source when nothing else (a state graph, a ragdoll) drives. */
  get playback(): PoseSource {
    return this.#playback;
  }

  /** The playing (or fading-in) clip's name, or null. */
  get currentClip(): string | null {
    const index = this.#playback.currentClip;
    return index < 0 ? null : this.#library.clips[index].name;
  }

  /** Replaces the clip definitions; the library is rebuilt at the start of the next update. */
  setDefinitions(definitions: readonly ClipDefinition[]): void {
    this.#pending = definitions;
  }

  /**
   * Hands the rig the clips its definitions take from other files (see `resolveExternalClips`); the library
   * is rebuilt at once, so they can be played straight after.
   */
  setExternalClips(external: ExternalClips): void {
    // none before and none now: the library stands as built (a crowd's copies skip a second build each)
    if (external.size === 0 && this.#external.size === 0 && !this.#pending) return;
    this.#external = external;
    this.#tiers.extent = null;
    this.#rebuild(this.#pending ?? this.#definitions);
  }

  /**
   * The clips the character has shown (played, or named by its graph, which may play any of them), by
   * binding: what its framing holds (character-framing.ts). Empty until one plays: the rest pose is framed.
   */
  readonly shownClips = new Set<ClipBinding>();
  /** Whether the rest pose was shown after a clip (`stop()`): framed beside the clips. */
  restShown = false;
  /** Called when a clip joins `shownClips` (the stage refits its camera to hold it). */
  onShownClip: (() => void) | null = null;

  /** Counts the library's clips of these names as shown (unknown names are left to whoever plays them). */
  showClips(names: readonly string[]): void {
    for (const name of names) {
      const index = this.#library.indexByName.get(name);
      if (index !== undefined) this.#shown(this.#library.clips[index].playback.binding);
    }
  }

  #shown(binding: ClipBinding): void {
    if (this.shownClips.has(binding)) return;
    this.shownClips.add(binding);
    this.onShownClip?.();
  }

  /** Crossfades to a clip. Idempotent: asking for the clip already playing (not finished) does nothing. */
  play(name: string, options: RigPlayOptions = {}): PlayResult {
    const index = this.#library.indexByName.get(name);
    if (index === undefined) return 'unknown';
    const clip = this.#library.clips[index];
    this.#shown(clip.playback.binding);
    const length = clip.end - clip.start;
    const start = options.start ?? 0;
    const end = options.end ?? length;
    const started = this.#playback.play(index, {
      fade: options.fade,
      speed: options.speed,
      loop: options.loop,
      blend: options.blend,
      start: clip.start + clamp(start, 0, length),
      end: clip.start + clamp(end, 0, length),
    });
    if (!started) return 'playing';
    this.#lastPlay = options;
    // the playback starts a clip at the edge its own speed plays from; a backwards character starts at the other
    const clock = this.#playback.currentClock!;
    if (clock.speed * this.#speed < 0) clock.time = clock.speed < 0 ? clock.start : clock.end;
    return 'started';
  }

  /**
   * Holds the clip `name` at `time` seconds of it (a page binding: scroll, a slider): played at once unless it
   * is the current clip, then moved there on each update as playing would, so its events fire once per
   * crossing either way. With `repeat`, a time past the clip's end counts its cycles (a walk down a long
   * page); with `clamp` it holds at the ends. `release()` lets it play on.
   */
  drive(name: string, time: number, loop: 'clamp' | 'repeat' = 'clamp'): PlayResult {
    const result = this.currentClip === name ? 'playing' : this.play(name, { fade: 0, loop, speed: 1 });
    if (result !== 'unknown') this.#playback.drive(time);
    return result;
  }

  /** Ends `drive`: the clip plays on from where it was held. */
  release(): void {
    this.#playback.drive(Number.NaN);
  }

  /**
   * Plays a clip once with its root motion warped onto `targets`, one per window (see MotionWarp): the root
   * ends each window on its target, the clip's rate scaled by authored over desired distance and clamped
   * to the window's range. The character is placed by the warp until the clip ends or another clip takes
   * over (`warpEnd` on the listener). A state graph driving the rig hands over to the Playback meanwhile.
   * Windows are fractions of the whole model clip.
   */
  warp(name: string, windows: readonly WarpWindow[], targets: readonly WarpTarget[]): WarpResult {
    const index = this.#library.indexByName.get(name);
    if (index === undefined) return 'unknown';
    if (targets.length !== windows.length) return 'bad-targets';
    this.#endWarp(false);
    const previous = this.source;
    this.source = this.#playback;
    this.rootMotion.force(true);
    this.rootMotion.bind(this.source, this.#playback, this.#bindingsOf);
    const clip = this.#library.clips[index];
    const warp = RigWarp.start(
      this.rootMotion.extractor!,
      index,
      clip.playback.binding.clip.duration,
      windows,
      targets,
      this.root,
    );
    if (warp === null) {
      this.rootMotion.force(false);
      this.source = previous;
      return 'bad-targets';
    }
    if (this.play(name, { loop: 'once', speed: 1 }) === 'playing') this.#playback.seek(clip.start);
    this.#sourceBeforeWarp = previous === this.#playback ? null : previous;
    this.#warp = warp;
    warp.started(this.#playback.currentClock!);
    return 'started';
  }

  /** Whether a motion warp is placing the character. */
  get warping(): boolean {
    return this.#warp !== null;
  }

  /** The warp in progress (for tests and debugging). */
  get activeWarp(): RigWarp | null {
    return this.#warp;
  }

  /** Fades every clip out to the rest pose (over the default fade unless given). */
  stop(fade = this.#defaultFade): void {
    this.#playback.stop(fade);
    if (this.restShown) return;
    this.restShown = true;
    this.onShownClip?.();
  }

  /** Default crossfade, seconds. */
  get defaultFade(): number {
    return this.#defaultFade;
  }
  set defaultFade(seconds: number) {
    this.#defaultFade = seconds;
    this.#playback.defaultFade = seconds;
  }

  /** Multiplies every clip's speed; negative plays backwards. */
  get speed(): number {
    return this.#speed;
  }
  set speed(value: number) {
    this.#speed = value;
    this.#playback.speed = value;
  }

  /**
   * Seconds into the current clip (from its own start), 0 when none plays; while another source (a state
   * graph) drives, that source's time (a graph's: into its current state's cycle).
   */
  get time(): number {
    const timed = this.#timedSource();
    if (timed) return timed.time;
    const clock = this.#playback.currentClock;
    const index = this.#playback.currentClip;
    return clock && index >= 0 ? clock.time - this.#library.clips[index].start : 0;
  }
  set time(seconds: number) {
    const timed = this.#timedSource();
    if (timed) {
      timed.time = seconds;
      return;
    }
    const index = this.#playback.currentClip;
    if (index >= 0) this.#playback.seek(this.#library.clips[index].start + seconds);
  }

  /** Length of the current clip in seconds (of its slice, for a slice), 0 when none plays; or the driving source's. */
  get duration(): number {
    const timed = this.#timedSource();
    if (timed) return timed.duration;
    const index = this.#playback.currentClip;
    if (index < 0) return 0;
    const clip = this.#library.clips[index];
    return clip.end - clip.start;
  }

  /**
   * How the model's humanoid bones are found (a profile or a hand map): for retargeting, ragdolls, cloth,
   * foot IK's legs and the default root-motion joint (the map's hips).
   */
  get rigChoice(): RigChoice {
    return this.#rigChoice;
  }
  set rigChoice(choice: RigChoice) {
    this.#rigChoice = choice;
    this.rootMotion.humanoidChanged();
  }

  /** The humanoid map's hips joint, -1 when the model cannot be mapped. */
  #humanoidHips(): number {
    try {
      // named as the character's anim-load asks first: a failure is cached with this name for every later asker
      return this.humanoid('this character’s rig').map.joints[HIPS_SLOT];
    } catch {
      return -1;
    }
  }

  /**
   * The model's humanoid map under `rigChoice` (found once per model and choice).
   * @throws CodedError `no-humanoid` (or `unknown-bone` for a hand map naming a bone the model lacks), the
   * message starting with `what`.
   */
  humanoid(what: string): HumanoidRig {
    return humanoidOf(this.binding.asset, this.rigChoice, what);
  }

  /** The source driving instead of the clip playback, when it has a playhead. */
  #timedSource(): TimedPoseSource | null {
    const source = this.source as Partial<TimedPoseSource>;
    return this.source !== this.#playback && typeof source.duration === 'number' ? (source as TimedPoseSource) : null;
  }

  /** Changes the wrap mode of the clip playing now (a `once` clip that finished plays on when it loops). */
  setLoop(mode: WrapMode): void {
    const clock = this.#playback.currentClock;
    if (!clock || clock.wrap === mode) return;
    clock.wrap = mode;
    if (mode !== 'once') clock.finished = false;
    this.#lastPlay = { ...this.#lastPlay, loop: mode };
  }

  /** Narrows the current clip's play window to `start`–`end` seconds of it, keeping its time inside. */
  setWindow(start: number, end: number): void {
    const clock = this.#playback.currentClock;
    const index = this.#playback.currentClip;
    if (!clock || index < 0) return;
    const clip = this.#library.clips[index];
    const length = clip.end - clip.start;
    clock.start = clip.start + clamp(start, 0, length);
    clock.end = Math.max(clock.start, clip.start + clamp(end, 0, length));
    clock.time = clamp(clock.time, clock.start, clock.end);
    this.#lastPlay = { ...this.#lastPlay, start, end };
  }

  /** Length in seconds of the clip `name` (of its slice, for a slice); undefined for an unknown name. */
  clipLength(name: string): number | undefined {
    const index = this.#library.indexByName.get(name);
    if (index === undefined) return undefined;
    const clip = this.#library.clips[index];
    return clip.end - clip.start;
  }

  /** Blend weight of a clip now, 0 when it is not playing (for tests and debugging). */
  weightOf(name: string): number {
    const index = this.#library.indexByName.get(name);
    return index === undefined ? 0 : this.#playback.weightOf(index);
  }

  // ——— skeleton ———

  /** How tall the model stands at rest in its own units (0: nothing to measure); see rest-height.ts. */
  get restHeight(): number {
    return restHeight(this.binding);
  }

  /** Names of the skins' joints in skeleton order (every node's, when the model has no skin). */
  get boneNames(): string[] {
    const { skeleton, skins } = this.binding.asset;
    if (skins.length === 0) return [...skeleton.names];
    const used = new Uint8Array(skeleton.jointCount);
    for (const skin of skins) for (const j of skin.joints) used[j] = 1;
    return skeleton.names.filter((_, j) => used[j] === 1);
  }

  /**
   * Copies a joint's (any node's) world matrix into `out`; returns false for an unknown name. On a frame not
   * posed (RigTier) it is the held pose's, carried by the root as it is drawn.
   */
  boneMatrix(name: string, out: Float32Array): boolean {
    const joint = this.binding.asset.skeleton.indexByName.get(name);
    if (joint === undefined) return false;
    if (this.posed) out.set(this.model.subarray(joint * 16, joint * 16 + 16));
    else
      heldJoint
        .fromArray(this.model, joint * 16)
        .premultiply(this.heldMatrix)
        .toArray(out);
    return true;
  }

  /** The character's world matrix as of the last update (FK's root; 16 floats, column-major). Read only. */
  get rootMatrix(): Float32Array {
    return this.#rootMatrix;
  }

  // ——— output ———

  get skinning(): SkinningMode {
    return this.#skinning;
  }
  set skinning(mode: SkinningMode) {
    if (mode === this.#skinning || this.#disposed) return;
    this.#skinning = mode;
    this.#replaceOutput();
  }

  /**
   * The stage's instanced skins this character draws with (GPU skinning of a model without morph targets),
   * or null for a skinned mesh of its own.
   */
  get instancing(): InstancedSkins | null {
    return this.#instancing;
  }
  set instancing(skins: InstancedSkins | null) {
    if (skins === this.#instancing || this.#disposed) return;
    this.#instancing = skins;
    this.#replaceOutput();
  }

  /**
   * A new skin output for the current mode, showing the last posed frame (its bounds fitted if drawn);
   * `between` runs with the old one gone.
   */
  #replaceOutput(between?: () => void): void {
    this.#output.dispose();
    between?.();
    this.#output = this.#makeOutput(this.#skinning);
    this.#walkScene();
    if (this.#output.drawsMeshes) this.#fitBounds();
    this.#output.write(this.model);
    this.#output.markDrawn?.();
  }

  /** Whether the character is drawn instanced now. */
  get instanced(): boolean {
    return this.#output instanceof InstancedSkinOutput;
  }

  /** The mesh output in use (for tests: the CPU output exposes its meshes). */
  get output(): SkinOutput {
    return this.#output;
  }

  // ——— frame ———

  update(dt: number): void {
    if (this.#disposed) return;
    if (this.#pending) this.#rebuild(this.#pending);
    this.#place();
    this.#placed = false;
    const step = this.paused ? 0 : dt;
    this.#walkScene();
    // first: a frame whose posing fails still draws the last pose, as three draws a character's own meshes
    this.#output.markDrawn?.();
    this.#pose(step, this.#tiers.posesNow(step, this.#skippable()));
    this.#notify();
  }

  // ——— tiers (lod.ts): the stage chooses, the rig skips the pose and holds the last one ———

  /** This frame's tier, chosen by the stage before the characters pose (`full` outside a stage's tier pass). */
  get tier(): RigTier {
    return this.#tiers.tier;
  }

  /**
   * Whether the last update posed the character (sampled, blended, IK-solved, skinned). False on a held
   * (reduced-rate) or culled frame: `model` and the skinning are the last posed frame's and the drawn
   * meshes ride `heldMatrix`. An instanced drawing reads it: a rig not posed has no new skinning rows.
   */
  get posed(): boolean {
    return this.#tiers.posed;
  }

  /** Updates that posed the character since it was bound (a culled character's stands still). */
  get posedFrames(): number {
    return this.#tiers.posedFrames;
  }

  /** From the root the held pose was posed at to the root now (identity when posed); read only. */
  get heldMatrix(): Matrix4 {
    return this.#tiers.heldMatrix;
  }

  /** LodSubject: the stage's choice for the coming frame. */
  setTier(tier: RigTier, due: boolean): void {
    this.#tiers.tier = tier;
    this.#tiers.due = due;
    // an instanced character out of view leaves its batch's draw (its row is stale, and nobody sees it)
    this.#output.culled = tier === 'culled';
  }

  /**
   * LodSubject: the animated extent (rig-extent.ts) placed by the root's world matrix, so it follows root
   * motion posed or not; returns the character's size. -1 while the pose cannot be skipped (a ragdoll
   * drives, the skeleton overlay shows).
   */
  lodSphere(out: Sphere): number {
    if (this.#disposed) return -1;
    this.#place();
    if (!this.#skippable()) return -1;
    this.#tiers.extent ??= rigExtent(this.binding, this.#bounds, this.#bindingsOf());
    return this.#tiers.sphere(this.root, out);
  }

  /** The root where its placement says, once a frame (the tier pass, before the update, may be first). */
  #place(): void {
    if (this.placement === null || this.#placed) return;
    placeRoot(this.root, this.placement);
    this.#placed = true;
  }

  #skippable(): boolean {
    const modifiers = this.modelModifiers;
    for (let i = 0; i < modifiers.length; i++) if (modifiers[i].everyFrame) return false;
    return (this.source === this.#playback || this.source.skipsPose === true) && !this.bonesShown();
  }

  /**
   * Keeps the glTF scene under the root only while three draws or reads something in it: the character's own
   * skinned meshes, rigid parts, or Bone objects a skeleton overlay draws. An instanced character's scene
   * holds none of these (the batch draws its meshes, the rig writes every matrix), so it leaves three's
   * per-frame walks (matrix updates, render lists): about 30 objects a character that nobody looks at. Then
   * the root itself leaves them too while nothing hangs under it (see #rehome).
   */
  #walkScene(): void {
    const output = this.#output;
    const walked = output.drawsMeshes || (this.#rigidDraws && !output.drawsRigidParts) || this.bonesShown();
    if (walked !== this.#walked) {
      this.#walked = walked;
      this.#rigid = walked ? this.binding.rigid : NO_PARTS;
      if (walked) this.root.add(this.#scene);
      else this.root.remove(this.#scene);
    }
    this.#rehome();
  }

  /**
   * Puts the root on a stage: under `content`, or under `quiet` (QuietRoots) while nothing hangs under it
   * (its scene out of three's walks, no object the page attached), and keeps it where it belongs each update.
   */
  placeOnStage(content: Object3D, quiet: Object3D): void {
    this.#content = content;
    this.#quiet = quiet;
    content.add(this.root);
    this.#rehome();
  }

  #rehome(): void {
    const content = this.#content;
    const quiet = this.#quiet;
    const root = this.root;
    const parent = root.parent;
    // off a stage, or taken off it (or put elsewhere) by the page: not the rig's to move
    if (parent === null || (parent !== content && parent !== quiet)) return;
    const wanted = root.children.length === 0 ? quiet! : content!;
    if (parent !== wanted) wanted.add(root);
  }

  /**
   * Gives this copy of the model materials of its own: every mesh's material is replaced by a clone (its
   * textures still shared), freed with the rig. For a copy that shares its materials with others (see
   * loadModelCopy) whose character is to change them alone.
   */
  cloneMaterials(): void {
    if (this.#disposed) return;
    const cloned = this.#clonedMaterials;
    const own = (material: Material) => {
      const copy = material.clone();
      cloned.push(copy);
      return copy;
    };
    // the output is made anew around it: one drawing meshes of its own (CPU skinning) took the materials
    this.#replaceOutput(() =>
      this.#scene.traverse((object) => {
        const mesh = object as Mesh;
        if (!mesh.material) return;
        mesh.material = Array.isArray(mesh.material) ? mesh.material.map(own) : own(mesh.material);
      }),
    );
  }

  /** Frees everything the rig made and everything loaded with it. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    for (const material of this.#clonedMaterials) material.dispose();
    this.#output.dispose();
    this.#playback.dispose();
    this.root.removeFromParent();
    if (this.#release) this.#release();
    else disposeObject(this.#scene);
  }

  /**
   * One frame: the RIG_STAGES in their order, each checking that it can run before it does. A stage that
   * cannot (a pose source bound to other buffers, a root moved to NaN) ends the frame there: the last
   * frame's output stays and `invalidStage` names the stage; nothing throws.
   */
  #pose(dt: number, posed = true): void {
    this.invalidStage = null;
    const pose = this.#poseStage(dt, posed);
    if (pose === null) return;
    this.#rootMotionStage(pose);
    if (!posed) {
      this.#tiers.hold(this.root, this.#rootMatrix, this.model, this.#rigid);
      if (this.#tiers.tier !== 'culled') this.#output.hold?.(this.#tiers.heldMatrix);
      return;
    }
    this.#localStage(pose, dt);
    if (!this.#fkStage(pose)) return;
    this.#modelStage(pose, dt);
    this.#outputStage(pose);
  }

  /** `pose`: root motion bound to the source, stride and warp rates set, then the source samples and blends. */
  #poseStage(dt: number, posed: boolean): Pose | null {
    const playback = this.#playback;
    this.rootMotion.bind(this.source, playback, this.#bindingsOf);
    // only a playing Playback's rate matters: one a graph replaced is left alone (a cold object a character)
    const rate = this.#speed * this.#strideRate(dt);
    if (this.source === playback) playback.speed = rate;
    const warp = this.#warp;
    if (warp !== null && playback.currentClip !== warp.clip) this.#endWarp(false);
    else warp?.beforeUpdate(playback.currentClock!);
    this.#playbackRan = this.source === playback;
    this.source.update(dt, posed);
    const pose = this.source.pose;
    if (poseFits(pose, this.binding.asset.skeleton.jointCount)) return pose;
    this.invalidStage = 'pose';
    return null;
  }

  /** `root-motion`: the frame's delta collected (the pelvis rise flattened under `verticalHandoff`), the root moved or warped. */
  #rootMotionStage(pose: Pose): void {
    this.rootMotion.collect(pose, this.root.scale.x, this.verticalHandoff);
    if (this.#warp !== null) {
      if (this.#warp.afterUpdate(this.#playback.currentClock!, this.root)) this.#endWarp(true);
    } else this.rootMotion.applyTo(this.root);
  }

  /** `local`: the local-pose modifiers, in their order. */
  #localStage(pose: Pose, dt: number): void {
    const modifiers = this.localModifiers;
    sortByOrder(modifiers);
    for (let i = 0; i < modifiers.length; i++) modifiers[i].apply(pose, dt);
  }

  /** `fk`: world matrices from the root's world matrix; refused for a root that is not finite. */
  #fkStage(pose: Pose): boolean {
    updateRootWorld(this.root);
    const world = this.root.matrixWorld.elements;
    const rootMatrix = this.#rootMatrix;
    for (let i = 0; i < 16; i++) rootMatrix[i] = world[i];
    if (!(Number.isFinite(rootMatrix[12]) && Number.isFinite(rootMatrix[13]) && Number.isFinite(rootMatrix[14]))) {
      this.invalidStage = 'fk';
      return false;
    }
    localToModel(this.binding.asset.skeleton, pose, rootMatrix, this.model);
    return true;
  }

  /** `model`: the model-space modifiers (foot IK, IK chains, cloth, …), in their order. */
  #modelStage(pose: Pose, dt: number): void {
    const modifiers = this.modelModifiers;
    sortByOrder(modifiers);
    for (let i = 0; i < modifiers.length; i++) modifiers[i].apply(this.model, dt, pose, this.#rootMatrix);
  }

  /** `output`: culling bounds, skinning, rigid parts, morph weights (and the Bone objects for an overlay). */
  #outputStage(pose: Pose): void {
    const model = this.model;
    if (this.#output.drawsMeshes) this.#fitBounds();
    this.#output.write(model);
    this.#tiers.posedNow();
    if (this.bonesShown()) this.#showBones(model);
    const rigid = this.#rigid;
    for (let i = 0; i < rigid.length; i++) rigid[i].object.matrixWorld.fromArray(model, rigid[i].joint * 16);
    const morphs = this.binding.morphs;
    const weights = pose.weights;
    for (let i = 0; i < morphs.length; i++) {
      const { mesh, offset, count } = morphs[i];
      const influences = mesh.morphTargetInfluences!;
      for (let k = 0; k < count; k++) influences[k] = weights[offset + k];
    }
  }

  /** The skinned meshes' bounds around the posed joints (what three culls them by). */
  #fitBounds(): void {
    const scale = Math.max(Math.abs(this.root.scale.x), Math.abs(this.root.scale.y), Math.abs(this.root.scale.z));
    for (let i = 0; i < this.#bounds.length; i++) this.#bounds[i]?.update(this.model, scale);
  }

  /**
   * The playback rate that keeps a clip with a stride in pace with the ground speed: speed ÷ (stride per
   * cycle). 1 when root motion is extracted (the clip then moves the character itself), the clip has none,
   * or the character has never moved and no ground speed is set (a walk shown in place keeps walking).
   */
  #strideRate(dt: number): number {
    const { x, z } = this.root.position;
    if (dt > 0) {
      this.#measuredSpeed = Number.isNaN(this.#lastX) ? 0 : length2(x - this.#lastX, z - this.#lastZ) / dt;
      if (this.#measuredSpeed > 1e-4) this.#moved = true;
      this.#lastX = x;
      this.#lastZ = z;
    }
    if (this.source !== this.#playback || this.rootMotion.extracting) return 1;
    const index = this.#playback.currentClip;
    if (index < 0) return 1;
    const clip = this.#library.clips[index];
    if (!(clip.stride > 0)) return 1;
    // a character nobody moves plays a stride the file carries as authored (`clip="walk"` on a page must
    // walk, not freeze); a stride the page asked for follows the ground even at a standstill
    if (Number.isNaN(this.groundSpeed) && this.#measuredSpeed === 0 && !clip.strideAsked) return 1;
    const measure = Number.isNaN(this.groundSpeed);
    if (measure && !this.#moved) return 1;
    const speed = measure ? this.#measuredSpeed : this.groundSpeed;
    return (Math.max(0, speed) * (clip.end - clip.start)) / clip.stride;
  }

  #endWarp(completed: boolean): void {
    const warp = this.#warp;
    if (warp === null) return;
    warp.end();
    this.#warp = null;
    this.rootMotion.force(false);
    if (this.#sourceBeforeWarp !== null) this.source = this.#sourceBeforeWarp;
    this.#sourceBeforeWarp = null;
    this.#listener?.warpEnd?.(this.#library.clips[warp.clip]?.name ?? '', completed);
  }

  /** The library's clip bindings, in library order (read when root motion is bound, not per frame). */
  readonly #bindingsOf = (): ClipBinding[] => this.#library.clips.map((c) => c.playback.binding);

  /** Copies each skin's joint matrices into its Bone objects' world matrices (for a skeleton overlay only). */
  #showBones(model: Float32Array): void {
    const { skeletons } = this.binding;
    const { skins } = this.binding.asset;
    for (let s = 0; s < skeletons.length; s++) {
      const bones = skeletons[s]?.bones;
      if (!bones) continue;
      const joints = skins[s].joints;
      for (let i = 0; i < bones.length; i++) bones[i]?.matrixWorld.fromArray(model, joints[i] * 16);
    }
  }

  #notify(): void {
    const listener = this.#listener;
    if (!listener || !this.#playbackRan) return;
    const playback = this.#playback;
    for (let i = 0; i < playback.eventCount; i++) {
      const clip = this.#library.clips[playback.eventClips[i]];
      const kind = playback.eventKinds[i];
      if (kind === LOOP) listener.loop(clip.name, playback.eventValues[i]);
      else if (kind === FINISH) listener.finish(clip.name);
      else if (kind === CLIP_EVENT) {
        const event = clip.events[playback.eventValues[i]];
        listener.event(clip.name, event, playback.eventTimes[i] - clip.start);
      }
    }
  }

  #buildLibrary(definitions: readonly ClipDefinition[]): ClipLibrary {
    this.#definitions = definitions;
    const library = buildClipLibrary(this.binding.asset.skeleton, this.#modelClips, definitions, this.#external);
    for (const problem of this.binding.problems) this.#listener?.problem(problem);
    for (const problem of library.problems) this.#listener?.problem(problem);
    return library;
  }

  #makePlayback(): Playback {
    const { asset } = this.binding;
    const playback = new Playback(
      asset.skeleton,
      this.#library.clips.map((c) => c.playback),
      asset.defaultWeights.length,
      asset.defaultWeights,
    );
    playback.defaultFade = this.#defaultFade;
    playback.speed = this.#speed;
    return playback;
  }

  /** A new library and playback; the clip that was playing plays on at the same time, if it still exists. */
  #rebuild(definitions: readonly ClipDefinition[]): void {
    this.#pending = null;
    this.#tiers.extent = null;
    const playing = this.currentClip;
    const time = this.time;
    const wasSource = this.source === this.#playback;
    this.#library = this.#buildLibrary(definitions);
    this.#playback.dispose();
    this.#playback = this.#makePlayback();
    if (wasSource) this.source = this.#playback;
    if (playing !== null && this.play(playing, { ...this.#lastPlay, fade: 0 }) === 'started') this.time = time;
  }

  #makeOutput(mode: SkinningMode): SkinOutput {
    if (mode === 'gpu' && this.#instancing && canInstance(this.binding)) {
      // the instances' rows are written where the rig poses; a held frame keeps the row it last had
      this.#tiers.drawn = [];
      return new InstancedSkinOutput(this.binding, this.#instancing, this.root);
    }
    if (mode === 'cpu') {
      const output = new CpuSkinOutput(this.binding, this.#bounds);
      this.#tiers.drawn = output.meshes;
      return output;
    }
    this.#tiers.drawn = this.binding.skinned.map((part) => part.mesh);
    return new GpuSkinOutput(this.binding, this.#bounds);
  }
}

/**
 * The rig writes the world matrices of everything it drives; three must not recompute them from the
 * (unanimated) local transforms. Bones are frozen at their rest pose, since nothing draws from them.
 */
function freeze(binding: GltfBinding): void {
  const frozen = (object: Object3D) => {
    object.matrixAutoUpdate = false;
    object.matrixWorldAutoUpdate = false;
  };
  for (const { object } of binding.rigid) frozen(object);
  for (const skeleton of binding.skeletons) {
    for (const bone of skeleton?.bones ?? []) {
      frozen(bone);
      if (!(bone.parent as { isBone?: boolean } | null)?.isBone && bonesOnly(bone)) prune(bone);
    }
  }
}

/** Whether everything under `object` (itself included) is a bone: nothing that draws, lights or listens. */
function bonesOnly(object: Object3D): boolean {
  return (object as { isBone?: boolean }).isBone === true && object.children.every(bonesOnly);
}

const skipSubtree = (): void => {};

/**
 * Takes a tree of frozen bones out of three's per-frame walks: hidden, the render's projection and the
 * shadow map's pass stop at its top, and its matrix update is a no-op (the rig writes the bones' world
 * matrices itself when the skeleton overlay needs them). A crowd of a thousand mannequins (21 bones
 * each) was 21,000 nodes walked three times a frame. Bone anchors ride the rig's matrices, not the bones.
 */
function prune(top: Object3D): void {
  top.visible = false;
  top.updateMatrixWorld = skipSubtree;
}

function clamp(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;
}
