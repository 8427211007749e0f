/**
 * The page's `prefers-reduced-motion`, read when a character first plays: with it, a clip does not start by
 * itself (it shows its first frame) until the page asks, by `play()`. Tests (and pages that ask the user
 * themselves) replace `reduced`.
 */
export const motionPreference = {
  reduced: (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches,
};
