import { Box3 } from 'three';
import '../../src/index.js';
import type { AnimCharacter } from '../../src/elements/anim-character.js';
import type { AnimScene } from '../../src/elements/anim-scene.js';
import { characterInternals } from '../../src/elements/internals.js';
import { loadClipSource, retargetedClip } from '../../src/scene/clip-sources.js';
import { type ClipSurvey, surveyClips } from './clip-survey.js';
import { GalleryCamera } from './gallery-camera.js';
import { addGalleryStyles } from './gallery-styles.js';
import { centreLayout, type GridLayout, layoutGrid } from './grid-layout.js';
import { SceneLabels } from './labels.js';
import { OneShotReplays } from './replay.js';

export const MANNEQUIN_URL = '/assets/mannequin.glb';

export interface GalleryOptions {
  /** The model whose clips are shown. Default the project's mannequin. */
  src?: string;
  /**
   * A second file whose clips are shown on the `src` model, retargeted through both humanoid maps
   * (`<anim-clip src="file#Clip" retarget>` on each character) instead of the model's own clips.
   */
  clipsFrom?: string;
  /** Shows only the clips whose names start with one of these (case-insensitive). */
  only?: readonly string[];
  /** Seconds a one-shot holds its last pose before it starts again. Default 1. */
  replayPause?: number;
  /** Starts with time stopped (tests advance it with `scene.step(dt)`). */
  paused?: boolean;
}

/** One cell as `window.__gallery()` reports it. */
export interface GalleryCellReport {
  clip: string;
  /** `loop`: repeats; `once`: a one-shot, replayed after a pause. */
  kind: 'loop' | 'once';
  /** `waiting`: a one-shot holding its last pose before it starts again. */
  state: 'playing' | 'waiting';
  /** Seconds into the clip, and its length. */
  time: number;
  duration: number;
  row: number;
  column: number;
  /** Where the character stands in the scene (model units). */
  position: [number, number, number];
  /** The middle of its body on the page, CSS pixels from the viewport's top left. */
  page: { x: number; y: number };
  /** Its label's text, and where the label's box is on the page. */
  label: { text: string; x: number; y: number; width: number; height: number; visible: boolean };
}

export interface GalleryReport {
  src: string;
  /** The file whose clips are retargeted onto `src`; null when the model shows its own. */
  clipsFrom: string | null;
  /** True once every character is posed and the camera framed (or the model failed). */
  ready: boolean;
  /** Set when the model could not be shown: the `anim-error` message. */
  error: string | null;
  columns: number;
  rows: number;
  camera: { yaw: number; pitch: number; distance: number; target: [number, number, number] };
  cells: GalleryCellReport[];
}

/**
 * Every clip of a model on its own character in a labelled grid, in one `<anim-scene>` (one WebGL context,
 * one frame loop, one shadow map for all of them). Loops repeat; one-shots play once, hold their last pose
 * for `replayPause` seconds and start again. With `clipsFrom`, the clips are another file's, retargeted onto
 * the model. W A S D pan, the wheel zooms, dragging orbits.
 */
export class Gallery {
  readonly element: HTMLElement;
  readonly scene: AnimScene;
  readonly characters: AnimCharacter[] = [];
  clips: ClipSurvey[] = [];
  layout: GridLayout | undefined;
  camera: GalleryCamera | undefined;
  labels: SceneLabels | undefined;
  error: string | null = null;
  /** Settles once every character is posed (or the model failed). */
  readonly ready: Promise<void>;

  readonly #src: string;
  readonly #options: GalleryOptions;
  readonly #labelLayer: HTMLElement;
  #replays: OneShotReplays | undefined;
  #ready = false;

  constructor(host: HTMLElement, options: GalleryOptions = {}) {
    this.#options = options;
    this.#src = options.src ?? MANNEQUIN_URL;
    addGalleryStyles();
    this.element = document.createElement('div');
    this.element.className = 'gallery';
    this.scene = document.createElement('anim-scene');
    this.scene.className = 'gallery-scene';
    this.scene.setAttribute('shadows', '');
    this.scene.setAttribute('ground', '');
    this.scene.setAttribute('background', '#e6e4df');
    if (options.paused) this.scene.setAttribute('paused', '');
    this.#labelLayer = document.createElement('div');
    this.#labelLayer.className = 'gallery-labels';
    this.scene.append(this.#labelLayer);
    this.element.append(this.scene);
    host.append(this.element);
    this.ready = this.#build().finally(() => {
      this.#ready = true;
    });
  }

  get src(): string {
    return this.#src;
  }

  async #build(): Promise<void> {
    const stage = this.scene.stage!;
    // the first character loads the model; its clips decide how many more there are and where they stand
    const probe = this.#addCharacter();
    try {
      await probe.ready;
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      return;
    }
    const only = (this.#options.only ?? []).map((p) => p.toLowerCase());
    const clipsFrom = this.#options.clipsFrom;
    let asset = characterInternals(probe)!.rig!.binding.asset;
    if (clipsFrom) {
      // surveyed as the characters will play them: retargeted onto this model
      try {
        const source = await loadClipSource(clipsFrom);
        const target = asset;
        const clips = await Promise.all(source.asset.clips.map((clip) => retargetedClip(source, clip, target, 'auto')));
        asset = { ...asset, clips };
      } catch (error) {
        this.error = error instanceof Error ? error.message : String(error);
        probe.remove();
        return;
      }
    }
    // every character shows its clip in place (root motion taken out of the hips): a walk neither leaves its
    // cell nor snaps back; the cells are sized from the model's own mesh, in the units it was authored in
    probe.rootMotion = 'expose planar';
    const footprint = this.#meshFootprint(probe);
    this.clips = surveyClips(asset)
      .filter((c) => only.length === 0 || only.some((p) => c.name.toLowerCase().startsWith(p)))
      .map((c) => ({ ...c, ...footprint }));
    if (this.clips.length === 0) {
      this.error = only.length ? `no clip of ${this.#src} starts with ${only.join(', ')}` : `${this.#src} has no clips`;
      probe.remove();
      return;
    }
    // about as many columns as make the grid's shape the viewport's (cells come out roughly square on screen)
    const aspect = this.scene.clientWidth / Math.max(1, this.scene.clientHeight) || 1.5;
    // and never so many that a cell is narrower than its label (a phone's 375 px holds three)
    const widest = Math.max(1, Math.floor(this.scene.clientWidth / 110));
    const columns = Math.max(1, Math.min(widest, Math.round(Math.sqrt(this.clips.length * aspect))));
    const layout = centreLayout(layoutGrid(this.clips, columns));
    this.layout = layout;
    this.#replays = new OneShotReplays(stage, this.#options.replayPause ?? 1);

    if (clipsFrom) {
      // the probe was bound before it could be given the other file's clips: each cell gets a character that has them
      probe.remove();
      this.characters.length = 0;
    }
    this.clips.forEach((clip, i) => {
      const character = i === 0 && !clipsFrom ? probe : this.#addCharacter(clipsFrom ? clip.name : undefined);
      const cell = layout.cells[i];
      character.rootMotion = 'expose planar';
      character.position = [cell.x, 0, cell.z];
      character.setAttribute('aria-label', clip.name);
      if (!clip.loops) {
        character.loop = 'once';
        this.#replays!.add(character);
      }
      character.clip = clip.name;
    });
    await Promise.allSettled(this.characters.map((c) => c.ready));

    this.labels = new SceneLabels(
      stage,
      this.#labelLayer,
      this.clips.map((clip, i) => ({
        text: clip.name,
        x: layout.cells[i].x,
        y: 0,
        // on the ground just in front of the toes: with the rows 1.6 heights apart and the camera looking down
        // at 50°, the heads of the row in front stay below the label
        z: layout.cells[i].z + layout.top * 0.3,
      })),
    );
    this.camera = new GalleryCamera(stage, this.scene, () => this.labels?.invalidate());
    // framed on where the characters stand (a traveller may leave the frame for a moment): zoomed in further
    const xs = layout.cells.map((c) => c.x);
    const zs = layout.cells.map((c) => c.z);
    const halfX = layout.pitchX * 0.4;
    const halfZ = layout.top * 0.25;
    this.camera.frame(
      Math.min(...xs) - halfX,
      Math.max(...xs) + halfX,
      Math.min(...zs) - halfZ,
      Math.max(...zs) + halfZ,
      layout.top,
    );
    // the first frame shows every pose and label in place, even while time stands still
    this.scene.step(0);
  }

  /**
   * The model's ground footprint and height from its meshes (skinned and morphed ones included) as posed now,
   * in scene units: what a cell must hold. The footprint is at least a square of 0.8 of its height around the
   * origin, so a pose lying down or reaching out keeps clear of its neighbours.
   */
  #meshFootprint(probe: AnimCharacter): Pick<ClipSurvey, 'minX' | 'maxX' | 'minZ' | 'maxZ' | 'top'> {
    this.scene.step(0);
    const box = new Box3();
    if (probe.object3D) box.setFromObject(probe.object3D, true);
    const top = box.isEmpty() ? 1 : Math.max(box.max.y, box.max.y - box.min.y, 1e-6);
    const reach = top * 0.4;
    return {
      minX: Math.min(box.min.x, -reach),
      maxX: Math.max(box.max.x, reach),
      minZ: Math.min(box.min.z, -reach),
      maxZ: Math.max(box.max.z, reach),
      top,
    };
  }

  /** A character of the model; with `retargeted`, that clip of `clipsFrom` is one of its clips from the start. */
  #addCharacter(retargeted?: string): AnimCharacter {
    const character = document.createElement('anim-character');
    if (retargeted !== undefined) {
      const clip = document.createElement('anim-clip');
      clip.name = retargeted;
      clip.src = `${this.#options.clipsFrom}#${encodeURIComponent(retargeted)}`;
      clip.retarget = true;
      character.append(clip);
    }
    character.src = this.#src;
    this.scene.append(character);
    this.characters.push(character);
    return character;
  }

  /** What is drawn: every clip, its time and state, where its character stands and shows on the page. */
  report(): GalleryReport {
    const camera = this.camera;
    const cells = this.clips.map((clip, i): GalleryCellReport => {
      const character = this.characters[i];
      const cell = this.layout!.cells[i];
      const label = this.labels?.elements[i];
      const box = label?.getBoundingClientRect();
      return {
        clip: clip.name,
        kind: clip.loops ? 'loop' : 'once',
        state: this.#replays?.waiting(character) ? 'waiting' : 'playing',
        time: character.time,
        duration: character.duration,
        row: cell.row,
        column: cell.column,
        position: [cell.x, 0, cell.z],
        page: this.labels?.pagePoint(cell.x, this.layout!.top * 0.45, cell.z) ?? { x: 0, y: 0 },
        label: {
          text: label?.textContent ?? '',
          x: box?.x ?? 0,
          y: box?.y ?? 0,
          width: box?.width ?? 0,
          height: box?.height ?? 0,
          visible: !!label && !label.hidden,
        },
      };
    });
    return {
      src: this.#src,
      clipsFrom: this.#options.clipsFrom ?? null,
      ready: this.#ready,
      error: this.error,
      columns: this.layout?.columns ?? 0,
      rows: this.layout?.rows ?? 0,
      camera: {
        yaw: camera?.yaw ?? 0,
        pitch: camera?.pitch ?? 0,
        distance: camera?.distance ?? 0,
        target: [camera?.targetX ?? 0, camera?.targetY ?? 0, camera?.targetZ ?? 0],
      },
      cells,
    };
  }

  dispose(): void {
    this.camera?.dispose();
    this.labels?.dispose();
    this.#replays?.dispose();
    this.element.remove();
  }
}
