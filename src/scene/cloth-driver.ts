import { BufferAttribute, BufferGeometry, DynamicDrawUsage, Mesh, type SkinnedMesh } from 'three';
import {
  advanceCloth,
  buildCloth,
  type Cloth,
  type ClothPins,
  type ClothSettings,
  setClothAnchors,
  setClothCapsule,
  setClothSettings,
  writeClothVertices,
} from '../runtime/cloth/index.js';
import { AnimError, skinningMatrices } from '../runtime/index.js';
import { quatFromMatrix, type RagdollLayout, rotateVector } from '../runtime/ragdoll/index.js';
import type { CharacterRig } from './character-rig.js';
import { CodedError } from './coded-error.js';
import type { ModelPoseModifier } from './pose-pipeline.js';
import { layoutRagdoll } from './ragdoll.js';
import type { Stage } from './stage.js';

export type ClothColliders = 'bones' | 'none';

export interface ClothOptions {
  mesh: string;
  pins: ClothPins;
  settings: Partial<ClothSettings>;
  colliders: ClothColliders;
}

/** The skinned mesh named `name` (the node's name; a multi-primitive node's first primitive). */
function findMesh(rig: CharacterRig, name: string): { mesh: SkinnedMesh; skin: number } | null {
  for (const part of rig.binding.skinned) {
    if (part.mesh.name === name || part.mesh.parent?.name === name) return part;
  }
  return null;
}

/** Names of the skinned meshes a rig has (for error messages). */
export function meshNames(rig: CharacterRig): string[] {
  return [...new Set(rig.binding.skinned.map((p) => (p.mesh.name || p.mesh.parent?.name) ?? ''))].filter(Boolean);
}

/**
 * Cloth on one of a character's skinned meshes: the mesh's own vertices become a Verlet cloth, pinned
 * where the pins say and following the skin's joints there; it runs after forward kinematics each frame
 * (a model-space modifier of the rig), collides with capsules on the humanoid bones, and is drawn by a
 * plain mesh in world space in place of the skinned one. Each character gets its own, keyed by its rig.
 */
export class ClothDriver implements ModelPoseModifier {
  readonly cloth: Cloth;
  readonly #rig: CharacterRig;
  readonly #stage: Stage;
  readonly #source: SkinnedMesh;
  readonly #skin: number;
  readonly #view: Mesh;
  readonly #anchors: Float32Array;
  readonly #positions: BufferAttribute;
  readonly #normals: BufferAttribute;
  readonly #capsules: RagdollLayout | null;
  readonly #q = new Float32Array(4);
  readonly #p = new Float32Array(3);

  /**
   * @throws CodedError `unknown-mesh` when the rig has no skinned mesh of that name, `bad-attribute` when
   * the cloth cannot be built from it (a pin vertex out of range, a setting out of range).
   */
  constructor(rig: CharacterRig, stage: Stage, options: ClothOptions) {
    const found = findMesh(rig, options.mesh);
    if (!found) {
      const names = meshNames(rig);
      throw new CodedError('unknown-mesh', `no mesh "${options.mesh}" (meshes: ${names.join(', ') || 'none'})`);
    }
    this.#rig = rig;
    this.#stage = stage;
    this.#source = found.mesh;
    this.#skin = found.skin;
    const geometry = found.mesh.geometry;
    const position = geometry.getAttribute('position');
    const slot = geometry.getAttribute('skinIndex');
    const weight = geometry.getAttribute('skinWeight');
    const positions = new Float32Array(position.count * 3);
    const anchors = new Int32Array(position.count);
    for (let v = 0; v < position.count; v++) {
      positions[v * 3] = position.getX(v);
      positions[v * 3 + 1] = position.getY(v);
      positions[v * 3 + 2] = position.getZ(v);
      let best = 0;
      for (let k = 0; k < 4; k++) {
        if (weight.getComponent(v, k) > weight.getComponent(v, best)) best = k;
      }
      anchors[v] = slot.getComponent(v, best);
    }
    const indices = geometry.index ? geometry.index.array : Uint32Array.from({ length: position.count }, (_, i) => i);
    try {
      this.cloth = buildCloth({ positions, indices, anchors }, options.pins, options.settings);
    } catch (error) {
      if (error instanceof AnimError)
        throw new CodedError('bad-attribute', `cloth on "${options.mesh}": ${error.message}`);
      throw error;
    }
    this.#anchors = new Float32Array(rig.binding.asset.skins[found.skin].joints.length * 16);
    // hidden first: the body's capsules are sized from the visible skin, not from the cloth itself
    found.mesh.visible = false;
    this.#capsules = options.colliders === 'bones' ? bodyCapsules(rig) : null;
    this.cloth.capsuleCount = this.#capsules
      ? Math.min(this.#capsules.bodies.length, this.cloth.capsules.length / 7)
      : 0;

    // the drawn copy: same material and index, positions and normals rewritten each frame, in world space
    const view = new BufferGeometry();
    this.#positions = new BufferAttribute(new Float32Array(position.count * 3), 3).setUsage(DynamicDrawUsage);
    this.#normals = new BufferAttribute(new Float32Array(position.count * 3), 3).setUsage(DynamicDrawUsage);
    view.setAttribute('position', this.#positions);
    view.setAttribute('normal', this.#normals);
    if (geometry.getAttribute('uv')) view.setAttribute('uv', geometry.getAttribute('uv'));
    if (geometry.index) view.setIndex(geometry.index);
    this.#view = new Mesh(view, found.mesh.material);
    this.#view.name = `${options.mesh} (cloth)`;
    this.#view.frustumCulled = false;
    this.#view.castShadow = true;
    this.#view.matrixAutoUpdate = false;
    this.#view.matrixWorldAutoUpdate = false;
    this.#view.updateMatrixWorld(true);
    stage.content.add(this.#view);
    rig.modelModifiers.push(this);
    this.apply(rig.model, 0);
  }

  /** The rig the cloth runs on. */
  get rig(): CharacterRig {
    return this.#rig;
  }

  /** Changes settings live. @throws CodedError `bad-attribute` (the cloth keeps its settings). */
  setSettings(settings: Partial<ClothSettings>): void {
    try {
      setClothSettings(this.cloth, settings);
    } catch (error) {
      if (error instanceof AnimError) throw new CodedError('bad-attribute', error.message);
      throw error;
    }
  }

  /** After forward kinematics: pins follow their joints, capsules their bones, then the cloth steps. */
  apply(model: Float32Array, dt: number): void {
    const skin = this.#rig.binding.asset.skins[this.#skin];
    skinningMatrices(skin, model, this.#anchors);
    setClothAnchors(this.cloth, this.#anchors);
    const layout = this.#capsules;
    if (layout) {
      for (let b = 0; b < this.cloth.capsuleCount; b++) {
        const body = layout.bodies[b];
        const o = body.joint * 16;
        quatFromMatrix(this.#q, 0, model, o);
        rotateVector(this.#p, 0, this.#q, 0, body.a, 0);
        const ax = this.#p[0] + model[o + 12];
        const ay = this.#p[1] + model[o + 13];
        const az = this.#p[2] + model[o + 14];
        rotateVector(this.#p, 0, this.#q, 0, body.b, 0);
        setClothCapsule(
          this.cloth,
          b,
          ax,
          ay,
          az,
          this.#p[0] + model[o + 12],
          this.#p[1] + model[o + 13],
          this.#p[2] + model[o + 14],
          body.radius,
        );
      }
    }
    advanceCloth(this.cloth, dt);
    writeClothVertices(this.cloth, this.#positions.array as Float32Array, this.#normals.array as Float32Array);
    this.#positions.needsUpdate = true;
    this.#normals.needsUpdate = true;
  }

  /** Gives the mesh back to skinning and leaves the rig. */
  dispose(): void {
    const list = this.#rig.modelModifiers;
    const i = list.indexOf(this);
    if (i >= 0) list.splice(i, 1);
    this.#view.removeFromParent();
    this.#view.geometry.dispose();
    this.#source.visible = true;
    this.#stage.loop.requestRedraw();
  }
}

/** The humanoid capsules (the ragdoll's), or none for a model that is no humanoid. */
function bodyCapsules(rig: CharacterRig): RagdollLayout | null {
  try {
    return layoutRagdoll(rig, 'natural');
  } catch {
    return null;
  }
}
