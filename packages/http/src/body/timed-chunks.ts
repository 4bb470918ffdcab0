import { SimplaneError } from '@simplane/core';
import type { RequestBody } from '../http-types.js';

export interface ChunkTimeouts {
  /** Longest wait for the next chunk. */
  idleMs: number;
  /** Longest time for the whole body. */
  totalMs: number;
}

/** Headers that make a client stop sending: the connection is closed after a refusal. */
export const CLOSE_CONNECTION = { connection: 'close' } as const;

/** 400: the body stream broke (a client that hung up mid-body). */
export function unreadableBody(cause: unknown): SimplaneError {
  return new SimplaneError('bad_request', 'The request body could not be read.', { cause });
}

/** 408: the body did not arrive within `ms`; the connection is closed after the answer. */
export function lateBody(ms: number): SimplaneError {
  return new SimplaneError('request_timeout', `The request body did not arrive in time (${ms} ms).`, { headers: CLOSE_CONNECTION });
}

/**
 * Yields a request body's chunks, failing with 408 when a chunk or the whole body is late and
 * with 400 when the stream breaks (a client that hung up). The consumer may stop at any time;
 * the rest of the body is never read.
 */
export async function* timedChunks(body: RequestBody, timeouts: ChunkTimeouts): AsyncGenerator<Uint8Array> {
  if (body === null) return;
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  const iterator = body[Symbol.asyncIterator]();
  const endBy = Date.now() + timeouts.totalMs;
  // With no tighter wait per chunk, one timer covers the whole body: most bodies arrive in
  // one or two chunks, and a timer per chunk was a measurable part of a small request.
  const whole = timeouts.idleMs >= timeouts.totalMs ? deadline(timeouts.totalMs) : undefined;
  try {
    for (;;) {
      const late = whole ?? deadline(Math.min(timeouts.idleMs, endBy - Date.now()));
      let step: IteratorResult<Uint8Array> | 'late';
      try {
        step = await Promise.race([iterator.next(), late.promise]);
      } catch (cause) {
        throw unreadableBody(cause);
      } finally {
        if (whole === undefined) late.cancel();
      }
      if (step === 'late') {
        throw lateBody(timeouts.idleMs);
      }
      if (step.done) return;
      yield step.value;
    }
  } finally {
    whole?.cancel();
  }
}

function deadline(ms: number): { promise: Promise<'late'>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, ms));
  });
  return { promise, cancel: () => clearTimeout(timer) };
}
