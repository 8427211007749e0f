import type { SpriteSheet } from '../runtime/core.js';

/** A background position as a percentage, so it scales with whatever size the page gives the element. */
const percent = (offset: number, extent: number, total: number) =>
  total === extent ? '0%' : `${(offset / (total - extent)) * 100}%`;

/**
 * Outside a scene a sprite shows its frame as the background of a box: `frame` of `sheet`, cut from
 * `image`. The host's default size (the frame's own pixels, through `--anim-sprite-frame-width` and
 * `--anim-sprite-frame-aspect`, which page CSS overrides) follows the frame; `shown` is the last frame size
 * set (`"WxH"`), and the new one is returned so an unchanged size costs no style write.
 */
export function showFrameBox(
  host: HTMLElement,
  box: HTMLElement,
  image: HTMLImageElement,
  sheet: SpriteSheet,
  frame: number,
  shown: string,
): string {
  const r = frame * 4;
  const [x, y, w, h] = [sheet.rects[r], sheet.rects[r + 1], sheet.rects[r + 2], sheet.rects[r + 3]];
  box.style.backgroundImage = `url("${image.src}")`;
  box.style.backgroundSize = `${(sheet.width / w) * 100}% ${(sheet.height / h) * 100}%`;
  box.style.backgroundPosition = `${percent(x, w, sheet.width)} ${percent(y, h, sheet.height)}`;
  const size = `${w}x${h}`;
  if (size === shown) return shown;
  host.style.setProperty('--anim-sprite-frame-width', `${w}px`);
  host.style.setProperty('--anim-sprite-frame-aspect', `${w / h}`);
  return size;
}
