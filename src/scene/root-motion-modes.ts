/**
 * What a character does with its clips' root motion: nothing, move by it, or report it without moving. A
 * module of its own: the element checks the attribute without the root motion's code.
 */
export const ROOT_MOTION_MODES = ['off', 'apply', 'expose'] as const;
export type RootMotionMode = (typeof ROOT_MOTION_MODES)[number];
