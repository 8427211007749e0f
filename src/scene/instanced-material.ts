import {
  type Material,
  MeshDepthMaterial,
  MeshDistanceMaterial,
  type Texture,
  type WebGLProgramParametersWithUniforms,
} from 'three';

/** The uniforms every material of one instanced skin shares (the same objects: one texture swap reaches all). */
export interface InstancedSkinUniforms {
  /**
   * Skinning matrices, 16 floats per joint, one row per character: its `joints` matrices, then its carry matrix
   * (how far a held pose has been carried since it was posed; applied once to a vertex's blended joints).
   */
  crowdBones: { value: Texture | null };
  /** Joints per row. */
  crowdJoints: { value: number };
}

/**
 * three's skinning chunks, fed from the instanced skin: `boneMatX…` are read from the row the instance's
 * `instanceRow` names, and the bind matrices are the identity (the matrices are world-space skinning
 * matrices, as for the one-character GPU path) but for the inverse one, which is the row's carry matrix:
 * three's chunks apply it once to the blended matrix, not once per joint. Defining USE_SKINNING here switches
 * on the skinning chunks that follow (skinbase, skinnormal, skinning) for a mesh three does not know is skinned.
 */
const SKINNING_PARS = /* glsl */ `
#define USE_SKINNING
attribute vec4 skinIndex;
attribute vec4 skinWeight;
attribute float instanceRow;
uniform highp sampler2D crowdBones;
uniform int crowdJoints;
const mat4 bindMatrix = mat4( 1.0 );
mat4 bindMatrixInverse;
mat4 crowdMatrix( const in int k ) {
  int size = textureSize( crowdBones, 0 ).x;
  int x = ( k * 4 ) % size;
  int y = ( k * 4 ) / size;
  return mat4(
    texelFetch( crowdBones, ivec2( x, y ), 0 ),
    texelFetch( crowdBones, ivec2( x + 1, y ), 0 ),
    texelFetch( crowdBones, ivec2( x + 2, y ), 0 ),
    texelFetch( crowdBones, ivec2( x + 3, y ), 0 ) );
}
mat4 getBoneMatrix( const in float i ) {
  return crowdMatrix( int( instanceRow ) * ( crowdJoints + 1 ) + int( i ) );
}
`;

/** Before three's skinning chunks read the bones: the row's carry (its last matrix), read once per vertex. */
const SKIN_BASE = /* glsl */ `
bindMatrixInverse = crowdMatrix( int( instanceRow ) * ( crowdJoints + 1 ) + crowdJoints );
#include <skinbase_vertex>
`;

/**
 * Per-instance morph weights for a primitive with morph targets: three's morph chunks, with the weights read
 * from the batch's morph texture (`crowdMorphs`: per row, the base weight then one per target) at the row the
 * instance's `instanceRow` names, where three's own instanced morphs read an InstancedMesh's at its instance
 * index. Its uniforms for one weight set are left undeclared (as three does for instanced morphs).
 */
const MORPH_PARS = /* glsl */ `
#define USE_INSTANCING_MORPH
#include <morphtarget_pars_vertex>
#undef USE_INSTANCING_MORPH
#ifdef USE_MORPHTARGETS
uniform highp sampler2D crowdMorphs;
#endif
`;

const MORPH_WEIGHTS = /* glsl */ `
#ifdef USE_MORPHTARGETS
  float morphTargetInfluences[ MORPHTARGETS_COUNT ];
  float morphTargetBaseInfluence = texelFetch( crowdMorphs, ivec2( 0, int( instanceRow ) ), 0 ).r;
  for ( int i = 0; i < MORPHTARGETS_COUNT; i ++ ) {
    morphTargetInfluences[ i ] = texelFetch( crowdMorphs, ivec2( i + 1, int( instanceRow ) ), 0 ).r;
  }
#endif
`;

/**
 * Makes `material` skin its vertices from the instanced skin (see SKINNING_PARS), and, given `morphs` (the
 * batch's morph texture), morph them by each instance's weights; returns it.
 */
export function instancedSkinning<M extends Material>(
  material: M,
  uniforms: InstancedSkinUniforms,
  morphs?: { value: Texture | null },
): M {
  const previous = material.onBeforeCompile;
  material.onBeforeCompile = (shader: WebGLProgramParametersWithUniforms, renderer) => {
    previous.call(material, shader, renderer);
    shader.uniforms.crowdBones = uniforms.crowdBones;
    shader.uniforms.crowdJoints = uniforms.crowdJoints;
    let vertex = shader.vertexShader
      .replace('#include <skinning_pars_vertex>', SKINNING_PARS)
      .replace('#include <skinbase_vertex>', SKIN_BASE);
    if (morphs) {
      shader.uniforms.crowdMorphs = morphs;
      vertex = vertex
        .replace('#include <morphtarget_pars_vertex>', MORPH_PARS)
        .replace('#include <morphinstance_vertex>', MORPH_WEIGHTS);
    }
    shader.vertexShader = vertex;
  };
  const key = material.customProgramCacheKey.bind(material);
  const variant = morphs ? 'anim-instanced-skin-morphs' : 'anim-instanced-skin';
  material.customProgramCacheKey = () => `${key()}|${variant}`;
  return material;
}

/** The shadow materials of an instanced skin: depth (directional and spot lights) and distance (point lights). */
export function instancedShadowMaterials(
  uniforms: InstancedSkinUniforms,
  morphs?: { value: Texture | null },
): {
  depth: MeshDepthMaterial;
  distance: MeshDistanceMaterial;
} {
  return {
    depth: instancedSkinning(new MeshDepthMaterial(), uniforms, morphs),
    distance: instancedSkinning(new MeshDistanceMaterial(), uniforms, morphs),
  };
}
