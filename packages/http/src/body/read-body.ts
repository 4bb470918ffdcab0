import { SimplaneError } from '@simplane/core';
import type { RequestBody } from '../http-types.js';
import { CLOSE_CONNECTION, timedChunks } from './timed-chunks.js';

export interface ReadLimits {
  /** Most bytes accepted; one more answers 413 without reading further. */
  maxBytes: number;
  /** Time allowed for the whole body to arrive; past it, 408. */
  timeoutMs: number;
  /** `Content-Length`, when the client sent one. */
  declaredLength?: number | undefined;
}

/**
 * Reads a whole request body under a byte limit and a deadline. Stops at the first byte past
 * the limit, and does not wait past the deadline.
 */
export async function readBody(body: RequestBody, limits: ReadLimits): Promise<Buffer> {
  if (limits.declaredLength !== undefined && limits.declaredLength > limits.maxBytes) throw tooLarge(limits.maxBytes);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of timedChunks(body, { idleMs: limits.timeoutMs, totalMs: limits.timeoutMs })) {
    total += chunk.byteLength;
    if (total > limits.maxBytes) throw tooLarge(limits.maxBytes);
    chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  return Buffer.concat(chunks, total);
}

export function tooLarge(maxBytes: number, what = 'The request body'): SimplaneError {
  return new SimplaneError('payload_too_large', `${what} exceeds ${describeBytes(maxBytes)}.`, { headers: CLOSE_CONNECTION });
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** `Content-Length` as a number; a malformed one is a bad request. */
export function declaredLength(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,16}$/.test(value.trim())) throw new SimplaneError('bad_request', 'Content-Length: not a valid length');
  return Number(value.trim());
}
