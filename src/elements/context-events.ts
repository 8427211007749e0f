/**
 * The page's word on a stage's WebGL context: the browser may take it away (a GPU reset, too many live
 * contexts) and give it back later; three.js rebuilds its GPU state on the return. The element that owns the
 * stage (the `<anim-scene>`, or a lone character or model with a stage of its own) says so.
 */
import type { Stage } from '../scene/stage.js';
import { reportError } from './errors.js';
import { queueEvent } from './events.js';

/** Reports the loss of `stage`'s context on `owner` as one `context-lost`, and its return as `anim-context-restored`. */
export function reportContextChanges(stage: Stage, owner: Element): void {
  stage.onContext = (restored) => {
    if (restored) queueEvent(owner, 'anim-context-restored', { source: owner });
    else reportError(owner, 'context-lost', 'the WebGL context was lost: nothing draws until the browser restores it');
  };
}
