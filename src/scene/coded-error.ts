/**
 * The scene layer's coded error: an {@link AnimError} whose code is one a page sees. The codes and their
 * meanings live in one registry, `src/runtime/errors.ts`.
 */
import { AnimError, ERROR_CODES, type ErrorCode, publicCode } from '../runtime/errors.js';

export type { ErrorCode };
export { ERROR_CODES };

/** An error carrying one of the public codes; the scene layer throws these, elements turn them into events. */
export class CodedError extends AnimError {
  declare readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(code, message, options);
    this.name = 'CodedError';
  }
}

/**
 * `error` as a {@link CodedError} under its public code (the registry maps a builder's own code), with
 * `prefix` before its message; anything without a code is returned as it is, for the elements' guard to
 * report as `internal`.
 */
export function asCoded(error: unknown, prefix = ''): unknown {
  if (!(error instanceof AnimError)) return error;
  if (error instanceof CodedError && !prefix) return error;
  return new CodedError(publicCode(error.code), `${prefix}${error.message}`, { cause: error });
}
