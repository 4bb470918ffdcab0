import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SimplaneError } from '@simplane/core';
import { problemResponse, type Handler, type HttpRequest, type HttpResponse } from '@simplane/http';

/**
 * A `node:http` request listener around the neutral handler: `createServer(createNodeListener(handle))`.
 * `simplane serve` uses it because nothing sits between the socket and the handler: no router,
 * no middleware chain, which the data plane's throughput feels (docs/performance.md).
 * Express users mount `@simplane/host-express` instead; both answer identically.
 */
export function createNodeListener(handle: Handler): RequestListener {
  const writes = new TurnWrites();
  return (req, res) => {
    handle(toNeutralRequest(req))
      .then((response) => (isWhole(response) ? writes.add(res, response) : writeResponse(res, response)))
      .catch((error: unknown) => failed(res, error));
  };
}

/** An answer whose body is in memory (not streamed). */
type WholeResponse = HttpResponse & { body: Uint8Array | null };

function isWhole(response: HttpResponse): response is WholeResponse {
  return response.body === null || response.body instanceof Uint8Array;
}

/**
 * Answers whose bodies are in memory, written together once the event loop's turn is over
 * rather than each as soon as it is ready. Under load a turn answers many connections, and a
 * write to a client that is waiting wakes it: written one by one between the requests' work,
 * nearly every write paid for a wake-up (in the kernel, and in the client), which cost more
 * than the request itself; written together, the first write wakes the client and the rest
 * find it awake. An answer waits at most for the rest of its turn's work.
 */
class TurnWrites {
  private pending: Array<{ res: ServerResponse; response: WholeResponse }> = [];

  add(res: ServerResponse, response: WholeResponse): void {
    if (this.pending.length === 0) setImmediate(() => this.flush());
    this.pending.push({ res, response });
  }

  private flush(): void {
    const due = this.pending;
    this.pending = [];
    for (const { res, response } of due) {
      try {
        writeWhole(res, response.status, response.headers, response.body);
      } catch (error) {
        failed(res, error);
      }
    }
  }
}

/** Node request to neutral request. The body stays a stream; a request that announces none has none. */
export function toNeutralRequest(req: IncomingMessage): HttpRequest {
  // RFC 9112 section 6.3: without Content-Length or Transfer-Encoding a request has no body.
  const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: hasBody ? req : null };
}

async function writeResponse(res: ServerResponse, response: HttpResponse): Promise<void> {
  const body = response.body;
  if (body === null || body instanceof Uint8Array) {
    writeWhole(res, response.status, response.headers, body);
    return;
  }
  res.writeHead(response.status, response.headers);
  await pipeline(Readable.from(body), res);
}

/** An answer whose body is in memory. The handler's response is this request's own (it adds Request-Id to it), so its headers take the length directly. */
function writeWhole(res: ServerResponse, status: number, headers: Record<string, string>, body: Uint8Array | null): void {
  if (body !== null) headers['content-length'] = String(body.byteLength);
  res.writeHead(status, headers);
  res.end(body ?? undefined);
}

/** The handler answers every failure itself; this is only for a broken stream or a bug. */
function failed(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy(error instanceof Error ? error : undefined);
    return;
  }
  void writeResponse(res, problemResponse(new SimplaneError('internal', 'An unexpected error occurred.')));
}
