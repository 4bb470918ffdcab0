import { SimplaneError } from '@simplane/core';

/** SQLSTATEs after which rerunning the whole transaction can succeed. */
const RETRY_STATES = new Set(['40001', '40P01']);

/** Node socket errors that mean the server could not be reached or went away. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** A transaction that may succeed when run again (serialisation failure, deadlock). */
export function isRetryable(error: unknown): boolean {
  return RETRY_STATES.has(sqlState(error) ?? '');
}

/** The driver's own bound passed: no answer to a statement (`query_timeout`) or no connection in time. */
export function isTimeout(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /^Query read timeout$|timeout exceeded when trying to connect/.test(message);
}

/**
 * True when the database cannot be reached or is not accepting work: a refused or lost
 * connection, a server shutting down or starting (class 08, 57P0x), too many connections
 * (53300), a statement cancelled by the server's `statement_timeout` (57014), or one of the
 * driver's own timeouts.
 */
export function isUnavailable(error: unknown): boolean {
  if (SimplaneError.is(error)) return error.code === 'internal_unavailable';
  if (isTimeout(error)) return true;
  const state = sqlState(error);
  if (state !== undefined && (state.startsWith('08') || state.startsWith('57P') || state === '53300' || state === '57014')) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|connection is closed/i.test(message);
}

/**
 * The error a repository throws for a failed statement: 503 `internal_unavailable` (retry) when
 * the database cannot be reached, else 500 `internal`. The driver's error is kept only as the
 * cause, for operators' logs; its message, which may quote SQL or values, is never the detail.
 */
export function storageError(error: unknown): SimplaneError {
  if (SimplaneError.is(error)) return error;
  if (isUnavailable(error)) {
    return new SimplaneError('internal_unavailable', 'The database is unavailable; retry shortly.', { retryAfterSeconds: 5, cause: describeCause(error) });
  }
  return new SimplaneError('internal', 'A database statement failed.', { cause: describeCause(error) });
}

/** SQLSTATE of a driver error, if it has one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * What operators may read of a driver error: its SQLSTATE or socket code and the constraint or
 * routine it names, never the message (which can carry parameter values) or the statement.
 */
function describeCause(error: unknown): Error {
  const e = (error ?? {}) as { code?: unknown; constraint?: unknown; routine?: unknown };
  const parts = [typeof e.code === 'string' ? `code ${e.code}` : 'no code'];
  if (typeof e.constraint === 'string') parts.push(`constraint ${e.constraint}`);
  if (typeof e.routine === 'string') parts.push(`routine ${e.routine}`);
  return new Error(`database error (${parts.join(', ')})`);
}
