// Screenshots of some of the stories: see story-runner.ts.
import * as state from '../../stories/anim-state.stories.js';
import * as transition from '../../stories/anim-transition.stories.js';
import * as tween from '../../stories/anim-tween.stories.js';
import * as warp from '../../stories/anim-warp.stories.js';
import * as boneAnchor from '../../stories/bone-anchor.stories.js';
import { screenshotStories } from './story-runner.js';

screenshotStories({
  'anim-state': state,
  'anim-transition': transition,
  'anim-tween': tween,
  'anim-warp': warp,
  'bone-anchor': boneAnchor,
});
