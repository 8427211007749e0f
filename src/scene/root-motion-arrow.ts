import {
  BufferGeometry,
  CanvasTexture,
  DoubleSide,
  Float32BufferAttribute,
  Group,
  Mesh,
  MeshBasicMaterial,
  Sprite,
  SpriteMaterial,
  SRGBColorSpace,
} from 'three';
import { length2 } from '../runtime/length.js';
import type { CharacterRig } from './character-rig.js';
import type { Actor, Stage } from './stage.js';

/** Metres of arrow per m/s of root motion. */
const LENGTH_PER_SPEED = 0.5;
/** Below this speed (m/s) the clip counts as in place: no arrow. */
const STILL = 0.05;
/** How quickly the shown speed follows the measured one (per second), so the arrow does not flicker. */
const SMOOTHING = 8;
const COLOR = '#12b5cb';
/** The arrow starts this far ahead of the root (metres), past the toes, so it never covers the feet. */
const START_GAP = 0.3;

/**
 * `debug="root-motion"`: an arrow flat on the ground under a character, pointing where its root motion
 * carries it, as long as its speed (0.5 m per m/s), with the speed in m/s on a label beside it. An in-place
 * clip shows none. Updated by the character's RootMotionViews, after the frame's work.
 */
export class RootMotionArrow implements Actor {
  readonly group = new Group();
  /** The speed shown now, m/s (smoothed). */
  speed = 0;
  readonly #arrow: Mesh;
  readonly #label: Sprite;
  readonly #canvas: HTMLCanvasElement;
  readonly #texture: CanvasTexture;
  #shownText = '';
  #heading = 0;

  constructor(
    readonly stage: Stage,
    readonly rig: () => CharacterRig | undefined,
  ) {
    this.group.name = 'root-motion-arrow';
    this.group.visible = false;
    this.#arrow = new Mesh(
      arrowGeometry(),
      // depth-tested (lifted off the ground by a polygon offset): the body and the feet hide it where they are nearer
      new MeshBasicMaterial({
        color: COLOR,
        side: DoubleSide,
        transparent: true,
        opacity: 0.9,
        polygonOffset: true,
        polygonOffsetFactor: -2,
        polygonOffsetUnits: -2,
      }),
    );
    this.#arrow.renderOrder = 10;
    this.#canvas = document.createElement('canvas');
    this.#canvas.width = 256;
    this.#canvas.height = 64;
    this.#texture = new CanvasTexture(this.#canvas);
    this.#texture.colorSpace = SRGBColorSpace;
    this.#label = new Sprite(new SpriteMaterial({ map: this.#texture, depthTest: false, transparent: true }));
    this.#label.scale.set(0.6, 0.15, 1);
    this.#label.renderOrder = 11;
    this.group.add(this.#arrow, this.#label);
  }

  update(dt: number): void {
    const rig = this.rig();
    const on = rig !== undefined && this.stage.hasDebug('root-motion') && rig.rootMotion.extracting;
    if (!on) {
      this.group.visible = false;
      this.speed = 0;
      // out of the scene while hidden: three's per-frame matrix walk skips it
      this.group.removeFromParent();
      return;
    }
    if (this.group.parent === null) this.stage.scene.add(this.group);
    const root = rig.root;
    if (dt > 0) {
      const d = rig.rootMotion.delta;
      const measured = length2(d[0], d[2]) / dt;
      this.speed += (measured - this.speed) * Math.min(1, SMOOTHING * dt);
      // the direction in the world: the character's heading plus the delta's own direction
      if (measured > 1e-6) this.#heading = root.rotation.y + Math.atan2(d[0], d[2]);
    }
    const moving = this.speed > STILL;
    this.group.visible = true;
    this.#arrow.visible = moving;
    // standing still, the label would sit on the legs: it shows with the arrow only
    this.#label.visible = moving;
    this.group.position.set(root.position.x, root.position.y + 0.01, root.position.z);
    this.#arrow.rotation.y = this.#heading;
    this.#arrow.scale.set(1, 1, Math.max(0.2, this.speed * LENGTH_PER_SPEED));
    const s = Math.sin(this.#heading);
    const c = Math.cos(this.#heading);
    this.#arrow.position.set(s * START_GAP, 0, c * START_GAP);
    const length = moving ? START_GAP + Math.max(0.2, this.speed * LENGTH_PER_SPEED) : 0;
    // the label beside the arrow's tip, a little off to its right
    this.#label.position.set(s * length - c * 0.35, 0.12, c * length + s * 0.35);
    this.#setText(`${this.speed.toFixed(2)} m/s`);
  }

  dispose(): void {
    this.group.removeFromParent();
    this.#arrow.geometry.dispose();
    (this.#arrow.material as MeshBasicMaterial).dispose();
    this.#label.material.dispose();
    this.#texture.dispose();
  }

  /** The label's text, redrawn only when it changes. */
  #setText(text: string): void {
    if (text === this.#shownText) return;
    this.#shownText = text;
    const ctx = this.#canvas.getContext('2d');
    if (!ctx) return;
    const { width, height } = this.#canvas;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = 'rgba(16, 24, 32, 0.72)';
    ctx.beginPath();
    ctx.roundRect(2, 2, width - 4, height - 4, 14);
    ctx.fill();
    ctx.fillStyle = '#e8fbff';
    ctx.font = '600 36px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, width / 2, height / 2 + 2);
    this.#texture.needsUpdate = true;
  }
}

/** A flat arrow on the ground along +Z from the origin, 1 m long (scaled in z for its length). */
function arrowGeometry(): BufferGeometry {
  const w = 0.05;
  const head = 0.25;
  const hw = 0.14;
  const shaft = 1 - head;
  // two triangles of shaft, one of head, in the XZ plane
  const positions = [
    -w,
    0,
    0,
    w,
    0,
    0,
    w,
    0,
    shaft,
    -w,
    0,
    0,
    w,
    0,
    shaft,
    -w,
    0,
    shaft,
    -hw,
    0,
    shaft,
    hw,
    0,
    shaft,
    0,
    0,
    1,
  ];
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return geometry;
}
