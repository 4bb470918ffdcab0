/**
 * The credential flows through the Lambda host with realistic events of every shape it accepts:
 * API Gateway REST (payload 1.0), HTTP API (payload 2.0, named and `$default` stage) and
 * function URLs. No socket: the handler is called directly, as Lambda would.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ConfigInput, type ControlPlane } from '@simplane/composition';
import { SessionSealer } from '@simplane/core';
import { createLambdaHandler, type LambdaEvent, type LambdaResult } from '@simplane/host-lambda';
import { API_ID, payloadV2Event, restApiEvent, URL_ID, type EventRequest, type V2Options } from '../support/lambda-events.js';

const KEY_ALPHA = 'lambda-key-alpha-01';
const KEY_BETA = 'lambda-key-beta-002';
const SESSION_SECRET = 'a-session-secret-of-at-least-32-characters';

const config: ConfigInput = {
  log_level: 'silent',
  // Every test composes its own plane: no worker threads and no catalog builds to wait for.
  build_workers: 0,
  catalog: false,
  session_secret: SESSION_SECRET,
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

const planes: ControlPlane[] = [];

/** A fresh control plane, closed after the test. */
function compose(): ControlPlane {
  const plane = composeControlPlane(parseConfig(config));
  planes.push(plane);
  return plane;
}

afterEach(async () => {
  await Promise.all(planes.splice(0).map((plane) => plane.close()));
});

const CREDENTIAL_ID = /^crd_[0-9A-HJKMNP-TV-Z]{26}$/;
const UNKNOWN_ID = 'crd_01ARZ3NDEKTSV4RRFFQ69G5FAV';

interface Call {
  method: string;
  /** Path and optional query as the client sent them, e.g. `/v1/credentials?limit=2`. */
  target: string;
  key?: string | null;
  headers?: Record<string, string>;
  /** Sent as JSON text with `content-type: application/json`. */
  json?: unknown;
  /** A raw body; `base64` says whether the event carries it base64-encoded. */
  body?: string;
  base64?: boolean;
}

function requestHeaders(call: Call): Record<string, string> {
  const headers: Record<string, string> = {
    Host: `${API_ID}.execute-api.us-east-1.amazonaws.com`,
    'User-Agent': 'vitest/1.0',
    Accept: '*/*',
    'X-Forwarded-For': '203.0.113.7',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-Port': '443',
    'X-Amzn-Trace-Id': 'Root=1-5f84c7a9-0e5bdf1a5e0f7f4c2b8e1234',
  };
  const key = call.key === undefined ? KEY_ALPHA : call.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (call.json !== undefined) headers['Content-Type'] = 'application/json';
  return { ...headers, ...call.headers };
}

function bodyOf(call: Call): { body: string | null; isBase64Encoded: boolean } {
  const text = call.json !== undefined ? JSON.stringify(call.json) : call.body;
  if (text === undefined) return { body: null, isBase64Encoded: false };
  return call.base64 === true ? { body: Buffer.from(text).toString('base64'), isBase64Encoded: true } : { body: text, isBase64Encoded: false };
}

/** The event's request: the call's headers and body as the client sent them. */
function requestOf(call: Call): EventRequest {
  return { method: call.method, target: call.target, headers: requestHeaders(call), ...bodyOf(call) };
}

const v1Event = (call: Call): APIGatewayProxyEvent => restApiEvent(requestOf(call));
const v2Event = (call: Call, options: V2Options): APIGatewayProxyEventV2 => payloadV2Event(requestOf(call), options);

interface Shape {
  name: string;
  event(call: Call, cookies?: string[]): LambdaEvent;
}

const SHAPES: Shape[] = [
  { name: 'API Gateway REST (v1), stage prod', event: (call) => v1Event(call) },
  {
    name: 'HTTP API (v2), stage prod',
    event: (call, cookies) =>
      v2Event(call, {
        stage: 'prod',
        pathPrefix: '/prod',
        routeKey: 'ANY /{proxy+}',
        domainName: `${API_ID}.execute-api.us-east-1.amazonaws.com`,
        ...(cookies === undefined ? {} : { cookies }),
      }),
  },
  {
    name: 'HTTP API (v2), $default stage',
    event: (call, cookies) =>
      v2Event(call, {
        stage: '$default',
        pathPrefix: '',
        routeKey: '$default',
        domainName: `${API_ID}.execute-api.us-east-1.amazonaws.com`,
        ...(cookies === undefined ? {} : { cookies }),
      }),
  },
  {
    name: 'function URL',
    event: (call, cookies) =>
      v2Event(call, {
        stage: '$default',
        pathPrefix: '',
        routeKey: '$default',
        domainName: `${URL_ID}.lambda-url.us-east-1.on.aws`,
        ...(cookies === undefined ? {} : { cookies }),
      }),
  },
];

interface Reply {
  raw: LambdaResult;
  status: number;
  headers: Record<string, string>;
  body: string;
  json: () => any;
}

function asReply(raw: LambdaResult): Reply {
  if (typeof raw === 'string') throw new Error('expected a structured result');
  const headers = (raw.headers ?? {}) as Record<string, string>;
  const body = raw.body ?? '';
  return { raw, status: raw.statusCode ?? 0, headers, body, json: () => JSON.parse(body) };
}

function expectProblem(reply: Reply, status: number, code: string): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe('application/problem+json');
  expect(reply.headers['request-id']).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  expect(reply.raw).toMatchObject({ isBase64Encoded: false });
  const body = reply.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'detail', 'validation']);
  expect(body.code).toBe(code);
  expect(body.detail).toEqual(expect.any(String));
}

describe.each(SHAPES)('$name', (shape) => {
  let plane: ControlPlane;
  let invoke: (call: Call, cookies?: string[]) => Promise<Reply>;

  beforeEach(() => {
    plane = compose();
    const handler = createLambdaHandler(plane.handle);
    invoke = async (call, cookies) => asReply(await handler(shape.event(call, cookies)));
  });

  const create = async (name: string, key = KEY_ALPHA) => {
    const reply = await invoke({ method: 'POST', target: '/v1/credentials', key, json: { name, header: 'X-Api-Key', value: `value-of-${name}` } });
    expect(reply.status).toBe(201);
    return reply.json() as { id: string; name: string };
  };

  it('creates a credential from a plain JSON body and answers a Lambda-shaped result', async () => {
    const reply = await invoke({
      method: 'POST',
      target: '/v1/credentials',
      json: { name: 'github', base_url: 'https://api.github.example', header: 'Authorization', value: 'ghp_secret_value' },
    });
    expect(reply.raw).toEqual({
      statusCode: 201,
      headers: { 'content-type': 'application/json', 'request-id': expect.stringMatching(/^req_/) },
      body: expect.any(String),
      isBase64Encoded: false,
    });
    expect(reply.json()).toEqual({
      id: expect.stringMatching(CREDENTIAL_ID),
      name: 'github',
      base_url: 'https://api.github.example',
      header: 'Authorization',
      created_at: expect.any(String),
    });
    expect(reply.body).not.toContain('ghp_secret_value');
  });

  it('creates a credential from a base64-encoded body', async () => {
    const reply = await invoke({
      method: 'POST',
      target: '/v1/credentials',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ name: 'ünïcödé', header: 'X-Token', value: 'tok' }),
      base64: true,
    });
    expect(reply.status).toBe(201);
    expect(reply.json().name).toBe('ünïcödé');
  });

  it('lists with a limit and follows the cursor', async () => {
    const a = await create('a');
    const b = await create('b');
    const c = await create('c');
    const first = await invoke({ method: 'GET', target: '/v1/credentials?limit=2' });
    expect(first.status).toBe(200);
    expect(first.raw).toMatchObject({ isBase64Encoded: false });
    const page1 = first.json();
    expect(page1.credentials.map((x: { id: string }) => x.id)).toEqual([c.id, b.id]);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const second = await invoke({ method: 'GET', target: `/v1/credentials?limit=2&cursor=${encodeURIComponent(page1.next_cursor)}` });
    expect(second.status).toBe(200);
    expect(second.json()).toEqual({ credentials: [expect.objectContaining({ id: a.id })], next_cursor: null });
    // limit=1 really limits: the query reached the handler.
    expect((await invoke({ method: 'GET', target: '/v1/credentials?limit=1' })).json().credentials).toHaveLength(1);
  });

  it('answers 422 for a limit that is not an integer', async () => {
    const reply = await invoke({ method: 'GET', target: '/v1/credentials?limit=ten' });
    expectProblem(reply, 422, 'validation');
    expect(reply.json().detail).toMatch(/^limit:/);
  });

  it('gets, patches and deletes a credential', async () => {
    const made = await create('to-change');
    const got = await invoke({ method: 'GET', target: `/v1/credentials/${made.id}` });
    expect(got.status).toBe(200);
    expect(got.json()).toEqual(made);

    const patched = await invoke({ method: 'PATCH', target: `/v1/credentials/${made.id}`, json: { name: 'changed' } });
    expect(patched.status).toBe(200);
    expect(patched.json()).toEqual({ ...made, name: 'changed' });

    const base64Patch = await invoke({
      method: 'PATCH',
      target: `/v1/credentials/${made.id}`,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ base_url: 'https://new.example', value: 'new-secret' }),
      base64: true,
    });
    expect(base64Patch.status).toBe(200);
    expect(base64Patch.json().base_url).toBe('https://new.example');

    const deleted = await invoke({ method: 'DELETE', target: `/v1/credentials/${made.id}` });
    expect(deleted.raw).toEqual({ statusCode: 204, headers: { 'request-id': expect.stringMatching(/^req_/) }, body: '', isBase64Encoded: false });
    expectProblem(await invoke({ method: 'GET', target: `/v1/credentials/${made.id}` }), 404, 'credential_not_found');
  });

  it('answers 401 without a key or with a wrong one', async () => {
    expectProblem(await invoke({ method: 'GET', target: '/v1/credentials', key: null }), 401, 'auth_invalid');
    expectProblem(await invoke({ method: 'GET', target: '/v1/credentials', key: 'wrong-key-123456' }), 401, 'auth_invalid');
  });

  it("answers 403 for another workspace's credential", async () => {
    const made = await create('alpha-only');
    expectProblem(await invoke({ method: 'GET', target: `/v1/credentials/${made.id}`, key: KEY_BETA }), 403, 'auth_forbidden');
    expectProblem(await invoke({ method: 'DELETE', target: `/v1/credentials/${made.id}`, key: KEY_BETA }), 403, 'auth_forbidden');
    expect((await invoke({ method: 'GET', target: `/v1/credentials/${made.id}` })).status).toBe(200);
  });

  it('answers 404 for an unknown credential and an unknown route', async () => {
    expectProblem(await invoke({ method: 'GET', target: `/v1/credentials/${UNKNOWN_ID}` }), 404, 'credential_not_found');
    expectProblem(await invoke({ method: 'GET', target: '/v1/no-such-thing' }), 404, 'not_found');
    // The stage is not part of the route: a path that names it again is unknown.
    expectProblem(await invoke({ method: 'GET', target: '/prod/v1/credentials' }), 404, 'not_found');
  });

  it('answers 405 with Allow', async () => {
    const reply = await invoke({ method: 'DELETE', target: '/v1/credentials' });
    expectProblem(reply, 405, 'method_not_allowed');
    expect(reply.headers.allow).toBe('GET, HEAD, POST');
  });

  it('answers 415, 400 and 422 for bad bodies', async () => {
    expectProblem(
      await invoke({ method: 'POST', target: '/v1/credentials', headers: { 'Content-Type': 'text/plain' }, body: '{}' }),
      415,
      'unsupported_media_type',
    );
    expectProblem(
      await invoke({ method: 'POST', target: '/v1/credentials', headers: { 'Content-Type': 'application/json' }, body: '{"name":', base64: true }),
      400,
      'bad_request',
    );
    const invalid = await invoke({ method: 'POST', target: '/v1/credentials', json: { name: 'x', header: 'Host', value: 'v' } });
    expectProblem(invalid, 422, 'validation');
    expect(invalid.json().detail).toMatch(/^header:/);
  });

  it('answers 413 for a body over 1 MiB, base64 or not', async () => {
    const big = JSON.stringify({ name: 'big', header: 'X-Key', value: 'x'.repeat(1024 * 1024) });
    expectProblem(await invoke({ method: 'POST', target: '/v1/credentials', headers: { 'Content-Type': 'application/json' }, body: big }), 413, 'payload_too_large');
    expectProblem(
      await invoke({ method: 'POST', target: '/v1/credentials', headers: { 'Content-Type': 'application/json' }, body: big, base64: true }),
      413,
      'payload_too_large',
    );
  });

  it("keeps the caller's Request-Id", async () => {
    const reply = await invoke({ method: 'GET', target: '/v1/credentials', headers: { 'Request-Id': 'trace-abc.123' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['request-id']).toBe('trace-abc.123');
  });
});

describe('stage prefixes', () => {
  it('a REST (v1) event routes on `path`, which has no stage, not on requestContext.path', async () => {
    const handler = createLambdaHandler(compose().handle);
    const event = v1Event({ method: 'GET', target: '/v1/credentials' });
    expect(event.requestContext.path).toBe('/prod/v1/credentials');
    expect(asReply(await handler(event)).status).toBe(200);
  });

  it('an HTTP API event on a named stage has the stage stripped; on $default it is kept', async () => {
    const handler = createLambdaHandler(compose().handle);
    const named = v2Event({ method: 'GET', target: '/v1/credentials' }, { stage: 'prod', pathPrefix: '/prod', routeKey: '$default', domainName: 'x.execute-api.us-east-1.amazonaws.com' });
    expect(asReply(await handler(named)).status).toBe(200);
    const unprefixed = v2Event({ method: 'GET', target: '/prod/v1/credentials' }, { stage: '$default', pathPrefix: '', routeKey: '$default', domainName: 'x.execute-api.us-east-1.amazonaws.com' });
    expectProblem(asReply(await handler(unprefixed)), 404, 'not_found');
  });
});

describe('cookies and repeated values', () => {
  it('a v2 cookies array reaches the handler as a Cookie header (a sealed session authenticates)', async () => {
    const plane = compose();
    const handler = createLambdaHandler(plane.handle);
    const alpha = plane.tenants.workspaces.get('acme/alpha')!;
    const session = new SessionSealer(SESSION_SECRET).seal({
      user: 'usr_1',
      org: alpha.organizationId,
      workspaces: [alpha.id],
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    for (const shape of SHAPES.slice(1)) {
      const call: Call = { method: 'GET', target: '/v1/credentials', key: null, headers: { 'X-Workspace-Id': alpha.id } };
      const withCookie = asReply(await handler(shape.event(call, ['theme=dark', `simplane_session=${session}`, 'lang=en'])));
      expect(withCookie.status, shape.name).toBe(200);
      expect(withCookie.json()).toEqual({ credentials: [], next_cursor: null });
      const without = asReply(await handler(shape.event(call, ['theme=dark'])));
      expectProblem(without, 401, 'auth_invalid');
    }
  });

  it('a Set-Cookie answer goes back in the v2 cookies array, and as a header in v1', async () => {
    const handler = createLambdaHandler(async () => ({ status: 200, headers: { 'set-cookie': 'sid=abc; Path=/; HttpOnly', 'x-kept': 'yes' }, body: null }));
    for (const shape of SHAPES.slice(1)) {
      const raw = await handler(shape.event({ method: 'GET', target: '/anything' }));
      expect(raw, shape.name).toMatchObject({ statusCode: 200, cookies: ['sid=abc; Path=/; HttpOnly'], headers: { 'x-kept': 'yes' } });
      expect((raw as { headers: Record<string, string> }).headers['set-cookie']).toBeUndefined();
    }
    const v1 = asReply(await handler(v1Event({ method: 'GET', target: '/anything' })));
    expect(v1.headers['set-cookie']).toBe('sid=abc; Path=/; HttpOnly');
  });

  it('v1 repeated query values reach the handler as repeated values', async () => {
    const handler = createLambdaHandler(compose().handle);
    // `limit` twice is refused by the handler, which proves both values arrived.
    const reply = asReply(await handler(v1Event({ method: 'GET', target: '/v1/credentials?limit=1&limit=2' })));
    expectProblem(reply, 422, 'validation');
    expect(reply.json().detail).toMatch(/^limit:/);
  });

  it('a v1 event with only single-value query parameters still carries them', async () => {
    const plane = compose();
    const handler = createLambdaHandler(plane.handle);
    for (const name of ['a', 'b']) {
      await handler(v1Event({ method: 'POST', target: '/v1/credentials', json: { name, header: 'X-Key', value: 'v' } }));
    }
    const event = v1Event({ method: 'GET', target: '/v1/credentials?limit=1' });
    event.multiValueQueryStringParameters = null;
    const reply = asReply(await handler(event));
    expect(reply.status).toBe(200);
    expect(reply.json().credentials).toHaveLength(1);
  });

  it('a v1 event with null headers (the console test tool) is a 401, not a crash', async () => {
    const handler = createLambdaHandler(compose().handle);
    const event = v1Event({ method: 'GET', target: '/v1/credentials', key: null });
    (event as { headers: unknown }).headers = null;
    (event as { multiValueHeaders: unknown }).multiValueHeaders = null;
    expectProblem(asReply(await handler(event)), 401, 'auth_invalid');
  });

  it('a v1 Authorization header given twice is refused', async () => {
    const handler = createLambdaHandler(compose().handle);
    const event = v1Event({ method: 'GET', target: '/v1/credentials' });
    event.multiValueHeaders.Authorization = [`Bearer ${KEY_ALPHA}`, `Bearer ${KEY_BETA}`];
    expectProblem(asReply(await handler(event)), 401, 'auth_invalid');
  });

  it('a v1 Authorization header given twice in two spellings is refused (API Gateway keys each spelling apart)', async () => {
    const handler = createLambdaHandler(compose().handle);
    const event = v1Event({ method: 'GET', target: '/v1/credentials', key: null });
    // `headers` keeps one copy, the valid one; `multiValueHeaders` has both, one under each name.
    event.headers.authorization = `Bearer ${KEY_ALPHA}`;
    event.multiValueHeaders.Authorization = ['Bearer not-a-key-0000'];
    event.multiValueHeaders.authorization = [`Bearer ${KEY_ALPHA}`];
    expectProblem(asReply(await handler(event)), 401, 'auth_invalid');
  });

  it('a v1 Content-Type header given twice is refused with 415, as on every host', async () => {
    const handler = createLambdaHandler(compose().handle);
    const event = v1Event({ method: 'POST', target: '/v1/credentials', json: { name: 'twice', header: 'X-Key', value: 'v' } });
    event.multiValueHeaders['Content-Type'] = ['application/json', 'text/plain'];
    const reply = asReply(await handler(event));
    expectProblem(reply, 415, 'unsupported_media_type');
    expect(reply.json().detail).toBe('Content-Type: must be sent once.');
  });

  it('a data-plane answer carries no header HTTP cannot send: an Origin past latin-1 is not echoed', async () => {
    const handler = createLambdaHandler(compose().handle);
    const event = SHAPES[1]!.event({ method: 'GET', target: '/sim/sim_01ARZ3NDEKTSV4RRFFQ69G5FAV/pets', key: null, headers: { origin: 'https://日本.example' } });
    const reply = asReply(await handler(event));
    expectProblem(reply, 404, 'simulation_not_found');
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.headers['access-control-allow-credentials']).toBe('true');
  });

  it('v2 Authorization copies, which API Gateway joins with a comma, are no valid key', async () => {
    const handler = createLambdaHandler(compose().handle);
    for (const shape of SHAPES.slice(1)) {
      const event = shape.event({ method: 'GET', target: '/v1/credentials', key: null }) as APIGatewayProxyEventV2;
      event.headers.authorization = `Bearer ${KEY_ALPHA},Bearer ${KEY_BETA}`;
      expectProblem(asReply(await handler(event)), 401, 'auth_invalid');
    }
  });
});
