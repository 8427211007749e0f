/**
 * A 3D element's stage for its lifetime: its scene's, or one of its own (a lone viewer). Apart from
 * stage-context.ts, which only finds a scene's stage: elements that never make a stage (tweens, sprites)
 * load no renderer.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Stage } from '../scene/stage.js';
import { reportContextChanges } from './context-events.js';
import { findSceneStage, whenStageReady } from './stage-context.js';

/** The stage an element draws into, and whether the element made it (and so must dispose it). */
export interface StageLease {
  stage: Stage;
  own: boolean;
}

/**
 * The stage for a 3D element such as `<anim-character>`: its scene's stage when it sits inside an
 * `<anim-scene>`, otherwise a stage of its own whose canvas fills `sizeSource`.
 *
 * A character calls this when it connects. When the lease is `own`, it renders `lease.stage.canvas` into
 * its shadow root (so a lone character is a self-contained viewer) and calls `lease.stage.dispose()` when it
 * disconnects; a scene's stage it only leaves (removes its actor and objects), since the scene owns it.
 * Scenes provide their stage from `connectedCallback`, which runs before their children connect, so the
 * request is answered synchronously.
 */
export function getStage(host: Element, sizeSource: HTMLElement): StageLease {
  const stage = findSceneStage(host);
  return stage ? { stage, own: false } : { stage: new Stage(sizeSource), own: true };
}

/** What an element does with its stage: joins it when it gets one, leaves it before the lease ends. */
export interface StageUser {
  /** The element got its stage: add its objects and actors. */
  join(lease: StageLease): void;
  /** The element is leaving the page: remove what it added (an own stage is disposed right after). */
  leave(lease: StageLease): void;
}

/**
 * The stage lease of a 3D element, for the element's lifetime: on connect it waits for an `<anim-scene>`
 * above it to be defined (see `whenStageReady`), takes the scene's stage or makes its own (see `getStage`)
 * and calls `user.join`; on disconnect it calls `user.leave` and disposes a stage it made. The host
 * re-renders on join, so it can show an own stage's canvas.
 */
export class StageLeaseController implements ReactiveController {
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #user: StageUser;
  #lease: StageLease | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, user: StageUser) {
    this.#host = host;
    this.#user = user;
    host.addController(this);
  }

  /** The lease while the host is on a stage. */
  get lease(): StageLease | undefined {
    return this.#lease;
  }

  /** The host's stage while it is on one. */
  get stage(): Stage | undefined {
    return this.#lease?.stage;
  }

  hostConnected(): void {
    whenStageReady(this.#host, () => {
      if (!this.#host.isConnected || this.#lease) return;
      this.#lease = getStage(this.#host, this.#host);
      // a stage of its own: the host is the one to say that its context went and came back
      if (this.#lease.own) reportContextChanges(this.#lease.stage, this.#host);
      this.#host.requestUpdate();
      this.#user.join(this.#lease);
    });
  }

  hostDisconnected(): void {
    const lease = this.#lease;
    if (!lease) return;
    this.#user.leave(lease);
    this.#lease = undefined;
    if (lease.own) lease.stage.dispose();
  }
}
