/**
 * How a character's skinned meshes are deformed: on the GPU or on the CPU. A module of its own: the element
 * checks the attribute without the skin output's code.
 */
export type SkinningMode = 'gpu' | 'cpu';
export const SKINNING_MODES: readonly SkinningMode[] = ['gpu', 'cpu'];
