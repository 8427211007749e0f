/**
 * One WebGL renderer for every stage of the page. Browsers keep only about sixteen live WebGL contexts and
 * evict the oldest past that, so a page of twenty viewers with a renderer each would go blank for good.
 * Instead every stage owns a `RenderSurface`: a plain 2D canvas in the page. A surface draws its scene with
 * the page's one renderer into the bottom-left corner of an offscreen WebGL canvas (grown to the largest
 * surface), then copies that corner into its own canvas with `drawImage`, in the same task, before the
 * drawing buffer is presented or cleared. Textures, programs and geometry uploads are shared too.
 *
 * Renderer-wide settings that differ between stages (clear colour, exposure, tone mapping, shadows) live on
 * each surface's `look` and are applied before each of its renders: set them there, never on the renderer.
 *
 * The context can still be lost (a GPU reset); every surface hears of it and of its return. The renderer
 * and its context are freed a few seconds after the last surface is disposed (IDLE_RELEASE_MS).
 */
import {
  ACESFilmicToneMapping,
  type Camera,
  Color,
  PCFShadowMap,
  type Scene,
  SRGBColorSpace,
  type ToneMapping,
  WebGLRenderer,
} from 'three';

/** What each stage sets where it would otherwise set the renderer: applied before each of its renders. */
export interface SurfaceLook {
  readonly clearColor: Color;
  clearAlpha: number;
  exposure: number;
  toneMapping: ToneMapping;
  shadows: boolean;
}

let renderer: WebGLRenderer | undefined;
const surfaces = new Set<RenderSurface>();
/** The offscreen drawing buffer's size, in device pixels. */
let bufferWidth = 0;
let bufferHeight = 0;

function onLost(): void {
  for (const surface of surfaces) surface.onContext?.(false);
}

function onRestored(): void {
  for (const surface of surfaces) surface.onContext?.(true);
}

/**
 * How long the renderer outlives its last surface: a page that swaps one viewer for another (a route change,
 * a list re-rendered) keeps its context, compiled shaders and prefiltered environment instead of making them
 * again, which costs seconds on a software renderer.
 */
const IDLE_RELEASE_MS = 5000;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function acquire(): WebGLRenderer {
  clearTimeout(idleTimer);
  idleTimer = undefined;
  if (renderer) return renderer;
  const canvas = document.createElement('canvas');
  // three.js's own listeners (added first) keep the context restorable and rebuild its state on restore
  renderer = new WebGLRenderer({ canvas, antialias: true, alpha: true });
  renderer.outputColorSpace = SRGBColorSpace;
  renderer.shadowMap.type = PCFShadowMap;
  renderer.setPixelRatio(1); // surfaces size themselves in device pixels
  canvas.addEventListener('webglcontextlost', onLost);
  canvas.addEventListener('webglcontextrestored', onRestored);
  bufferWidth = bufferHeight = 0;
  return renderer;
}

/** Grows (or, after a surface left or shrank, fits) the drawing buffer to the largest surface. */
function fitBuffer(shrink: boolean): void {
  if (!renderer) return;
  let width = shrink ? 1 : bufferWidth;
  let height = shrink ? 1 : bufferHeight;
  for (const surface of surfaces) {
    width = Math.max(width, surface.width);
    height = Math.max(height, surface.height);
  }
  if (width === bufferWidth && height === bufferHeight) return;
  bufferWidth = width;
  bufferHeight = height;
  renderer.setSize(width, height, false);
}

/** Frees the page's renderer and its WebGL context now if no surface uses it (else does nothing). */
export function releaseIdleRenderer(): void {
  clearTimeout(idleTimer);
  idleTimer = undefined;
  if (!renderer || surfaces.size > 0) return;
  const r = renderer;
  renderer = undefined;
  r.domElement.removeEventListener('webglcontextlost', onLost);
  r.domElement.removeEventListener('webglcontextrestored', onRestored);
  r.dispose();
  // browsers keep only ~16 live contexts: give ours back now rather than when collected
  r.forceContextLoss();
}

/** How many surfaces (viewers) share the page's renderer now. */
export function sharedSurfaceCount(): number {
  return surfaces.size;
}

/** The page's renderer while any surface lives (for tests and diagnostics). */
export function sharedRenderer(): WebGLRenderer | undefined {
  return renderer;
}

/** One viewer's canvas, drawn by the page's shared renderer. */
export class RenderSurface {
  /** The canvas in the page (2D): the viewer's pixels, its pointer target. */
  readonly canvas = document.createElement('canvas');
  readonly renderer: WebGLRenderer;
  readonly look: SurfaceLook = {
    clearColor: new Color(0xffffff),
    clearAlpha: 0,
    exposure: 1,
    toneMapping: ACESFilmicToneMapping,
    shadows: false,
  };
  /** Device pixels. */
  width = 1;
  height = 1;
  /** Told when the shared context is lost (`false`) and when it is back (`true`). */
  onContext: ((restored: boolean) => void) | null = null;
  readonly #context: CanvasRenderingContext2D;
  #disposed = false;

  constructor() {
    this.renderer = acquire();
    surfaces.add(this);
    // 'copy': each frame replaces the pixels, so a transparent background does not pile up
    this.#context = this.canvas.getContext('2d')!;
  }

  /** Sizes the canvas: `cssWidth` × `cssHeight` at `ratio` device pixels per CSS pixel. */
  setSize(cssWidth: number, cssHeight: number, ratio: number): void {
    const width = Math.max(1, Math.round(cssWidth * ratio));
    const height = Math.max(1, Math.round(cssHeight * ratio));
    const shrink = width < this.width || height < this.height;
    this.width = this.canvas.width = width;
    this.height = this.canvas.height = height;
    // a resized canvas resets its state
    this.#context.globalCompositeOperation = 'copy';
    fitBuffer(shrink);
  }

  /** Renders `scene` through `camera` with this surface's look and copies the frame in. False while lost. */
  render(scene: Scene, camera: Camera): boolean {
    const r = this.renderer;
    if (this.#disposed || r.getContext().isContextLost()) return false;
    const { width, height, look } = this;
    if (width > bufferWidth || height > bufferHeight) fitBuffer(false);
    r.setClearColor(look.clearColor, look.clearAlpha);
    r.toneMappingExposure = look.exposure;
    r.toneMapping = look.toneMapping;
    r.shadowMap.enabled = look.shadows;
    // the bottom-left corner: gl.readPixels(0, 0, width, height) right after reads this frame
    r.setViewport(0, 0, width, height);
    r.setScissor(0, 0, width, height);
    r.setScissorTest(true);
    r.render(scene, camera);
    this.#context.drawImage(r.domElement, 0, bufferHeight - height, width, height, 0, 0, width, height);
    return true;
  }

  /** Leaves the page's renderer; the last surface to leave frees it and its WebGL context a few seconds later. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.onContext = null;
    surfaces.delete(this);
    if (surfaces.size > 0) {
      fitBuffer(true);
      return;
    }
    idleTimer = setTimeout(releaseIdleRenderer, IDLE_RELEASE_MS);
  }
}
