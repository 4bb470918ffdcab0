import { IDEMPOTENCY_KEY_BYTES, SimplaneError } from '@simplane/core';
import { singleHeader } from '../http-types.js';
import type { RouteContext, RouteDoc } from '../route.js';

/** How an advance-time route documents its `Idempotency-Key` header; keys are per `owner`. */
export function idempotencyKeyHeader(owner: 'Simulation' | 'World'): NonNullable<RouteDoc['headers']> {
  return {
    'Idempotency-Key': { schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_BYTES.max }, description: `Names the advance, per ${owner}; ${IDEMPOTENCY_KEY_BYTES.min} to ${IDEMPOTENCY_KEY_BYTES.max} bytes. Required.`, required: true },
  };
}

/** The `Idempotency-Key` header; core checks its length. Sent twice it is no key at all. */
export function idempotencyKey(c: RouteContext): string | undefined {
  return singleHeader(c.request, 'idempotency-key', () => new SimplaneError('validation', 'Idempotency-Key: must be sent once'));
}
