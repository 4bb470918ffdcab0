/**
 * The credential flows through real Express and node:http servers on loopback: the same
 * handler as the harness, but with real sockets, real streaming bodies and clients that
 * misbehave. Both hosts must answer every request alike.
 */
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ConfigInput, type ControlPlane } from '@simplane/composition';
import { createExpressApp, createSimplaneRouter } from '@simplane/host-express';
import { createNodeListener } from '@simplane/host-node';
import type { Logger } from '@simplane/core';
import type { Handler } from '@simplane/http';
import { RawConnection, type RawAnswer } from '../support/raw-connection.js';

const KEY_ALPHA = 'test-key-alpha-0001';
const KEY_BETA = 'test-key-beta-0002';

const config: ConfigInput = {
  log_level: 'silent',
  // Builds run inline: no worker threads to outlive the test.
  build_workers: 0,
  organizations: [
    {
      name: 'acme',
      workspaces: [
        { name: 'alpha', api_keys: [KEY_ALPHA] },
        { name: 'beta', api_keys: [KEY_BETA] },
      ],
    },
  ],
};

const CREDENTIAL_ID = /^crd_[0-9A-HJKMNP-TV-Z]{26}$/;
const UNKNOWN_ID = 'crd_01ARZ3NDEKTSV4RRFFQ69G5FAV';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => any;
}

interface CallOptions {
  key?: string | null;
  json?: unknown;
  body?: string | Buffer | Readable;
  headers?: Record<string, string>;
}

async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? KEY_ALPHA : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  let body: string | Buffer | Readable | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await request(`${base}${path}`, { method: method as 'GET', headers, body });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text, json: () => JSON.parse(text) };
}

function expectProblem(reply: Reply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(reply.headers['request-id']).toEqual(expect.any(String));
  const body = reply.json();
  expect(body.code).toBe(code);
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(0);
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'validation']);
}

async function listen(listener: RequestListener): Promise<{ server: Server; base: string }> {
  const server = createServer(listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://127.0.0.1:${port}` };
}

async function close(server: Server | undefined): Promise<void> {
  if (server === undefined) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Sends raw bytes on a fresh connection and returns everything the server writes before closing. */
function rawExchange(base: string, write: (socket: Socket) => void, waitMs = 5000): Promise<string> {
  return exchange(base, write, waitMs).then((ended) => ended.raw);
}

/** A raw exchange that also says whether it ended by itself (closed) or by the wait running out. */
function exchange(base: string, write: (socket: Socket) => void, waitMs: number): Promise<{ raw: string; closed: boolean }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.removeAllListeners('close');
      socket.destroy();
      resolve({ raw: Buffer.concat(chunks).toString('latin1'), closed: false });
    }, waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ raw: Buffer.concat(chunks).toString('latin1'), closed: true });
    });
    socket.on('connect', () => {
      try {
        write(socket);
      } catch (error) {
        reject(error as Error);
      }
    });
  });
}

function statusLine(raw: string): number {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(raw);
  return match === null ? -1 : Number(match[1]);
}

function rawBody(raw: string): string {
  return raw.slice(raw.indexOf('\r\n\r\n') + 4);
}

/** Records the handler's one log line per request, so a test can see a request finish. */
const finished: Array<{ path: string; status: number }> = [];
const recordingLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  request: (line) => finished.push({ path: line.path, status: line.status }),
};

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const servers: Server[] = [];
const planes: ControlPlane[] = [];
let base = '';
let handle: Handler;

function compose(input: ConfigInput, logger?: Logger): ControlPlane {
  const plane = composeControlPlane(parseConfig(input), logger === undefined ? {} : { logger });
  planes.push(plane);
  return plane;
}

/** Both hosts answer the same requests the same way: the suite runs once per host. */
const HOSTS: Array<{ name: string; make: (handle: Handler) => RequestListener }> = [
  { name: 'Express', make: createExpressApp },
  { name: 'node:http', make: createNodeListener },
];

beforeAll(() => {
  handle = compose(config, recordingLogger).handle;
});

afterAll(async () => {
  await Promise.all(servers.map(close));
  await Promise.all(planes.map((plane) => plane.close()));
});

describe.each(HOSTS)('over a real $name server', ({ make }) => {
  beforeAll(async () => {
    const started = await listen(make(handle));
    servers.push(started.server);
    base = started.base;
  });

  describe('credential flows', () => {
    it('creates, reads, lists, changes and deletes a credential', async () => {
      const created = await call(base, 'POST', '/v1/credentials', {
        json: { name: 'stripe', base_url: 'https://api.stripe.example', header: 'Authorization', value: 'sk_test_secret' },
      });
      expect(created.status).toBe(201);
      expect(created.headers['content-type']).toMatch(/^application\/json/);
      expect(created.headers['request-id']).toEqual(expect.any(String));
      expect(created.headers['x-powered-by']).toBeUndefined();
      const credential = created.json();
      expect(credential).toEqual({
        id: expect.stringMatching(CREDENTIAL_ID),
        name: 'stripe',
        base_url: 'https://api.stripe.example',
        header: 'Authorization',
        created_at: expect.any(String),
      });
      expect(created.text).not.toContain('sk_test_secret');

      const got = await call(base, 'GET', `/v1/credentials/${credential.id}`);
      expect(got.status).toBe(200);
      expect(got.json()).toEqual(credential);

      const listed = await call(base, 'GET', '/v1/credentials?limit=10');
      expect(listed.status).toBe(200);
      const page = listed.json();
      expect(page.next_cursor).toBeNull();
      expect(page.credentials.map((c: { id: string }) => c.id)).toContain(credential.id);
      expect(listed.text).not.toContain('sk_test_secret');

      const patched = await call(base, 'PATCH', `/v1/credentials/${credential.id}`, { json: { name: 'stripe-live' } });
      expect(patched.status).toBe(200);
      expect(patched.json()).toEqual({ ...credential, name: 'stripe-live' });

      const deleted = await call(base, 'DELETE', `/v1/credentials/${credential.id}`);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');

      expectProblem(await call(base, 'GET', `/v1/credentials/${credential.id}`), 404, 'credential_not_found');
    });

    it('pages a list newest first with a cursor', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const reply = await call(base, 'POST', '/v1/credentials', { key: KEY_BETA, json: { name: `c${i}`, header: 'X-Key', value: 'v' } });
        expect(reply.status).toBe(201);
        ids.push(reply.json().id);
      }
      const first = await call(base, 'GET', '/v1/credentials?limit=2', { key: KEY_BETA });
      expect(first.status).toBe(200);
      const page1 = first.json();
      expect(page1.credentials.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
      expect(page1.next_cursor).toEqual(expect.any(String));
      const second = await call(base, 'GET', `/v1/credentials?limit=2&cursor=${encodeURIComponent(page1.next_cursor)}`, { key: KEY_BETA });
      const page2 = second.json();
      expect(page2.credentials.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
      expect(page2.next_cursor).toBeNull();
      for (const id of ids) expect((await call(base, 'DELETE', `/v1/credentials/${id}`, { key: KEY_BETA })).status).toBe(204);
    });

    it('answers 401 without a key and with a wrong key', async () => {
      expectProblem(await call(base, 'GET', '/v1/credentials', { key: null }), 401, 'auth_invalid');
      expectProblem(await call(base, 'GET', '/v1/credentials', { key: 'not-a-real-key-123' }), 401, 'auth_invalid');
      expectProblem(await call(base, 'GET', '/v1/credentials', { key: null, headers: { authorization: 'Basic abc' } }), 401, 'auth_invalid');
    });

    it("answers 403 for another workspace's credential, and leaves it alone", async () => {
      const created = await call(base, 'POST', '/v1/credentials', { json: { name: 'mine', header: 'X-Key', value: 'v' } });
      const id = created.json().id as string;
      expectProblem(await call(base, 'GET', `/v1/credentials/${id}`, { key: KEY_BETA }), 403, 'auth_forbidden');
      expectProblem(await call(base, 'PATCH', `/v1/credentials/${id}`, { key: KEY_BETA, json: { name: 'theirs' } }), 403, 'auth_forbidden');
      expectProblem(await call(base, 'DELETE', `/v1/credentials/${id}`, { key: KEY_BETA }), 403, 'auth_forbidden');
      const list = await call(base, 'GET', '/v1/credentials', { key: KEY_BETA });
      expect(list.json().credentials.map((c: { id: string }) => c.id)).not.toContain(id);
      const still = await call(base, 'GET', `/v1/credentials/${id}`);
      expect(still.json().name).toBe('mine');
      await call(base, 'DELETE', `/v1/credentials/${id}`);
    });

    it('answers 404 for an unknown credential and an unknown route', async () => {
      expectProblem(await call(base, 'GET', `/v1/credentials/${UNKNOWN_ID}`), 404, 'credential_not_found');
      expectProblem(await call(base, 'GET', '/v1/credentials/not-an-id'), 404, 'credential_not_found');
      expectProblem(await call(base, 'GET', '/v1/nothing-here'), 404, 'not_found');
    });

    it('answers 405 with Allow on a known route', async () => {
      const reply = await call(base, 'PUT', '/v1/credentials', { json: {} });
      expectProblem(reply, 405, 'method_not_allowed');
      expect(reply.headers.allow).toBe('GET, HEAD, POST');
      const item = await call(base, 'POST', `/v1/credentials/${UNKNOWN_ID}`);
      expectProblem(item, 405, 'method_not_allowed');
      expect(item.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
      // HEAD over a socket: GET's status and length, no body.
      const head = await call(base, 'HEAD', '/v1/credentials');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(Number(head.headers['content-length'])).toBe((await call(base, 'GET', '/v1/credentials')).text.length);
    });

    it('answers 415 for a body that is not JSON', async () => {
      const reply = await call(base, 'POST', '/v1/credentials', {
        body: 'name=x&header=X-Key&value=v',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectProblem(reply, 415, 'unsupported_media_type');
      expectProblem(await call(base, 'POST', '/v1/credentials', { body: '{}' }), 415, 'unsupported_media_type');
    });

    it('answers 400 for malformed JSON and 422 naming the field', async () => {
      expectProblem(await call(base, 'POST', '/v1/credentials', { body: '{"name":', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
      const invalid = await call(base, 'POST', '/v1/credentials', { json: { name: 'x', header: 'bad header', value: 'v' } });
      expectProblem(invalid, 422, 'validation');
      expect(invalid.json().detail).toMatch(/^header:/);
    });

    it('answers 413 for a declared body over 1 MiB, and keeps serving', async () => {
      const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
      expectProblem(await call(base, 'POST', '/v1/credentials', { body: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
      // Refused on Content-Length alone: the server answers without waiting for a byte of body.
      const raw = await rawExchange(base, (socket) => {
        socket.write(
          `POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`,
        );
      });
      expect(statusLine(raw)).toBe(413);
      expect(JSON.parse(rawBody(raw)).code).toBe('payload_too_large');
      expect((await call(base, 'GET', '/v1/credentials')).status).toBe(200);
    });

    it('refuses a streamed 2 MiB JSON body with 413 and keeps serving', async () => {
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const stream = new Readable({
        read() {
          if (sent >= 2 * 1024 * 1024) {
            this.push(null);
            return;
          }
          sent += chunk.length;
          this.push(chunk);
        },
      });
      // No Content-Length: undici sends the stream chunked, so only counting bytes can refuse it.
      const reply = await call(base, 'POST', '/v1/credentials', { body: stream, headers: { 'content-type': 'application/json' } });
      expectProblem(reply, 413, 'payload_too_large');
      expect(reply.json().detail).toContain('1 MiB');
      const after = await call(base, 'POST', '/v1/credentials', { json: { name: 'after-413', header: 'X-Key', value: 'v' } });
      expect(after.status).toBe(201);
      await call(base, 'DELETE', `/v1/credentials/${after.json().id}`);
    });

    it('refuses a chunked 2 MiB body over a raw socket with 413 before it ends', async () => {
      const raw = await rawExchange(base, (socket) => {
        socket.write(
          `POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        // Write 2 MiB but never the terminating chunk: only the limit can end this request.
        for (let i = 0; i < 32; i += 1) socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`);
      });
      expect(statusLine(raw)).toBe(413);
      expect(raw.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(rawBody(raw)).code).toBe('payload_too_large');
      expect((await call(base, 'GET', '/v1/credentials')).status).toBe(200);
    });

    it('survives a client that hangs up mid-body', async () => {
      const before = finished.length;
      await rawExchange(
        base,
        (socket) => {
          socket.write(
            `POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":"half`,
          );
          setTimeout(() => socket.destroy(), 50);
        },
        2000,
      );
      // Again, hanging up before the body even starts.
      await rawExchange(
        base,
        (socket) => {
          socket.write(`POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n`);
          socket.destroy();
        },
        2000,
      );
      // Both abandoned requests finish promptly as unreadable bodies instead of waiting for the 30 s deadline.
      await until(() => finished.length >= before + 2);
      expect(finished.slice(before, before + 2)).toEqual([
        { path: '/v1/credentials', status: 400 },
        { path: '/v1/credentials', status: 400 },
      ]);
      const after = await call(base, 'POST', '/v1/credentials', { json: { name: 'after-hangup', header: 'X-Key', value: 'v' } });
      expect(after.status).toBe(201);
      const list = await call(base, 'GET', '/v1/credentials?limit=200');
      const names = list.json().credentials.map((c: { name: string }) => c.name);
      expect(names).toContain('after-hangup');
      expect(names).not.toContain('half');
      await call(base, 'DELETE', `/v1/credentials/${after.json().id}`);
    });

    it('serves the public OpenAPI document without a key', async () => {
      const reply = await call(base, 'GET', '/v1/openapi.json', { key: null });
      expect(reply.status).toBe(200);
      expect(reply.json().openapi).toMatch(/^3\.1/);
    });
  });

  describe('an early answer on a keep-alive connection', () => {
    const next = `GET /v1/quota HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\n\r\n`;

    /**
     * After a refusal given before the body was read to the end, the connection either stays
     * usable (the next request on it is answered) or the refusal said it closes, and it does:
     * never a connection that takes the next request and answers nothing.
     */
    async function expectNextAnswered(connection: RawConnection, first: RawAnswer): Promise<void> {
      connection.write(next);
      const second = await connection.answer();
      if (first.headers.connection === 'close') {
        expect(second).toBeNull();
        await connection.closed;
      } else {
        expect(second?.status).toBe(200);
      }
      connection.destroy();
    }

    it('a multipart upload refused for a part with another name, its body half read', async () => {
      const boundary = 'XBOUNDARY';
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="other"; filename="a.yaml"\r\n\r\n${'x'.repeat(1024 * 1024)}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\n\r\n{}\r\n--${boundary}--\r\n`,
      );
      const connection = await RawConnection.open(base);
      connection.write(`POST /v1/simulators HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`);
      connection.write(body);
      const first = await connection.answer();
      expect(first?.status).toBe(422);
      expect(JSON.parse(first!.body)).toMatchObject({ code: 'validation', detail: expect.stringContaining("unknown part 'other'") });
      await expectNextAnswered(connection, first!);
    });

    it('a request refused (401) before its body has arrived, whose client then sends the rest', async () => {
      const connection = await RawConnection.open(base);
      const body = `{"name":${JSON.stringify('x'.repeat(990))}}`;
      connection.write(`POST /v1/credentials HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 8)}`);
      const first = await connection.answer();
      expect(first?.status).toBe(401);
      // The client sends what it declared; the rest of the body is thrown away, not read as a request.
      connection.write(body.slice(8));
      await expectNextAnswered(connection, first!);
    });

    it('a body of the wrong type (415) sent whole and never read', async () => {
      const body = 'x'.repeat(512 * 1024);
      const connection = await RawConnection.open(base);
      connection.write(`POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      const first = await connection.answer();
      expect(first?.status).toBe(415);
      await expectNextAnswered(connection, first!);
    });

    it('a data-plane request refused (404) before its body is read', async () => {
      const body = 'x'.repeat(1024 * 1024);
      const connection = await RawConnection.open(base);
      connection.write(`POST /sim/sim_01ARZ3NDEKTSV4RRFFQ69G5FAV/pets HTTP/1.1\r\nHost: x\r\nSimulation-Token: t\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      connection.write(body);
      const first = await connection.answer();
      expect(first?.status).toBe(404);
      await expectNextAnswered(connection, first!);
    });

    it('a large upload refused before it is read reaches its client as the refusal, not a reset', async () => {
      const form = new FormData();
      form.append('spec', new Blob([Buffer.alloc(8 * 1024 * 1024, 0x61)]), 'big.yaml');
      form.append('request', new Blob(['{}'], { type: 'application/json' }));
      for (let i = 0; i < 3; i += 1) {
        const answer = await fetch(`${base}/v1/simulators`, { method: 'POST', headers: { authorization: 'Bearer wrong-key' }, body: form });
        expect(answer.status).toBe(401);
        await answer.arrayBuffer();
      }
    });

    it('a small refused body that has fully arrived keeps the connection', async () => {
      const body = '{"name":"x"}';
      const connection = await RawConnection.open(base);
      connection.write(`POST /v1/credentials HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      const first = await connection.answer();
      expect(first?.status).toBe(401);
      // Nothing of it is left on the wire: node:http throws it away, and the connection serves on.
      expect(first?.headers.connection).toBe('keep-alive');
      await expectNextAnswered(connection, first!);
    });
  });

  describe('a header that holds one value, sent twice', () => {
    async function send(head: string, body = ''): Promise<RawAnswer> {
      const connection = await RawConnection.open(base);
      connection.write(`${head}Host: x\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      const answer = await connection.answer();
      connection.destroy();
      return answer!;
    }

    it('answers 401 auth_invalid for two Authorization headers, whichever is valid', async () => {
      for (const [first, second] of [
        [KEY_ALPHA, KEY_BETA],
        [KEY_ALPHA, KEY_ALPHA],
        ['not-a-key-0000', KEY_ALPHA],
      ]) {
        const answer = await send(`GET /v1/credentials HTTP/1.1\r\nAuthorization: Bearer ${first}\r\nauthorization: Bearer ${second}\r\n`);
        expect(answer.status).toBe(401);
        expect(JSON.parse(answer.body).code).toBe('auth_invalid');
      }
    });

    it('answers 415 for two Content-Type headers', async () => {
      const body = JSON.stringify({ name: 'twice', header: 'X-Key', value: 'v' });
      const answer = await send(`POST /v1/credentials HTTP/1.1\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: application/json\r\nContent-Type: text/plain\r\n`, body);
      expect(answer.status).toBe(415);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'unsupported_media_type', detail: 'Content-Type: must be sent once.' });
    });

    it('reads a header sent twice that is a list as one list', async () => {
      // Two Request-Id copies are no sane id: one is minted, as for any malformed one.
      const answer = await send(`GET /v1/credentials HTTP/1.1\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nRequest-Id: a\r\nRequest-Id: b\r\n`);
      expect(answer.status).toBe(200);
      expect(answer.headers['request-id']).not.toMatch(/^(a|b|a, b)$/);
    });
  });

  describe('a slow body', () => {
    let slowBase = '';

    beforeAll(async () => {
      const plane = compose({ ...config, body_timeout_ms: 150 });
      const started = await listen(make(plane.handle));
      servers.push(started.server);
      slowBase = started.base;
    });

    it('answers 408 request_timeout when the declared body does not arrive', async () => {
      // The wait is far longer than the 150 ms deadline: only the server can end this exchange in time.
      const { raw, closed } = await exchange(
        slowBase,
        (socket) => {
          socket.write(
            `POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"slow",`,
          );
        },
        15_000,
      );
      expect(statusLine(raw)).toBe(408);
      expect(raw).toMatch(/content-type: application\/problem\+json/i);
      expect(raw).toMatch(/request-id: /i);
      expect(JSON.parse(rawBody(raw)).code).toBe('request_timeout');
      // The server closed the connection after its 408; the wait did not run out.
      expect(closed).toBe(true);
      const after = await call(slowBase, 'GET', '/v1/credentials');
      expect(after.status).toBe(200);
      expect(after.json().credentials.map((c: { name: string }) => c.name)).not.toContain('slow');
    });

    it('still accepts a body that arrives in pieces within the deadline', async () => {
      const raw = await rawExchange(slowBase, (socket) => {
        const body = JSON.stringify({ name: 'pieces', header: 'X-Key', value: 'v' });
        socket.write(
          `POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY_ALPHA}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        );
        setTimeout(() => socket.write(body.slice(10)), 20);
      });
      expect(statusLine(raw)).toBe(201);
      expect(JSON.parse(rawBody(raw)).name).toBe('pieces');
    });
  });
});

describe('the router mounted under a prefix', () => {
  let mountedBase = '';

  beforeAll(async () => {
    const app = express();
    app.get('/health', (_req, res) => {
      res.json({ ok: true });
    });
    app.use('/api', createSimplaneRouter(handle));
    const started = await listen(app);
    servers.push(started.server);
    mountedBase = started.base;
  });

  it('serves /api/v1/credentials with paths relative to the mount point', async () => {
    const created = await call(mountedBase, 'POST', '/api/v1/credentials', { json: { name: 'mounted', header: 'X-Key', value: 'v' } });
    expect(created.status).toBe(201);
    const id = created.json().id as string;
    const got = await call(mountedBase, 'GET', `/api/v1/credentials/${id}`);
    expect(got.status).toBe(200);
    expect(got.json().name).toBe('mounted');
    const listed = await call(mountedBase, 'GET', '/api/v1/credentials?limit=1');
    expect(listed.json().credentials).toHaveLength(1);
    expect(listed.json().credentials[0].id).toBe(id);
    expectProblem(await call(mountedBase, 'GET', '/api/v1/credentials', { key: null }), 401, 'auth_invalid');
    expect((await call(mountedBase, 'DELETE', `/api/v1/credentials/${id}`)).status).toBe(204);
  });

  it('leaves the rest of the app alone', async () => {
    const health = await call(mountedBase, 'GET', '/health', { key: null });
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    // Outside the mount point the control plane is not reachable.
    const outside = await call(mountedBase, 'GET', '/v1/credentials');
    expect(outside.status).toBe(404);
    expect(outside.headers['request-id']).toBeUndefined();
  });
});
