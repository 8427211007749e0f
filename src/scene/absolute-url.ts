import { CodedError } from './coded-error.js';

/**
 * `url` resolved against `base` (the page's by default), as every load fetches it; a `load-failed` naming it
 * when it is no URL at all (`http://[`), so a bad `src` is reported as one, never as an internal error.
 */
export function absoluteUrl(url: string, base: string = document.baseURI): string {
  try {
    return new URL(url, base).href;
  } catch (error) {
    throw new CodedError('load-failed', `${url}: not a valid URL`, { cause: error });
  }
}
