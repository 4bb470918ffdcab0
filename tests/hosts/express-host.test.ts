/**
 * What the Express host itself must keep: paths relative to the mount point, the query string,
 * and bodies that stream both ways, as a whole app and mounted under a prefix in an app of
 * one's own, next to that app's routes.
 */
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExpressApp, createSimplaneRouter } from '@simplane/host-express';
import type { Handler, HttpResponse } from '@simplane/http';

/** Answers what it was asked, streaming: the target it saw, then each chunk of the body upper-cased. */
const echo: Handler = async (req): Promise<HttpResponse> => {
  const source = req.body;
  async function* answer(): AsyncGenerator<Uint8Array> {
    yield Buffer.from(`${req.method} ${req.url}\n`);
    if (source === null) return;
    if (source instanceof Uint8Array) {
      yield Buffer.from(Buffer.from(source).toString().toUpperCase());
      return;
    }
    for await (const chunk of source) yield Buffer.from(Buffer.from(chunk).toString().toUpperCase());
  }
  return { status: 200, headers: { 'content-type': 'text/plain', 'x-body': source === null ? 'none' : 'stream' }, body: answer() };
};

const servers: Server[] = [];

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function mine(): RequestListener {
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.use('/simplane', createSimplaneRouter(echo));
  return app;
}

describe.each([
  { name: 'a whole app', make: () => createExpressApp(echo), prefix: '' },
  { name: 'mounted under /simplane', make: mine, prefix: '/simplane' },
])('the Express host as $name', ({ make, prefix }) => {
  let base = '';

  beforeAll(async () => {
    base = await listen(make());
  });

  it('hands over the target relative to the mount point, with its query', async () => {
    const answer = await request(`${base}${prefix}/sim/abc/pets?limit=2&tag=a%20b`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-body']).toBe('none');
    expect(await answer.body.text()).toBe('GET /sim/abc/pets?limit=2&tag=a%20b\n');
    const root = await request(`${base}${prefix}/`);
    expect(await root.body.text()).toBe('GET /\n');
  });

  it('streams a chunked request body in and a streamed answer out', async () => {
    const body = Readable.from([Buffer.from('first, '), Buffer.from('second, '), Buffer.from('third')]);
    const answer = await request(`${base}${prefix}/upload`, { method: 'POST', body });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.headers['x-body']).toBe('stream');
    expect(await answer.body.text()).toBe('POST /upload\nFIRST, SECOND, THIRD');
  });

  it('reads a sized body', async () => {
    const answer = await request(`${base}${prefix}/sized`, { method: 'PUT', body: 'sized body' });
    expect(await answer.body.text()).toBe('PUT /sized\nSIZED BODY');
  });
});

describe('the Express host mounted in an app of its own', () => {
  it("leaves the app's other routes to the app", async () => {
    const base = await listen(mine());
    const health = await request(`${base}/health`);
    expect(await health.body.json()).toEqual({ ok: true });
    const outside = await request(`${base}/upload`);
    expect(outside.statusCode).toBe(404);
    await outside.body.text();
  });
});
