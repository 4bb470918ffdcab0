import { SimplaneError } from '@simplane/core';

/** Errno codes meaning the object (or a folder on its way) is not there. */
const NOT_FOUND_CODES = new Set(['ENOENT', 'ENOTDIR']);

export function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NOT_FOUND_CODES.has(code);
}

/**
 * Any other file system failure (permissions, a full disk, an I/O error) as the port's
 * retryable error. The detail is fixed text: the errno error, which names the path, is kept
 * only as the cause, for operators' logs.
 */
export function unavailable(error: unknown): SimplaneError {
  if (SimplaneError.is(error)) return error;
  return new SimplaneError('internal_unavailable', 'The blob store is unavailable; retry shortly.', { retryAfterSeconds: 5, cause: error });
}
