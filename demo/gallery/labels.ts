import { Vector3 } from 'three';
import type { Actor, Stage } from '../../src/scene/stage.js';

/** A label's anchor in the scene (model units) and its text. */
export interface LabelAnchor {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/**
 * HTML labels pinned to points of the scene: real text (crisp, selectable, read by screen readers and
 * tests) over the canvas. They are re-placed only after the camera or the canvas size changes, never on
 * an idle frame, so watching the gallery costs nothing here. A point behind the camera hides its label.
 */
export class SceneLabels implements Actor {
  readonly elements: HTMLElement[];
  readonly #stage: Stage;
  readonly #layer: HTMLElement;
  readonly #anchors: readonly LabelAnchor[];
  readonly #point = new Vector3();
  readonly #resize: ResizeObserver;
  #dirty = true;

  constructor(stage: Stage, layer: HTMLElement, anchors: readonly LabelAnchor[]) {
    this.#stage = stage;
    this.#layer = layer;
    this.#anchors = anchors;
    this.elements = anchors.map((anchor) => {
      const label = document.createElement('span');
      label.className = 'gallery-label';
      label.textContent = anchor.text;
      layer.append(label);
      return label;
    });
    this.#resize = new ResizeObserver(() => this.invalidate());
    this.#resize.observe(layer);
    stage.addActor(this);
  }

  /** The labels follow on the next frame. */
  invalidate(): void {
    this.#dirty = true;
    this.#stage.loop.requestRedraw();
  }

  update(): void {
    if (!this.#dirty) return;
    this.#dirty = false;
    const width = this.#layer.clientWidth;
    const height = this.#layer.clientHeight;
    for (let i = 0; i < this.#anchors.length; i++) {
      const { x, y, z } = this.#anchors[i];
      const p = this.project(x, y, z);
      const label = this.elements[i];
      const visible = p.z < 1;
      label.hidden = !visible;
      if (visible) label.style.transform = `translate(${((p.x + 1) / 2) * width}px, ${((1 - p.y) / 2) * height}px)`;
    }
  }

  /** A scene point in normalized device coordinates (x, y in −1…1; z ≥ 1 behind the camera); shared vector. */
  project(x: number, y: number, z: number): Vector3 {
    const camera = this.#stage.camera;
    camera.updateMatrixWorld();
    return this.#point.set(x, y, z).project(camera);
  }

  /** A scene point on the page, CSS pixels from the viewport's top left. */
  pagePoint(x: number, y: number, z: number): { x: number; y: number } {
    const rect = this.#layer.getBoundingClientRect();
    const p = this.project(x, y, z);
    return { x: rect.left + ((p.x + 1) / 2) * rect.width, y: rect.top + ((1 - p.y) / 2) * rect.height };
  }

  dispose(): void {
    this.#resize.disconnect();
    this.#stage.removeActor(this);
    for (const label of this.elements) label.remove();
  }
}
