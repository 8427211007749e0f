// The screenshot comparison can fail: a story broken on purpose (a T-pose, a moved camera) differs from its
// committed baseline by more than MAX_DIFFERENT, so the same breakage in a story or the library would fail.
import { expect } from '@open-wc/testing';
import * as character from '../../stories/anim-character.stories.js';
import { captureStory, dropRoot, storyRoot } from './story-runner.js';
import { baselineDifference, MAX_DIFFERENT, updating } from './visual.js';

describe('screenshots: a broken view fails its comparison', () => {
  let root: HTMLElement;
  before(async function () {
    // while the baselines are being rewritten there is nothing settled to compare with
    if (await updating()) this.skip();
  });
  beforeEach(() => {
    root = storyRoot();
  });
  afterEach(() => dropRoot(root));

  const BASELINE = 'story--anim-character--InAScene';

  it('a T-pose (the character plays no clip)', async () => {
    const image = await captureStory(root, character.default, { ...character.InAScene, args: { clip: '' } });
    expect(await baselineDifference(BASELINE, image)).to.be.above(MAX_DIFFERENT);
  });

  it('the camera drawn in (the feet cropped)', async () => {
    const image = await captureStory(root, character.default, character.InAScene, (r) =>
      r.querySelector('anim-scene')!.setAttribute('camera-orbit', '25deg 10deg 3m'),
    );
    expect(await baselineDifference(BASELINE, image)).to.be.above(MAX_DIFFERENT);
  });

  it('the camera turned a little (25° to 40°)', async () => {
    const image = await captureStory(root, character.default, character.InAScene, (r) =>
      r.querySelector('anim-scene')!.setAttribute('camera-orbit', '40deg 10deg 4.2m'),
    );
    expect(await baselineDifference(BASELINE, image)).to.be.above(MAX_DIFFERENT);
  });

  it('the same story unbroken passes (the checks above fail for the breakage alone)', async () => {
    const image = await captureStory(root, character.default, character.InAScene);
    expect(await baselineDifference(BASELINE, image)).to.be.below(MAX_DIFFERENT);
  });
});
