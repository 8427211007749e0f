import { LoadingManager } from 'three';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import { DRACO_GLTF_CONFIG, DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { type GLTF, GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { GltfJson } from '../runtime/core.js';
import { checkNodeHierarchy } from '../runtime/gltf-hierarchy.js';
import { absoluteUrl } from './absolute-url.js';
import { CodedError } from './coded-error.js';
import { disposeObject } from './dispose-object.js';

export type { GLTF };
export { disposeObject };

// the decoder compiles its WebAssembly as it is imported; where the page's CSP forbids that, only a meshopt
// file's load fails (with its coded error): the page itself must not get an unhandled rejection
MeshoptDecoder.ready.catch(() => undefined);

export interface LoadGltfOptions {
  /** Aborting resolves the load to `undefined`; nothing of it is ever returned. */
  signal?: AbortSignal;
  /** Called with 0..1 as the file arrives (only 0 and 1 when the server sends no length). */
  onProgress?: (fraction: number) => void;
}

let dracoLoader: DRACOLoader | undefined;

/**
 * The page's one Draco decoder (its web workers are shared by every load). The decoder files are three's
 * own (`three/examples/jsm/libs/draco/gltf/`), located by `new URL(…, import.meta.url)` inside three, so
 * they come from this origin, never from a CDN: the test runner serves node_modules as is, vite's dev
 * optimizer rewrites the URLs to the `/node_modules/…` files it serves, and `vite build` emits them as
 * assets (checked for vite 8). The meshopt decoder carries its wasm inline.
 */
function sharedDracoLoader(): DRACOLoader {
  dracoLoader ??= new DRACOLoader().setDecoderPath(DRACO_GLTF_CONFIG);
  return dracoLoader;
}

/**
 * Fetches and parses a glTF or GLB with Draco and meshopt decoding.
 *
 * Resolves to the GLTF result, or to `undefined` when `signal` aborts (even when the abort comes during
 * parsing: the parsed model is disposed, never returned). Rejects with a {@link CodedError}:
 * `load-failed` when the file (or a file it references) cannot be fetched, `bad-gltf` when it is not a
 * valid glTF (wrong format, truncated GLB, broken JSON). Messages name the URL.
 */
export async function loadGltf(url: string, options: LoadGltfOptions = {}): Promise<GLTF | undefined> {
  const { signal, onProgress } = options;
  const absolute = absoluteUrl(url);
  const bytes = await download(absolute, signal, onProgress);
  if (!bytes || signal?.aborted) return undefined;

  // referenced files (.bin, textures) load through the manager; remember which one failed
  let failedResource: string | undefined;
  const manager = new LoadingManager();
  manager.onError = (resource) => (failedResource ??= resource);
  const loader = new GLTFLoader(manager).setDRACOLoader(sharedDracoLoader()).setMeshoptDecoder(MeshoptDecoder);
  // the loader walks children recursively: a cycle in the node hierarchy would overflow its stack, so the
  // hierarchy is checked once the JSON is read, before any node is loaded (the error names the cycle)
  loader.register((parser) => ({
    name: 'anim-elements-node-hierarchy',
    beforeRoot: async () => checkNodeHierarchy(parser.json as GltfJson),
  }));

  let gltf: GLTF;
  try {
    gltf = await loader.parseAsync(bytes, absolute.slice(0, absolute.lastIndexOf('/') + 1));
  } catch (error) {
    if (signal?.aborted) return undefined;
    const reason = error instanceof Error ? error.message : String(error);
    if (failedResource) {
      throw new CodedError('load-failed', `${url}: could not load ${failedResource} (${reason})`, { cause: error });
    }
    throw new CodedError('bad-gltf', `${url} is not a valid glTF/GLB: ${reason}`, { cause: error });
  }
  if (signal?.aborted) {
    disposeObject(gltf.scene);
    return undefined;
  }
  onProgress?.(1);
  return gltf;
}

/** The file's bytes, reporting progress; `undefined` when aborted. */
async function download(
  url: string,
  signal: AbortSignal | undefined,
  onProgress: ((fraction: number) => void) | undefined,
): Promise<ArrayBuffer | undefined> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal?.aborted) return undefined;
    throw new CodedError('load-failed', `${url}: network error (${(error as Error).message})`, { cause: error });
  }
  if (!response.ok)
    throw new CodedError('load-failed', `${url}: HTTP ${response.status} ${response.statusText}`.trim());
  onProgress?.(0);
  const total = Number(response.headers.get('content-length')) || 0;
  if (!response.body || !total || !onProgress) return readAll(response, url, signal);

  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      // 1 is said once parsing is done too, so the download tops out just below it
      onProgress(Math.min(received / total, 1) * 0.99);
    }
  } catch (error) {
    if (signal?.aborted) return undefined;
    throw new CodedError('load-failed', `${url}: download broke off (${(error as Error).message})`, { cause: error });
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

async function readAll(response: Response, url: string, signal?: AbortSignal): Promise<ArrayBuffer | undefined> {
  try {
    return await response.arrayBuffer();
  } catch (error) {
    if (signal?.aborted) return undefined;
    throw new CodedError('load-failed', `${url}: download broke off (${(error as Error).message})`, { cause: error });
  }
}
