import { type Box3, CircleGeometry, type Color, Mesh, MeshStandardMaterial } from 'three';
import { gridCell, stageScale } from './framing.js';

/** Ground radius in metres for a person-sized model; the disc fades out well inside it, so its edge is never seen. */
const RADIUS = 40;
/** Where the fade starts and ends, metres, for a person-sized model. */
const FADE_START = 3;
const FADE_END = 18;
/**
 * The share of the scene's image light the ground takes. At full strength it washes the ground out, grid and
 * shadow with it; three applies a material's envMapIntensity only to its own envMap, not to the scene's, so
 * the shader scales it.
 */
const IMAGE_LIGHT = 0.3;

/**
 * A large disc at y = 0 that receives shadows, with a faint 1 m grid and a radial fade into the background.
 * The grid is drawn by the ground's own shader (anti-aliased with screen-space derivatives), so there is
 * no second coplanar mesh to z-fight with, and the fade uses alpha, so it melts into any background colour.
 */
export class Ground extends Mesh<CircleGeometry, MeshStandardMaterial> {
  readonly uniforms = {
    uFadeStart: { value: FADE_START },
    uFadeEnd: { value: FADE_END },
    uGridCell: { value: 1 },
    uGridStrength: { value: 0.12 },
    uImageLight: { value: IMAGE_LIGHT },
  };

  constructor(color: Color | string = '#d5d3cf') {
    const material = new MeshStandardMaterial({ color, roughness: 0.95, metalness: 0, transparent: true });
    super(new CircleGeometry(RADIUS, 96), material);
    this.name = 'anim-ground';
    // feet stand on it (foot IK probes meshes marked so)
    this.userData.ground = true;
    this.rotation.x = -Math.PI / 2;
    this.receiveShadow = true;
    // drawn before any other transparent object, and without writing depth: nothing on stage is hidden by it
    this.renderOrder = -1;
    material.depthWrite = false;
    material.customProgramCacheKey = () => 'anim-ground';
    material.onBeforeCompile = (shader) => {
      Object.assign(shader.uniforms, this.uniforms);
      shader.vertexShader = `varying vec3 vGroundPosition;\n${shader.vertexShader}`.replace(
        '#include <begin_vertex>',
        '#include <begin_vertex>\nvGroundPosition = (modelMatrix * vec4(transformed, 1.0)).xyz;',
      );
      shader.fragmentShader = `varying vec3 vGroundPosition;
uniform float uFadeStart;
uniform float uFadeEnd;
uniform float uGridCell;
uniform float uGridStrength;
uniform float uImageLight;
${shader.fragmentShader}`
        .replace(
          '#include <lights_fragment_maps>',
          '#include <lights_fragment_maps>\niblIrradiance *= uImageLight;\nradiance *= uImageLight;',
        )
        .replace(
          '#include <color_fragment>',
          `#include <color_fragment>
{
  float fromCentre = length(vGroundPosition.xz);
  vec2 cell = vGroundPosition.xz / uGridCell;
  // distance to the nearest grid line in pixels: a one-pixel line at any zoom
  vec2 lineDistance = abs(fract(cell - 0.5) - 0.5) / fwidth(cell);
  float line = 1.0 - min(min(lineDistance.x, lineDistance.y), 1.0);
  // the grid fades sooner than the ground, before its lines get dense enough to shimmer
  float gridFade = 1.0 - smoothstep(uFadeStart * 0.5, uFadeEnd * 0.6, fromCentre);
  diffuseColor.rgb *= 1.0 - uGridStrength * line * gridFade;
  diffuseColor.a *= 1.0 - smoothstep(uFadeStart, uFadeEnd, fromCentre);
}`,
        );
    };
  }

  /**
   * Sizes the ground to a model's framing bounds: the disc, its fade and its grid grow or shrink with the
   * model (a 1 m grid under a person, 1 cm under a mouse), and it sits at y = 0 unless the model's lowest
   * point is clearly elsewhere (see groundHeight).
   */
  fitTo(bounds: Box3): void {
    const scale = stageScale(bounds);
    this.scale.setScalar(scale);
    this.uniforms.uFadeStart.value = FADE_START * scale;
    this.uniforms.uFadeEnd.value = FADE_END * scale;
    this.uniforms.uGridCell.value = gridCell(bounds.isEmpty() ? 1.8 : bounds.max.y - bounds.min.y || 1.8 * scale);
    this.position.y = groundHeight(bounds, scale);
    this.updateMatrixWorld();
  }

  /** Frees the disc's geometry and material too (Object3D's dispose frees nothing of a mesh). */
  override dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
    super.dispose();
  }
}

/**
 * Where the ground goes under `bounds`: at y = 0, unless the model clearly floats above it (then under its
 * lowest point) or hangs well below it, by more than a quarter of its height (a model centred on the origin
 * stands on its own base, not cut in half). A character whose one clip reaches a little under the floor (a
 * cape through it while lying down) keeps its floor at 0.
 */
function groundHeight(bounds: Box3, scale: number): number {
  if (bounds.isEmpty()) return 0;
  const bottom = bounds.min.y;
  if (bottom > 0) return bottom > 0.02 * 1.8 * scale ? bottom : 0;
  return -bottom > 0.25 * (bounds.max.y - bottom) ? bottom : 0;
}
