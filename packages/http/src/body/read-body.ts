import { SimplaneError } from '@simplane/core';
import type { RequestBody } from '../http-types.js';

export interface ReadLimits {
  /** Most bytes accepted; one more answers 413 without reading further. */
  maxBytes: number;
  /** Time allowed for the whole body to arrive; past it, 408. */
  timeoutMs: number;
  /** `Content-Length`, when the client sent one. */
  declaredLength?: number | undefined;
}

/** Headers that make a client stop sending: the connection is closed after a refusal. */
const CLOSE = { connection: 'close' };

/**
 * Reads a whole request body under a byte limit and a deadline. Stops at the first byte past
 * the limit, and does not wait past the deadline; a stream that fails midway (a client that
 * hung up) is an unreadable body, 400.
 */
export async function readBody(body: RequestBody, limits: ReadLimits): Promise<Buffer> {
  if (limits.declaredLength !== undefined && limits.declaredLength > limits.maxBytes) throw tooLarge(limits.maxBytes);
  if (body === null) return Buffer.alloc(0);
  if (body instanceof Uint8Array) {
    if (body.byteLength > limits.maxBytes) throw tooLarge(limits.maxBytes);
    return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  const iterator = body[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limits.timeoutMs);
  });
  try {
    for (;;) {
      let step: IteratorResult<Uint8Array> | 'timeout';
      try {
        step = await Promise.race([iterator.next(), deadline]);
      } catch (cause) {
        throw new SimplaneError('bad_request', 'The request body could not be read.', { cause });
      }
      if (step === 'timeout') {
        throw new SimplaneError('request_timeout', `The request body did not arrive within ${limits.timeoutMs} ms.`, { headers: CLOSE });
      }
      if (step.done) break;
      total += step.value.byteLength;
      if (total > limits.maxBytes) throw tooLarge(limits.maxBytes);
      chunks.push(Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength));
    }
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks, total);
}

export function tooLarge(maxBytes: number): SimplaneError {
  return new SimplaneError('payload_too_large', `The request body exceeds ${describeBytes(maxBytes)}.`, { headers: CLOSE });
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
