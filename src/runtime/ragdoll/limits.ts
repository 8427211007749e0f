/**
 * How far a ragdoll's joints may turn: `natural` (anatomical) or `loose` (generous, as the reference design's).
 * A module of its own: the element checks the attribute without the ragdoll's code.
 */
export type RagdollLimits = 'natural' | 'loose';
export const RAGDOLL_LIMITS: readonly RagdollLimits[] = ['natural', 'loose'];
