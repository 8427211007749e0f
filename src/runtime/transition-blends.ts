/**
 * How a transition blends: `crossfade` samples both sides and mixes them; `inertial` see Inertializer. A
 * module of its own: the markup and the graph compiler check the word without the blend's code.
 */
export type TransitionBlend = 'crossfade' | 'inertial';
export const TRANSITION_BLENDS: readonly TransitionBlend[] = ['crossfade', 'inertial'];
