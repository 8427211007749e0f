import { type Box3, DirectionalLight, HemisphereLight, Sphere, Vector3 } from 'three';

/** Direction toward the key light: up high, front right, so faces are lit and shadows fall behind-left. */
const KEY_DIRECTION = new Vector3(0.45, 1, 0.6).normalize();
/** Used when there is nothing to fit to: a person-sized volume standing on the origin. */
const DEFAULT_BOUNDS = new Sphere(new Vector3(0, 0.9, 0), 1.2);

/** A soft sky/ground fill plus one shadow-casting key light. */
export class StageLights {
  readonly fill = new HemisphereLight(0xf4f7ff, 0x6b6258, 1.6);
  readonly key = new DirectionalLight(0xfff5e8, 2.4);

  constructor() {
    const { shadow } = this.key;
    shadow.mapSize.set(2048, 2048);
    // PCF with a radius is three's soft shadow now (PCFSoftShadowMap was folded into it)
    shadow.radius = 4;
    shadow.bias = -0.0004;
    shadow.normalBias = 0.02;
    this.key.castShadow = false;
  }

  /**
   * Fits the key light's orthographic shadow camera around `bounds` (the content's bounding sphere, or a
   * person-sized default when empty) so the shadow map spends its texels on what is on stage.
   */
  fitTo(box: Box3): void {
    const sphere = box.isEmpty() ? DEFAULT_BOUNDS.clone() : box.getBoundingSphere(new Sphere());
    // a little margin for shadows cast sideways and for motion between refits
    const radius = Math.max(sphere.radius * 1.5, 0.5);
    const { key } = this;
    key.target.position.copy(sphere.center);
    key.position.copy(sphere.center).addScaledVector(KEY_DIRECTION, radius * 3);
    const camera = key.shadow.camera;
    camera.left = -radius;
    camera.right = radius;
    camera.top = radius;
    camera.bottom = -radius;
    camera.near = radius;
    camera.far = radius * 5;
    camera.updateProjectionMatrix();
    key.target.updateMatrixWorld();
    key.updateMatrixWorld();
  }
}
