import { Matrix4, type Object3D, type Sphere } from 'three';
import type { RigidPart } from './gltf-binding.js';
import type { RigTier } from './lod.js';
import type { RigExtent } from './rig-extent.js';
import { updateRootWorld } from './root-world.js';

/**
 * A character rig's side of the tiers (lod.ts): the stage's choice for the frame, whether the rig poses
 * now, and the held pose of a frame it does not: the last posed skinning stays, and the drawn meshes and
 * rigid parts ride the root from where it was posed to where it is (`heldMatrix`), so a held character
 * still follows its root motion smoothly.
 */
export class RigTiers {
  tier: RigTier = 'full';
  /** Whether this frame is one of the character's own in its reduced-rate cycle. */
  due = true;
  /** Whether the last update posed the character; see CharacterRig.posed. */
  posed = true;
  /** Updates that posed the character since it was bound. */
  posedFrames = 0;
  /**
   * From the root the held pose was posed at to the root now; identity on a posed frame. Never frozen (nor
   * any Matrix4's elements): V8 would then make every Matrix4 the page creates afterwards keep its numbers
   * boxed, each write allocating, and three's matrix math about twice as slow (see unboxed-matrices.test.ts).
   */
  readonly heldMatrix = new Matrix4();
  /** The meshes the skin output draws (placed in world space: identity world matrices when posed). */
  drawn: readonly Object3D[] = [];
  /** The animated extent in the rig's own frame (rig-extent.ts), made when first asked, per clip library. */
  extent: RigExtent | null = null;
  /** Whether the held pose on screen is recent (false after a culled frame: the next frame in view poses). */
  #fresh = true;
  /** The inverse of the root the held pose was posed at, made on the first held frame after a posed one. */
  readonly #posedInverse = new Matrix4();
  #inverted = false;

  /** Whether to pose this frame: at full rate, on a redraw (dt 0), on the cycle's own frame, and back in view. */
  posesNow(dt: number, skippable: boolean): boolean {
    const tier = this.tier;
    if (tier === 'full' || !skippable) return true;
    if (tier === 'culled') return false;
    return this.due || dt === 0 || !this.#fresh;
  }

  /** A frame not posed: carries the drawn meshes and rigid parts from `posedRoot` (16 floats) to the root now. */
  hold(root: Object3D, posedRoot: Float32Array, model: Float32Array, rigid: readonly RigidPart[]): void {
    this.posed = false;
    if (this.tier === 'culled') this.#fresh = false;
    updateRootWorld(root);
    if (!this.#inverted) {
      this.#posedInverse.fromArray(posedRoot).invert();
      this.#inverted = true;
    }
    const held = this.heldMatrix.multiplyMatrices(root.matrixWorld, this.#posedInverse);
    const drawn = this.drawn;
    for (let i = 0; i < drawn.length; i++) drawn[i].matrixWorld.copy(held);
    for (let i = 0; i < rigid.length; i++)
      rigid[i].object.matrixWorld.fromArray(model, rigid[i].joint * 16).premultiply(held);
  }

  /** A frame posed through to the skinning: the drawn meshes back in world space. */
  posedNow(): void {
    this.posedFrames++;
    this.#inverted = false;
    if (this.posed) return;
    this.posed = true;
    this.#fresh = true;
    // once per return from held frames: a run of posed frames does not touch it
    this.heldMatrix.identity();
    for (let i = 0; i < this.drawn.length; i++) this.drawn[i].matrixWorld.identity();
  }

  /**
   * The extent (set it first) placed by the root's world matrix into `out`; returns the character's size
   * (radius, scaled like it) for the tiers to measure, -1 when there is no extent or it is not finite.
   */
  sphere(root: Object3D, out: Sphere): number {
    if (this.extent === null) return -1;
    const { center, radius } = this.extent.sphere;
    if (root.matrixAutoUpdate) {
      // placed by the root's position, rotation and scale themselves: the tier pass reads every character
      // first thing in the frame, and composing the root's matrices here (the update composes them again)
      // cost 0.3 ms a frame at 1,000 warm, more cold
      const { position, quaternion, scale } = root;
      out.center.set(center.x * scale.x, center.y * scale.y, center.z * scale.z).applyQuaternion(quaternion);
      out.center.add(position);
      out.radius = radius * Math.max(Math.abs(scale.x), Math.abs(scale.y), Math.abs(scale.z));
      if (root.parent) out.applyMatrix4(root.parent.matrixWorld);
    } else {
      updateRootWorld(root);
      out.copy(this.extent.sphere).applyMatrix4(root.matrixWorld);
    }
    const size = (this.extent.size * out.radius) / (radius || 1);
    return Number.isFinite(size + out.center.x + out.center.y + out.center.z) ? size : -1;
  }
}
