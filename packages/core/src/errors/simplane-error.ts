import { type ErrorCode, RETRYABLE_CODES, statusOf } from './error-catalogue.js';
import type { SpecificationValidation } from './specification-validation.js';

const BRAND = Symbol.for('simplane.error');

export interface SimplaneErrorOptions {
  validation?: SpecificationValidation | null;
  /** Seconds a client should wait before retrying; becomes `Retry-After`. */
  retryAfterSeconds?: number;
  /** Extra response headers, e.g. `Allow` on 405. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The only error type that crosses package boundaries. `detail` must be safe to show to the
 * caller: never a secret, never a stack. Recognised by a `Symbol.for` brand, not `instanceof`,
 * so copies of core loaded twice still agree.
 */
export class SimplaneError extends Error {
  readonly [BRAND] = true;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly validation: SpecificationValidation | null;
  readonly retryAfterSeconds: number | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail: string, options: SimplaneErrorOptions = {}) {
    super(`${code}: ${detail}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SimplaneError';
    this.code = code;
    this.detail = detail;
    this.validation = options.validation ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return statusOf(this.code);
  }

  get retryable(): boolean {
    return RETRYABLE_CODES.has(this.code);
  }

  static is(value: unknown): value is SimplaneError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** Shorthand for the ubiquitous 422 whose detail names the offending field. */
export function validationError(field: string, problem: string): SimplaneError {
  return new SimplaneError('validation', `${field}: ${problem}`);
}
