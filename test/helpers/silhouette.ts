import type { Object3D } from 'three';
import type { SurfaceLook } from '../../src/scene/shared-renderer.js';
import type { Stage } from '../../src/scene/stage.js';

/** Where the content of a stage lands in its view, in fractions of the view (0 at the top/left edge). */
export interface Silhouette {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Rows and columns the content covers, as fractions of the view's height and width. */
  height: number;
  width: number;
  /** Whether the content touches an edge of the view. */
  touchesEdge: boolean;
  /** Mean brightness of the covered pixels, 0–255 (Rec. 709 luma of the sRGB values). */
  brightness: number;
}

/**
 * Renders only `stage.content` (no ground, overlays, trail or background) from the stage's camera into its
 * canvas, cleared to transparent, and finds the box of the pixels it covers; null when it covers none.
 */
export function silhouette(stage: Stage): Silhouette | null {
  const { scene, content, canvas } = stage;
  const width = canvas.width;
  const height = canvas.height;
  const hidden: Object3D[] = [];
  for (const child of scene.children) {
    if (child !== content && child.visible && !(child as { isLight?: boolean }).isLight) {
      child.visible = false;
      hidden.push(child);
    }
  }
  const background = scene.background;
  scene.background = null;
  // the stage draws through the page's shared renderer with its own look: clear to transparent there
  const look = stage.look as SurfaceLook;
  const clearAlpha = look.clearAlpha;
  look.clearAlpha = 0;
  stage.render();
  const pixels = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
  look.clearAlpha = clearAlpha;
  scene.background = background;
  for (const child of hidden) child.visible = true;
  stage.render();

  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  let luma = 0;
  let covered = 0;
  for (let row = 0; row < height; row++) {
    for (let x = 0; x < width; x++) {
      const o = (row * width + x) * 4;
      if (pixels[o + 3] === 0) continue;
      covered++;
      luma += 0.2126 * pixels[o] + 0.7152 * pixels[o + 1] + 0.0722 * pixels[o + 2];
      if (row < top) top = row;
      if (row > bottom) bottom = row;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (bottom < 0) return null;
  return {
    top: top / height,
    bottom: (bottom + 1) / height,
    left: left / width,
    right: (right + 1) / width,
    height: (bottom + 1 - top) / height,
    width: (right + 1 - left) / width,
    touchesEdge: top === 0 || left === 0 || bottom === height - 1 || right === width - 1,
    brightness: luma / covered,
  };
}
