import type { Object3D } from 'three';
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
 * canvas, with a clear alpha of 0, and finds the box of the pixels it covers; null when it covers none.
 */
export function silhouette(stage: Stage): Silhouette | null {
  const { renderer, scene, camera, content, canvas } = stage;
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
  const clearAlpha = renderer.getClearAlpha();
  renderer.setClearAlpha(0);
  // drawn into the canvas itself (an offscreen target would compile other shader variants), read at once
  renderer.render(scene, camera);
  const copy = document.createElement('canvas');
  copy.width = width;
  copy.height = height;
  const ctx = copy.getContext('2d')!;
  ctx.drawImage(canvas, 0, 0);
  const pixels = ctx.getImageData(0, 0, width, height).data;
  renderer.setClearAlpha(clearAlpha);
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
