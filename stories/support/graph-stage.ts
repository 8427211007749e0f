// The stage every graph story shares: the mannequin in a scene, its graph drawn live beside it.
import { html, type TemplateResult } from 'lit';
import '../../src/elements/anim-scene.js';
import '../../src/elements/anim-character.js';
import '../../src/elements/anim-graph-view.js';

export const MANNEQUIN = '/assets/mannequin.glb';
export const MANNEQUIN_CLIPS = [
  'idle',
  'walk',
  'run',
  'walk-inplace',
  'run-inplace',
  'jump',
  'fall',
  'land',
  'wave',
  'punch',
  'crouch-idle',
  'crouch-walk',
  'strafe-left',
  'strafe-right',
];

/** A scene with `character` on the left and an `<anim-graph-view>` of it on the right. */
export function graphStage(id: string, character: TemplateResult, view: TemplateResult | null = null): TemplateResult {
  return html`
    <div style="display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start">
      <anim-scene shadows ground controls style="flex: 1 1 360px; height: 440px" camera-orbit="25deg 8deg 4.4m">
        ${character}
      </anim-scene>
      ${view ?? html`<anim-graph-view for=${id}></anim-graph-view>`}
    </div>
  `;
}
