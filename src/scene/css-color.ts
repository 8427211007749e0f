import { Color, SRGBColorSpace } from 'three';

let probe: CanvasRenderingContext2D | null | undefined;

/**
 * Resolves any CSS colour the browser knows (names, hex, rgb(), hsl(), oklch(), color-mix(), transparent)
 * by painting it into a 1×1 canvas: three's own parser covers only a few of those forms. Returns the colour
 * in three's working space and its alpha, or undefined when the browser does not accept the text.
 */
export function resolveCssColor(css: string): { color: Color; alpha: number } | undefined {
  if (!CSS.supports('color', css)) return undefined;
  probe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!probe) return undefined;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = css;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  // canvas pixels are not premultiplied in getImageData, so r/g/b are the colour itself
  return { color: new Color().setRGB(r / 255, g / 255, b / 255, SRGBColorSpace), alpha: a / 255 };
}
