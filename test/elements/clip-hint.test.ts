import { expect } from '@open-wc/testing';
import { clipHint, didYouMean, nearClip } from '../../src/elements/clip-hint.js';
import { mountCharacter, settle } from '../helpers/character.js';
import { MODELS } from '../helpers/shared-models.js';

const ROBOT_CLIPS = ['Dance', 'Death', 'Idle', 'Jump', 'Running', 'Walking', 'WalkJump'];

describe('clip hints', () => {
  it('finds the model clip a name means: the same but for case first, else the first containing it', () => {
    expect(nearClip('walk', ROBOT_CLIPS)).to.equal('Walking');
    expect(nearClip('idle', ROBOT_CLIPS)).to.equal('Idle');
    expect(nearClip('WALKJUMP', ROBOT_CLIPS), 'same but for case beats containing').to.equal('WalkJump');
    expect(nearClip('swim', ROBOT_CLIPS)).to.equal(null);
    expect(nearClip('', ROBOT_CLIPS), 'an empty name is near nothing').to.equal(null);
  });

  it('offers an <anim-clip> per missing name that has a near clip, and nothing when none has', () => {
    expect(clipHint(['idle', 'walk', 'swim'], ROBOT_CLIPS)).to.equal(
      `; to play the model's own, add <anim-clip name="idle" from="Idle"> <anim-clip name="walk" from="Walking">`,
    );
    expect(clipHint(['swim'], ROBOT_CLIPS)).to.equal('');
    expect(didYouMean('run', ROBOT_CLIPS)).to.equal('; did you mean "Running"?');
    expect(didYouMean('fly', ROBOT_CLIPS)).to.equal('');
  });

  it('a graph on a model that names its clips otherwise says which <anim-clip> maps them', async () => {
    const { scene, character, errors } = await mountCharacter(`src=${MODELS.robot} graph="locomotion"`);
    const unknown = errors.filter((e) => e.code === 'unknown-clip');
    expect(unknown).to.have.length(1);
    expect(unknown[0].message)
      .to.contain('<anim-clip name="idle" from="Idle">')
      .and.contain('<anim-clip name="walk" from="Walking">')
      .and.contain('<anim-clip name="run" from="Running">');
    // the hint works: with those clips the graph plays them, and only the clips the robot has no take for stay missing
    errors.length = 0;
    character.innerHTML = ['idle Idle', 'walk Walking', 'run Running', 'jump Jump']
      .map((pair) => pair.split(' '))
      .map(([name, from]) => `<anim-clip name="${name}" from="${from}"></anim-clip>`)
      .join('');
    await settle();
    scene.step(1 / 30);
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(errors[0].message).to.contain('lacks: fall, land, land-hard, get-up (').and.not.contain('<anim-clip');
    expect(character.state).to.equal('locomotion');
  });

  it('play() of a clip named otherwise asks whether the near one was meant', async () => {
    const { character, errors } = await mountCharacter(`src=${MODELS.robot}`);
    character.play('dance');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors.map((e) => e.code)).to.deep.equal(['unknown-clip']);
    expect(errors[0].message).to.contain('"dance"').and.contain('did you mean "Dance"?');
  });
});
