/**
 * The models and sprite sheets the package ships (`anim-elements/assets`), as URLs resolved beside this module,
 * wherever it is served from (a bundler's output, node_modules through a dev server, a CDN):
 *
 * ```js
 * import { mannequinUrl } from 'anim-elements/assets';
 * hero.src = mannequinUrl;
 * ```
 *
 * The files are the repository's `assets/` folder, at the package's root; this module sits one folder below it
 * (`src/` here, `dist/` in the package).
 */

// Kept in a variable so bundlers leave the URLs alone instead of inlining megabytes as data URLs.
const here = import.meta.url;

/** The generated mannequin: a rigged, skinned humanoid with every clip of the built-in locomotion graph. */
export const mannequinUrl: string = new URL('../assets/mannequin.glb', here).href;
/** The mannequin's walk as a sprite sheet: its frame data (JSON, for `<anim-sprite src>`), which names the image beside it. */
export const mannequinWalkSheetUrl: string = new URL('../assets/mannequin-walk-sprites.json', here).href;
/** The sheet's image alone (PNG, a grid of frames). */
export const mannequinWalkImageUrl: string = new URL('../assets/mannequin-walk-sprites.png', here).href;
