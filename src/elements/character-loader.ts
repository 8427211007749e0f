/**
 * Loading for `<anim-character>`: its stage lease, `src` and `loading`, the load itself (glTF, rig, clips
 * from other files, property tracks), the model put on and taken off the stage, `ready`, and what the
 * element shows meanwhile (progress, error). One per character, for the character's lifetime.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { AnimError } from '../runtime/errors.js';
import { absoluteUrl } from '../scene/absolute-url.js';
import { bindTurn } from '../scene/bind-turns.js';
import type { CharacterRig, RigListener } from '../scene/character-rig.js';
import type { ClipDefinition } from '../scene/clip-library.js';
import type { RigChoice } from '../scene/clip-sources.js';
import { CodedError } from '../scene/coded-error.js';
import { type InstancedSkins, instancedSkinsOf } from '../scene/instanced-skin.js';
import { loadModelCopy, loadOwnModel } from '../scene/model-copies.js';
import type { RootMotionViews } from '../scene/root-motion-views.js';
import type { SkinningMode } from '../scene/skinning-modes.js';
import type { Stage } from '../scene/stage.js';
import { characterCode, loadedCharacterCode } from './character-code.js';
import { reportCaught, reportError } from './errors.js';
import { queueEvent } from './events.js';
import { whenNearViewport } from './near-viewport.js';
import { type StageLease, StageLeaseController } from './stage-lease.js';
import { trackLoad } from './viewer-cover.js';

/** What the loader asks of the character around it. */
export interface LoadHooks {
  /** The clip definitions of its `<anim-clip>` children. */
  definitions(): ClipDefinition[];
  skinning(): SkinningMode;
  /** The `instancing` attribute: `off` keeps the character a skinned mesh of its own. */
  instancing(): 'auto' | 'off';
  /** The humanoid map clips from other files are retargeted through. */
  rigChoice(): RigChoice;
  /** Receives the rig's reports. */
  readonly listener: RigListener;
  /** A rig is bound: configure it (before its first pose and before it joins the stage). */
  install(rig: CharacterRig): void;
  /** The rig is on the stage and posed: announce it. */
  installed(rig: CharacterRig): void;
  /** The rig is about to be freed: keep what outlives it (where it stands). */
  release(rig: CharacterRig): void;
  /** A load started: problems reported for the last model may be reported again. */
  loadStarted(): void;
  /** The in-scene state changed: the host's box is positioned by the scene, or holds its own canvas. */
  inScene(inScene: boolean): void;
  /** Whether root motion is shown in place (`root-motion="auto"`): the ground trail shows it. */
  inPlace(): boolean;
  /** Fetches the code of the parts the character asked for, before the rig is installed. Never rejects. */
  prepare(): Promise<void>;
}

/**
 * How long a character's download may receive nothing before `load-stalled` is reported (once per load; the
 * load keeps waiting), and the timer it is measured with (tests put a hand-driven one here).
 */
export const loadStall = {
  seconds: 30,
  setTimer: (fire: () => void, ms: number): (() => void) => {
    const id = setTimeout(fire, ms);
    return () => clearTimeout(id);
  },
};

/** A promise with its settle functions, marked handled so an unawaited rejection stays quiet. */
function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void; settled: boolean } {
  const d = { settled: false } as ReturnType<typeof deferred>;
  d.promise = new Promise<void>((resolve, reject) => {
    d.resolve = () => {
      d.settled = true;
      resolve();
    };
    d.reject = (e) => {
      d.settled = true;
      reject(e);
    };
  });
  d.promise.catch(() => {});
  return d;
}

export class CharacterLoader implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #hooks: LoadHooks;
  readonly #lease: StageLeaseController;
  #src: string | null = null;
  #mode: 'eager' | 'lazy' = 'eager';
  #rig: CharacterRig | undefined;
  #abort: AbortController | undefined;
  /** The src being loaded or shown; cleared when the character leaves the page. */
  #wanted: string | null = null;
  #ready = deferred();
  /** The stagger slot of the models this character shows on its stage (see RigOptions.lodSlot). */
  #lodSlot = 0;
  /** The coded error of the last load, while its src is the one wanted. */
  #lastError: CodedError | undefined;
  #stopWatching: (() => void) | undefined;
  #near = false;
  /** The `debug="root-motion"` arrow and the in-place trail, each made when first wanted. */
  #views: RootMotionViews | undefined;
  /** Ends the count of the load in flight on the stage (see trackLoad). */
  #loadDone: (() => void) | undefined;
  /** Stops following the stage's instancing switch. */
  #unwatch: (() => void) | undefined;
  /** The file this character shares with others of its stage, counted there (see InstancedSkins.share). */
  #sharing: { key: string; withdraw: () => void } | undefined;
  /** The `src` of the shown model while it is a copy sharing its materials with others (see loadModelCopy), else null. */
  #sharedSrc: string | null = null;
  /** Whether the character keeps materials of its own (see ownMaterials). */
  #ownMaterials = false;

  /** Load progress 0–1 while loading, else null. */
  progress: number | null = null;
  /** Whether a model is bound and posed. */
  posed = false;
  /** The message of the last load's error, '' when it loaded. */
  errorMessage = '';

  constructor(host: ReactiveControllerHost & HTMLElement, hooks: LoadHooks) {
    this.#host = host;
    this.#hooks = hooks;
    host.addController(this);
    this.#lease = new StageLeaseController(host, {
      join: (lease) => this.#join(lease),
      leave: () => this.#leave(),
    });
  }

  /** The bound rig, while a model is shown. */
  get rig(): CharacterRig | undefined {
    return this.#rig;
  }

  /** The root-motion setting changed: whether it plays in place decides if the root-motion views run. */
  rootMotionChanged(): void {
    this.#views?.refresh();
  }

  /** The stage the character draws on, while connected. */
  get stage(): Stage | undefined {
    return this.#lease.stage;
  }

  /** Whether the character made its stage (it is outside any scene). */
  get ownStage(): boolean {
    return this.#lease.lease?.own ?? false;
  }

  get ready(): Promise<void> {
    return this.#ready.promise;
  }

  get src(): string | null {
    return this.#src;
  }
  set src(value: string | null) {
    // `ready` answers for the src set last: a settled one (the old model's) is replaced at once
    if (value !== this.#src && this.#ready.settled) this.#ready = deferred();
    this.#src = value;
    // loads start from here too (not only after render), so a src set twice in one task aborts the first
    if (this.#host.isConnected) queueMicrotask(() => this.#request());
  }

  get mode(): 'eager' | 'lazy' {
    return this.#mode;
  }
  set mode(value: 'eager' | 'lazy') {
    this.#mode = value;
    if (this.#host.isConnected) queueMicrotask(() => this.#request());
  }

  /** Draws the rig instanced, or not, as the character's and its scene's `instancing` say now. */
  applyInstancing(): void {
    const rig = this.#rig;
    const stage = this.#lease.stage;
    if (rig && stage) {
      this.#countSharing(stage);
      const was = rig.instanced;
      rig.instancing = this.#instancingOn(stage);
      // its own meshes back on stage (or the batches' first ones) cast shadows and count in the stage's bounds
      if (rig.instanced !== was) stage.contentChanged();
    }
    this.redraw();
  }

  /**
   * Gives the character materials of its own (a material tween changes them): it leaves the instanced draws
   * and the count of characters sharing its file, the shared copy it shows gets clones of its materials, and
   * its next loads load a model of its own.
   */
  ownMaterials(): void {
    if (this.#ownMaterials) return;
    this.#ownMaterials = true;
    const shared = this.#sharedSrc !== null;
    this.#sharedSrc = null;
    this.#stopSharing();
    // out of the batches first: they draw with their own clone of the shared materials
    this.applyInstancing();
    if (this.#rig && shared) this.#rig.cloneMaterials();
  }

  /**
   * A shown shared copy counts among the characters sharing its file while `instancing` is `auto`, and not
   * while it is `off` (so its file's other characters go on as if it were not there). A load in flight
   * counts itself (see #load).
   */
  #countSharing(stage: Stage): void {
    if (this.#sharedSrc === null || this.#abort !== undefined) return;
    if (this.#hooks.instancing() === 'off') this.#stopSharing();
    else this.#share(this.#sharedSrc, stage);
  }

  #instancingOn(stage: Stage): InstancedSkins | null {
    const skins = instancedSkinsOf(stage);
    const key = this.#sharing?.key;
    const together = key !== undefined && skins.instancesOf(key) && !this.#ownMaterials;
    return this.#hooks.instancing() === 'auto' && skins.enabled && together ? skins : null;
  }

  /** Counts this character among those of its stage showing `src`: a second one makes them all instanced. */
  #share(src: string, stage: Stage): void {
    const key = absoluteUrl(src);
    if (this.#sharing?.key === key) return;
    this.#stopSharing();
    const withdraw = instancedSkinsOf(stage).share(key, () => this.applyInstancing());
    this.#sharing = { key, withdraw };
  }

  #stopSharing(): void {
    this.#sharing?.withdraw();
    this.#sharing = undefined;
  }

  redraw(): void {
    this.#lease.stage?.loop.requestRedraw();
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.#stopWatching?.();
    this.#stopWatching = undefined;
    this.#abort?.abort();
    this.#abort = undefined;
    this.#wanted = null;
  }

  #join(lease: StageLease): void {
    // taken in the order characters join (the page's order), not the order their loads finish
    this.#lodSlot = lease.stage.lod.takeSlot();
    this.#hooks.inScene(!lease.own);
    if (lease.own) lease.stage.canvas.setAttribute('part', 'canvas');
    this.#request();
  }

  #leave(): void {
    this.#stopSharing();
    if (this.#views) {
      this.#views.dispose();
      this.#views = undefined;
    }
    this.release();
  }

  /** Starts loading `src` unless it is already loading or shown (or must wait for the viewport). */
  #request(): void {
    if (!this.#host.isConnected || !this.#lease.stage) return;
    const src = this.#src;
    if (src === this.#wanted) {
      this.#answer();
      return;
    }
    if (src !== null && this.#mode === 'lazy' && !this.#near) {
      this.#stopWatching ??= whenNearViewport(this.#host, () => {
        this.#near = true;
        this.#request();
      });
      return;
    }
    this.#abort?.abort();
    this.#abort = undefined;
    this.#wanted = src;
    if (src === null) {
      // no model: nothing shown, no progress left up from a load cut short, and ready resolves
      this.#stopSharing();
      this.release();
      this.#lastError = undefined;
      this.errorMessage = '';
      this.#setProgress(null);
      this.#ready.resolve();
      return;
    }
    // a viewer's placeholder stays up while this load is in flight (ended early by install or failure)
    const done = trackLoad(this.#lease.stage);
    this.#loadDone = done;
    void this.#load(src).finally(done);
  }

  /**
   * Settles a `ready` renewed for a src that turned out to be the one already shown (set away and back
   * within a task): resolved for a shown model, rejected with the error of a failed one. A load in flight
   * settles it itself.
   */
  #answer(): void {
    if (this.#ready.settled || this.#abort) return;
    if (this.#lastError !== undefined) this.#ready.reject(this.#lastError);
    else if (this.#rig || this.#src === null) this.#ready.resolve();
  }

  async #load(src: string): Promise<void> {
    const controller = new AbortController();
    this.#abort = controller;
    const { signal } = controller;
    if (this.#ready.settled) this.#ready = deferred();
    this.#lastError = undefined;
    this.errorMessage = '';
    this.#setProgress(0);
    this.#hooks.loadStarted();
    let rig: CharacterRig | undefined;
    let shared = false;
    const stale = () => signal.aborted || !this.#lease.stage;
    const stall = this.#watchStall(src, signal);
    // the posing code is fetched alongside the model (the first character's load starts it)
    const fetchingCode = characterCode.loadBeside('character code');
    try {
      // characters that may be instanced share one load of src, its geometry and materials (see
      // loadModelCopy); the others load their own, which a script may change without touching the rest
      const share = this.#hooks.instancing() === 'auto' && this.#hooks.skinning() === 'gpu' && !this.#ownMaterials;
      if (share) this.#share(src, this.#lease.stage!);
      else this.#stopSharing();
      const copy = await (share ? loadModelCopy : loadOwnModel)(src, {
        signal,
        onProgress: (progress) => {
          if (signal.aborted) return;
          stall.rearm();
          this.#setProgress(progress);
          queueEvent(this.#host, 'anim-progress', { progress });
        },
      }).finally(stall.stop);
      if (!copy) return;
      if (signal.aborted) return copy.release();
      // a file whose materials are animated came as a copy of its own (see loadModelCopy): it draws alone
      if (!copy.shared) this.#stopSharing();
      const { gltf } = copy;
      shared = copy.shared;
      let code: Awaited<typeof fetchingCode>;
      try {
        code = await fetchingCode;
      } catch (error) {
        copy.release();
        throw error;
      }
      // binding a rig and, below, installing it: steps a crowd's copies take in turns (bind-turns.ts)
      await bindTurn();
      if (stale()) return copy.release();
      const stage = this.#lease.stage;
      try {
        rig = await code.CharacterRig.create(gltf, src, {
          definitions: this.#hooks.definitions(),
          skinning: this.#hooks.skinning(),
          listener: this.#hooks.listener,
          instancing: stage ? this.#instancingOn(stage) : null,
          asset: copy.asset,
          release: copy.release,
          lodSlot: this.#lodSlot,
        });
      } catch (error) {
        copy.release();
        throw error;
      }
      if (stale()) return rig.dispose();
      // clips from other files arrive before anim-load, so `clip` may name one
      rig.rigChoice = this.#hooks.rigChoice();
      const external = await code.resolveExternalClips(this.#hooks.definitions(), rig.binding.asset, rig.rigChoice);
      if (stale()) return rig.dispose();
      rig.setExternalClips(external);
      await this.#hooks.prepare();
      if (stale()) return rig.dispose();
      // the file's KHR_animation_pointer tracks (a material's colour, a light) play with its clips
      try {
        // a shared copy's file animates no material (see loadModelCopy): no property tracks to attach
        if (!copy.shared) await code.RigPropertyTracks.attach(rig, gltf);
      } catch (error) {
        rig.dispose();
        throw error;
      }
      await bindTurn();
      if (stale()) return rig.dispose();
    } catch (error) {
      if (signal.aborted) return;
      this.#fail(src, error);
      return;
    }
    this.#install(rig, shared ? src : null);
  }

  /** Reports `load-stalled` once when the download of `src` gets nothing for `loadStall.seconds`. */
  #watchStall(src: string, signal: AbortSignal): { rearm: () => void; stop: () => void } {
    let cancel: (() => void) | undefined;
    let reported = false;
    const stop = () => {
      cancel?.();
      cancel = undefined;
    };
    const rearm = () => {
      stop();
      if (reported || signal.aborted) return;
      cancel = loadStall.setTimer(() => {
        cancel = undefined;
        if (signal.aborted) return;
        reported = true;
        const message = `${src}: nothing received for ${loadStall.seconds}s; still waiting`;
        reportError(this.#host, 'load-stalled', message);
      }, loadStall.seconds * 1000);
    };
    signal.addEventListener('abort', stop, { once: true });
    rearm();
    return { rearm, stop };
  }

  /** `sharedSrc`: the file's `src` when its copy is shared with other characters (see loadModelCopy). */
  #install(rig: CharacterRig, sharedSrc: string | null): void {
    this.#loadDone?.();
    this.release();
    const stage = this.#lease.stage!;
    this.#rig = rig;
    this.#sharedSrc = this.#ownMaterials ? null : sharedSrc;
    if (sharedSrc !== null && this.#ownMaterials) {
      // asked for while this load was in flight: alone, and its materials its own
      rig.instancing = null;
      rig.cloneMaterials();
    }
    this.#abort = undefined;
    this.#countSharing(stage);
    rig.bonesShown = stage.skeletonShown;
    // a frame that throws is this character's anim-error; the rig stays in the loop, the others animate
    rig.failed = (error) => reportCaught(this.#host, error, 'during a frame');
    this.#hooks.install(rig);
    if (!this.#views) {
      this.#views = new (loadedCharacterCode().RootMotionViews)(
        stage,
        () => this.#rig,
        () => this.#hooks.inPlace(),
      );
    }
    this.#unwatch = instancedSkinsOf(stage).watch(() => this.applyInstancing());
    rig.update(0);
    rig.placeOnStage(stage.content, stage.quietRoots);
    stage.addActor(rig);
    stage.contentChanged();
    this.progress = null;
    this.posed = true;
    this.#host.requestUpdate();
    this.#hooks.installed(rig);
    this.#ready.resolve();
  }

  /** A load failed: a coded error keeps its code, anything else is `internal` (a bug, not a bad file). */
  #fail(src: string, error: unknown): void {
    this.#stopSharing();
    this.#loadDone?.();
    this.#abort = undefined;
    this.release();
    this.progress = null;
    const context = error instanceof AnimError ? undefined : src;
    const { code, message } = reportCaught(this.#host, error, context);
    this.errorMessage = message;
    this.#host.requestUpdate();
    this.#lastError = error instanceof CodedError ? error : new CodedError(code, message, { cause: error });
    this.#ready.reject(this.#lastError);
  }

  /** Takes the current model off the stage and frees it. */
  release(): void {
    const rig = this.#rig;
    if (!rig) return;
    this.#rig = undefined;
    this.#sharedSrc = null;
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#hooks.release(rig);
    this.posed = false;
    this.#host.requestUpdate();
    const stage = this.#lease.stage;
    stage?.removeActor(rig);
    rig.dispose();
    stage?.contentChanged();
  }

  #setProgress(progress: number | null): void {
    this.progress = progress;
    this.#host.requestUpdate();
  }
}
