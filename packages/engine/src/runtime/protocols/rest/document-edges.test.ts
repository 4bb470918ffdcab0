import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../../testing/fixtures.js';
import { ResponseChecker } from '../../../testing/response-check.js';
import { SimClient, type SimCall } from '../../../testing/sim-client.js';

/**
 * What a document says at its edges, each on a few small documents of the kind APIs publish:
 * paths with reserved characters, content negotiation, bodies an operation does not take,
 * operations that declare no success, HTTP authentication schemes beyond Basic and Bearer,
 * and `readOnly`/`writeOnly` properties listed in `required`.
 */
async function open(document: object) {
  const { artifact, outcome } = await compileArtifact(JSON.stringify(document));
  const client = await SimClient.open(artifact);
  const checker = new ResponseChecker(artifact);
  const call = (c: SimCall) => {
    const answer = client.call(c);
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
  return { call, artifact, warnings: outcome.warnings.map((w) => w.code) };
}

const json = (schema: object) => ({ 'application/json': { schema } });
const problem = { type: 'object', required: ['title', 'status'], properties: { type: { type: 'string' }, title: { type: 'string' }, status: { type: 'integer' }, detail: { type: 'string' } } };
const problemJson = { 'application/problem+json': { schema: problem } };
const text = { 'text/plain': { schema: { type: 'string' } } };
const path = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

describe('percent-encoded paths', () => {
  const storage = {
    openapi: '3.0.3',
    info: { title: 'Storage', version: '1' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: {
      '/buckets/{bucket}/objects/{name}': { get: { operationId: 'getObject', parameters: [path('bucket'), path('name')], responses: { '200': { description: 'the object', content: text } } } },
      '/shared files/latest|all': { get: { operationId: 'sharedLatest', responses: { '200': { description: 'ok', content: text } } } },
      '/reports/{month}:export': { post: { operationId: 'exportReport', parameters: [path('month')], responses: { '202': { description: 'queued', content: json({ type: 'object', properties: { month: { type: 'string' } } }) } } } },
    },
  };

  it('matches a template with spaces and `|` however the client encodes them, under the base path or not', async () => {
    const { call } = await open(storage);
    for (const sent of ['/shared%20files/latest%7Call', '/shared%20files/latest|all', '/v1/shared%20files/latest%7Call', '/shared%20files/latest%7call']) {
      expect(call({ method: 'GET', path: sent })).toMatchObject({ status: 200, operation: 'sharedLatest' });
    }
    expect(call({ method: 'GET', path: '/shared%2520files/latest%7Call' }).status).toBe(404);
    expect(call({ method: 'HEAD', path: '/shared%20files/latest%7Call' })).toMatchObject({ status: 200, text: '' });
  });

  it('hands parameters over decoded, in whole and in mixed segments', async () => {
    const { call } = await open(storage);
    // A read of an object the Simulation does not hold: 404, naming it decoded.
    expect(call({ method: 'GET', path: '/buckets/my%20bucket/objects/a%7Cb.txt' })).toMatchObject({ operation: 'getObject', text: expect.stringContaining('a|b.txt') });
    expect(call({ method: 'POST', path: '/reports/2024-06%3Aexport' })).toMatchObject({ status: 202, operation: 'exportReport' });
  });
});

describe('Accept', () => {
  const reports = {
    openapi: '3.1.0',
    info: { title: 'Reports', version: '1' },
    paths: {
      '/reports/summary': {
        get: {
          operationId: 'getReport',
          responses: {
            '200': { description: 'the report', content: { ...json({ type: 'object', required: ['id'], properties: { id: { type: 'string' } } }), 'text/csv': { schema: { type: 'string' } } } },
            '404': { description: 'none', content: problemJson },
          },
        },
      },
      '/feeds/latest': { get: { operationId: 'latestFeed', responses: { '200': { description: 'the feed', content: { 'application/atom+xml': { schema: { type: 'string' } } } }, '406': { description: 'not acceptable', content: problemJson } } } },
      '/pings': { post: { operationId: 'ping', responses: { '204': { description: 'done' }, default: { description: 'an error', content: problemJson } } } },
    },
  };

  it('answers 406 in the API error format when no declared media type is taken', async () => {
    const { call } = await open(reports);
    const refused = call({ method: 'GET', path: '/feeds/latest', headers: { accept: 'application/json' } });
    expect(refused).toMatchObject({ status: 406, operation: 'latestFeed', headers: { 'content-type': 'application/problem+json' }, json: { status: 406, title: 'Not Acceptable' } });
    expect(call({ method: 'GET', path: '/reports/summary', headers: { accept: 'image/png, application/pdf;q=0.5' } }).status).toBe(406);
    expect(call({ method: 'GET', path: '/reports/summary', headers: { accept: 'application/json;q=0, text/csv;q=0' } }).status).toBe(406);
  });

  it('keeps answering without Accept, with */*, with ranges, families and q-values, in the type the request prefers', async () => {
    const { call } = await open(reports);
    for (const accept of [undefined, '*/*', 'application/*', 'application/json', 'application/vnd.reports+json', 'text/html, */*;q=0.1']) {
      const answer = call({ method: 'GET', path: '/feeds/latest', headers: accept === undefined ? {} : { accept } });
      if (accept !== 'application/json' && accept !== 'application/vnd.reports+json') expect(answer).toMatchObject({ status: 200, headers: { 'content-type': 'application/atom+xml' } });
    }
    expect(call({ method: 'GET', path: '/feeds/latest', headers: { accept: 'application/xml' } }).status).toBe(200);
    expect(call({ method: 'GET', path: '/reports/summary', headers: { accept: 'text/csv' } }).headers['content-type']).toBe('text/csv');
    expect(call({ method: 'GET', path: '/reports/summary', headers: { accept: 'text/csv;q=0.4, application/json' } }).headers['content-type']).toBe('application/json');
    expect(call({ method: 'GET', path: '/reports/summary', headers: { accept: 'text/*' } }).headers['content-type']).toBe('text/csv');
    expect(call({ method: 'GET', path: '/reports/summary', headers: { accept: '*/*' } }).headers['content-type']).toBe('application/json');
    // An answer with no body has nothing to negotiate, whatever its errors come in.
    expect(call({ method: 'POST', path: '/pings', headers: { accept: 'image/png' } }).status).toBe(204);
  });
});

describe('a body sent to an operation that takes none', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Sessions', version: '1' },
    paths: {
      '/sessions/current/refresh': { post: { operationId: 'refresh', responses: { '200': { description: 'ok', content: json({ type: 'object', properties: { expires_in: { type: 'integer' } } }) }, '415': { description: 'a body was sent', content: problemJson } } } },
      '/sessions/current/touch': { post: { operationId: 'touch', responses: { '204': { description: 'ok' } } } },
      '/sessions/current/revoke': { post: { operationId: 'revoke', requestBody: { content: {} }, responses: { '204': { description: 'ok' }, '415': { description: 'a body was sent', content: problemJson } } } },
    },
  };

  it('answers 415 where the document declares one, else is ignored', async () => {
    const { call } = await open(doc);
    expect(call({ method: 'POST', path: '/sessions/current/refresh', body: { any: 1 } })).toMatchObject({ status: 415, headers: { 'content-type': 'application/problem+json' }, json: { status: 415 } });
    expect(call({ method: 'POST', path: '/sessions/current/refresh' }).status).toBe(200);
    expect(call({ method: 'POST', path: '/sessions/current/touch', body: { any: 1 } }).status).toBe(204);
    // A request body of no media type takes none either.
    expect(call({ method: 'POST', path: '/sessions/current/revoke', body: 'x', headers: { 'content-type': 'text/plain' } }).status).toBe(415);
    expect(call({ method: 'POST', path: '/sessions/current/revoke' }).status).toBe(204);
  });
});

describe('an operation that declares no success', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Links', version: '1' },
    paths: {
      '/go/latest': { get: { operationId: 'follow', responses: { '302': { description: 'to the target', headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } } }, '404': { description: 'no such link', content: problemJson } } } },
      '/legacy/search': { get: { operationId: 'legacySearch', responses: { '410': { description: 'gone', content: problemJson }, '400': { description: 'bad', content: problemJson } } } },
    },
  };

  it('answers the first response it declares, with its headers and body', async () => {
    const { call, warnings } = await open(doc);
    const redirect = call({ method: 'GET', path: '/go/latest' });
    expect(redirect).toMatchObject({ status: 302, text: '' });
    expect(redirect.headers.location).toMatch(/^[a-z]+:/);
    expect(call({ method: 'GET', path: '/legacy/search' })).toMatchObject({ status: 400, headers: { 'content-type': 'application/problem+json' } });
    expect(warnings).toContain('response_success_missing');
  });
});

describe('HTTP authentication schemes beyond Basic and Bearer', () => {
  const doc = {
    openapi: '3.1.0',
    info: { title: 'Camera', version: '1' },
    components: {
      securitySchemes: {
        digestAuth: { type: 'http', scheme: 'digest' },
        kerberos: { type: 'http', scheme: 'Negotiate' },
        signed: { type: 'http', scheme: 'hoba' },
        clientCert: { type: 'mutualTLS' },
      },
    },
    paths: {
      '/snapshot': { get: { operationId: 'snapshot', security: [{ digestAuth: [] }], responses: { '200': { description: 'ok', content: text }, '401': { description: 'unauthorised', content: problemJson } } } },
      '/directory': { get: { operationId: 'directory', security: [{ kerberos: [] }], responses: { '200': { description: 'ok', content: text } } } },
      '/keys': { get: { operationId: 'keys', security: [{ signed: [] }, { digestAuth: [] }], responses: { '200': { description: 'ok', content: text } } } },
      '/devices': { get: { operationId: 'devices', security: [{ clientCert: [] }], responses: { '200': { description: 'ok', content: text } } } },
    },
  };
  const digest = 'Digest username="admin", realm="simulation", nonce="abc", uri="/snapshot", qop=auth, nc=00000001, cnonce="x", response="6629fae49393a05397450978507c4ef1"';

  it("answers 401 with the scheme's challenge until its credentials come", async () => {
    const { call } = await open(doc);
    const refused = call({ method: 'GET', path: '/snapshot' });
    expect(refused).toMatchObject({ status: 401, headers: { 'content-type': 'application/problem+json' } });
    expect(refused.headers['www-authenticate']).toMatch(/^Digest realm="simulation", qop="auth", algorithm=MD5, nonce="[0-9a-f]{32}"$/);
    expect(call({ method: 'GET', path: '/snapshot', headers: { authorization: 'Basic YTpi' } }).status).toBe(401);
    expect(call({ method: 'GET', path: '/snapshot', headers: { authorization: 'Digest username="admin"' } }).status).toBe(401);
    expect(call({ method: 'GET', path: '/snapshot', headers: { authorization: digest } }).status).toBe(200);
    expect(call({ method: 'GET', path: '/snapshot', headers: { authorization: digest.replace('Digest', 'digest') } }).status).toBe(200);
    expect(call({ method: 'GET', path: '/directory' })).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Negotiate' } });
    expect(call({ method: 'GET', path: '/directory', headers: { authorization: 'Negotiate YIIGhgYGKwYBBQUC' } }).status).toBe(200);
    expect(call({ method: 'GET', path: '/keys' })).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Hoba realm="simulation"' } });
    expect(call({ method: 'GET', path: '/keys', headers: { authorization: 'HOBA result="kid.challenge.nonce.sig"' } }).status).toBe(200);
    expect(call({ method: 'GET', path: '/keys', headers: { authorization: digest } }).status).toBe(200);
  });

  it('leaves mutual TLS unchecked, with a warning', async () => {
    const { call, warnings, artifact } = await open(doc);
    expect(call({ method: 'GET', path: '/devices' }).status).toBe(200);
    expect(warnings).toEqual(['security_scheme_unsupported']);
    expect(artifact.securitySchemes.kerberos).toEqual({ type: 'http', scheme: 'Negotiate', challenge: 'Negotiate', params: [] });
  });
});

describe('readOnly and writeOnly properties listed in required', () => {
  const user = {
    type: 'object',
    required: ['id', 'email', 'password', 'created_at'],
    properties: {
      id: { type: 'string', readOnly: true },
      email: { type: 'string', format: 'email' },
      password: { type: 'string', writeOnly: true, minLength: 8 },
      created_at: { $ref: '#/components/schemas/Timestamp' },
      profile: { type: 'object', required: ['handle', 'karma'], properties: { handle: { type: 'string' }, karma: { type: 'integer', readOnly: true } } },
    },
  };
  const users = {
    openapi: '3.0.3',
    info: { title: 'Accounts', version: '1' },
    components: { schemas: { User: user, Timestamp: { type: 'string', format: 'date-time', readOnly: true } } },
    paths: {
      '/users': {
        get: { operationId: 'listUsers', responses: { '200': { description: 'the users', content: json({ type: 'array', items: { $ref: '#/components/schemas/User' } }) } } },
        post: { operationId: 'createUser', requestBody: { required: true, content: json({ $ref: '#/components/schemas/User' }) }, responses: { '201': { description: 'created', content: json({ $ref: '#/components/schemas/User' }) }, '422': { description: 'invalid', content: problemJson } } },
      },
      '/users/{id}': { get: { operationId: 'getUser', parameters: [path('id')], responses: { '200': { description: 'the user', content: json({ $ref: '#/components/schemas/User' }) } } } },
    },
  };
  // OpenAPI 3.1: the same rule where readOnly sits beside a $ref, in an allOf.
  const pets = {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1' },
    components: { schemas: { Id: { type: 'integer', minimum: 1 }, Pet: { type: 'object', required: ['id', 'name'], properties: { id: { $ref: '#/components/schemas/Id', readOnly: true }, name: { type: 'string' } } } } },
    paths: { '/pets': { post: { operationId: 'addPet', requestBody: { required: true, content: json({ $ref: '#/components/schemas/Pet' }) }, responses: { '200': { description: 'the pet', content: json({ $ref: '#/components/schemas/Pet' }) } } } } },
  };

  it('does not require readOnly properties of a request, at any depth or through a reference', async () => {
    const { call } = await open(users);
    const created = call({ method: 'POST', path: '/users', body: { email: 'ada@example.com', password: 'correct horse', profile: { handle: 'ada' } } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ email: 'ada@example.com', id: expect.any(String), created_at: expect.any(String) });
    // The password is taken, never sent back: not in the create's answer, nor in a read's.
    expect(created.json).not.toHaveProperty('password');
    const read = call({ method: 'GET', path: `/users/${(created.json as { id: string }).id}` });
    expect(read).toMatchObject({ status: 200, json: { email: 'ada@example.com' } });
    expect(read.json).not.toHaveProperty('password');
    expect((await open(pets)).call({ method: 'POST', path: '/pets', body: { name: 'Rex' } }).status).toBe(200);
  });

  it('still requires what the request must carry', async () => {
    const { call } = await open(users);
    const missing = call({ method: 'POST', path: '/users', body: { email: 'ada@example.com' } });
    expect(missing).toMatchObject({ status: 422, json: { detail: expect.stringContaining('password') } });
    expect(call({ method: 'POST', path: '/users', body: { email: 'ada@example.com', password: 'correct horse', profile: {} } }).status).toBe(422);
    expect((await open(pets)).call({ method: 'POST', path: '/pets', body: { id: 3 } }).status).toBe(400);
  });

  it('answers need not carry writeOnly properties, never carry them when generated, and still carry readOnly ones', async () => {
    const { call, artifact } = await open(users);
    const checker = new ResponseChecker(artifact);
    const answer = { status: 200, headers: { 'content-type': 'application/json' }, operation: 'getUser', text: '', json: null as unknown };
    const check = (json: object) => checker.problem({ ...answer, json, text: JSON.stringify(json) });
    expect(check({ id: 'u1', email: 'a@example.com', created_at: '2024-01-01T00:00:00Z' })).toBeNull();
    expect(check({ email: 'a@example.com', created_at: '2024-01-01T00:00:00Z' })).toContain('id is required');
    const listed = call({ method: 'GET', path: '/users' });
    expect((listed.json as object[]).length).toBeGreaterThan(0);
    for (const user of listed.json as object[]) expect(user).not.toHaveProperty('password');
    expect(call({ method: 'GET', path: '/users/u1' }).status).toBeLessThan(500);
  });
});
