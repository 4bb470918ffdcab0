/**
 * What the node:http host itself decides: which requests have a body, how streamed responses
 * are written, and what a handler failure looks like on the wire.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Handler, HttpRequest, HttpResponse } from '@simplane/http';
import { createNodeListener } from '@simplane/host-node';

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handle: Handler): Promise<string> {
  const server = createServer(createNodeListener(handle)).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readAll(body: HttpRequest['body']): Promise<string | null> {
  if (body === null) return null;
  if (body instanceof Uint8Array) return Buffer.from(body).toString();
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe('the node:http host', () => {
  it('hands over no body without Content-Length or Transfer-Encoding, and streams the ones that have one', async () => {
    const seen: Array<{ method: string; url: string; body: string | null }> = [];
    const base = await serve(async (req) => {
      seen.push({ method: req.method, url: req.url, body: await readAll(req.body) });
      return { status: 204, headers: {}, body: null };
    });
    await request(`${base}/a?x=1`);
    await request(`${base}/b`, { method: 'POST', body: 'sized' });
    await request(`${base}/c`, { method: 'POST', body: Readable.from([Buffer.from('chun'), Buffer.from('ked')]) });
    expect(seen).toEqual([
      { method: 'GET', url: '/a?x=1', body: null },
      { method: 'POST', url: '/b', body: 'sized' },
      { method: 'POST', url: '/c', body: 'chunked' },
    ]);
  });

  it('writes whole bodies with Content-Length and streamed ones chunked', async () => {
    const base = await serve(async (req): Promise<HttpResponse> =>
      req.url === '/whole'
        ? { status: 201, headers: { 'content-type': 'text/plain', 'x-one': '1' }, body: Buffer.from('whole body') }
        : { status: 200, headers: { 'content-type': 'text/plain' }, body: (async function* () { yield Buffer.from('part 1, '); yield Buffer.from('part 2'); })() },
    );
    const whole = await request(`${base}/whole`);
    expect(whole.statusCode).toBe(201);
    expect(whole.headers['content-length']).toBe('10');
    expect(whole.headers['x-one']).toBe('1');
    expect(await whole.body.text()).toBe('whole body');
    const streamed = await request(`${base}/streamed`);
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(await streamed.body.text()).toBe('part 1, part 2');
  });

  it('answers a handler that fails outright with a 500 problem, and keeps serving', async () => {
    let calls = 0;
    const base = await serve(async () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return { status: 200, headers: {}, body: Buffer.from('fine') };
    });
    const failed = await request(`${base}/`);
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toBe('application/problem+json');
    const problem = (await failed.body.json()) as { code: string; detail: string };
    expect(problem.code).toBe('internal');
    expect(JSON.stringify(problem)).not.toContain('boom');
    const after = await request(`${base}/`);
    expect(await after.body.text()).toBe('fine');
  });

  it('handles the requests read in one turn together once the reading is done, then writes their answers together', async () => {
    const order: string[] = [];
    const listener = createNodeListener(async (req) => {
      order.push(`handled ${req.url}`);
      return { status: 200, headers: {}, body: Buffer.from(`answer to ${req.url}`) };
    });
    const server = createServer((req, res) => {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
      res.writeHead = ((...args: unknown[]) => {
        order.push(`written ${req.url}`);
        return writeHead(...args);
      }) as typeof res.writeHead;
      listener(req, res);
      order.push(`read ${req.url}`);
    }).listen(0, '127.0.0.1');
    servers.push(server);
    await once(server, 'listening');
    // Two requests in one write arrive in one segment: node:http parses both in the same turn.
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.write('GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n');
    await vi.waitFor(() => expect(received).toContain('answer to /b'), { timeout: 5000 });
    socket.destroy();
    expect(received.indexOf('answer to /a')).toBeLessThan(received.indexOf('answer to /b'));
    expect(order).toEqual(['read /a', 'read /b', 'handled /a', 'handled /b', 'written /a', 'written /b']);
  });

  it('answers a handler that throws before returning a promise with a 500, and still handles the rest of its turn', async () => {
    const handle = ((req: HttpRequest) => {
      if (req.url === '/throws') throw new Error('thrown at once');
      return Promise.resolve({ status: 200, headers: {}, body: Buffer.from(`answer to ${req.url}`) });
    }) as Handler;
    const base = await serve(handle);
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.write('GET /throws HTTP/1.1\r\nHost: x\r\n\r\nGET /after HTTP/1.1\r\nHost: x\r\n\r\n');
    await vi.waitFor(() => expect(received).toContain('answer to /after'), { timeout: 5000 });
    socket.destroy();
    expect(received.startsWith('HTTP/1.1 500')).toBe(true);
    expect(received).toContain('"code":"internal"');
    expect(received).not.toContain('thrown at once');
  });

  it('gives each of many concurrent connections its own answer', async () => {
    const base = await serve(async (req) => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from(`answer to ${req.url}`) }));
    const agent = new Agent({ connections: 16 });
    const paths = Array.from({ length: 64 }, (_, i) => `/r${i}`);
    const answers = await Promise.all(paths.map(async (path) => (await request(`${base}${path}`, { dispatcher: agent })).body.text()));
    await agent.close();
    expect(answers).toEqual(paths.map((path) => `answer to ${path}`));
  });

  it('answers a handler whose answer cannot be written (a bad header value) with a 500 problem, and keeps serving', async () => {
    let calls = 0;
    const base = await serve(async (): Promise<HttpResponse> => {
      calls += 1;
      return calls === 1 ? { status: 200, headers: { 'x-bad': 'line\nbreak' }, body: Buffer.from('never') } : { status: 200, headers: {}, body: Buffer.from('fine') };
    });
    const failed = await request(`${base}/`);
    expect(failed.statusCode).toBe(500);
    expect(((await failed.body.json()) as { code: string }).code).toBe('internal');
    expect(await (await request(`${base}/`)).body.text()).toBe('fine');
  });

  it('drops the answer of a client that hung up before its turn was over, and keeps serving', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const base = await serve(async (req) => {
      if (req.url === '/slow') await held;
      return { status: 200, headers: {}, body: Buffer.from(`done ${req.url}`) };
    });
    const abort = new AbortController();
    const slow = request(`${base}/slow`, { signal: abort.signal }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    abort.abort();
    await slow;
    release();
    expect(await (await request(`${base}/next`)).body.text()).toBe('done /next');
  });
});
