import type { DemoSection } from '../section.js';
import { clipsSection } from './clips.js';
import { crowdSection } from './crowd.js';
import { ikSection } from './ik.js';
import { inspectorSection } from './inspector.js';
import { propsSection } from './props.js';
import { retargetSection } from './retarget.js';
import { scrollSection } from './scroll.js';
import { traversalSection } from './traversal.js';

/**
 * The demo's sections, one tab each, in order; the first is shown on arrival. A feature adds its own
 * module beside these and one line here.
 */
export const SECTIONS: readonly DemoSection[] = [
  clipsSection,
  ikSection,
  traversalSection,
  propsSection,
  retargetSection,
  crowdSection,
  inspectorSection,
  scrollSection,
];
