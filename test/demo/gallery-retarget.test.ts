import { expect } from '@open-wc/testing';
import type { Gallery } from '../../demo/gallery/gallery.js';
import { mountGalleryPage } from '../../demo/gallery/gallery-page.js';
import { type GltfJson, importGltf, parseGlb } from '../../src/runtime/index.js';
import { fetchModel, MODELS, SHARED, sharedModelsPresent } from '../helpers/shared-models.js';

/** One model's clips on another: the repository's rigs, and Soldier's on Xbot where ../shared/models is served. */
const PAIRS = [
  { src: MODELS.unreal, clips: MODELS.mixamo, foot: 'foot_l' },
  ...((await sharedModelsPresent())
    ? [{ src: `${SHARED}Xbot.glb`, clips: `${SHARED}Soldier.glb`, foot: 'mixamorig:LeftFoot' }]
    : []),
];

/** The gallery page in a 1000 × 680 box, time stopped: it moves only by scene.step(dt). */
async function mount(query: string): Promise<Gallery> {
  const root = document.createElement('div');
  root.style.cssText =
    'position: fixed; left: 0; top: 0; width: 1000px; height: 680px; display: flex; flex-direction: column;';
  document.body.append(root);
  const gallery = await mountGalleryPage(root, new URLSearchParams(query), { paused: true });
  (gallery.element as HTMLElement).style.flex = '1';
  return gallery;
}

describe("gallery: one model's clips on another (?src=…&clips=…)", () => {
  let gallery: Gallery | undefined;
  afterEach(() => {
    gallery?.dispose();
    for (const root of document.querySelectorAll('.gallery-page')) root.remove();
  });

  for (const { src, clips, foot: footBone } of PAIRS) {
    it(`shows every clip of ${clips} on ${src}, retargeted, and __gallery() reports each`, async () => {
      const bytes = await fetchModel(clips);
      const soldier = importGltf(...(Object.values(parseGlb(bytes)) as [GltfJson, ArrayBuffer[]]));
      gallery = await mount(`gallery&src=${src}&clips=${clips}`);
      const report = window.__gallery!();
      expect(report.error).to.equal(null);
      expect(report.clipsFrom).to.equal(clips);
      expect(report.cells.map((c) => c.clip)).to.deep.equal(soldier.clips.map((c) => c.name));
      for (const cell of report.cells) {
        const clip = soldier.clips.find((c) => c.name === cell.clip)!;
        expect(cell.duration, cell.clip).to.be.closeTo(clip.duration, 1e-4);
        expect(cell.label.text).to.equal(cell.clip);
      }
      // Soldier's loops end a frame before their first pose: still loops, as their seam is a frame's motion
      // (the generated rig's loops close exactly)
      const kinds = Object.fromEntries(report.cells.map((c) => [c.clip, c.kind]));
      expect([kinds.Idle, kinds.Walk, kinds.Run]).to.deep.equal(['loop', 'loop', 'loop']);
      const characters = gallery.characters;
      expect(characters).to.have.length(report.cells.length);
      characters.forEach((character, i) => {
        expect(character.src).to.equal(src);
        expect(character.clips).to.include(report.cells[i].clip);
        expect(character.clip).to.equal(report.cells[i].clip);
      });
      const walker = characters[report.cells.findIndex((c) => c.clip === 'Walk')];
      const foot = walker.boneMatrix(footBone)!;
      gallery.scene.step(0.3);
      const after = window.__gallery!();
      expect(after.cells.find((c) => c.clip === 'Walk')!.time).to.be.closeTo(0.3, 1e-6);
      expect(
        walker.boneMatrix(footBone)!.some((v, i) => Math.abs(v - foot[i]) > 1e-3),
        'it walks',
      ).to.equal(true);
      expect(document.querySelector('.gallery-model')!.textContent).to.contain(`${clips.split('/').pop()}’s clips`);
    });
  }

  it('reports a clips file that cannot be loaded in one line, naming it', async () => {
    gallery = await mount(`gallery&src=${MODELS.mixamo}&clips=/assets/rigs/missing-pack.glb`);
    const report = window.__gallery!();
    expect(report.error).to.contain('missing-pack.glb');
    expect(report.cells).to.deep.equal([]);
    expect(document.querySelector('.gallery-model')!.classList.contains('is-error')).to.equal(true);
  });
});
