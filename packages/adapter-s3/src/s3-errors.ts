import { SimplaneError } from '@simplane/core';

/**
 * True when S3 says the object is not there: `NoSuchKey` from GetObject, a bodiless 404 from
 * HeadObject. A missing bucket is a misconfiguration, not a missing object.
 */
export function isMissing(error: unknown): boolean {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Any other failure (network, 5xx, throttling, credentials, access) as the port's retryable
 * error. The detail is fixed text, naming no bucket, endpoint or key; the SDK's error is the
 * cause, for operators' logs.
 */
export function unavailable(error: unknown): SimplaneError {
  if (SimplaneError.is(error)) return error;
  return new SimplaneError('internal_unavailable', 'The blob store is unavailable; retry shortly.', { retryAfterSeconds: 5, cause: error });
}
