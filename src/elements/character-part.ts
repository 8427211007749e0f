import { css, LitElement, type PropertyValues } from 'lit';

/** What a child element of `<anim-character>` tells its character (read without importing the element). */
export interface CharacterOwner extends HTMLElement {
  /** A clip definition (`<anim-clip>`, `<anim-event>`) changed: the clips are bound again on the next frame. */
  clipsChanged(): void;
  /** The humanoid map by hand (`<anim-rig>`) changed: retargeted clips are bound through the new map. */
  rigChanged(): void;
  /** The graph's markup changed: it is read again and recompiled before the next frame. */
  graphChanged(): void;
  /** An `<anim-param>`'s value was set: the live param takes it (not a change of the graph itself). */
  paramValueChanged(source: Element, name: string, value: number | boolean): void;
  /** A param's live value, quietly: undefined when there is no such param. */
  paramValue(name: string): number | boolean | undefined;
}

/** The nearest `<anim-character>` around `el`, if it is upgraded. */
export function findCharacterOwner(el: Element): CharacterOwner | undefined {
  const owner = el.parentElement?.closest('anim-character') as (Element & Partial<CharacterOwner>) | null;
  return owner && typeof owner.graphChanged === 'function' ? (owner as CharacterOwner) : undefined;
}

/**
 * What the elements that describe a character share (`<anim-clip>`, `<anim-event>` and the graph's
 * elements): they draw nothing, and they tell their character when they arrive, leave or change (`notify`),
 * so an edit takes effect on the character's next frame.
 */
export abstract class CharacterPart extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  #owner: CharacterOwner | undefined;

  /** The character this element belongs to, while connected inside one. */
  protected get owner(): CharacterOwner | undefined {
    return this.#owner;
  }

  /** Tells the character what kind of thing changed. */
  protected abstract notify(owner: CharacterOwner): void;

  /** Whether these property changes concern the character (by default every change does). */
  protected changesOwner(_changed: PropertyValues): boolean {
    return true;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#owner = findCharacterOwner(this);
    if (this.#owner) this.notify(this.#owner);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#owner) this.notify(this.#owner);
    this.#owner = undefined;
  }

  protected override updated(changed: PropertyValues): void {
    // found again here too: the character may have upgraded after this element connected
    this.#owner = findCharacterOwner(this) ?? this.#owner;
    if (this.#owner && this.changesOwner(changed)) this.notify(this.#owner);
  }
}
