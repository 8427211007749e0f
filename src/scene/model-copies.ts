import type { Object3D, Skeleton, SkinnedMesh } from 'three';
import { clone as cloneSkinned } from 'three/examples/jsm/utils/SkeletonUtils.js';
import type { GltfAsset } from '../runtime/core.js';
import { absoluteUrl } from './absolute-url.js';
import { bindTurn } from './bind-turns.js';
import { bindGltf } from './gltf-binding.js';
import { disposeObject, type GLTF, type LoadGltfOptions, loadGltf } from './load-gltf.js';

/** A character's copy of a model: its own scene graph (and skeletons) over the shared geometry and materials. */
export interface ModelCopy {
  readonly gltf: GLTF;
  /** The runtime import of the file, shared by every copy (skeleton, skins and clips are immutable). */
  readonly asset: GltfAsset | undefined;
  /** Whether the copy shares its meshes with other copies (what the instanced skinning groups by). */
  readonly shared: boolean;
  /** Gives the copy back: the geometry, materials and textures are freed with the last copy. */
  release(): void;
}

interface Entry {
  readonly url: string;
  readonly loaded: Promise<{ gltf: GLTF; asset: GltfAsset } | null>;
  readonly listeners: Set<(fraction: number) => void>;
  /** Aborts the download once every asker waiting for it has given up. */
  readonly abort: AbortController;
  /** Askers waiting for the load. */
  waiting: number;
  /** Copies handed out and not released. */
  users: number;
}

type Association = { nodes?: number; meshes?: number; primitives?: number };

/** Files whose material or light properties are animated (KHR_animation_pointer) get a copy of their own. */
const UNSHAREABLE = ['KHR_animation_pointer'];

const entries = new Map<string, Entry>();

/** A copy of `url` loaded for one character alone: nothing shared, freed when released. */
export async function loadOwnModel(url: string, options: LoadGltfOptions = {}): Promise<ModelCopy | undefined> {
  const own = await loadGltf(url, options);
  return own && { gltf: own, asset: undefined, shared: false, release: () => disposeObject(own.scene) };
}

/**
 * Loads `url` once per page for every character that shows it: the first asks load it (and import it into
 * the runtime), the others wait for that load and get a copy of the scene graph (SkeletonUtils.clone: new
 * nodes and skeletons, the same geometry and materials). Progress is reported to every waiting copy. A
 * failed load is forgotten, so the next asker tries again. A file with animated material properties is
 * loaded for each asker (its materials cannot be shared), as `loadGltf` does.
 *
 * Resolves to undefined when `signal` aborts; rejects as `loadGltf` does.
 */
export async function loadModelCopy(url: string, options: LoadGltfOptions = {}): Promise<ModelCopy | undefined> {
  const { signal, onProgress } = options;
  const key = absoluteUrl(url);
  let entry = entries.get(key);
  if (!entry) entry = startEntry(url, key);
  const waiter = entry;
  waiter.waiting++;
  if (onProgress) waiter.listeners.add(onProgress);
  const giveUp = () => {
    if (--waiter.waiting > 0 || waiter.users > 0) return;
    waiter.abort.abort();
    forget(waiter);
  };
  signal?.addEventListener('abort', giveUp, { once: true });
  let template: Awaited<Entry['loaded']>;
  try {
    template = await waiter.loaded;
    // a thousand copies asked at once are made in turns, the page running between (bind-turns.ts); the
    // asker still counts as waiting meanwhile, so the template stays
    if (template?.asset) await bindTurn();
  } finally {
    if (onProgress) waiter.listeners.delete(onProgress);
    if (!signal?.aborted) waiter.waiting--;
    signal?.removeEventListener('abort', giveUp);
  }
  if (signal?.aborted || !template) return undefined;
  // animated materials: this asker loads a model of its own, the template stays for the next
  if (!template.asset) return loadOwnModel(url, options);
  onProgress?.(1);
  entry.users++;
  const copy = copyGltf(template.gltf);
  const held = entry;
  let released = false;
  return {
    gltf: copy,
    asset: template.asset,
    shared: true,
    release: () => {
      if (released) return;
      released = true;
      copy.scene.traverse((o) => (o as { skeleton?: { dispose(): void } }).skeleton?.dispose());
      if (--held.users > 0 || held.waiting > 0) return;
      forget(held);
      disposeObject(template.gltf.scene);
    },
  };
}

function startEntry(url: string, key: string): Entry {
  const listeners = new Set<(fraction: number) => void>();
  const abort = new AbortController();
  const loaded = loadGltf(url, { signal: abort.signal, onProgress: (f) => tell(listeners, f) }).then(async (gltf) => {
    if (!gltf) return null;
    if (unshareable(gltf)) return { gltf, asset: null as unknown as GltfAsset };
    const { asset } = await bindGltf(gltf, url);
    return { gltf, asset };
  });
  const entry: Entry = { url: key, loaded, listeners, abort, waiting: 0, users: 0 };
  entries.set(key, entry);
  loaded.catch(() => forget(entry));
  return entry;
}

function tell(listeners: Set<(fraction: number) => void>, fraction: number): void {
  for (const listener of listeners) listener(fraction);
}

function forget(entry: Entry): void {
  if (entries.get(entry.url) === entry) entries.delete(entry.url);
}

function unshareable(gltf: GLTF): boolean {
  const used = (gltf.parser.json as { extensionsUsed?: string[] }).extensionsUsed ?? [];
  return used.some((name) => UNSHAREABLE.includes(name));
}

/**
 * A GLTF result over a copy of the template's scene: the parser's associations are carried over to the
 * copied nodes (the binding finds nodes through them), everything else of the parser is the template's.
 * Meshes that shared a skeleton in the template share one copy of it.
 */
function copyGltf(template: GLTF): GLTF {
  const scene = cloneSkinned(template.scene) as GLTF['scene'];
  const from = template.parser.associations as Map<Object3D, Association>;
  const associations = new Map<Object3D, Association>();
  const originals: Object3D[] = [];
  template.scene.traverse((o) => originals.push(o));
  // SkeletonUtils.clone gives every skinned mesh a skeleton of its own; the meshes of one glTF skin (the
  // primitives of a mesh with several materials) shared one, which the rig writes: they share one again
  const skeletons = new Map<Skeleton, Skeleton>();
  let i = 0;
  scene.traverse((o) => {
    const original = originals[i++];
    const association = from.get(original);
    if (association) associations.set(o, association);
    if (!(o as SkinnedMesh).isSkinnedMesh) return;
    const mesh = o as SkinnedMesh;
    const skeleton = (original as SkinnedMesh).skeleton;
    const shared = skeletons.get(skeleton);
    if (shared) mesh.bind(shared, mesh.bindMatrix);
    else skeletons.set(skeleton, mesh.skeleton);
  });
  const parser = Object.create(template.parser) as GLTF['parser'];
  parser.associations = associations as GLTF['parser']['associations'];
  return { ...template, scene, scenes: [scene], parser };
}

/** How many copies of `url` are out (for tests). */
export function modelCopies(url: string): number {
  return entries.get(absoluteUrl(url))?.users ?? 0;
}
