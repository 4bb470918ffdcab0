import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lookup, RealSystemConnection, RealSystemOptions } from '@simplane/core';
import { UndiciRealSystemClient } from './undici-real-system-client.js';

/** What a real server on loopback saw: each request's method, URL, host and credential header. */
interface Seen {
  method: string;
  url: string;
  host: string;
  key: string | undefined;
}

function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; port: number; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', host: request.headers.host ?? '', key: request.headers['x-api-key'] as string | undefined });
    handler(request, response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, seen })));
}

const held: ServerResponse[] = [];
let real: Awaited<ReturnType<typeof serve>>;
let elsewhere: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  elsewhere = await serve((_request, response) => response.end('elsewhere'));
  real = await serve((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/api/customers') return void response.setHeader('content-type', 'application/json').end(JSON.stringify({ data: [{ id: 'cus_1' }] }));
    if (path === '/api/moved') return void response.writeHead(302, { location: `http://127.0.0.1:${elsewhere.port}/stolen` }).end();
    if (path === '/api/slow') return void held.push(response);
    if (path === '/api/large') return void response.setHeader('content-type', 'application/json').end(JSON.stringify({ blob: 'x'.repeat(4096) }));
    if (path === '/api/streamed') {
      response.setHeader('content-type', 'application/octet-stream');
      for (let i = 0; i < 8; i += 1) response.write(Buffer.alloc(512, 1));
      return void response.end();
    }
    response.statusCode = 404;
    response.end();
  });
});

afterAll(async () => {
  for (const response of held) response.destroy();
  await Promise.all([real, elsewhere].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

const OPTIONS: RealSystemOptions = { policy: { allowLoopback: true, allowPrivate: false }, timeoutMs: 2000, maxBodyBytes: 1024 };

async function connect(baseUrl: string, options = OPTIONS, lookup?: Lookup): Promise<RealSystemConnection> {
  const opened = await new UndiciRealSystemClient(lookup).open(baseUrl, options);
  if ('refused' in opened) throw new Error(opened.refused);
  return opened;
}

describe('a connection to the real system', () => {
  it('is refused for an address the policy keeps out, named by address or by a name that resolves to one', async () => {
    const client = new UndiciRealSystemClient();
    const strict = { ...OPTIONS, policy: { allowLoopback: false, allowPrivate: false } };
    expect(await client.open(`http://127.0.0.1:${real.port}/api`, strict)).toMatchObject({ refused: expect.stringContaining('loopback') as unknown });
    expect(await client.open(`http://localhost:${real.port}/api`, strict)).toMatchObject({ refused: expect.stringContaining('localhost resolves to') as unknown });
    expect(await client.open('http://169.254.169.254/latest/meta-data', OPTIONS)).toMatchObject({ refused: expect.stringContaining('link-local') as unknown });
    expect(real.seen).toEqual([]);
  });

  it("sends each request to the address resolved once, under the base URL's path, with the headers given", async () => {
    let lookups = 0;
    // A name no resolver knows, answered as the pinned address: the connection never asks again.
    const lookup: Lookup = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const connection = await connect(`http://customers.real.test:${real.port}/api`, OPTIONS, lookup);
    expect(connection.address).toBe('127.0.0.1');
    for (let i = 0; i < 3; i += 1) {
      const answer = await connection.send({ method: 'GET', path: '/customers?limit=1', headers: { 'x-api-key': 'sk_live_secret' } });
      expect(answer).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
      expect(JSON.parse(new TextDecoder().decode((answer as { body: Uint8Array }).body))).toEqual({ data: [{ id: 'cus_1' }] });
    }
    await connection.close();
    expect(lookups).toBe(1);
    expect(real.seen.slice(-3)).toEqual(Array(3).fill({ method: 'GET', url: '/api/customers?limit=1', host: `customers.real.test:${real.port}`, key: 'sk_live_secret' }));
  });

  it('sends an empty path to the base URL itself, as a SOAP call to its service address goes', async () => {
    const connection = await connect(`http://127.0.0.1:${real.port}/api/Service.svc`);
    await connection.send({ method: 'GET', path: '', headers: { 'x-api-key': 'sk_live_secret' } });
    await connection.close();
    expect(real.seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/Service.svc' });
  });

  it('answers a redirect as it is and follows it nowhere', async () => {
    const connection = await connect(`http://127.0.0.1:${real.port}/api`);
    const answer = await connection.send({ method: 'GET', path: '/moved', headers: { 'x-api-key': 'sk_live_secret' } });
    await connection.close();
    expect(answer).toMatchObject({ status: 302, headers: { location: `http://127.0.0.1:${elsewhere.port}/stolen` } });
    expect(elsewhere.seen).toEqual([]);
  });

  it('sends nothing to a path that would leave the origin', async () => {
    const connection = await connect(`http://127.0.0.1:${real.port}/api`);
    const before = real.seen.length;
    for (const path of [`//127.0.0.1:${elsewhere.port}/x`, `http://127.0.0.1:${elsewhere.port}/x`, 'customers', '/\\evil']) {
      expect(await connection.send({ method: 'GET', path, headers: {} })).toMatchObject({ failed: expect.stringContaining('is not a path under') as unknown });
    }
    await connection.close();
    expect(real.seen.length).toBe(before);
    expect(elsewhere.seen).toEqual([]);
  });

  it('gives up on an answer slower than its timeout', async () => {
    const connection = await connect(`http://127.0.0.1:${real.port}/api`, { ...OPTIONS, timeoutMs: 300 });
    expect(await connection.send({ method: 'GET', path: '/slow', headers: {} })).toEqual({ failed: 'no answer within 300 ms' });
    await connection.close();
  });

  it('reads no body past its size cap, declared or streamed', async () => {
    const connection = await connect(`http://127.0.0.1:${real.port}/api`);
    expect(await connection.send({ method: 'GET', path: '/large', headers: {} })).toMatchObject({ status: 200, body: null, tooLarge: true });
    expect(await connection.send({ method: 'GET', path: '/streamed', headers: {} })).toMatchObject({ status: 200, body: null, tooLarge: true });
    // The connection still answers afterwards.
    expect(await connection.send({ method: 'GET', path: '/customers', headers: {} })).toMatchObject({ status: 200 });
    await connection.close();
  });
});
