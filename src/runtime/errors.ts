/**
 * The runtime's coded error. Builders throw it at load time, never the per-frame kernels; the element
 * layer turns it into one `anim-error` event with the same code.
 */
export type RuntimeErrorCode =
  | 'bad-skeleton'
  | 'cyclic-skeleton'
  | 'bad-clip'
  | 'unknown-joint'
  | 'bad-skin'
  | 'bad-gltf'
  | 'bad-cloth'
  | 'no-humanoid'
  | 'bad-sprite-sheet'
  | 'unknown-bone'
  | 'bad-chain'
  | 'bad-constraint';

export class AnimError extends Error {
  readonly code: RuntimeErrorCode;

  constructor(code: RuntimeErrorCode, message: string) {
    super(message);
    this.name = 'AnimError';
    this.code = code;
  }
}

export function isFiniteArray(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}
