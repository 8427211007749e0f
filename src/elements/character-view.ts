/** What `<anim-character>` shows: its canvas (a viewer), the placeholder or poster, the loading bar, the error. */
import { html, nothing } from 'lit';
import type { CharacterParts } from './character-parts.js';

export function renderCharacter(parts: CharacterParts, poster: string | null) {
  const loader = parts.loader;
  const own = loader.ownStage;
  const image = poster ? html`<img part="poster" src=${poster} alt="" />` : nothing;
  // a viewer shows its placeholder until its first frame; in a scene, the poster shows until posed
  const cover = own ? parts.cover.render(poster) : loader.posed ? nothing : html`<slot name="poster">${image}</slot>`;
  const progress = loader.progress;
  return html`${own ? html`<div class="viewport">${loader.stage!.canvas}</div>` : nothing}
    <div class="cover">
      ${cover}
      ${
        progress === null
          ? nothing
          : html`<slot name="progress-bar"
              ><div part="progress-bar" style="--progress: ${progress}" role="progressbar" aria-label="Loading" aria-valuenow=${progress}></div
            ></slot>`
      }
      ${loader.errorMessage ? html`<div part="error" role="alert">${loader.errorMessage}</div>` : nothing}
    </div>
    <slot></slot>`;
}
