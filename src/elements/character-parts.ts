/**
 * The parts of one `<anim-character>`, each with one job, and how they are wired: loading (stage lease, load,
 * ready), playback (clips, windows, definitions, events), motion (placement, root motion, warps), the state
 * graph, foot IK and the ragdoll. The element's properties and methods forward here.
 */
import type { LitElement } from 'lit';
import { describeValue } from '../runtime/describe-value.js';
import type { SkinningMode } from '../scene/skinning-modes.js';
import { loadedCharacterCode } from './character-code.js';
import { FootIkController } from './character-foot-ik.js';
import { CharacterGraph } from './character-graph.js';
import { CharacterLoader } from './character-loader.js';
import { CharacterMotion } from './character-motion.js';
import { CharacterPlayback, type PlayOptions } from './character-playback.js';
import { RagdollController } from './character-ragdoll.js';
import { reportError } from './errors.js';
import { queueEvent } from './events.js';
import type { CharacterInternals } from './internals.js';
import { motionPreference } from './reduced-motion.js';
import { ViewerCover } from './viewer-cover.js';

/** What the parts read of the element itself. */
export interface CharacterHost extends LitElement {
  /** The `foot-ik` attribute. */
  readonly footIk: boolean;
  /** The `paused` attribute. */
  paused: boolean;
}

export class CharacterParts {
  readonly host: CharacterHost;
  /** The `skinning` attribute (the loader builds each rig with it). */
  skinning: SkinningMode = 'gpu';
  /** The `instancing` attribute. */
  instancing: 'auto' | 'off' = 'auto';
  // Controllers run their disconnect in the order added: foot IK and the ragdoll let go of the rig (and the
  // physics world) before the loader frees the rig and a stage of its own.
  readonly footIk: FootIkController;
  readonly ragdoll: RagdollController;
  readonly graph: CharacterGraph;
  readonly motion: CharacterMotion;
  readonly playback: CharacterPlayback;
  readonly loader: CharacterLoader;
  /** The view `characterInternals()` gives of this character. */
  readonly internals: CharacterInternals;
  /** Placeholder, `alt` and keyboard orbit while the character is a viewer (a stage of its own). */
  readonly cover: ViewerCover;
  /**
   * Under `prefers-reduced-motion`, a clip that would start by itself waits (showing its first frame) until
   * `play()`; null until the first model is bound.
   */
  motionHeld: boolean | null = null;

  constructor(host: CharacterHost) {
    this.host = host;
    const rig = () => this.loader.rig;
    const stage = () => this.loader.stage;
    this.footIk = new FootIkController({ host, wanted: () => host.footIk, rig, stage });
    host.addController(this.footIk);
    this.ragdoll = new RagdollController({ host, rig, stage, ready: () => this.loader.ready });
    host.addController(this.ragdoll);
    this.graph = new CharacterGraph(host, this.redraw);
    this.motion = new CharacterMotion(host);
    this.playback = new CharacterPlayback({
      host,
      rig,
      graphDriving: () => this.graph.driving,
      redraw: this.redraw,
    });
    this.cover = new ViewerCover(host, 'Animated 3D character');
    const states = host.attachInternals();
    const { playback, motion, graph, footIk } = this;
    this.loader = new CharacterLoader(host, {
      definitions: () => playback.definitions(),
      skinning: () => this.skinning,
      instancing: () => this.instancing,
      rigChoice: () => playback.effectiveRig(),
      listener: playback.listener,
      loadStarted: () => playback.loadStarted(),
      inPlace: () => motion.setting.auto === true,
      prepare: () => footIk.prepare(),
      inScene: (inScene) => {
        if (inScene) states.states.add('in-scene');
        else states.states.delete('in-scene');
        if (!inScene) this.cover.attach(this.loader.stage!, true);
      },
      install: (rig) => {
        playback.install(rig);
        motion.apply(rig);
        motion.place(rig);
        loadedCharacterCode().frameCharacter(rig, () => this.loader.stage?.contentChanged(true));
        graph.attach(rig);
        playback.start();
        // a clip that starts by itself (no graph decides) is what reduced motion holds
        this.motionHeld ??= !graph.driving && playback.clip !== null && motionPreference.reduced();
        this.syncPaused();
      },
      installed: (rig) => {
        footIk.sync();
        queueEvent(host, 'anim-load', {
          clips: rig.clipNames,
          bones: rig.boneNames,
          humanoid: playback.humanoidSlots(rig),
        });
      },
      release: (rig) => {
        motion.keep(rig);
        graph.detach();
      },
    });
    const loader = this.loader;
    const ragdoll = this.ragdoll;
    this.internals = {
      get rig() {
        return loader.rig;
      },
      get stage() {
        return loader.stage;
      },
      graph,
      get footIk() {
        return footIk.driver;
      },
      get ragdoll() {
        return ragdoll.ragdoll;
      },
      place: (placement) => {
        this.motion.placement = placement;
        const rig = loader.rig;
        if (rig) rig.placement = placement;
      },
      syncFootIk: () => footIk.sync(),
      ownMaterials: () => loader.ownMaterials(),
    };
  }

  readonly redraw = (): void => this.loader.redraw();

  /** The element's `play()`: checks its arguments, then plays the clip or resumes (see AnimCharacter.play). */
  play(clip: unknown, options: unknown): void {
    const host = this.host;
    if (clip === undefined) {
      this.resume();
      return;
    }
    if (typeof clip !== 'string' || clip === '') {
      const known = this.loader.rig?.clipNames.join(', ') || 'none';
      reportError(host, 'unknown-clip', `play(${describeValue(clip)}): name a clip (clips: ${known})`);
      return;
    }
    if (typeof options !== 'object' || Array.isArray(options)) {
      const message = `play(${describeValue(clip)}, ${describeValue(options)}): options are an object ({fade, speed, loop, start, end, blend}); playing with the defaults`;
      reportError(host, 'bad-attribute', message);
      options = {};
    }
    if (this.graph.compiled) {
      const message = `play("${clip}"): a state graph drives this character; set its params instead (setParam, trigger)`;
      reportError(host, 'graph-active', message);
      return;
    }
    this.playback.clip = clip;
    if (this.loader.rig) this.playback.play(clip, (options ?? {}) as PlayOptions);
    // asked for by name: no longer held by reduced motion
    if (this.motionHeld) this.resume();
  }

  /** `play()` without a name: runs the clock again (and a clip held by reduced motion); a finished clip starts over. */
  resume(): void {
    this.motionHeld = false;
    this.host.paused = false;
    this.syncPaused();
    if (this.loader.rig && this.playback.clip !== null && !this.graph.driving)
      this.playback.play(this.playback.clip, { fade: 0 });
  }

  /** The rig's clock stops for `paused` and for a start held by reduced motion. */
  syncPaused(): void {
    const rig = this.loader.rig;
    if (!rig) return;
    rig.paused = this.host.paused || this.motionHeld === true;
    this.redraw();
  }
}
