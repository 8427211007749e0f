import {
  ACESFilmicToneMapping,
  AgXToneMapping,
  CineonToneMapping,
  EquirectangularReflectionMapping,
  LinearToneMapping,
  NeutralToneMapping,
  NoToneMapping,
  PMREMGenerator,
  ReinhardToneMapping,
  type Scene,
  SRGBColorSpace,
  type Texture,
  TextureLoader,
  type ToneMapping,
  type WebGLRenderer,
} from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { HDRLoader } from 'three/examples/jsm/loaders/HDRLoader.js';
import { absoluteUrl } from './absolute-url.js';
import { CodedError } from './coded-error.js';
import type { SurfaceLook } from './shared-renderer.js';

/** The `tone-mapping` words and three's operators behind them. */
export const TONE_MAPPINGS = {
  neutral: NeutralToneMapping,
  aces: ACESFilmicToneMapping,
  agx: AgXToneMapping,
  reinhard: ReinhardToneMapping,
  cineon: CineonToneMapping,
  linear: LinearToneMapping,
  none: NoToneMapping,
} as const satisfies Record<string, ToneMapping>;
export type ToneMappingName = keyof typeof TONE_MAPPINGS;

/** `environment-image`: the built-in neutral room, no image light at all, or the URL of an HDR or an ordinary image. */
export type EnvironmentSource = 'neutral' | 'none' | (string & {});

const ROOM_SIZE = 128;

/** The neutral room, prefiltered once per renderer (the PMREM pass costs a few milliseconds of GPU). */
const neutralRooms = new WeakMap<WebGLRenderer, Texture>();

function neutralRoom(renderer: WebGLRenderer): Texture {
  let texture = neutralRooms.get(renderer);
  if (!texture) {
    const pmrem = new PMREMGenerator(renderer);
    const room = new RoomEnvironment();
    // 128 px faces: plenty for a soft room, and a quarter of the default's cost on a software renderer
    texture = pmrem.fromScene(room, 0.04, 0.1, 100, { size: ROOM_SIZE }).texture;
    room.dispose();
    pmrem.dispose();
    neutralRooms.set(renderer, texture);
  }
  return texture;
}

/** Loads an equirectangular image: Radiance `.hdr` through HDRLoader, anything else as an sRGB image. */
async function loadEquirect(url: string): Promise<Texture> {
  const href = absoluteUrl(url);
  const hdr = /\.hdr(?:[?#].*)?$/i.test(url);
  try {
    const texture = hdr ? await new HDRLoader().loadAsync(href) : await new TextureLoader().loadAsync(href);
    texture.mapping = EquirectangularReflectionMapping;
    if (!hdr) texture.colorSpace = SRGBColorSpace;
    return texture;
  } catch (error) {
    const why = error instanceof Error ? error.message : 'not found, or not an image';
    throw new CodedError('load-failed', `${url}: the environment image could not be loaded (${why})`);
  }
}

/**
 * The stage's image-based light and sky: a neutral room (three's RoomEnvironment through PMREM) by default,
 * an HDR or image URL, or none; a skybox image behind the scene; tone mapping. A URL that fails keeps the
 * neutral room and rejects with a coded error (the scene keeps drawing).
 */
export class StageEnvironment {
  readonly #renderer: WebGLRenderer;
  readonly #scene: Scene;
  readonly #redraw: () => void;
  readonly #look: SurfaceLook;
  /** Textures this stage loaded (the neutral room is shared and never freed here). */
  #ownEnvironment: Texture | null = null;
  #skybox: Texture | null = null;
  #environmentRequest = 0;
  #skyboxRequest = 0;
  #disposed = false;
  /** The neutral room is asked for but not made yet: it is made just before the first render that needs it. */
  #neutralPending = false;
  /** Called when the environment switches between image light and none, so the stage can balance its lamps. */
  onChange: ((lit: boolean) => void) | null = null;

  /** `look` is the stage's surface settings: the renderer is shared, so tone mapping is set there, per stage. */
  constructor(renderer: WebGLRenderer, scene: Scene, look: SurfaceLook, redraw: () => void) {
    this.#renderer = renderer;
    this.#look = look;
    this.#scene = scene;
    this.#redraw = redraw;
  }

  /** Whether an image-based light is on (or about to be, at the next render). */
  get lit(): boolean {
    return this.#scene.environment !== null || this.#neutralPending;
  }

  setToneMapping(name: ToneMappingName): void {
    this.#look.toneMapping = TONE_MAPPINGS[name];
    this.#redraw();
  }

  /** Switches the image light; resolves when shown, rejects (`load-failed`) when a URL fails, leaving the neutral room. */
  async setEnvironment(source: EnvironmentSource): Promise<void> {
    const request = ++this.#environmentRequest;
    if (source === 'neutral' || source === 'none') {
      this.#showNeutral(source === 'neutral');
      return;
    }
    let texture: Texture;
    try {
      texture = await loadEquirect(source);
    } catch (error) {
      if (request === this.#environmentRequest && !this.#disposed) this.#showNeutral(true);
      throw error;
    }
    if (request !== this.#environmentRequest || this.#disposed) {
      texture.dispose();
      return;
    }
    const pmrem = new PMREMGenerator(this.#renderer);
    const prefiltered = pmrem.fromEquirectangular(texture).texture;
    pmrem.dispose();
    texture.dispose();
    this.#show(prefiltered, prefiltered);
  }

  /**
   * Before each render: makes the neutral room if it is wanted and not made yet. Deferred to here so that a
   * stage that never draws (a test fixture, a viewer scrolled away) costs no PMREM pass.
   */
  prepare(): void {
    if (!this.#neutralPending) return;
    this.#neutralPending = false;
    this.#show(neutralRoom(this.#renderer), null);
  }

  /** The neutral room (made at the next render) or no image light. */
  #showNeutral(on: boolean): void {
    this.#show(null, null);
    this.#neutralPending = on;
    // the lamps balance for the light about to be there
    if (on) this.onChange?.(true);
  }

  /** Shows an equirectangular image behind the scene (null: the `background` colour); rejects (`load-failed`) when it fails. */
  async setSkybox(url: string | null): Promise<void> {
    const request = ++this.#skyboxRequest;
    const texture = url
      ? await loadEquirect(url).catch((error: unknown) => {
          if (request === this.#skyboxRequest) this.#setSkybox(null);
          throw error;
        })
      : null;
    if (request !== this.#skyboxRequest || this.#disposed) {
      texture?.dispose();
      return;
    }
    this.#setSkybox(texture);
  }

  #setSkybox(texture: Texture | null): void {
    this.#skybox?.dispose();
    this.#skybox = texture;
    this.#scene.background = texture;
    this.#redraw();
  }

  #show(texture: Texture | null, own: Texture | null): void {
    if (this.#ownEnvironment !== own) this.#ownEnvironment?.dispose();
    this.#ownEnvironment = own;
    this.#scene.environment = texture;
    this.onChange?.(texture !== null);
    this.#redraw();
  }

  /** The WebGL context came back: the neutral room's prefiltered map was lost with it, so it is made again. */
  restored(): void {
    const neutral = neutralRooms.get(this.#renderer);
    if (!neutral) return;
    neutralRooms.delete(this.#renderer);
    if (this.#scene.environment === neutral) this.#showNeutral(true);
    neutral.dispose();
  }

  dispose(): void {
    this.#disposed = true;
    this.#environmentRequest++;
    this.#skyboxRequest++;
    this.#ownEnvironment?.dispose();
    this.#skybox?.dispose();
    this.#scene.environment = null;
    this.#scene.background = null;
  }
}
