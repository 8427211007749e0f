import { BufferGeometry, CanvasTexture, Float32BufferAttribute, Points, PointsMaterial } from 'three';
import { length2 } from '../runtime/length.js';
import type { Actor } from './actor.js';
import type { CharacterRig } from './character-rig.js';
import { stageScale } from './framing.js';
import type { Stage } from './stage.js';

/** Marks on the trail. */
const COUNT = 24;
/** Metres between marks, and mark size, for a person-sized character (scaled with the character). */
const SPACING = 0.3;
const SIZE = 0.07;
const COLOR = [0.07, 0.45, 0.52];

/**
 * Root motion shown in place: a character whose clip walks stays where it stands (its root motion is taken
 * out of the skeleton and not applied), and a trail of marks on the ground streams away behind it at the
 * speed and in the direction the clip would have carried it, fading with distance. So a walk reads as a
 * walk (the feet keep pace with the ground) and never leaves the frame or snaps back at the loop.
 * Updated by the character's RootMotionViews, after the frame's work. Nothing allocated per frame.
 */
export class GroundTrail implements Actor {
  readonly points: Points<BufferGeometry, PointsMaterial>;
  readonly #positions: Float32Array;
  readonly #colors: Float32Array;
  /** Metres travelled since the last mark was laid. */
  #travelled = 0;
  #next = 0;

  constructor(
    readonly stage: Stage,
    readonly rig: () => CharacterRig | undefined,
    readonly shown: () => boolean,
  ) {
    this.#positions = new Float32Array(COUNT * 3);
    this.#colors = new Float32Array(COUNT * 4);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new Float32BufferAttribute(this.#positions, 3));
    geometry.setAttribute('color', new Float32BufferAttribute(this.#colors, 4));
    const material = new PointsMaterial({
      size: SIZE,
      map: dotTexture(),
      vertexColors: true,
      transparent: true,
      depthWrite: false,
    });
    this.points = new Points(geometry, material);
    this.points.name = 'ground-trail';
    this.points.frustumCulled = false;
    this.points.visible = false;
    this.points.renderOrder = 1;
  }

  update(): void {
    const rig = this.rig();
    if (!rig || !this.shown() || rig.rootMotion.mode !== 'expose') {
      this.points.visible = false;
      // out of the scene while hidden: three's per-frame matrix walk skips it
      this.points.removeFromParent();
      return;
    }
    if (this.points.parent === null) this.stage.scene.add(this.points);
    const root = rig.root;
    const scale = stageScale(this.stage.frameBounds);
    const d = rig.rootMotion.delta;
    // the ground moves the other way: world-space motion from the character's frame
    const heading = root.rotation.y;
    const c = Math.cos(heading);
    const s = Math.sin(heading);
    const dx = c * d[0] + s * d[2];
    const dz = -s * d[0] + c * d[2];
    const p = this.#positions;
    const colors = this.#colors;
    const fadeLength = COUNT * SPACING * scale;
    for (let i = 0; i < COUNT; i++) {
      p[i * 3] -= dx;
      p[i * 3 + 2] -= dz;
      const away = length2(p[i * 3] - root.position.x, p[i * 3 + 2] - root.position.z);
      colors[i * 4 + 3] = colors[i * 4 + 3] > 0 ? 0.6 * Math.max(0, 1 - away / fadeLength) : 0;
    }
    this.#travelled += length2(dx, dz);
    if (this.#travelled >= SPACING * scale) {
      this.#travelled = 0;
      const i = this.#next;
      this.#next = (i + 1) % COUNT;
      p[i * 3] = root.position.x;
      p[i * 3 + 1] = root.position.y + 0.002 * scale;
      p[i * 3 + 2] = root.position.z;
      colors.set(COLOR, i * 4);
      colors[i * 4 + 3] = 0.6;
    }
    this.points.material.size = SIZE * scale;
    const geometry = this.points.geometry;
    geometry.attributes.position.needsUpdate = true;
    geometry.attributes.color.needsUpdate = true;
    this.points.visible = true;
  }

  dispose(): void {
    this.points.removeFromParent();
    this.points.geometry.dispose();
    this.points.material.map?.dispose();
    this.points.material.dispose();
  }
}

/** A soft round dot (points draw as squares without one). */
function dotTexture(): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 32;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const gradient = ctx.createRadialGradient(16, 16, 0, 16, 16, 16);
    gradient.addColorStop(0, 'rgba(255,255,255,1)');
    gradient.addColorStop(0.6, 'rgba(255,255,255,0.9)');
    gradient.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 32, 32);
  }
  return new CanvasTexture(canvas);
}
