import { SimplaneConnectionError } from './errors.js';

/** How the client's requests are bounded. Every field has a default in SimplaneClient. */
export interface TransportLimits {
  /** How long an ordinary request may take. */
  timeoutMs: number;
  /** How long an upload (a build's document) may take. */
  uploadTimeoutMs: number;
  /** The most of an answer read; the control plane's largest (a step with two 64 KiB bodies) is far below. */
  maxAnswerBytes: number;
  /** How often a read answered 503 with a short Retry-After (a server starting, a Simulation waking) is tried again. */
  readRetries: number;
  /** A Retry-After longer than this is not waited for: the refusal is thrown. */
  maxRetryWaitSeconds: number;
}

export type Fetch = (request: Request) => Promise<Response>;
export type Wait = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * The fetch the typed client calls through: each request bounded in time and in the size of
 * its answer, redirects refused (the key would follow them), short 503s on reads retried, and
 * a request that got no answer turned into a SimplaneConnectionError that says why.
 */
export function boundedFetch(url: string, fetchImpl: Fetch, limits: TransportLimits, wait: Wait): Fetch {
  const once = async (request: Request): Promise<Response> => {
    const upload = (request.headers.get('content-type') ?? '').startsWith('multipart/');
    const timeout = AbortSignal.timeout(upload ? limits.uploadTimeoutMs : limits.timeoutMs);
    let response: Response;
    try {
      response = await fetchImpl(new Request(request, { signal: AbortSignal.any([request.signal, timeout]), redirect: 'error' }));
    } catch (error) {
      // The caller's own abort is theirs to handle, as fetch would throw it.
      if (request.signal.aborted) throw request.signal.reason;
      throw new SimplaneConnectionError(url, timeout.aborted ? 'no answer in time' : reason(error), { cause: error });
    }
    return bounded(url, response, limits.maxAnswerBytes);
  };
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await once(request);
      const seconds = request.method === 'GET' && response.status === 503 ? retryAfter(response) : null;
      if (seconds === null || seconds > limits.maxRetryWaitSeconds || attempt >= limits.readRetries) return response;
      await wait(seconds * 1000, request.signal);
    }
  };
}

/** Statuses whose answers have no body (the fetch standard's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The answer with its body read up to the limit, so a huge or endless body is cut off, not held. */
async function bounded(url: string, response: Response, maxBytes: number): Promise<Response> {
  // A browser gives a 204 an empty body stream, and a Response with such a status may carry no
  // body at all: it is answered as it came, there being nothing to bound.
  if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new SimplaneConnectionError(url, `an answer larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function retryAfter(response: Response): number | null {
  const value = response.headers.get('retry-after');
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** A network failure's most telling part: the system's code (ECONNREFUSED) when there is one. */
function reason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** A pause that ends early, rejecting, when the signal aborts. */
export const sleep: Wait = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
