// Screenshots of some of the stories: see story-runner.ts.
import * as crowd from '../../stories/anim-crowd.stories.js';
import * as inspector from '../../stories/anim-inspector.stories.js';
import { screenshotStories } from './story-runner.js';

// `Thousand` is `Wander` with a thousand people: loading them takes minutes on a software renderer, and
// `Wander` draws the same plaza, paths and instanced draws with two hundred
const { Thousand: _thousand, ...crowdStories } = crowd;

screenshotStories({
  'anim-crowd': crowdStories,
  'anim-inspector': inspector,
});
