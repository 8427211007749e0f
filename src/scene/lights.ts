import { type Box3, DirectionalLight, HemisphereLight, Sphere, Vector3 } from 'three';

/** Direction toward the key light: up high, front right, so faces are lit and shadows fall behind-left. */
const KEY_DIRECTION = new Vector3(0.45, 1, 0.6).normalize();
/** Shadow normal bias (metres) for a person-sized stage (shadow camera radius PERSON_RADIUS). */
const NORMAL_BIAS = 0.02;
const PERSON_RADIUS = 1.8;
/** Used when there is nothing to fit to: a person-sized volume standing on the origin. */
const DEFAULT_BOUNDS = new Sphere(new Vector3(0, 0.9, 0), 1.2);

/** Lamp intensities with no image-based light, and beside one (the image light does most of the work then). */
const FILL = { bare: 1.6, lit: 0.35 };
const KEY = { bare: 2.4, lit: 1.6 };

/**
 * A soft sky/ground fill plus one shadow-casting key light. Beside an image-based light (the stage's
 * environment) both are dimmed: the image lights the model, the key light still casts the shadow.
 */
export class StageLights {
  readonly fill = new HemisphereLight(0xf4f7ff, 0x6b6258, FILL.bare);
  readonly key = new DirectionalLight(0xfff5e8, KEY.bare);
  #lit = false;

  constructor() {
    const { shadow } = this.key;
    shadow.mapSize.set(2048, 2048);
    // PCF with a radius is three's soft shadow now (PCFSoftShadowMap was folded into it)
    shadow.radius = 4;
    shadow.bias = -0.0004;
    shadow.normalBias = NORMAL_BIAS;
    this.key.castShadow = false;
  }

  /**
   * Balances the lamps for an image-based light being on (`lit`) or off. Only a change of state sets them,
   * so an intensity set by hand (a tween on `light.intensity`) outlives the image light's arrival.
   */
  balance(lit: boolean): void {
    if (this.#lit === lit) return;
    this.#lit = lit;
    this.fill.intensity = lit ? FILL.lit : FILL.bare;
    this.key.intensity = lit ? KEY.lit : KEY.bare;
  }

  /** How dark the key light's shadow is, 0 (none) to 1 (full). */
  set shadowIntensity(value: number) {
    this.key.shadow.intensity = value;
  }

  get shadowIntensity(): number {
    return this.key.shadow.intensity;
  }

  /**
   * Fits the key light's orthographic shadow camera around `bounds` (the content's bounding sphere, or a
   * person-sized default when empty) so the shadow map spends its texels on what is on stage.
   */
  fitTo(box: Box3): void {
    const sphere = box.isEmpty() ? DEFAULT_BOUNDS.clone() : box.getBoundingSphere(new Sphere());
    // a little margin for shadows cast sideways and for motion between refits
    const radius = Math.max(sphere.radius * 1.5, 1e-3);
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
    // the bias is a length: it scales with the model, or a small model's shadow detaches from its feet
    key.shadow.normalBias = NORMAL_BIAS * (radius / PERSON_RADIUS);
    key.target.updateMatrixWorld();
    key.updateMatrixWorld();
  }
}
