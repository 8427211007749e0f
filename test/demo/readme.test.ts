import { expect } from '@open-wc/testing';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { internals } from '../helpers/internals.js';

/** The README's quick start, exactly as written there. */
async function quickStart(): Promise<string> {
  const readme = await (await fetch('/README.md')).text();
  const section = readme.slice(readme.indexOf('## Quick start'));
  const block = /```html\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('README.md has no html block under "## Quick start"');
  return block[1];
}

describe('the README quick start', () => {
  it('mounts, loads the mannequin, fills the picker and crossfades to the chosen clip', async function () {
    // the markup's script imports the whole library from source, each module compiled on first request: on a
    // busy 2-core machine that alone has taken over a minute
    this.timeout(240000);
    const markup = await quickStart();
    const host = document.createElement('div');
    document.body.append(host);
    // the markup as is; its script runs as a module, with the package name pointed at the source
    host.innerHTML = markup;
    const original = host.querySelector('script')!;
    const script = document.createElement('script');
    script.type = 'module';
    script.textContent = original.textContent!.replace("import 'anim-elements';", "import '/src/index.ts';");
    original.replaceWith(script);

    await customElements.whenDefined('anim-character');
    const hero = host.querySelector<AnimCharacter>('#hero')!;
    const scene = host.querySelector<AnimScene>('anim-scene')!;
    scene.paused = true;
    await hero.ready;
    await new Promise((resolve) => setTimeout(resolve, 0));

    const picker = host.querySelector<HTMLSelectElement>('#picker')!;
    expect([...picker.options].map((o) => o.value)).to.deep.equal(hero.clips);
    expect(picker.value).to.equal('idle');
    expect(scene.shadows && scene.ground && scene.controls).to.equal(true);
    // the character draws on the scene's stage: one canvas, one WebGL context
    expect(internals(hero).stage).to.equal(scene.stage);
    expect(host.querySelectorAll('anim-scene, anim-character').length).to.equal(2);

    picker.value = 'wave';
    picker.dispatchEvent(new Event('change'));
    scene.step(0.15);
    expect(internals(hero).rig!.weightOf('wave')).to.be.closeTo(0.5, 1e-6);
    scene.step(0.15);
    expect(internals(hero).rig!.weightOf('wave')).to.equal(1);
    expect(hero.clip).to.equal('wave');
    host.remove();
  });
});
