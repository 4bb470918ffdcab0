import { SimplaneError, type Logger } from '@simplane/core';
import type { HttpResponse } from './http-types.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** SPEC 2.6: exactly `{code, detail, validation}` as `application/problem+json`. */
export function problemResponse(error: SimplaneError): HttpResponse {
  const headers: Record<string, string> = { 'content-type': PROBLEM_CONTENT_TYPE, ...error.headers };
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(0, Math.ceil(error.retryAfterSeconds)));
  const body = JSON.stringify({ code: error.code, detail: error.detail, validation: error.validation });
  return { status: error.status, headers, body: Buffer.from(body) };
}

/**
 * Anything thrown that is not a SimplaneError is a bug or an outage we did not map: the caller
 * gets a generic 500 and the cause goes to the log under the request ID.
 */
export function toSimplaneError(error: unknown, logger: Logger, requestId: string): SimplaneError {
  if (SimplaneError.is(error)) {
    if (error.status >= 500) logger.error('request failed', { request_id: requestId, code: error.code, cause: describe(error.cause) });
    return error;
  }
  logger.error('unexpected error', { request_id: requestId, cause: describe(error) });
  return new SimplaneError('internal', `An unexpected error occurred; quote request ${requestId} when reporting it.`);
}

function describe(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
