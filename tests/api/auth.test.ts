/**
 * Authentication (SPEC section 5, DESIGN section 2): API keys, sealed sessions as bearer or
 * cookie with X-Workspace-Id, and an authentication provider that is down.
 */
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@simplane/harness';
import { generateApiKey, ManualClock, SessionSealer, type SessionClaims } from '@simplane/core';
import { expectProblem } from '../support/problem.js';

const PATH = '/v1/credentials';
const SECRET = 'x'.repeat(40);



function keyOf(h: Harness, workspace: string): string {
  const key = h.keys[workspace];
  if (key === undefined) throw new Error(`no API key for ${workspace}`);
  return key;
}

function workspaceId(h: Harness, name: string): string {
  const ws = h.workspaces[name];
  if (ws === undefined) throw new Error(`no workspace ${name}`);
  return ws.id;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Changes the most significant bit of one base64url character. The low bits of a token's last
 * character can be padding that decodes to the same bytes; the high bit never is.
 */
function flipHighBit(token: string, index: number): string {
  const value = BASE64URL.indexOf(token[index]!);
  if (value < 0) throw new Error(`not base64url at ${index}`);
  return token.slice(0, index) + BASE64URL[value ^ 32]! + token.slice(index + 1);
}

describe('API keys', () => {
  it('lets a valid key in', async () => {
    const h = createHarness();
    const res = await h.request('GET', PATH, { apiKey: keyOf(h, 'alpha') });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ credentials: [], next_cursor: null });
  });

  it.each<[string, Record<string, string>]>([
    ['no Authorization header', {}],
    ['an unknown key', { authorization: `Bearer ${generateApiKey()}` }],
    ['the Basic scheme', { authorization: `Basic ${Buffer.from('user:pass').toString('base64')}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['the word Bearer alone', { authorization: 'Bearer' }],
    ['a bare key without a scheme', { authorization: 'KEY' }],
    ['two tokens after Bearer', { authorization: 'Bearer KEY extra' }],
    ['a key of 5000 characters', { authorization: `Bearer ${'k'.repeat(5000)}` }],
    ['the key in another header', { 'x-api-key': 'KEY' }],
  ])('answers 401 auth_invalid to %s', async (_label, headers) => {
    const h = createHarness();
    const key = keyOf(h, 'alpha');
    const withKey = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('KEY', key)]));
    for (const [method, path, json] of [
      ['GET', PATH, undefined],
      ['POST', PATH, { name: 'n', header: 'X-K', value: 'v' }],
      ['GET', `${PATH}/crd_01HZZZZZZZZZZZZZZZZZZZZZZZ`, undefined],
      ['DELETE', `${PATH}/crd_01HZZZZZZZZZZZZZZZZZZZZZZZ`, undefined],
    ] as const) {
      const res = await h.request(method, path, { apiKey: null, headers: withKey, json });
      expectProblem(res, 401, 'auth_invalid');
    }
    // Nothing was created by the refused POST.
    expect((await h.request('GET', PATH, { apiKey: key })).json()).toEqual({ credentials: [], next_cursor: null });
  });

  it('accepts the scheme in any case and extra spaces around the key', async () => {
    const h = createHarness();
    const key = keyOf(h, 'alpha');
    for (const authorization of [`bearer ${key}`, `BEARER ${key}`, `Bearer   ${key}`, `Bearer ${key} `]) {
      const res = await h.request('GET', PATH, { apiKey: null, headers: { authorization } });
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 200 });
    }
  });

  it('answers 401 to two Authorization headers, even when both carry the valid key', async () => {
    const h = createHarness();
    const key = keyOf(h, 'alpha');
    const res = await h.plane.handle({
      method: 'GET',
      url: PATH,
      headers: { authorization: [`Bearer ${key}`, `Bearer ${key}`] },
      body: null,
    });
    expect(res.status).toBe(401);
    expect(JSON.parse(Buffer.from(res.body as Uint8Array).toString('utf8'))).toMatchObject({ code: 'auth_invalid' });
  });

  it('does not take a key of another harness', async () => {
    const a = createHarness();
    const b = createHarness();
    expectProblem(await b.request('GET', PATH, { apiKey: keyOf(a, 'alpha') }), 401, 'auth_invalid');
  });

  it('serves GET /v1/openapi.json without any key, and with a wrong one', async () => {
    const h = createHarness();
    for (const apiKey of [null, 'wrong-key-entirely']) {
      const res = await h.request('GET', '/v1/openapi.json', { apiKey });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
      expect(doc.openapi).toMatch(/^3\.1/);
      expect(Object.keys(doc.paths)).toContain('/v1/credentials');
    }
  });
});

describe('an authentication provider that is down', () => {
  const outage = () =>
    createHarness({
      keyStore: (real) => ({
        findWorkspaceByKeyHash: async () => {
          throw new Error('down');
        },
        getWorkspace: real.getWorkspace.bind(real),
      }),
    });

  it.each([
    ['GET', PATH, undefined],
    ['POST', PATH, { name: 'n', header: 'X-K', value: 'v' }],
    ['GET', `${PATH}/crd_01HZZZZZZZZZZZZZZZZZZZZZZZ`, undefined],
    ['PATCH', `${PATH}/crd_01HZZZZZZZZZZZZZZZZZZZZZZZ`, { name: 'n' }],
  ] as const)('answers %s %s with 503 auth_provider_unavailable', async (method, path, json) => {
    const h = outage();
    const problem = expectProblem(await h.request(method, path, { apiKey: keyOf(h, 'alpha'), json }), 503, 'auth_provider_unavailable');
    expect(problem.detail).not.toContain('down');
  });

  it('still refuses a request without a key with 401, and still serves the OpenAPI document', async () => {
    const h = outage();
    expectProblem(await h.request('GET', PATH, { apiKey: null }), 401, 'auth_invalid');
    expect((await h.request('GET', '/v1/openapi.json', { apiKey: null })).status).toBe(200);
  });
});

describe('sealed sessions', () => {
  const ALPHA_KEY = 'alpha-key-0123456789';
  const BETA_KEY = 'beta-key-0123456789';

  function sessionHarness(clock?: ManualClock) {
    const h = createHarness({
      ...(clock === undefined ? {} : { clock }),
      config: {
        session_secret: SECRET,
        organizations: [
          { name: 'acme', workspaces: [{ name: 'alpha', api_keys: [ALPHA_KEY] }, { name: 'beta', api_keys: [BETA_KEY] }] },
          { name: 'other', workspaces: [{ name: 'gamma' }] },
        ],
      },
    });
    const alpha = h.workspaces.alpha!;
    const claims = (over: Partial<SessionClaims> = {}): SessionClaims => ({
      user: 'usr_ada',
      org: alpha.organizationId,
      workspaces: [alpha.id],
      exp: Math.floor(h.clock.now().getTime() / 1000) + 3600,
      ...over,
    });
    const seal = (over: Partial<SessionClaims> = {}, secret = SECRET) => new SessionSealer(secret).seal(claims(over));
    return { h, alpha, seal };
  }

  it('works as a bearer with X-Workspace-Id, in the workspace the header names', async () => {
    const { h, alpha, seal } = sessionHarness();
    const token = seal();
    const created = await h.request('POST', PATH, {
      apiKey: token,
      headers: { 'x-workspace-id': alpha.id },
      json: { name: 'via session', header: 'X-K', value: 'v' },
    });
    expect(created.status).toBe(201);
    // The same workspace seen through its API key holds what the session created.
    const viaKey = await h.request('GET', PATH, { apiKey: ALPHA_KEY });
    expect(viaKey.json<{ credentials: unknown[] }>().credentials).toEqual([created.json()]);
    const viaBeta = await h.request('GET', PATH, { apiKey: BETA_KEY });
    expect(viaBeta.json<{ credentials: unknown[] }>().credentials).toEqual([]);
  });

  it('works as the simplane_session cookie with X-Workspace-Id', async () => {
    const { h, alpha, seal } = sessionHarness();
    await h.request('POST', PATH, { apiKey: ALPHA_KEY, json: { name: 'seen', header: 'X-K', value: 'v' } });
    for (const cookie of [`simplane_session=${seal()}`, `theme=dark; simplane_session=${seal()}; lang=en`]) {
      const res = await h.request('GET', PATH, { apiKey: null, headers: { cookie, 'x-workspace-id': alpha.id } });
      expect(res.status).toBe(200);
      expect(res.json<{ credentials: Array<{ name: string }> }>().credentials.map((c) => c.name)).toEqual(['seen']);
    }
  });

  it('chooses among the session’s workspaces with the header', async () => {
    const { h, seal } = sessionHarness();
    const beta = h.workspaces.beta!;
    await h.request('POST', PATH, { apiKey: BETA_KEY, json: { name: 'in beta', header: 'X-K', value: 'v' } });
    const token = seal({ workspaces: [h.workspaces.alpha!.id, beta.id] });
    const res = await h.request('GET', PATH, { apiKey: token, headers: { 'x-workspace-id': beta.id } });
    expect(res.status).toBe(200);
    expect(res.json<{ credentials: Array<{ name: string }> }>().credentials.map((c) => c.name)).toEqual(['in beta']);
  });

  it.each([
    ['bearer', (token: string) => ({ authorization: `Bearer ${token}` })],
    ['cookie', (token: string) => ({ cookie: `simplane_session=${token}` })],
  ])('answers 400 bad_request to a %s session without X-Workspace-Id', async (_label, carry) => {
    const { h, seal } = sessionHarness();
    expectProblem(await h.request('GET', PATH, { apiKey: null, headers: carry(seal()) }), 400, 'bad_request');
    expectProblem(
      await h.request('GET', PATH, { apiKey: null, headers: { ...carry(seal()), 'x-workspace-id': '' } }),
      400,
      'bad_request',
    );
  });

  it('answers 403 auth_forbidden to a workspace the session does not list', async () => {
    const { h, seal } = sessionHarness();
    await h.request('POST', PATH, { apiKey: BETA_KEY, json: { name: 'beta secret', header: 'X-K', value: 'v' } });
    const res = await h.request('GET', PATH, { apiKey: seal(), headers: { 'x-workspace-id': workspaceId(h, 'beta') } });
    expect(expectProblem(res, 403, 'auth_forbidden').detail).not.toContain('beta secret');
    const cookie = await h.request('GET', PATH, {
      apiKey: null,
      headers: { cookie: `simplane_session=${seal()}`, 'x-workspace-id': workspaceId(h, 'beta') },
    });
    expectProblem(cookie, 403, 'auth_forbidden');
  });

  it('answers 403 to a listed workspace of another organization, or one that does not exist', async () => {
    const { h, seal } = sessionHarness();
    const gamma = workspaceId(h, 'gamma');
    expect(h.workspaces.gamma!.organizationId).not.toBe(h.workspaces.alpha!.organizationId);
    const ghost = 'wsp_01HZZZZZZZZZZZZZZZZZZZZZZZ';
    const token = seal({ workspaces: [h.workspaces.alpha!.id, gamma, ghost] });
    expectProblem(await h.request('GET', PATH, { apiKey: token, headers: { 'x-workspace-id': gamma } }), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', PATH, { apiKey: token, headers: { 'x-workspace-id': ghost } }), 403, 'auth_forbidden');
  });

  it('answers 403 to another workspace’s credential through a session', async () => {
    const { h, alpha, seal } = sessionHarness();
    const betaCredential = await h.request('POST', PATH, { apiKey: BETA_KEY, json: { name: 'b', header: 'X-K', value: 'v' } });
    const id = betaCredential.json<{ id: string }>().id;
    const res = await h.request('GET', `${PATH}/${id}`, { apiKey: seal(), headers: { 'x-workspace-id': alpha.id } });
    expectProblem(res, 403, 'auth_forbidden');
  });

  it('answers 401 once the session has expired, by the control plane’s clock', async () => {
    const clock = new ManualClock('2030-01-01T00:00:00.000Z');
    const { h, alpha, seal } = sessionHarness(clock);
    const exp = Date.parse('2030-01-01T01:00:00.000Z') / 1000;
    const token = seal({ exp });
    const call = () => h.request('GET', PATH, { apiKey: token, headers: { 'x-workspace-id': alpha.id } });
    expect((await call()).status).toBe(200);
    h.clock.set('2030-01-01T00:59:59.999Z');
    expect((await call()).status).toBe(200);
    h.clock.set('2030-01-01T01:00:00.000Z');
    expectProblem(await call(), 401, 'auth_invalid');
    h.clock.advance(24 * 3600 * 1000);
    expectProblem(await call(), 401, 'auth_invalid');
    const cookie = await h.request('GET', PATH, {
      apiKey: null,
      headers: { cookie: `simplane_session=${token}`, 'x-workspace-id': alpha.id },
    });
    expectProblem(cookie, 401, 'auth_invalid');
  });

  it('checks expiry before the workspace header: an expired session without the header is 401', async () => {
    const { h, seal } = sessionHarness();
    const token = seal({ exp: Math.floor(h.clock.now().getTime() / 1000) - 1 });
    expectProblem(await h.request('GET', PATH, { apiKey: token }), 401, 'auth_invalid');
  });

  it.each<[string, (token: string) => string]>([
    ['a changed character in the initialisation vector', (t) => flipHighBit(t, 8)],
    ['a changed character in the ciphertext', (t) => flipHighBit(t, 30)],
    ['a changed last character (the tag)', (t) => flipHighBit(t, t.length - 1)],
    ['a truncated token', (t) => t.slice(0, -4)],
    ['appended bytes', (t) => `${t}AAAA`],
    ['the prefix alone', () => 'sps1.'],
    ['plain JSON claims after the prefix', () => `sps1.${Buffer.from('{"user":"u","org":"o","workspaces":[],"exp":9999999999}').toString('base64url')}`],
  ])('answers 401 to %s', async (_label, tamper) => {
    const { h, alpha, seal } = sessionHarness();
    const token = tamper(seal());
    expectProblem(await h.request('GET', PATH, { apiKey: token, headers: { 'x-workspace-id': alpha.id } }), 401, 'auth_invalid');
    const cookie = await h.request('GET', PATH, {
      apiKey: null,
      headers: { cookie: `simplane_session=${token}`, 'x-workspace-id': alpha.id },
    });
    expectProblem(cookie, 401, 'auth_invalid');
  });

  it('answers 401 to a session sealed with another secret', async () => {
    const { h, alpha, seal } = sessionHarness();
    const token = seal({}, 'y'.repeat(40));
    expectProblem(await h.request('GET', PATH, { apiKey: token, headers: { 'x-workspace-id': alpha.id } }), 401, 'auth_invalid');
  });

  it('answers 401 to any session when no session_secret is configured', async () => {
    const h = createHarness();
    const alpha = h.workspaces.alpha!;
    const claims: SessionClaims = {
      user: 'usr_ada',
      org: alpha.organizationId,
      workspaces: [alpha.id],
      exp: Math.floor(h.clock.now().getTime() / 1000) + 3600,
    };
    const token = new SessionSealer(SECRET).seal(claims);
    expectProblem(await h.request('GET', PATH, { apiKey: token, headers: { 'x-workspace-id': alpha.id } }), 401, 'auth_invalid');
    const cookie = await h.request('GET', PATH, {
      apiKey: null,
      headers: { cookie: `simplane_session=${token}`, 'x-workspace-id': alpha.id },
    });
    expectProblem(cookie, 401, 'auth_invalid');
    // The API key of the same workspace still works.
    expect((await h.request('GET', PATH, { apiKey: keyOf(h, 'alpha') })).status).toBe(200);
  });

  it('keeps API keys working beside sessions', async () => {
    const { h } = sessionHarness();
    expect((await h.request('GET', PATH, { apiKey: ALPHA_KEY })).status).toBe(200);
    expect((await h.request('GET', PATH, { apiKey: BETA_KEY })).status).toBe(200);
    expectProblem(await h.request('GET', PATH, { apiKey: 'not-a-configured-key' }), 401, 'auth_invalid');
  });
});
