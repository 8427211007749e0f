/**
 * What to write when a name asks for a clip the model calls otherwise: a graph's `walk` against a model's
 * `Walking`. Models name their takes freely (`Walk`, `walking`, `Armature|Walk_Cycle`), so a near name is offered
 * as an `<anim-clip>` that maps one to the other, the way the page fixes it.
 */

/** The model clip most like `wanted`: the same but for case, else the first that contains it (case aside). */
export function nearClip(wanted: string, clipNames: readonly string[]): string | null {
  const lower = wanted.toLowerCase();
  if (lower === '') return null;
  const same = clipNames.find((name) => name.toLowerCase() === lower);
  if (same !== undefined) return same;
  return clipNames.find((name) => name.toLowerCase().includes(lower)) ?? null;
}

/** A hint naming an `<anim-clip>` per missing name that has a near model clip; '' when none has. */
export function clipHint(missing: readonly string[], clipNames: readonly string[]): string {
  const maps: string[] = [];
  for (const name of missing) {
    const near = nearClip(name, clipNames);
    if (near !== null) maps.push(`<anim-clip name="${name}" from="${near}">`);
  }
  return maps.length > 0 ? `; to play the model's own, add ${maps.join(' ')}` : '';
}

/** `; did you mean "Walking"?` for a clip asked by name (an attribute, `play()`), '' when no model clip is near. */
export function didYouMean(wanted: string, clipNames: readonly string[]): string {
  const near = nearClip(wanted, clipNames);
  return near === null || near === wanted ? '' : `; did you mean "${near}"?`;
}
