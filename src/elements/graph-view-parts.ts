/**
 * What `<anim-graph-view>` fetches the first time it has a graph to draw: the layout, the labels and the live
 * paint. A page that defines every element but shows no graph never loads them.
 */
export { layoutGraph } from '../graph/graph-layout.js';
export { GraphViewPaint } from './graph-view-paint.js';
export { conditionText, layerCaption, transitionTitle } from './graph-view-text.js';
