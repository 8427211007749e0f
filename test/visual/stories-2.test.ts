// Screenshots of some of the stories: see story-runner.ts.
import * as event from '../../stories/anim-event.stories.js';
import * as footIk from '../../stories/anim-foot-ik.stories.js';
import * as graphView from '../../stories/anim-graph-view.stories.js';
import * as ik from '../../stories/anim-ik.stories.js';
import * as layer from '../../stories/anim-layer.stories.js';
import * as model from '../../stories/anim-model.stories.js';
import { screenshotStories } from './story-runner.js';

screenshotStories({
  'anim-event': event,
  'anim-foot-ik': footIk,
  'anim-graph-view': graphView,
  'anim-ik': ik,
  'anim-layer': layer,
  'anim-model': model,
});
