import {
  type Clip,
  type ClipBinding,
  type GltfAsset,
  gltfHumanoid,
  type HandMap,
  type HumanoidRig,
  type RigProfile,
  sharedClipBinding,
} from '../runtime/core.js';
import type { RetargetCache } from '../runtime/retarget/retarget-cache.js';
import { absoluteUrl } from './absolute-url.js';
import { type ClipDefinition, externalClipKey } from './clip-library.js';
import { asCoded, CodedError } from './coded-error.js';
import { bindGltf } from './gltf-binding.js';
import { disposeObject, loadGltf } from './load-gltf.js';

/** Which humanoid map a rig takes: a profile or a map given by hand. */
export type RigChoice = RigProfile | HandMap;

/** A file clips come from: its runtime data, and whether it is an animation pack (no meshes). */
export interface ClipSource {
  readonly url: string;
  readonly asset: GltfAsset;
  readonly pack: boolean;
}

const sources = new Map<string, Promise<ClipSource>>();
const rigs = new WeakMap<GltfAsset, Map<string, HumanoidRig | CodedError>>();
let retargeting: Promise<RetargetCache> | undefined;

/** The code that carries clips between rigs, fetched with the first clip that asks to `retarget`. */
function loadRetargeting(): Promise<RetargetCache> {
  retargeting ??= import('../runtime/retarget/retarget-cache.js').then(
    (m) => m.createRetargetCache(),
    (error) => {
      // a failed fetch is tried again by the next clip that asks
      retargeting = undefined;
      throw new CodedError('load-failed', `the retargeting code could not be fetched (${error})`);
    },
  );
  return retargeting;
}

/** `pack.glb#Run` → the file and the clip name (the hash, else `from`, else the definition's name). */
export function splitClipSource(definition: ClipDefinition): { file: string; clip: string } {
  const src = definition.src ?? '';
  const hash = src.indexOf('#');
  const file = hash < 0 ? src : src.slice(0, hash);
  const named = hash < 0 ? '' : decodeURIComponent(src.slice(hash + 1));
  return { file, clip: named || definition.from || definition.name };
}

/**
 * Loads a file of clips once per page (every character that names it shares the one load and the one
 * import): through three's loader, so Draco, meshopt and .gltf with side files work; its meshes, if any,
 * are freed at once, since only the clips and the skeleton are kept.
 * @throws CodedError `load-failed` / `bad-gltf` naming the URL.
 */
export function loadClipSource(url: string): Promise<ClipSource> {
  const absolute = absoluteUrl(url);
  let source = sources.get(absolute);
  if (!source) {
    source = (async () => {
      const gltf = await loadGltf(url);
      if (!gltf) throw new CodedError('load-failed', `${url}: the load was cancelled`);
      const { asset } = await bindGltf(gltf, url);
      disposeObject(gltf.scene);
      return { url, asset, pack: (gltf.parser.json.meshes ?? []).length === 0 };
    })();
    // a failed load is tried again by the next character that asks
    source.catch(() => sources.delete(absolute));
    sources.set(absolute, source);
  }
  return source;
}

/**
 * A model's humanoid rig for a rig choice, found once per (model, choice).
 * @throws CodedError `no-humanoid` naming the missing slots; `unknown-bone` for a map naming a bone the model lacks.
 */
export function humanoidOf(asset: GltfAsset, choice: RigChoice, what: string): HumanoidRig {
  const key = typeof choice === 'string' ? choice : JSON.stringify(choice);
  let byChoice = rigs.get(asset);
  if (!byChoice) rigs.set(asset, (byChoice = new Map()));
  let rig = byChoice.get(key);
  if (!rig) {
    try {
      rig =
        typeof choice === 'string' ? gltfHumanoid(asset, { profile: choice }) : gltfHumanoid(asset, { map: choice });
    } catch (error) {
      // a hand map's slots are checked when it is parsed, so the runtime's unknown-joint is a bone the model lacks
      const coded = asCoded(error, `${what}: `);
      if (!(coded instanceof CodedError)) throw error;
      rig = coded;
    }
    byChoice.set(key, rig);
  }
  if (rig instanceof CodedError) throw rig;
  return rig;
}

/**
 * Binds each definition with a `src` to a character: its clip taken from the (shared) file, replayed
 * through the humanoid maps of both rigs when it asks to `retarget` (the retargeted clip is shared by every
 * character of the same model), else bound by node name. What cannot be had becomes a coded error in its
 * place: `load-failed` / `bad-gltf`, `unknown-clip` (a file with no clips, a name it lacks), `no-humanoid`,
 * `unknown-bone` (a clip whose nodes the model has none of).
 */
export async function resolveExternalClips(
  definitions: readonly ClipDefinition[],
  target: GltfAsset,
  rig: RigChoice,
): Promise<Map<string, ClipBinding | CodedError>> {
  const out = new Map<string, ClipBinding | CodedError>();
  await Promise.all(
    definitions
      .filter((d) => d.src)
      .map(async (definition) => {
        const key = externalClipKey(definition);
        try {
          const [source, retargeted] = await Promise.all([
            loadClipSource(splitClipSource(definition).file),
            definition.retarget ? loadRetargeting() : undefined,
          ]);
          out.set(key, bindExternal(definition, source, target, rig, retargeted));
        } catch (error) {
          if (!(error instanceof CodedError)) throw error;
          out.set(key, error);
        }
      }),
  );
  return out;
}

/**
 * A clip of a source file replayed through the humanoid maps onto `target`: made once per (clip, target
 * rig) and shared with every character that plays it.
 * @throws CodedError `no-humanoid` when either rig cannot be mapped, `unknown-bone` for a map naming a bone the model lacks.
 */
export async function retargetedClip(source: ClipSource, clip: Clip, target: GltfAsset, rig: RigChoice): Promise<Clip> {
  return retargetWith(await loadRetargeting(), source, clip, target, rig);
}

function retargetWith(cache: RetargetCache, source: ClipSource, clip: Clip, target: GltfAsset, rig: RigChoice): Clip {
  const from = humanoidOf(source.asset, 'auto', `the rig of ${source.url}`);
  return cache.get(clip, from, humanoidOf(target, rig, 'this character’s rig'));
}

function bindExternal(
  definition: ClipDefinition,
  source: ClipSource,
  target: GltfAsset,
  rig: RigChoice,
  retargeted: RetargetCache | undefined,
): ClipBinding {
  const { clip: name } = splitClipSource(definition);
  const names = source.asset.clips.map((c) => c.name);
  if (names.length === 0) {
    throw new CodedError('unknown-clip', `clip "${definition.name}": ${source.url} holds no clips`);
  }
  const clip = source.asset.clips.find((c) => c.name === name);
  // a clip the import left out as broken is reported as such, not as missing
  const broken = clip ? undefined : source.asset.problems.find((p) => p.message.startsWith(`clip "${name}":`));
  if (broken)
    throw new CodedError(broken.code === 'bad-clip' ? 'bad-clip' : 'bad-gltf', `${source.url}: ${broken.message}`);
  if (!clip) {
    throw new CodedError(
      'unknown-clip',
      `clip "${definition.name}": ${source.url} has no clip "${name}" (it has ${names.join(', ')})`,
    );
  }
  if (retargeted)
    return sharedClipBinding(retargetWith(retargeted, source, clip, target, rig), target.skeleton, target.morphs);
  const binding = sharedClipBinding(clip, target.skeleton, target.morphs);
  if (binding.unbound.length === clip.tracks.length && clip.tracks.length > 0) {
    throw new CodedError(
      'unknown-bone',
      `clip "${definition.name}" from ${source.url} animates ${binding.unbound.slice(0, 4).join(', ')}…, none of them nodes of this model (add retarget to play it through the humanoid map)`,
    );
  }
  return binding;
}
