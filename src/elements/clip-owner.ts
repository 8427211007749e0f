/** The character an `<anim-clip>` or `<anim-event>` belongs to: told when a clip definition changes. */
export interface ClipOwner extends Element {
  clipsChanged(): void;
}

/** The nearest `<anim-character>` around `el`, if it is upgraded. */
export function findClipOwner(el: Element): ClipOwner | undefined {
  const owner = el.parentElement?.closest('anim-character') as (Element & Partial<ClipOwner>) | null;
  return owner && typeof owner.clipsChanged === 'function' ? (owner as ClipOwner) : undefined;
}
