/**
 * A failure the handler does not answer itself (a bug, a thrown error, a body that breaks) is
 * the same generic `500 internal` problem on every host: node:http and Express over a real
 * socket, Express mounted under a prefix, and Lambda called with events. Never Express's HTML
 * error page, never a rejected invocation, never the cause's text.
 */
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';
import express from 'express';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import type { Logger } from '@simplane/core';
import { createExpressApp, createSimplaneRouter } from '@simplane/host-express';
import { createLambdaHandler } from '@simplane/host-lambda';
import { createNodeListener } from '@simplane/host-node';
import type { Handler, HttpRequest, HttpResponse } from '@simplane/http';

const CAUSE = 'secret cause at /srv/app/internal.ts:42';

/**
 * `/throws` throws before it returns a promise, `/rejects` rejects, `/breaks` answers a body
 * that fails after its first chunk; anything else is answered `fine <path>`.
 */
const failing = ((req: HttpRequest): Promise<HttpResponse> => {
  if (req.url === '/throws') throw new Error(CAUSE);
  if (req.url === '/rejects') return Promise.reject(new Error(CAUSE));
  if (req.url === '/breaks') {
    const body = (async function* () {
      yield Buffer.from('the first part, ');
      throw new Error(CAUSE);
    })();
    return Promise.resolve({ status: 200, headers: { 'content-type': 'text/plain' }, body });
  }
  return Promise.resolve({ status: 200, headers: { 'content-type': 'text/plain' }, body: Buffer.from(`fine ${req.url}`) });
}) as Handler;

/** A control plane whose access log fails: the handler has its answer, then throws past it. */
const brokenLog: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  request: () => {
    throw new Error(CAUSE);
  },
};

interface Answer {
  status: number;
  contentType: string | undefined;
  body: unknown;
}

interface Host {
  name: string;
  /** The answer to a GET of `path`, or 'broken' when the connection ended without a whole answer. */
  get(handle: Handler, path: string): Promise<Answer | 'broken'>;
}

const servers: Server[] = [];
const listeners = new Map<Handler, Map<string, string>>();

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** One server per host and handler, made on first use. */
async function baseFor(host: string, handle: Handler, make: () => RequestListener): Promise<string> {
  const byHost = listeners.get(handle) ?? new Map<string, string>();
  listeners.set(handle, byHost);
  const known = byHost.get(host);
  if (known !== undefined) return known;
  const base = await listen(make());
  byHost.set(host, base);
  return base;
}

async function overSocket(url: string): Promise<Answer | 'broken'> {
  try {
    const response = await request(url);
    const text = await response.body.text();
    const type = response.headers['content-type'];
    return { status: response.statusCode, contentType: typeof type === 'string' ? type : undefined, body: type === 'application/problem+json' ? JSON.parse(text) : text };
  } catch {
    return 'broken';
  }
}

function mounted(handle: Handler): RequestListener {
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.use('/simplane', createSimplaneRouter(handle));
  return app;
}

function v2Event(path: string): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.us-east-1.on.aws' },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abcdefghijklmnopqrstuvwxyz012345',
      domainName: 'abcdefghijklmnopqrstuvwxyz012345.lambda-url.us-east-1.on.aws',
      domainPrefix: 'abcdefghijklmnopqrstuvwxyz012345',
      http: { method: 'GET', path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'vitest/1.0' },
      requestId: 'JKJaXmPLvHcESHA=',
      routeKey: '$default',
      stage: '$default',
      time: '09/Apr/2025:12:34:56 +0000',
      timeEpoch: 1744202096000,
    },
    isBase64Encoded: false,
  };
}

function v1Event(path: string): APIGatewayProxyEvent {
  return {
    resource: '/{proxy+}',
    path,
    httpMethod: 'GET',
    headers: { Host: 'a1b2c3d4e5.execute-api.us-east-1.amazonaws.com' },
    multiValueHeaders: { Host: ['a1b2c3d4e5.execute-api.us-east-1.amazonaws.com'] },
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: { proxy: path.slice(1) },
    stageVariables: null,
    requestContext: { path: `/prod${path}`, stage: 'prod', httpMethod: 'GET' } as APIGatewayProxyEvent['requestContext'],
    body: null,
    isBase64Encoded: false,
  };
}

async function overLambda(handle: Handler, event: APIGatewayProxyEvent | APIGatewayProxyEventV2): Promise<Answer> {
  const result = await createLambdaHandler(handle)(event);
  if (typeof result === 'string') throw new Error('expected a structured result');
  const contentType = (result.headers as Record<string, string> | undefined)?.['content-type'];
  return { status: result.statusCode ?? 0, contentType, body: contentType === 'application/problem+json' ? JSON.parse(result.body ?? '') : result.body };
}

const HOSTS: Host[] = [
  { name: 'node:http', get: async (handle, path) => overSocket(`${await baseFor('node', handle, () => createNodeListener(handle))}${path}`) },
  { name: 'Express', get: async (handle, path) => overSocket(`${await baseFor('express', handle, () => createExpressApp(handle))}${path}`) },
  { name: 'Express, mounted under /simplane', get: async (handle, path) => overSocket(`${await baseFor('mounted', handle, () => mounted(handle))}/simplane${path}`) },
  { name: 'Lambda, HTTP API (v2)', get: (handle, path) => overLambda(handle, v2Event(path)) },
  { name: 'Lambda, REST API (v1)', get: (handle, path) => overLambda(handle, v1Event(path)) },
];

let plane: ControlPlane;

beforeAll(() => {
  plane = composeControlPlane(
    parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: ['failure-key-0001'] }] }] }),
    { logger: brokenLog },
  );
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await plane.close();
});

function expectGenericProblem(answer: Answer | 'broken', host: string): void {
  expect(answer, host).not.toBe('broken');
  const { status, contentType, body } = answer as Answer;
  expect(status, host).toBe(500);
  expect(contentType, host).toBe('application/problem+json');
  expect(body, host).toMatchObject({ code: 'internal', detail: expect.any(String) });
  expect(JSON.stringify(body), host).not.toContain('secret cause');
  expect(JSON.stringify(body), host).not.toMatch(/\.ts:\d+|\bat \w/);
}

describe('a failure the handler does not answer', () => {
  it.each([
    ['a handler that throws before it returns a promise', '/throws'],
    ['a handler whose promise rejects', '/rejects'],
  ])('%s is the same 500 internal problem on every host, and the host keeps serving', async (_name, path) => {
    const answers: Answer[] = [];
    for (const host of HOSTS) {
      const answer = await host.get(failing, path);
      expectGenericProblem(answer, host.name);
      answers.push(answer as Answer);
      expect(await host.get(failing, '/after'), host.name).toEqual({ status: 200, contentType: 'text/plain', body: 'fine /after' });
    }
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
  });

  it('a composed control plane whose access log throws answers the same problem on every host', async () => {
    const answers: Answer[] = [];
    for (const host of HOSTS) {
      const answer = await host.get(plane.handle, '/v1/openapi.json');
      expectGenericProblem(answer, host.name);
      answers.push(answer as Answer);
    }
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    const node = await HOSTS[0]!.get(failing, '/throws');
    expect(answers[0]).toEqual(node);
  });

  it('a streamed body that breaks half-way ends the connection over a socket, and is the same problem on Lambda', async () => {
    const onSocket = HOSTS.filter((host) => !host.name.startsWith('Lambda'));
    for (const host of onSocket) {
      expect(await host.get(failing, '/breaks'), host.name).toBe('broken');
      expect(await host.get(failing, '/after'), host.name).toEqual({ status: 200, contentType: 'text/plain', body: 'fine /after' });
    }
    const reference = await HOSTS[0]!.get(failing, '/throws');
    for (const host of HOSTS.filter((h) => h.name.startsWith('Lambda'))) {
      const answer = await host.get(failing, '/breaks');
      expectGenericProblem(answer, host.name);
      expect(answer, host.name).toEqual(reference);
    }
  });

  it('Express mounted under a prefix leaves the rest of the app alone', async () => {
    const base = await baseFor('mounted', failing, () => mounted(failing));
    expect(await overSocket(`${base}/health`)).toEqual({ status: 200, contentType: 'application/json; charset=utf-8', body: '{"ok":true}' });
  });
});
