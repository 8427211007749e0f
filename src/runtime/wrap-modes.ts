/**
 * How a clock behaves at the ends of its play window. A module of its own: the elements check the markup
 * against it without loading the clock.
 */
export type WrapMode = 'once' | 'repeat' | 'pingpong' | 'clamp';
export const WRAP_MODES: readonly WrapMode[] = ['once', 'repeat', 'pingpong', 'clamp'];
