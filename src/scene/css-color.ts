import { srgbToLinear } from '../runtime/tween/interpolate.js';

/** A colour in linear sRGB (three's working space), channels 0–1, with its alpha. */
export interface LinearColor {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

let probe: CanvasRenderingContext2D | null | undefined;

/**
 * Resolves any CSS colour the browser knows (names, hex, rgb(), hsl(), oklch(), color-mix(), transparent)
 * by painting it into a 1×1 canvas: three's own parser covers only a few of those forms. Returns the colour
 * in three's working space (linear sRGB) and its alpha, or undefined when the browser does not accept the text.
 * Plain numbers, not a three.js Color: tweens of CSS colours load no three.js.
 */
export function resolveCssColor(css: string): LinearColor | undefined {
  if (!CSS.supports('color', css)) return undefined;
  probe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!probe) return undefined;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = css;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  // canvas pixels are not premultiplied in getImageData, so r/g/b are the colour itself
  return { r: srgbToLinear(r / 255), g: srgbToLinear(g / 255), b: srgbToLinear(b / 255), alpha: a / 255 };
}
