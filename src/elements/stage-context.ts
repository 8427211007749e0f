import { ContextEvent, createContext } from '@lit/context';
import type { Stage } from '../scene/stage.js';

/** The context through which `<anim-scene>` hands its Stage to the 3D elements inside it. */
export const stageContext = createContext<Stage | undefined>(Symbol('anim-stage'));

/** Asks the nearest `<anim-scene>` above `host` (across shadow roots) for its stage, synchronously. */
export function findSceneStage(host: Element): Stage | undefined {
  let found: Stage | undefined;
  host.dispatchEvent(new ContextEvent(stageContext, host, (stage) => (found = stage)));
  return found;
}

/** Whether an `<anim-scene>` element sits above `host` (across shadow roots), upgraded or not. */
function sceneAbove(host: Element): boolean {
  for (let n: Node | null = host.parentNode; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) {
    if (n instanceof Element && n.localName === 'anim-scene') return true;
  }
  return false;
}

/**
 * Runs `attach` when the host can ask for its stage: at once, or, when an `<anim-scene>` above it is not
 * defined yet (its module loads after the host's), once it is, so the host joins that scene rather than
 * making a stage of its own. `attach` should check that the host is still connected and not attached.
 */
export function whenStageReady(host: Element, attach: () => void): void {
  if (customElements.get('anim-scene') || !sceneAbove(host)) attach();
  else void customElements.whenDefined('anim-scene').then(attach);
}
