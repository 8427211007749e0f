// Sync markers on a character: read from the file's animation extras, from <anim-marker> markup and found
// from the feet (markers="auto"), and used by the graph so walk→run lands on the same foot.
import { expect } from '@open-wc/testing';
import '../../src/elements/anim-marker.js';
import type { AnimClip } from '../../src/elements/anim-clip.js';
import type { AnimMarker } from '../../src/elements/anim-marker.js';
import { characterInternals } from '../../src/elements/internals.js';
import { buildSyncMarkers, cycleDistance, parseGlb, phaseError } from '../../src/runtime/index.js';
import type { MarkerInput } from '../../src/runtime/sync-markers.js';
import { mountCharacter, settle } from '../helpers/character.js';
import { blobUrl, packGlb } from '../helpers/glb.js';

const WALK = 1.1;
const RUN = 0.68;

function markersOf(character: Element, clip: string): readonly MarkerInput[] | null {
  const library = characterInternals(character)!.rig!.library;
  return library.clips[library.indexByName.get(clip)!].markers;
}

/** The mannequin with `markers` in its walk animation's extras. */
async function mannequinWithExtras(markers: unknown): Promise<string> {
  const data = await (await fetch('/assets/mannequin.glb')).arrayBuffer();
  const { json, buffers } = parseGlb(data);
  const doc = structuredClone(json) as { animations: { name: string; extras?: object }[] };
  const walk = doc.animations.find((a) => a.name === 'walk')!;
  walk.extras = { ...walk.extras, markers };
  return blobUrl(packGlb(doc, new Uint8Array(buffers[0])));
}

describe('sync markers: on a character', () => {
  it("reads the file's extras (shifted into a slice) and <anim-marker> markup; a bad time is one bad-attribute", async () => {
    const url = await mannequinWithExtras([
      { name: 'left-foot', time: 0 },
      { name: 'right-foot', time: 0.55 },
      { name: 42, time: 'x' },
    ]);
    const { character, errors, scene } = await mountCharacter(
      `src="${url}"`,
      `<anim-clip name="half" from="walk" start="0.5"></anim-clip>
       <anim-clip name="run"><anim-marker name="left-foot" time="0"></anim-marker>
         <anim-marker name="right-foot" time="340ms"></anim-marker></anim-clip>`,
    );
    scene.step(0);
    expect(markersOf(character, 'walk')).to.deep.equal([
      { name: 'left-foot', time: 0 },
      { name: 'right-foot', time: 0.55 },
    ]);
    // a slice keeps the markers inside it, measured from its start
    const half = markersOf(character, 'half')!;
    expect(half.length).to.equal(1);
    expect(half[0].name).to.equal('right-foot');
    expect(half[0].time).to.be.closeTo(0.05, 1e-6);
    expect(markersOf(character, 'run')).to.deep.equal([
      { name: 'left-foot', time: 0 },
      { name: 'right-foot', time: 0.34 },
    ]);
    expect(markersOf(character, 'idle')).to.equal(null);
    const marker = character.querySelector<AnimMarker>('anim-marker')!;
    marker.setAttribute('time', 'soon');
    expect(marker.time).to.equal(0);
    await settle();
    expect(errors.filter((e) => e.code === 'bad-attribute').map((e) => e.message)).to.have.length(1);
    expect(errors[errors.length - 1].message).to.contain('soon');
    URL.revokeObjectURL(url);
  });

  it('markers="auto" finds the mannequin walk and run foot-downs near where the gait puts them', async () => {
    const { character, scene, errors } = await mountCharacter(
      'src="/assets/mannequin.glb"',
      '<anim-clip name="walk" markers="auto"></anim-clip><anim-clip name="run" markers="auto"></anim-clip>',
    );
    scene.step(0);
    // the generator plants the left foot at phase 0 and the right at phase 0.5 of each cycle
    for (const [clip, length] of [
      ['walk', WALK],
      ['run', RUN],
    ] as const) {
      const markers = markersOf(character, clip)!;
      expect(markers.map((m) => m.name).sort()).to.deep.equal(['left-foot', 'right-foot']);
      const left = markers.find((m) => m.name === 'left-foot')!.time;
      const right = markers.find((m) => m.name === 'right-foot')!.time;
      console.log(`${clip}: auto markers left ${left.toFixed(3)} s, right ${right.toFixed(3)} s (cycle ${length} s)`);
      expect(cycleDistance(left, 0, length) * length, `${clip} left`).to.be.below(0.03);
      expect(cycleDistance(right, length / 2, length) * length, `${clip} right`).to.be.below(0.03);
    }
    expect(errors).to.deep.equal([]);
    const clip = character.querySelector<AnimClip>('anim-clip')!;
    clip.markers = 'sometimes';
    expect(clip.markers).to.equal('auto');
    await settle();
    expect(errors.map((e) => e.code)).to.deep.equal(['bad-attribute']);
  });

  it('a graph walk→run on the character lands on the same foot with auto markers', async () => {
    const { character, scene } = await mountCharacter(
      'src="/assets/mannequin.glb"',
      `<anim-clip name="walk" markers="auto"></anim-clip><anim-clip name="run" markers="auto"></anim-clip>
       <anim-param name="speed" type="float" value="0"></anim-param>
       <anim-state name="walk" clip="walk" default></anim-state><anim-state name="run" clip="run"></anim-state>
       <anim-transition from="walk" to="run" when="speed > 2" fade="0.3s"></anim-transition>`,
    );
    await settle();
    for (let i = 0; i < 40; i++) scene.step(1 / 60);
    character.setParam('speed', 3);
    const internals = characterInternals(character)!;
    const walk = buildSyncMarkers(markersOf(character, 'walk')!, WALK)!;
    const run = buildSyncMarkers(markersOf(character, 'run')!, RUN)!;
    const graph = internals.graph.compiled!;
    let measured = 0;
    for (let i = 0; i < 30; i++) {
      scene.step(1 / 60);
      const instance = internals.graph.instance!;
      if (instance.entryCount(0) < 2) continue;
      const time = (name: string) => {
        for (let e = 0; e < instance.entryCount(0); e++)
          if (graph.clipNames[instance.entryClip(0, e)] === name) return instance.entryTime(0, e);
        return Number.NaN;
      };
      expect(phaseError(walk, time('walk'), run, time('run'))).to.be.below(0.02);
      measured++;
    }
    expect(measured).to.be.above(10);
    expect(character.state).to.equal('run');
  });
});
