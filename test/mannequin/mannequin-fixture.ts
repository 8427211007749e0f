// The committed mannequin loaded through three's GLTFLoader, posed with its AnimationMixer: the FK oracle for
// the clip checks.
import { AnimationMixer, type Bone, LoopOnce, type Object3D, type SkinnedMesh, Vector3 } from 'three';
import { type GLTF, GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { clone } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { SOLE_POINTS } from '../../scripts/mannequin/skeleton';

export async function fetchBytes(path: string): Promise<Uint8Array> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

let loaded: Promise<GLTF> | undefined;

export function loadMannequin(): Promise<GLTF> {
  loaded ??= fetchBytes('/assets/mannequin.glb').then((bytes) =>
    new GLTFLoader().parseAsync(bytes.buffer as ArrayBuffer, ''),
  );
  return loaded;
}

/** A fresh copy of the mannequin playing one clip once (held at its end), posed by `at(seconds)`. */
export interface PosedClip {
  duration: number;
  at(seconds: number): void;
  bone(name: string): Bone;
  world(name: string, local?: readonly [number, number, number]): Vector3;
  /** Heel and ball sole points of one foot, world space. */
  soles(side: 'Left' | 'Right'): Vector3[];
  /** The lowest skinned vertex of the body (the cape left out), world space. */
  lowestPoint(): Vector3;
}

export function playClip(gltf: GLTF, name: string): PosedClip {
  const clip = gltf.animations.find((a) => a.name === name);
  if (!clip) throw new Error(`no clip ${name}`);
  const root: Object3D = clone(gltf.scene);
  const mixer = new AnimationMixer(root);
  const action = mixer.clipAction(clip);
  action.setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  const bone = (boneName: string) => {
    const b = root.getObjectByName(boneName);
    if (!b) throw new Error(`no bone ${boneName}`);
    return b as Bone;
  };
  const world = (boneName: string, local: readonly [number, number, number] = [0, 0, 0]) =>
    bone(boneName).localToWorld(new Vector3(...local));
  return {
    duration: clip.duration,
    at(seconds) {
      mixer.setTime(seconds);
      root.updateMatrixWorld(true);
    },
    bone,
    world,
    soles: (side) => [
      world(`${side}${SOLE_POINTS.heel.joint}`, SOLE_POINTS.heel.offset),
      world(`${side}${SOLE_POINTS.ball.joint}`, SOLE_POINTS.ball.offset),
    ],
    lowestPoint() {
      const lowest = new Vector3(0, Number.POSITIVE_INFINITY, 0);
      const p = new Vector3();
      root.getObjectByName('Body')!.traverse((o) => {
        const mesh = o as SkinnedMesh;
        if (!mesh.isSkinnedMesh) return;
        for (let i = 0; i < mesh.geometry.getAttribute('position').count; i++) {
          mesh.getVertexPosition(i, p).applyMatrix4(mesh.matrixWorld);
          if (p.y < lowest.y) lowest.copy(p);
        }
      });
      return lowest;
    },
  };
}

/** The animation's extras as written in the file. */
export function clipExtras(gltf: GLTF, name: string): Record<string, unknown> {
  const def = (gltf.parser.json.animations as Array<{ name: string; extras?: Record<string, unknown> }>).find(
    (a) => a.name === name,
  );
  return def?.extras ?? {};
}
