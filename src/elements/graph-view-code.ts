import { FirstUse } from './first-use.js';

/** `<anim-graph-view>`'s drawing (graph-view-parts.ts), fetched the first time a view has a graph to draw. */
export const graphViewCode = new FirstUse(() => import('./graph-view-parts.js'));
