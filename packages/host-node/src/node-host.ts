import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setOwn, SimplaneError } from '@simplane/core';
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
  const headers = headersOf(req);
  // RFC 9112 section 6.3: without Content-Length or Transfer-Encoding a request has no body.
  const hasBody = headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers, body: hasBody ? req : null };
}

/**
 * Every copy of every header, as the neutral request wants them: node:http's `headers` keeps
 * only the first copy of some (Authorization, Content-Type...) and joins the others, so a
 * header sent twice would reach the handler as one and a duplicate it must refuse would pass.
 * Such a request is read from `headersDistinct`, each header sent more than once as the array
 * of its copies; the usual request, no header repeated, keeps `headers` as it is.
 */
function headersOf(req: IncomingMessage): HttpRequest['headers'] {
  const headers = req.headers;
  let names = 0;
  for (const _ in headers) names += 1;
  if (names * 2 === req.rawHeaders.length) return headers;
  const copies: HttpRequest['headers'] = {};
  const distinct = req.headersDistinct;
  for (const name of Object.keys(distinct)) {
    const values = distinct[name]!;
    setOwn(copies, name, values.length === 1 ? values[0] : values);
  }
  return copies;
}

async function writeResponse(res: ServerResponse, response: HttpResponse): Promise<void> {
  const body = response.body;
  if (body === null || body instanceof Uint8Array) {
    writeWhole(res, response.status, response.headers, body);
    return;
  }
  res.writeHead(response.status, response.headers);
  drainUnread(res);
  await pipeline(Readable.from(body), res);
}

/** An answer whose body is in memory. The handler's response is this request's own (it adds Request-Id to it), so its headers take the length directly. */
function writeWhole(res: ServerResponse, status: number, headers: Record<string, string>, body: Uint8Array | null): void {
  if (body !== null) headers['content-length'] = String(body.byteLength);
  res.writeHead(status, headers);
  drainUnread(res);
  res.end(body ?? undefined);
}

/**
 * The most of a refused request's body read and thrown away after its answer: above the largest
 * body any route takes (a 96 MiB upload), so a client that sends what it declared can finish
 * and read the answer; past it the connection is closed.
 */
const DRAIN_LIMIT = 128 * 1024 * 1024;

/**
 * An answer given before its request's body was read to the end (a refusal: 401, 404, 415, 422
 * for a multipart part, 429) leaves the rest of the body to be thrown away, so the connection
 * serves the next request (a client's, or another tenant's through a reverse proxy reusing it).
 * A body nothing touched node:http throws away itself. A body a reader started and left half
 * read would hold the connection: node:http reads no further; it is read here to its end and
 * dropped. Closing instead would reset a client still sending, which then never reads its answer.
 */
function drainUnread(res: ServerResponse): void {
  const req = res.req;
  if (req.readableEnded || req.readableFlowing === null) return;
  let drained = 0;
  // A reader that stopped (a pipe, an async iterator left behind) holds the stream paused: let go of it.
  req.unpipe();
  req.removeAllListeners('readable');
  req.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

/** The handler answers every failure itself; this is only for a broken stream or a bug. */
function failed(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy(error instanceof Error ? error : undefined);
    return;
  }
  void writeResponse(res, problemResponse(new SimplaneError('internal', 'An unexpected error occurred.')));
}
