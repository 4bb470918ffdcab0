import { SimplaneError } from '@simplane/core';
import type { RequestBody } from '../http-types.js';
import { CLOSE_CONNECTION, lateBody, timedChunks, unreadableBody } from './timed-chunks.js';

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
  if (isEventStream(body)) return readEvents(body, limits);
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

/** The part of a Node readable stream (a host's request) that `readEvents` uses. */
interface EventStream {
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeListener(event: string, listener: (...args: never[]) => void): unknown;
  pause(): unknown;
  readonly readableEnded: boolean;
  /** Node's: set once the stream is destroyed (the client hung up) or failed. */
  readonly destroyed?: boolean;
  readonly errored?: unknown;
}

function isEventStream(body: RequestBody): body is RequestBody & EventStream {
  const candidate = body as Partial<EventStream> | null;
  return candidate !== null && typeof candidate.on === 'function' && typeof candidate.removeListener === 'function' && typeof candidate.pause === 'function' && typeof candidate.readableEnded === 'boolean';
}

/**
 * `readBody` for a Node stream, by its events: the same limits and answers as reading its
 * chunks one by one (timedChunks), without an async iterator, a promise per chunk and a race
 * per chunk, which were most of the cost of reading a small body. A refused body is left
 * unread, the stream paused.
 */
function readEvents(stream: EventStream, limits: ReadLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (error: SimplaneError | null): void => {
      clearTimeout(timer);
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      stream.removeListener('close', onClose);
      if (error === null) {
        resolve(Buffer.concat(chunks, total));
        return;
      }
      stream.pause();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total > limits.maxBytes) finish(tooLarge(limits.maxBytes));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish(null);
    const onError = (cause: Error): void => finish(unreadableBody(cause));
    // A client that hangs up mid-body closes the stream without ending it.
    const onClose = (): void => {
      if (!stream.readableEnded) onError(new Error('the request was closed before its body ended'));
    };
    // A client that hung up before the body was asked for (while the request was checked, say)
    // emits nothing more: without this the read would wait for the body timeout, and hold the
    // Simulation's queue as long.
    if ((stream.destroyed === true || stream.errored != null) && !stream.readableEnded) {
      reject(unreadableBody(new Error('the request was closed before its body was read')));
      return;
    }
    const timer = setTimeout(() => finish(lateBody(limits.timeoutMs)), limits.timeoutMs);
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
  });
}
