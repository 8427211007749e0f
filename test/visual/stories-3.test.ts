// Screenshots of some of the stories: see story-runner.ts.
import * as param from '../../stories/anim-param.stories.js';
import * as ragdoll from '../../stories/anim-ragdoll.stories.js';
import * as rig from '../../stories/anim-rig.stories.js';
import * as scene from '../../stories/anim-scene.stories.js';
import * as sprite from '../../stories/anim-sprite.stories.js';
import { screenshotStories } from './story-runner.js';

screenshotStories({
  'anim-param': param,
  'anim-ragdoll': ragdoll,
  'anim-rig': rig,
  'anim-scene': scene,
  'anim-sprite': sprite,
});
