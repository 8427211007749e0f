import { css, LitElement, type PropertyValues } from 'lit';

/** The character a graph element belongs to: told when the markup of its graph changes. */
export interface GraphOwner extends Element {
  /** The graph's markup changed: it is read again and recompiled before the next frame. */
  graphChanged(): void;
  /** An `<anim-param>`'s value was set: the live param takes it (not a change of the graph itself). */
  paramValueChanged(source: Element, name: string, value: number | boolean): void;
  /** A param's live value, quietly: undefined when there is no such param. */
  paramValue(name: string): number | boolean | undefined;
}

/** The nearest `<anim-character>` around `el`, if it is upgraded. */
export function findGraphOwner(el: Element): GraphOwner | undefined {
  const owner = el.parentElement?.closest('anim-character') as (Element & Partial<GraphOwner>) | null;
  return owner && typeof owner.graphChanged === 'function' ? (owner as GraphOwner) : undefined;
}

/**
 * What every graph element (`<anim-param>`, `<anim-state>`, `<anim-blend-point>`, `<anim-transition>`,
 * `<anim-layer>`) shares: it draws nothing, and it tells its character when it arrives, leaves or changes,
 * so an edit of the markup takes effect on the character's next frame.
 */
export class GraphPart extends LitElement {
  static override styles = css`
    :host {
      display: none;
    }
  `;

  #owner: GraphOwner | undefined;

  /** The character this element belongs to, while connected inside one. */
  protected get owner(): GraphOwner | undefined {
    return this.#owner;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#owner = findGraphOwner(this);
    this.#owner?.graphChanged();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#owner?.graphChanged();
    this.#owner = undefined;
  }

  protected override updated(changed: PropertyValues): void {
    // found again here too: the character may have upgraded after this element connected
    this.#owner = findGraphOwner(this) ?? this.#owner;
    if (this.changesGraph(changed)) this.#owner?.graphChanged();
  }

  /** Whether these property changes alter the graph (a param's value alone does not). */
  protected changesGraph(_changed: PropertyValues): boolean {
    return true;
  }
}
