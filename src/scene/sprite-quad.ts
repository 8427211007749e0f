import {
  Box3,
  type Camera,
  DoubleSide,
  Group,
  Mesh,
  MeshBasicMaterial,
  MeshDepthMaterial,
  PlaneGeometry,
  RGBADepthPacking,
  SRGBColorSpace,
  Texture,
  Vector3,
} from 'three';
import { setFrameBounds } from './frame-bounds.js';

const cameraPosition = new Vector3();
const ownPosition = new Vector3();

/**
 * A sprite sheet on a stage: a quad standing on its bottom edge, showing one frame of the sheet's texture
 * at a time (by the texture's offset and repeat, so changing frames costs no upload). With `billboard` it
 * turns about its vertical axis to face the camera on every render, shadow passes included (so its shadow
 * is the cut-out the light sees).
 */
export class SpriteQuad {
  /** Position and tweens go here; the quad inside it carries the size and the billboard turn. */
  readonly object3D = new Group();
  readonly mesh: Mesh<PlaneGeometry, MeshBasicMaterial>;
  readonly #texture: Texture;
  #frameWidth = 1;
  #frameHeight = 1;
  #height = 1;
  readonly #box = new Box3();
  billboard = false;

  constructor(image: HTMLImageElement) {
    this.#texture = new Texture(image);
    this.#texture.colorSpace = SRGBColorSpace;
    this.#texture.needsUpdate = true;
    const geometry = new PlaneGeometry(1, 1).translate(0, 0.5, 0);
    const material = new MeshBasicMaterial({
      map: this.#texture,
      transparent: true,
      alphaTest: 0.02,
      side: DoubleSide,
      // sprite art is drawn in display colours: keep them as they are
      toneMapped: false,
    });
    this.mesh = new Mesh(geometry, material);
    this.mesh.customDepthMaterial = new MeshDepthMaterial({
      depthPacking: RGBADepthPacking,
      map: this.#texture,
      alphaTest: 0.5,
    });
    this.mesh.onBeforeRender = (_renderer, _scene, camera) => this.#face(camera);
    this.object3D.name = 'anim-sprite';
    this.object3D.add(this.mesh);
    setFrameBounds(this.object3D, () => this.#bounds());
  }

  /**
   * The stage frames a billboard by the upright cylinder it sweeps as it turns, not by its turn now (the turn
   * of the last render, shadow passes included): the fit of shadow camera, ground and camera then does not
   * depend on whether a frame was drawn before the sheet arrived.
   */
  #bounds(): Box3 {
    const halfWidth = this.mesh.scale.x / 2;
    const depth = this.billboard ? halfWidth : 0;
    this.#box.min.set(-halfWidth, 0, -depth);
    this.#box.max.set(halfWidth, this.#height, depth);
    return this.#box;
  }

  /** Shows the frame at (x, y, w, h) pixels from the top left of the image, keeping its aspect ratio. */
  setFrame(x: number, y: number, w: number, h: number): void {
    const { width, height } = this.#texture.image as HTMLImageElement;
    this.#texture.repeat.set(w / width, h / height);
    // texture v runs upwards (the image is flipped on upload)
    this.#texture.offset.set(x / width, 1 - (y + h) / height);
    if (w !== this.#frameWidth || h !== this.#frameHeight) {
      this.#frameWidth = w;
      this.#frameHeight = h;
      this.#resize();
    }
  }

  /** The quad's height in metres; its width follows the frame's aspect ratio. */
  setHeight(metres: number): void {
    this.#height = metres;
    this.#resize();
  }

  #resize(): void {
    this.mesh.scale.set((this.#height * this.#frameWidth) / this.#frameHeight, this.#height, 1);
  }

  #face(camera: Camera): void {
    if (!this.billboard) {
      if (this.mesh.rotation.y !== 0) {
        this.mesh.rotation.y = 0;
        this.mesh.updateMatrixWorld();
      }
      return;
    }
    camera.getWorldPosition(cameraPosition);
    this.object3D.getWorldPosition(ownPosition);
    this.mesh.rotation.y = Math.atan2(cameraPosition.x - ownPosition.x, cameraPosition.z - ownPosition.z);
    this.mesh.updateMatrixWorld();
  }

  dispose(): void {
    this.object3D.removeFromParent();
    this.mesh.geometry.dispose();
    this.mesh.material.dispose();
    this.mesh.customDepthMaterial?.dispose();
    this.#texture.dispose();
  }
}
