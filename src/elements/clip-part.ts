import { css, LitElement } from 'lit';

/** The character an `<anim-clip>` or `<anim-event>` belongs to: told when a clip definition changes. */
export interface ClipOwner extends Element {
  clipsChanged(): void;
}

/** The nearest `<anim-character>` around `el`, if it is upgraded. */
export function findClipOwner(el: Element): ClipOwner | undefined {
  const owner = el.parentElement?.closest('anim-character') as (Element & Partial<ClipOwner>) | null;
  return owner && typeof owner.clipsChanged === 'function' ? (owner as ClipOwner) : undefined;
}

/**
 * What `<anim-clip>` and `<anim-event>` share: they draw nothing, and they tell their character when they
 * arrive, leave or change, so an edit takes effect on the character's next frame.
 */
export class ClipPart extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  #owner: ClipOwner | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#owner = findClipOwner(this);
    this.#owner?.clipsChanged();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#owner?.clipsChanged();
    this.#owner = undefined;
  }

  protected override updated(): void {
    // found again here too: the character may have upgraded after this element connected
    this.#owner = findClipOwner(this) ?? this.#owner;
    this.#owner?.clipsChanged();
  }
}
