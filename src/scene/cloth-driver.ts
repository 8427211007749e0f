import { BufferAttribute, BufferGeometry, DynamicDrawUsage, Mesh, type Object3D, type SkinnedMesh } from 'three';
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
import { skinningMatrices } from '../runtime/core.js';
import { quatFromMatrix, type RagdollLayout, rotateVectorAt } from '../runtime/ragdoll/index.js';
import type { CharacterRig } from './character-rig.js';
import { asCoded, CodedError } from './coded-error.js';
import type { ModelPoseModifier } from './pose-pipeline.js';
import { layoutRagdoll } from './ragdoll-layout.js';
import type { Actor, Stage } from './stage.js';

export type ClothColliders = 'bones' | 'none';

export interface ClothOptions {
  mesh: string;
  pins: ClothPins;
  settings: Partial<ClothSettings>;
  colliders: ClothColliders;
}

/** Where a cloth's mesh lives and what moves its pins: a character's skin, or a static model's placement. */
interface ClothHost {
  /** The mesh to simulate, and the anchor each vertex follows. */
  readonly mesh: Mesh;
  readonly anchors: Int32Array;
  readonly anchorCount: number;
  /** Body capsules to keep the cloth off, when the host has a humanoid body. */
  readonly capsules: RagdollLayout | null;
  /** World joint matrices (16 per joint) the capsules' bones are placed by. */
  readonly model: Float32Array | null;
  /** Writes this frame's anchor matrices (rest space → world, 16 each). */
  anchorMatrices(out: Float32Array): void;
  /** Runs `step(dt)` once per frame after the host has moved; returns how to stop. */
  attach(step: (dt: number) => void): () => void;
}

/** Mesh names under `root` (a multi-primitive node's name stands for its primitives). */
function meshNames(meshes: readonly Mesh[]): string[] {
  return [...new Set(meshes.map((m) => (m.name || m.parent?.name) ?? ''))].filter(Boolean);
}

function byName(meshes: readonly Mesh[], name: string): Mesh | undefined {
  if (!name) return undefined; // no name given is no mesh, not the first unnamed one
  return meshes.find((m) => m.name === name) ?? meshes.find((m) => m.parent?.name === name);
}

function unknownMesh(name: string, meshes: readonly Mesh[]): CodedError {
  return new CodedError('unknown-mesh', `no mesh "${name}" (meshes: ${meshNames(meshes).join(', ') || 'none'})`);
}

/** A character: each vertex follows its strongest skin joint; the ragdoll's capsules are the colliders. */
function rigHost(rig: CharacterRig, options: ClothOptions): ClothHost {
  const parts = rig.binding.skinned;
  const mesh = byName(
    parts.map((p) => p.mesh),
    options.mesh,
  ) as SkinnedMesh | undefined;
  if (!mesh)
    throw unknownMesh(
      options.mesh,
      parts.map((p) => p.mesh),
    );
  const skin = rig.binding.asset.skins[parts.find((p) => p.mesh === mesh)!.skin];
  const g = mesh.geometry;
  const slot = g.getAttribute('skinIndex');
  const weight = g.getAttribute('skinWeight');
  const anchors = new Int32Array(g.getAttribute('position').count);
  for (let v = 0; v < anchors.length; v++) {
    let best = 0;
    for (let k = 1; k < 4; k++) if (weight.getComponent(v, k) > weight.getComponent(v, best)) best = k;
    anchors[v] = slot.getComponent(v, best);
  }
  // hidden before the capsules are sized: they come from the visible skin, not from the cloth itself
  mesh.visible = false;
  let capsules: RagdollLayout | null = null;
  if (options.colliders === 'bones') {
    try {
      capsules = layoutRagdoll(rig, 'natural');
    } catch {
      capsules = null; // no humanoid: no body to keep off
    }
  }
  return {
    mesh,
    anchors,
    anchorCount: skin.joints.length,
    capsules,
    model: rig.model,
    anchorMatrices: (out) => skinningMatrices(skin, rig.model, out),
    attach: (step) => {
      // a simulation steps every frame: its character is never held or culled
      const modifier: ModelPoseModifier = { apply: (_model, dt) => step(dt), everyFrame: true };
      rig.modelModifiers.push(modifier);
      return () => {
        const i = rig.modelModifiers.indexOf(modifier);
        if (i >= 0) rig.modelModifiers.splice(i, 1);
      };
    },
  };
}

/** A static model (`<anim-model>`): every vertex follows the mesh's own world placement. */
function objectHost(root: Object3D, stage: Stage, options: ClothOptions): ClothHost {
  const meshes: Mesh[] = [];
  root.traverse((o) => {
    if ((o as Mesh).isMesh) meshes.push(o as Mesh);
  });
  const mesh = byName(meshes, options.mesh);
  if (!mesh) throw unknownMesh(options.mesh, meshes);
  mesh.visible = false;
  return {
    mesh,
    anchors: new Int32Array(mesh.geometry.getAttribute('position').count),
    anchorCount: 1,
    capsules: null,
    model: null,
    anchorMatrices: (out) => {
      mesh.updateWorldMatrix(true, false);
      const m = mesh.matrixWorld.elements;
      for (let i = 0; i < 16; i++) out[i] = m[i];
    },
    attach: (step) => {
      const actor: Actor = { update: step };
      // after the model's own animation (the animate phase) has posed what the cloth hangs from
      stage.addActor(actor, 'secondary');
      return () => stage.removeActor(actor);
    },
  };
}

/**
 * Cloth on one of a model's meshes: its own vertices become a Verlet cloth, pinned where the pins say and
 * following what holds them there (a character's skin joints, or a static model's placement). On a
 * character it runs after forward kinematics each frame and collides with capsules on the humanoid bones
 * (the ragdoll's). It is drawn by a plain mesh in world space in place of the original. Each host gets its
 * own cloth, so two characters sharing a model each have theirs.
 */
export class ClothDriver {
  readonly cloth: Cloth;
  /** The character or model the cloth is on. */
  readonly host: CharacterRig | Object3D;
  readonly #stage: Stage;
  readonly #source: Mesh;
  readonly #view: Mesh;
  readonly #anchors: Float32Array;
  readonly #positions: BufferAttribute;
  readonly #normals: BufferAttribute;
  readonly #capsules: RagdollLayout | null;
  readonly #model: Float32Array | null;
  readonly #anchorMatrices: (out: Float32Array) => void;
  readonly #detach: () => void;
  readonly #q = new Float32Array(4);
  /** One capsule as the cloth takes it: its ends a and b in world space, then its radius. */
  readonly #capsule = new Float64Array(7);

  /** Cloth on a character's skinned mesh. @throws CodedError as the constructor. */
  static onRig(rig: CharacterRig, stage: Stage, options: ClothOptions): ClothDriver {
    return new ClothDriver(rig, stage, options, rigHost(rig, options));
  }

  /** Cloth on a static model's mesh (`root` is the model's group). @throws CodedError as the constructor. */
  static onObject(root: Object3D, stage: Stage, options: ClothOptions): ClothDriver {
    return new ClothDriver(root, stage, options, objectHost(root, stage, options));
  }

  /**
   * @throws CodedError `unknown-mesh` when there is no mesh of that name, `bad-attribute` when the cloth
   * cannot be built from it (a pin vertex out of range, a setting out of range).
   */
  private constructor(owner: CharacterRig | Object3D, stage: Stage, options: ClothOptions, host: ClothHost) {
    this.host = owner;
    this.#stage = stage;
    this.#source = host.mesh;
    const geometry = host.mesh.geometry;
    const position = geometry.getAttribute('position');
    const positions = new Float32Array(position.count * 3);
    for (let v = 0; v < position.count; v++) {
      positions[v * 3] = position.getX(v);
      positions[v * 3 + 1] = position.getY(v);
      positions[v * 3 + 2] = position.getZ(v);
    }
    const indices = geometry.index ? geometry.index.array : Uint32Array.from({ length: position.count }, (_, i) => i);
    try {
      // the stage's ground (and the physics world's) is y = 0: a cape on a fallen body lies on it, not under it
      const settings = { floor: 0, ...options.settings };
      this.cloth = buildCloth({ positions, indices, anchors: host.anchors }, options.pins, settings);
    } catch (error) {
      host.mesh.visible = true;
      throw asCoded(error, `cloth on "${options.mesh}": `);
    }
    this.#anchors = new Float32Array(host.anchorCount * 16);
    this.#anchorMatrices = host.anchorMatrices;
    this.#capsules = host.capsules;
    this.#model = host.model;
    this.cloth.capsuleCount = host.capsules ? Math.min(host.capsules.bodies.length, this.cloth.capsules.length / 7) : 0;

    // the drawn copy: same material and index, positions and normals rewritten each frame, in world space
    const view = new BufferGeometry();
    this.#positions = new BufferAttribute(new Float32Array(position.count * 3), 3).setUsage(DynamicDrawUsage);
    this.#normals = new BufferAttribute(new Float32Array(position.count * 3), 3).setUsage(DynamicDrawUsage);
    view.setAttribute('position', this.#positions);
    view.setAttribute('normal', this.#normals);
    if (geometry.getAttribute('uv')) view.setAttribute('uv', geometry.getAttribute('uv'));
    if (geometry.index) view.setIndex(geometry.index);
    this.#view = new Mesh(view, host.mesh.material);
    this.#view.name = `${options.mesh} (cloth)`;
    this.#view.frustumCulled = false;
    this.#view.castShadow = true;
    this.#view.matrixAutoUpdate = false;
    this.#view.matrixWorldAutoUpdate = false;
    this.#view.updateMatrixWorld(true);
    stage.content.add(this.#view);
    this.#detach = host.attach(this.step);
    this.step(0);
  }

  /** Changes settings live. @throws CodedError `bad-attribute` (the cloth keeps its settings). */
  setSettings(settings: Partial<ClothSettings>): void {
    try {
      setClothSettings(this.cloth, settings);
    } catch (error) {
      throw asCoded(error);
    }
  }

  /** One frame, after the host moved: pins follow their anchors, capsules their bones, then the cloth steps. */
  readonly step = (dt: number): void => {
    this.#anchorMatrices(this.#anchors);
    setClothAnchors(this.cloth, this.#anchors);
    const layout = this.#capsules;
    const model = this.#model;
    if (layout && model) {
      for (let b = 0; b < this.cloth.capsuleCount; b++) {
        const body = layout.bodies[b];
        const o = body.joint * 16;
        quatFromMatrix(this.#q, 0, model, o);
        const c = this.#capsule;
        rotateVectorAt(c, 0, this.#q, 0, body.a, 0);
        rotateVectorAt(c, 3, this.#q, 0, body.b, 0);
        for (let k = 0; k < 3; k++) {
          c[k] += model[o + 12 + k];
          c[3 + k] += model[o + 12 + k];
        }
        c[6] = body.radius;
        setClothCapsule(this.cloth, b, c);
      }
    }
    advanceCloth(this.cloth, dt);
    writeClothVertices(this.cloth, this.#positions.array as Float32Array, this.#normals.array as Float32Array);
    this.#positions.needsUpdate = true;
    this.#normals.needsUpdate = true;
  };

  /** Gives the mesh back and stops. */
  dispose(): void {
    this.#detach();
    this.#view.removeFromParent();
    this.#view.geometry.dispose();
    this.#source.visible = true;
    this.#stage.loop.requestRedraw();
  }
}
