// Screenshots of some of the stories: see story-runner.ts.
import * as bind from '../../stories/anim-bind.stories.js';
import { screenshotStories } from './story-runner.js';

screenshotStories({ 'anim-bind': bind });
