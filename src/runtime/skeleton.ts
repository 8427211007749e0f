import { AnimError, isFiniteArray } from './errors.js';
import { normalize } from './quat.js';

/** Editable skeleton data, in any joint order (glTF does not promise parents before children). */
export interface RawSkeleton {
  names: readonly string[];
  /** Parent index per joint into `names`, -1 for a root. */
  parents: ArrayLike<number>;
  /** Rest translation, 3 per joint (default 0). */
  translations?: ArrayLike<number>;
  /** Rest rotation, 4 per joint, x y z w (default identity). */
  rotations?: ArrayLike<number>;
  /** Rest scale, 3 per joint (default 1). */
  scales?: ArrayLike<number>;
  /** Inverse bind matrices, 16 per joint, column-major (default identity). */
  inverseBinds?: ArrayLike<number>;
}

/** Immutable runtime skeleton: joints in parent-first order. */
export interface Skeleton {
  readonly jointCount: number;
  readonly names: readonly string[];
  /** Parent per joint, always a smaller index, -1 for roots. */
  readonly parents: Int16Array;
  readonly restTranslations: Float32Array;
  readonly restRotations: Float32Array;
  readonly restScales: Float32Array;
  readonly inverseBinds: Float32Array;
  /** The raw index each built joint came from. */
  readonly sourceIndex: Int32Array;
  /** Built index per raw index. */
  readonly builtIndex: Int32Array;
  readonly indexByName: ReadonlyMap<string, number>;
}

const MAX_JOINTS = 0x7fff;

function checkLength(values: ArrayLike<number> | undefined, expected: number, what: string): void {
  if (values === undefined) return;
  if (values.length !== expected) {
    throw new AnimError('bad-skeleton', `${what} has ${values.length} values, expected ${expected}`);
  }
  if (!isFiniteArray(values)) throw new AnimError('bad-skeleton', `${what} holds a value that is not a finite number`);
}

/**
 * Validates a raw skeleton and builds the runtime one: joints reordered depth-first from the roots (each
 * parent before its children, siblings in their raw order), rotations normalized.
 * @throws AnimError `bad-skeleton` on wrong lengths, bad parents or non-finite values; `cyclic-skeleton`
 * when parents form a cycle.
 */
export function buildSkeleton(raw: RawSkeleton): Skeleton {
  const n = raw.names.length;
  if (n > MAX_JOINTS) throw new AnimError('bad-skeleton', `${n} joints is more than the ${MAX_JOINTS} supported`);
  if (raw.parents.length !== n) {
    throw new AnimError('bad-skeleton', `parents has ${raw.parents.length} entries for ${n} joints`);
  }
  checkLength(raw.translations, n * 3, 'translations');
  checkLength(raw.rotations, n * 4, 'rotations');
  checkLength(raw.scales, n * 3, 'scales');
  checkLength(raw.inverseBinds, n * 16, 'inverseBinds');

  const children: number[][] = Array.from({ length: n }, () => []);
  const roots: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = raw.parents[i];
    if (p === -1) roots.push(i);
    else if (!Number.isInteger(p) || p < 0 || p >= n) {
      throw new AnimError('bad-skeleton', `joint "${raw.names[i]}" has parent ${p}, not a joint index or -1`);
    } else children[p].push(i);
  }

  const sourceIndex = new Int32Array(n);
  const builtIndex = new Int32Array(n).fill(-1);
  let count = 0;
  const stack: number[] = [];
  for (let r = roots.length - 1; r >= 0; r--) stack.push(roots[r]);
  while (stack.length > 0) {
    const j = stack.pop()!;
    builtIndex[j] = count;
    sourceIndex[count++] = j;
    const kids = children[j];
    for (let k = kids.length - 1; k >= 0; k--) stack.push(kids[k]);
  }
  if (count < n) {
    const stuck = builtIndex.indexOf(-1);
    throw new AnimError('cyclic-skeleton', `joint "${raw.names[stuck]}" is its own ancestor: the parents form a cycle`);
  }

  const names: string[] = new Array(n);
  const parents = new Int16Array(n);
  const restTranslations = new Float32Array(n * 3);
  const restRotations = new Float32Array(n * 4);
  const restScales = new Float32Array(n * 3);
  const inverseBinds = new Float32Array(n * 16);
  const indexByName = new Map<string, number>();
  for (let b = 0; b < n; b++) {
    const s = sourceIndex[b];
    names[b] = raw.names[s];
    if (!indexByName.has(names[b])) indexByName.set(names[b], b);
    const p = raw.parents[s];
    parents[b] = p === -1 ? -1 : builtIndex[p];
    for (let k = 0; k < 3; k++) {
      restTranslations[b * 3 + k] = raw.translations ? raw.translations[s * 3 + k] : 0;
      restScales[b * 3 + k] = raw.scales ? raw.scales[s * 3 + k] : 1;
    }
    for (let k = 0; k < 4; k++) restRotations[b * 4 + k] = raw.rotations ? raw.rotations[s * 4 + k] : k === 3 ? 1 : 0;
    normalize(restRotations, b * 4);
    for (let k = 0; k < 16; k++) {
      inverseBinds[b * 16 + k] = raw.inverseBinds ? raw.inverseBinds[s * 16 + k] : k % 5 === 0 ? 1 : 0;
    }
  }
  return {
    jointCount: n,
    names,
    parents,
    restTranslations,
    restRotations,
    restScales,
    inverseBinds,
    sourceIndex,
    builtIndex,
    indexByName,
  };
}
