import { BufferAttribute, BufferGeometry, Color, DynamicDrawUsage, LineBasicMaterial, LineSegments } from 'three';
import type { Actor, StageCore as Stage } from './actor.js';
import { DEBUG_OTHER, debugLineBody, runningPhysics } from './physics.js';

/** Line colours by body: fixed (ground, scenery) grey, kinematic (controller capsules) blue, dynamic (ragdolls) orange. */
const PALETTE = ['#7a8592', '#2f7ff0', '#ff8a1c'].map((css) => new Color(css));
/** End points the first buffers hold; they double when a frame needs more. */
const INITIAL_POINTS = 2048;

/**
 * `debug="colliders"`: every collider of the stage's physics world as lines, from Rapier's debug render, drawn
 * over everything (depth test off) so capsules inside bodies show. One LineSegments whose buffers are reused
 * and grown only when a frame needs more. A late actor: it reads the colliders after the frame's physics step
 * and after controllers moved their capsules. Draws nothing while no world runs.
 */
export class ColliderOverlay implements Actor {
  readonly lines: LineSegments<BufferGeometry, LineBasicMaterial>;
  #positions = new Float32Array(0);
  #colors = new Float32Array(0);

  constructor(readonly stage: Stage) {
    this.lines = new LineSegments(
      new BufferGeometry(),
      new LineBasicMaterial({ vertexColors: true, depthTest: false, depthWrite: false, transparent: true }),
    );
    this.lines.name = 'anim-colliders';
    // the segments span the whole world and change every frame: bounds would cost more than they save
    this.lines.frustumCulled = false;
    this.lines.renderOrder = 9;
    this.lines.visible = false;
    this.#reserve(INITIAL_POINTS);
    stage.scene.add(this.lines);
  }

  /** End points drawn now (two per segment). */
  get pointCount(): number {
    return this.lines.visible ? this.lines.geometry.drawRange.count : 0;
  }

  update(): void {
    const physics = runningPhysics(this.stage);
    if (!physics || physics.disposed) {
      this.lines.visible = false;
      return;
    }
    const { vertices, colors } = physics.debugLines();
    const points = vertices.length / 3;
    if (points > this.#positions.length / 3) this.#reserve(points);
    const positions = this.#positions;
    const out = this.#colors;
    let drawn = 0;
    for (let p = 0; p < points; p += 2) {
      // both ends of a segment share its colour
      const body = debugLineBody(colors, p);
      if (body === DEBUG_OTHER) continue;
      const color = PALETTE[body];
      for (let k = 0; k < 6; k++) positions[drawn * 3 + k] = vertices[p * 3 + k];
      for (let e = 0; e < 2; e++) {
        out[(drawn + e) * 3] = color.r;
        out[(drawn + e) * 3 + 1] = color.g;
        out[(drawn + e) * 3 + 2] = color.b;
      }
      drawn += 2;
    }
    const geometry = this.lines.geometry;
    geometry.setDrawRange(0, drawn);
    upload(geometry.getAttribute('position') as BufferAttribute, drawn * 3);
    upload(geometry.getAttribute('color') as BufferAttribute, drawn * 3);
    this.lines.visible = drawn > 0;
  }

  dispose(): void {
    this.lines.removeFromParent();
    this.lines.geometry.dispose();
    this.lines.material.dispose();
  }

  /** New buffers for at least `points` end points: a new geometry, so the old one's GPU buffers are freed. */
  #reserve(points: number): void {
    let capacity = Math.max(INITIAL_POINTS, this.#positions.length / 3);
    while (capacity < points) capacity *= 2;
    this.#positions = new Float32Array(capacity * 3);
    this.#colors = new Float32Array(capacity * 3);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(this.#positions, 3).setUsage(DynamicDrawUsage));
    geometry.setAttribute('color', new BufferAttribute(this.#colors, 3).setUsage(DynamicDrawUsage));
    geometry.setDrawRange(0, 0);
    this.lines.geometry.dispose();
    this.lines.geometry = geometry;
  }
}

/** Sends the first `length` values of `attribute` to the GPU on the next render, not the whole buffer. */
function upload(attribute: BufferAttribute, length: number): void {
  attribute.clearUpdateRanges();
  attribute.addUpdateRange(0, length);
  attribute.needsUpdate = true;
}
