import type { Handler, HttpRequest, ResponseBody } from '@simplane/http';

/** The origin the harness answers for unless told otherwise; `.test` is reserved, never a real host. */
export const DEFAULT_HARNESS_BASE_URL = 'http://simplane.test';

/** The WHATWG `fetch` signature, as clients that take a custom fetch expect it. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface HarnessFetchOptions {
  /** Absolute http(s) URL the fetch serves; a path in it is a prefix the handler never sees. */
  baseUrl: string;
  /** Settles before the first request is handled (start-up work). */
  ready?: Promise<void>;
  /** Headers added to every request that does not set them itself (names in any case). */
  headers?: Record<string, string>;
}

/** Statuses whose response has no body (fetch's null body statuses). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` that answers URLs under `baseUrl` from `handle`, in memory: the request becomes the
 * neutral request (its body a stream of chunks, never read whole here), and the neutral
 * response becomes a `Response` whose body streams. Any other URL rejects as fetch does for a
 * host it cannot reach, with no network call. `init.signal` aborts as it does for fetch.
 */
export function createHarnessFetch(handle: Handler, options: HarnessFetchOptions): Fetch {
  const base = parseBase(options.baseUrl);
  const defaults = Object.entries(options.headers ?? {});
  return async (input, init) => {
    const request = new Request(input, init);
    const { signal } = request;
    signal.throwIfAborted();
    const url = new URL(request.url);
    url.hash = '';
    const target = targetOf(base, url);
    if (target === null) {
      throw new TypeError(`fetch failed: ${request.url} is outside ${base.href}, the only base this in-memory fetch serves; it makes no network call`);
    }
    await options.ready;
    signal.throwIfAborted();

    const headers: HttpRequest['headers'] = {};
    for (const [name, value] of request.headers) headers[name] = value;
    for (const [name, value] of defaults) headers[name.toLowerCase()] ??= value;
    headers.host ??= base.host;
    headers.accept ??= '*/*';
    const length = knownLength(init?.body);
    if (length !== undefined && request.body !== null) headers['content-length'] ??= String(length);

    const body = request.body === null ? null : chunksOf(request.body, signal);
    const answer = await untilAborted(handle({ method: request.method, url: target, headers, body }), signal);
    const empty = NULL_BODY_STATUSES.has(answer.status) || request.method === 'HEAD';
    if (empty) await discard(answer.body);
    const response = new Response(empty || answer.body === null ? null : streamOf(answer.body, signal), { status: answer.status, headers: answer.headers });
    // A Response made here has no URL; fetch's has the one it answered, and clients read it.
    Object.defineProperty(response, 'url', { value: url.href });
    return response;
  };
}

interface Base {
  origin: string;
  host: string;
  /** The base's path without a trailing slash: `''` or `/prefix`. */
  prefix: string;
  href: string;
}

function parseBase(baseUrl: string): Base {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`The harness base URL must be http or https: ${baseUrl}`);
  if (url.search !== '' || url.hash !== '') throw new TypeError(`The harness base URL must have no query or fragment: ${baseUrl}`);
  const prefix = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, host: url.host, prefix, href: `${url.origin}${prefix}` };
}

/** The origin-form target under the base (`/v1/x?y`), or null for a URL outside it. */
function targetOf(base: Base, url: URL): string | null {
  if (url.origin !== base.origin) return null;
  const { prefix } = base;
  if (prefix !== '' && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return null;
  const path = url.pathname.slice(prefix.length);
  return `${path === '' ? '/' : path}${url.search}`;
}

/** The byte length fetch would declare for a body it knows whole; streams have none. */
function knownLength(body: RequestInit['body'] | undefined): number | undefined {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (body instanceof Blob) return body.size;
  if (body instanceof URLSearchParams) return Buffer.byteLength(body.toString());
  return undefined;
}

/** Settles as `work` does, or rejects with the abort reason as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The request body as the chunks it arrives in; an abort ends reading with the abort reason. */
async function* chunksOf(stream: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const next = await untilAborted(reader.read(), signal);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The neutral response body as a stream, read as the consumer pulls; an abort errors it. */
function streamOf(body: NonNullable<ResponseBody>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const iterator = (body instanceof Uint8Array ? once(body) : body)[Symbol.asyncIterator]();
  let onAbort: (() => void) | undefined;
  const stop = () => {
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
    onAbort = undefined;
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        stop();
        controller.error(signal.reason);
        void Promise.resolve(iterator.return?.()).catch(() => undefined);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        stop();
        throw error;
      }
      if (signal.aborted) return;
      if (next.done === true) {
        stop();
        controller.close();
      } else {
        controller.enqueue(next.value);
      }
    },
    async cancel() {
      stop();
      await iterator.return?.();
    },
  });
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function discard(body: ResponseBody): Promise<void> {
  if (body !== null && !(body instanceof Uint8Array)) await body[Symbol.asyncIterator]().return?.();
}
