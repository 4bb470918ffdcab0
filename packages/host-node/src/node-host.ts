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
  return (req, res) => {
    handle(toNeutralRequest(req))
      .then((response) => writeResponse(res, response))
      .catch((error: unknown) => failed(res, error));
  };
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
    // The handler's response is this request's own (it adds Request-Id to it), so its headers take the length directly.
    if (body !== null) response.headers['content-length'] = String(body.byteLength);
    res.writeHead(response.status, response.headers);
    res.end(body ?? undefined);
    return;
  }
  res.writeHead(response.status, response.headers);
  await pipeline(Readable.from(body), res);
}

/** The handler answers every failure itself; this is only for a broken stream or a bug. */
function failed(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy(error instanceof Error ? error : undefined);
    return;
  }
  void writeResponse(res, problemResponse(new SimplaneError('internal', 'An unexpected error occurred.')));
}
