import { atlasSheet, type SpriteSheet } from '../runtime/core.js';
import { absoluteUrl } from '../scene/absolute-url.js';
import { CodedError } from '../scene/coded-error.js';
import { loadImage, loadJson } from '../scene/load-image.js';

/** A sheet as `<anim-sprite src>` names it: the image, and for a TexturePacker atlas its frames. */
export interface LoadedSheet {
  readonly image: HTMLImageElement;
  /** The atlas's frames; undefined for a plain image, which the sprite cuts as a grid. */
  readonly atlas: SpriteSheet | undefined;
}

/**
 * Loads `src`: an image, or a `.json` TexturePacker atlas and the image its `meta.image` names (relative to
 * the atlas). Undefined when `signal` aborts. Throws `load-failed` (a file that cannot be fetched or
 * decoded) or `bad-sprite-sheet` (JSON that is no atlas).
 */
export async function loadSpriteSheet(src: string, signal: AbortSignal): Promise<LoadedSheet | undefined> {
  let imageUrl = src;
  let atlas: SpriteSheet | undefined;
  if (/\.json(?:[?#].*)?$/i.test(src)) {
    const json = await loadJson(src, signal);
    if (signal.aborted) return undefined;
    atlas = atlasSheet(json);
    const image = (json as { meta?: { image?: unknown } }).meta?.image;
    if (typeof image !== 'string') throw new CodedError('bad-sprite-sheet', `${src}: the atlas names no meta.image`);
    imageUrl = absoluteUrl(image, absoluteUrl(src));
  }
  const image = await loadImage(imageUrl, signal);
  return !image || signal.aborted ? undefined : { image, atlas };
}
