// Screenshots of some of the stories: see story-runner.ts.
import * as blendPoint from '../../stories/anim-blend-point.stories.js';
import * as character from '../../stories/anim-character.stories.js';
import * as clip from '../../stories/anim-clip.stories.js';
import * as clipRetarget from '../../stories/anim-clip-retarget.stories.js';
import * as cloth from '../../stories/anim-cloth.stories.js';
import * as controller from '../../stories/anim-controller.stories.js';
import { sharedModelsPresent } from '../helpers/shared-models.js';
import { screenshotStories } from './story-runner.js';

screenshotStories({
  'anim-blend-point': blendPoint,
  'anim-character': character,
  'anim-clip': clip,
  // its stories are the real models of ../shared/models: defined only where that folder is served, as the
  // other tests on them (test/helpers/shared-models.ts), so that a clean clone runs every test it has
  ...((await sharedModelsPresent()) ? { 'anim-clip-retarget': clipRetarget } : {}),
  'anim-cloth': cloth,
  'anim-controller': controller,
});
