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
  const turn = new Turn(handle);
  return (req, res) => turn.add(req, res);
}

/** An answer whose body is in memory (not streamed). */
type WholeResponse = HttpResponse & { body: Uint8Array | null };

function isWhole(response: HttpResponse): response is WholeResponse {
  return response.body === null || response.body instanceof Uint8Array;
}

/**
 * Requests are handled together once the event loop has read every connection that had
 * something to read, and answers whose bodies are in memory are written together once the
 * work that made them has settled. Under load one turn reads many connections:
 * - handled as each is parsed, a request's work ran between node:http's parsing of the
 *   others, and each pass through the platform's code started cold; handled one after the
 *   other, the same code runs many times in a row (a creating POST cost a fifth less CPU);
 * - a write to a client that is waiting wakes it: written one by one, nearly every write paid
 *   for a wake-up (in the kernel, and in the client), which cost more than the request itself;
 *   written together, the first write wakes the client and the rest find it awake.
 * A request waits at most for the rest of its turn's reading, an answer for the rest of the
 * work that was under way with it.
 */
class Turn {
  /** Request and response, one after the other: no pair object per request. */
  private requests: Array<IncomingMessage | ServerResponse> = [];
  private answers: Array<{ res: ServerResponse; response: WholeResponse }> = [];

  constructor(private readonly handle: Handler) {}

  add(req: IncomingMessage, res: ServerResponse): void {
    if (this.requests.length === 0) setImmediate(() => this.run());
    this.requests.push(req, res);
  }

  private run(): void {
    const due = this.requests;
    this.requests = [];
    for (let i = 0; i < due.length; i += 2) this.start(due[i] as IncomingMessage, due[i + 1] as ServerResponse);
  }

  /** One request's failure, even a synchronous throw, is its own 500: the rest of the turn still runs. */
  private start(req: IncomingMessage, res: ServerResponse): void {
    let answered: Promise<HttpResponse>;
    try {
      answered = this.handle(toNeutralRequest(req));
    } catch (error) {
      failed(res, error);
      return;
    }
    answered.then((response) => (isWhole(response) ? this.answer(res, response) : writeResponse(res, response))).catch((error: unknown) => failed(res, error));
  }

  /** Written from a tick, which runs once the microtasks queued so far have run: answers finished by the same work go out together. */
  private answer(res: ServerResponse, response: WholeResponse): void {
    if (this.answers.length === 0) process.nextTick(() => this.write());
    this.answers.push({ res, response });
  }

  private write(): void {
    const due = this.answers;
    this.answers = [];
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
