/**
 * The parts of one `<anim-character>`, each with one job, and how they are wired: loading (stage lease, load,
 * ready), playback (clips, windows, definitions, events), motion (placement, root motion, warps), the state
 * graph, foot IK and the ragdoll. The element's properties and methods forward here.
 */
import type { LitElement } from 'lit';
import type { SkinningMode } from '../scene/skin-output.js';
import { FootIkController } from './character-foot-ik.js';
import { CharacterGraph } from './character-graph.js';
import { CharacterLoader } from './character-loader.js';
import { CharacterMotion } from './character-motion.js';
import { CharacterPlayback } from './character-playback.js';
import { RagdollController } from './character-ragdoll.js';
import { queueEvent } from './events.js';
import type { CharacterInternals } from './internals.js';

/** What the parts read of the element itself. */
export interface CharacterHost extends LitElement {
  /** The `foot-ik` attribute. */
  readonly footIk: boolean;
  /** The `paused` attribute. */
  readonly paused: boolean;
}

export class CharacterParts {
  readonly host: CharacterHost;
  /** The `skinning` attribute (the loader builds each rig with it). */
  skinning: SkinningMode = 'gpu';
  /** The `instancing` attribute. */
  instancing: 'auto' | 'off' = 'off';
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
    const states = host.attachInternals();
    const { playback, motion, graph, footIk } = this;
    this.loader = new CharacterLoader(host, {
      definitions: () => playback.definitions(),
      skinning: () => this.skinning,
      instancing: () => this.instancing,
      rigChoice: () => playback.effectiveRig(),
      listener: playback.listener,
      loadStarted: () => playback.loadStarted(),
      inScene: (inScene) => {
        if (inScene) states.states.add('in-scene');
        else states.states.delete('in-scene');
      },
      install: (rig) => {
        playback.install(rig);
        rig.paused = host.paused;
        motion.apply(rig);
        motion.place(rig);
        graph.attach(rig);
        playback.start();
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
      syncFootIk: () => footIk.sync(),
    };
  }

  readonly redraw = (): void => this.loader.redraw();
}
