import { absoluteUrl } from './absolute-url.js';
import { CodedError } from './coded-error.js';

/**
 * Fetches and decodes an image (a sprite sheet). Resolves to the decoded image, or `undefined` when
 * `signal` aborts; rejects with a `load-failed` {@link CodedError} naming the URL.
 */
export async function loadImage(url: string, signal?: AbortSignal): Promise<HTMLImageElement | undefined> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.src = absoluteUrl(url);
  try {
    await image.decode();
  } catch {
    if (signal?.aborted) return undefined;
    throw new CodedError('load-failed', `${url}: the image could not be loaded or decoded`);
  }
  return signal?.aborted ? undefined : image;
}

/** Fetches a JSON file; `undefined` when aborted; `load-failed` when it cannot be fetched or parsed. */
export async function loadJson(url: string, signal?: AbortSignal): Promise<unknown> {
  const href = absoluteUrl(url);
  let response: Response;
  try {
    response = await fetch(href, { signal });
  } catch (error) {
    if (signal?.aborted) return undefined;
    throw new CodedError('load-failed', `${url}: network error (${(error as Error).message})`);
  }
  if (!response.ok)
    throw new CodedError('load-failed', `${url}: HTTP ${response.status} ${response.statusText}`.trim());
  try {
    return await response.json();
  } catch (error) {
    if (signal?.aborted) return undefined;
    throw new CodedError('bad-sprite-sheet', `${url} is not JSON: ${(error as Error).message}`);
  }
}
