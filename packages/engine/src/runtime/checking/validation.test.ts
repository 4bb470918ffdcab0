import { describe, expect, it } from 'vitest';
import { compileArtifact, fixture } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimCall } from '../../testing/sim-client.js';

async function open(name: string) {
  const { artifact } = await compileArtifact(fixture(name));
  const client = await SimClient.open(artifact);
  const checker = new ResponseChecker(artifact);
  return (c: SimCall) => {
    const answer = client.call(c);
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
}

const basic = (user: string) => ({ authorization: `Basic ${Buffer.from(user).toString('base64')}` });

describe('routing', () => {
  it('takes the server base path as optional, answers 405 with Allow and 404 in the API format', async () => {
    const call = await open('files-routes-3.1.yaml');
    expect(call({ method: 'GET', path: '/storage/v3/files' }).operation).toBe('listFiles');
    expect(call({ method: 'GET', path: '/files' }).operation).toBe('listFiles');
    expect(call({ method: 'GET', path: '/storage/v3/files/recent' }).operation).toBe('listRecentFiles');
    expect(call({ method: 'GET', path: '/reports/2024-06' })).toMatchObject({ status: 200, operation: 'getMonthlyReport' });
    expect(call({ method: 'GET', path: '/reports/2024-xx' }).status).toBe(400);
    const wrong = call({ method: 'POST', path: '/storage/v3/files' });
    expect(wrong).toMatchObject({ status: 405, operation: null, json: { error: 'method_not_allowed' } });
    expect(wrong.headers.allow).toBe('GET');
    expect(call({ method: 'GET', path: '/nowhere' })).toMatchObject({ status: 404, operation: null, json: { error: 'not_found' } });
    const head = call({ method: 'HEAD', path: '/files' });
    expect(head).toMatchObject({ status: 200, text: '' });
    const get = call({ method: 'GET', path: '/files' });
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
  });

  it('answers an unknown route in the document own 404 format', async () => {
    const call = await open('bank-3.0.yaml');
    const answer = call({ method: 'GET', path: '/banking/v1/nothing' });
    expect(answer).toMatchObject({ status: 404, headers: { 'content-type': 'application/problem+json' }, json: { title: 'Not Found', status: 404 } });
    expect((answer.json as { type: string }).type).toMatch(/^https:\/\//);
  });
});

describe('validation refusals in the document own format', () => {
  it('400 for a bad or missing parameter, naming it', async () => {
    const call = await open('bank-3.0.yaml');
    const key = { 'x-api-key': 'k' };
    const bad = call({ method: 'GET', path: '/accounts', query: 'page_size=lots', headers: key });
    expect(bad).toMatchObject({ status: 400, headers: { 'content-type': 'application/problem+json' }, json: { status: 400, title: 'Bad Request' } });
    expect((bad.json as { detail: string }).detail).toContain('page_size');
    const missing = call({ method: 'POST', path: '/transfers', body: { from_account: 'a', to_account: 'b', amount: 1 }, headers: key });
    expect(missing.status).toBe(400);
    expect((missing.json as { detail: string }).detail).toContain('Idempotency-Key');
  });

  it('422 for a body that breaks its schema when the API documents 422, with the field named', async () => {
    const call = await open('bank-3.0.yaml');
    const answer = call({ method: 'POST', path: '/accounts', body: { currency: 'GBP' }, headers: { 'x-api-key': 'k' } });
    expect(answer.status).toBe(422);
    const body = answer.json as { detail: string; errors: { field: string; message: string }[] };
    expect(body.detail).toContain('currency');
    expect(body.errors[0]?.field).toBe('currency');
    const shop = await open('shop-3.1.json');
    const missing = shop({ method: 'POST', path: '/users', body: { name: 'x' } });
    expect(missing).toMatchObject({ status: 422, json: { status: 422 } });
    expect((missing.json as { detail: string }).detail).toContain('email');
  });

  it('400 for a body that breaks its schema when the API documents no 422, and for malformed JSON', async () => {
    const call = await open('blog-2.0.json');
    const auth = basic('a:b');
    const answer = call({ method: 'POST', path: '/posts', body: { author: 'me' }, headers: auth });
    expect(answer).toMatchObject({ status: 400, json: { error: 'validation_failed' } });
    expect((answer.json as { error_description: string }).error_description).toContain('title');
    expect(call({ method: 'POST', path: '/posts', body: '{"title":', headers: { ...auth, 'content-type': 'application/json' } })).toMatchObject({ status: 400, json: { error: 'invalid_body' } });
  });

  it('415 for a media type the operation does not take, in the format the document uses for its other errors', async () => {
    // The shop declares only 404 and 422, both in one problem-like format; the 415 uses it too.
    const shop = await open('shop-3.1.json');
    const xml = shop({ method: 'POST', path: '/users', body: '<user/>', headers: { 'content-type': 'application/xml' } });
    expect(xml).toMatchObject({ status: 415, headers: { 'content-type': 'application/json' }, json: { status: 415, title: 'Unsupported Media Type', type: 'unsupported_media_type' } });
    expect((xml.json as { detail: string }).detail).toContain('application/xml');
    expect(shop({ method: 'POST', path: '/users', body: '{}' }).status).toBe(415);
    const bank = await open('bank-3.0.yaml');
    const answer = bank({ method: 'POST', path: '/accounts', body: 'currency=EUR', headers: { 'x-api-key': 'k', 'content-type': 'text/plain' } });
    expect(answer).toMatchObject({ status: 415, headers: { 'content-type': 'application/problem+json' }, json: { status: 415, title: 'Unsupported Media Type' } });
    // A document that declares no error answer at all gets the plain JSON refusal.
    const files = await open('files-routes-3.1.yaml');
    expect(files({ method: 'POST', path: '/storage/v3/files' })).toMatchObject({ status: 405, headers: { 'content-type': 'application/json' }, json: { error: 'method_not_allowed' } });
  });
});

describe('text bodies', () => {
  it('checks text against a schema a string can meet, and leaves XML and structured text unread', async () => {
    const note = { type: 'object', properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' } }, required: ['title'] };
    const { artifact } = await compileArtifact(JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Notes', version: '1' },
      paths: {
        '/notes': {
          post: {
            operationId: 'createNote',
            requestBody: { required: true, content: { 'text/xml': { schema: note }, 'text/csv': { schema: note }, 'text/plain': { schema: { type: 'string', maxLength: 5 } } } },
            responses: { '201': { description: 'ok', content: { 'application/json': { schema: note } } }, '400': { description: 'bad', content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } } } },
          },
        },
      },
    }));
    const client = await SimClient.open(artifact);
    const post = (type: string, body: string) => client.call({ method: 'POST', path: '/notes', body, headers: { 'content-type': type } }).status;
    expect(post('text/xml', '<note><title>a</title></note>')).toBe(201);
    expect(post('text/csv', 'title\na')).toBe(201);
    expect(post('text/plain', 'short')).toBe(201);
    expect(post('text/plain', 'too long')).toBe(400);
  });
});

describe('security presence', () => {
  it('accepts any one alternative: API key header, query or cookie; basic and bearer well-formed', async () => {
    const call = await open('security-3.0.json');
    expect(call({ method: 'GET', path: '/keys' }).status).toBe(401);
    expect(call({ method: 'GET', path: '/keys', headers: { 'x-api-key': 'k' } }).status).toBe(200);
    expect(call({ method: 'GET', path: '/keys', query: 'api_key=k' }).status).toBe(200);
    expect(call({ method: 'GET', path: '/keys', query: 'api_key=' }).status).toBe(401);
    expect(call({ method: 'GET', path: '/session', headers: { cookie: 'other=1; SESSIONID=abc' } }).status).toBe(200);
    expect(call({ method: 'DELETE', path: '/session', headers: { cookie: 'SESSIONID=abc' } }).status).toBe(401);
    expect(call({ method: 'DELETE', path: '/session', headers: { cookie: 'SESSIONID=abc', authorization: 'Basic !!!' } }).status).toBe(401);
    expect(call({ method: 'GET', path: '/default' })).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer realm="simulation"' } });
    expect(call({ method: 'GET', path: '/default', headers: { authorization: 'Bearer' } }).status).toBe(401);
    expect(call({ method: 'GET', path: '/default', headers: { authorization: 'Bearer abc.def-ghi' } }).status).toBe(200);
    expect(call({ method: 'GET', path: '/optional' }).status).toBe(200);
    expect(call({ method: 'GET', path: '/public' }).status).toBe(200);
    expect(call({ method: 'DELETE', path: '/session', headers: { cookie: 'SESSIONID=abc', ...basic('u:p') } }).status).toBe(204);
  });

  it('says what each alternative lacks when none is met', async () => {
    const call = await open('security-3.0.json');
    const keys = call({ method: 'GET', path: '/keys' }).text;
    expect(keys).toContain('the API key header X-API-Key is missing; or the API key query parameter api_key is missing');
    expect(call({ method: 'DELETE', path: '/session', headers: { cookie: 'SESSIONID=abc' } }).text).toContain('basicAuth: an Authorization: Basic header');
    expect(call({ method: 'DELETE', path: '/session' }).text).not.toContain('; or');
  });

  it("answers refusals in a default response's envelope whatever its media type, and not as the file a default may be", async () => {
    const q = [{ name: 'width', in: 'query', required: true, schema: { type: 'integer' } }];
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Blobs', version: '1' },
      paths: {
        '/thumbnail': {
          post: {
            parameters: q,
            responses: {
              '200': { description: 'the image', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
              default: { description: 'an error', content: { 'application/octet-stream': { schema: { $ref: '#/components/schemas/Errors' } } } },
            },
          },
        },
        '/download': { get: { parameters: q, responses: { default: { description: 'the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } } } },
        // Most of the document's operations answer errors as JSON.
        '/a': { get: { responses: { '200': { description: 'ok' }, default: { description: 'an error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } } } } } },
        '/b': { get: { responses: { '200': { description: 'ok' }, default: { description: 'an error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } } } } } },
      },
      components: { schemas: { Errors: { type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } } } } } } },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact);
    const checker = new ResponseChecker(artifact);
    const envelope = client.call({ method: 'POST', path: '/thumbnail' });
    expect(envelope).toMatchObject({ status: 400, headers: { 'content-type': 'application/octet-stream' } });
    expect(checker.problem(envelope)).toBeNull();
    expect(JSON.parse(envelope.text)).toEqual({ errors: expect.any(Array) as unknown });
    // A default that is a file is the success it stands for: the refusal takes the document's
    // usual error format instead of answering a binary string.
    const file = client.call({ method: 'GET', path: '/download' });
    expect(file).toMatchObject({ status: 400, headers: { 'content-type': 'application/json' }, json: { errors: [{ code: 'missing_parameter', message: 'the query parameter width is required' }] } });
  });

  it('reads an array property of an object query parameter from its repeated key', async () => {
    const targets = { type: 'object', required: ['Accounts'], properties: { Accounts: { type: 'array', items: { type: 'string', pattern: '^[0-9]+$' } }, Region: { type: 'string' } } };
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Stacks', version: '1' },
      paths: {
        '/form': { get: { parameters: [{ name: 'DeploymentTargets', in: 'query', required: true, style: 'form', explode: true, schema: targets }], responses: { '200': { description: 'ok' } } } },
        '/deep': { get: { parameters: [{ name: 't', in: 'query', required: true, style: 'deepObject', explode: true, schema: targets }], responses: { '200': { description: 'ok' } } } },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact);
    expect(client.call({ method: 'GET', path: '/form', query: 'Accounts=111&Accounts=222&Region=eu' }).status).toBe(200);
    expect(client.call({ method: 'GET', path: '/form', query: 'Accounts=111' }).status).toBe(200);
    expect(client.call({ method: 'GET', path: '/form', query: 'Accounts=111&Accounts=x2' }).status).toBe(400);
    expect(client.call({ method: 'GET', path: '/deep', query: 't[Accounts]=1&t[Accounts]=2' }).status).toBe(200);
  });

  it('fills a refusal whose fields two allOf parts define so that it meets both', async () => {
    const problem = { type: 'object', required: ['type', 'status'], properties: { type: { type: 'string', example: 'about:blank' }, status: { type: 'integer' }, title: { type: 'string' } } };
    const notFound = { allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', properties: { status: { example: 404 }, type: { type: 'string', enum: ['https://errors.example.com/not-found'] } } }] };
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Problems', version: '1' },
      paths: {
        '/things/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } },
              '404': { description: 'missing', content: { 'application/problem+json': { schema: notFound } } },
            },
          },
        },
      },
      components: { schemas: { Problem: problem } },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const missing = client.call({ method: 'GET', path: '/things/nope' });
    expect(new ResponseChecker(artifact).problem(missing)).toBeNull();
    expect(missing).toMatchObject({ status: 404, json: { type: 'https://errors.example.com/not-found', status: 404, title: 'Not Found' } });
  });

  it('answers a refusal the operation declares as text without a schema in text', async () => {
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Batches', version: '1' },
      paths: {
        '/batches/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } }, '404': { description: 'missing', content: { 'text/plain': {} } } },
          },
        },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const missing = client.call({ method: 'GET', path: '/batches/b1' });
    expect(new ResponseChecker(artifact).problem(missing)).toBeNull();
    expect(missing).toMatchObject({ status: 404, headers: { 'content-type': 'text/plain' } });
    expect(missing.text).toContain('b1');
  });

  it('says why in an error envelope that declares no fields, where it allows them, in fields named with a qualifier, and in a nested error object', async () => {
    const q = [{ name: 'limit', in: 'query', required: true, schema: { type: 'integer' } }];
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Bare', version: '1' },
      paths: {
        '/open': { get: { parameters: q, responses: { '200': { description: 'ok' }, '400': { description: 'bad', content: { 'application/json': { schema: { type: 'object' } } } } } } },
        '/closed': { get: { parameters: q, responses: { '200': { description: 'ok' }, '400': { description: 'bad', content: { 'application/json': { schema: { type: 'object', additionalProperties: false } } } } } } },
        '/nested': { get: { parameters: q, responses: { '200': { description: 'ok' }, '400': { description: 'bad', content: { 'application/json': { schema: { type: 'object', properties: { Error: { type: 'object', properties: { Message: { type: 'string' } } } } } } } } } } },
        '/qualified': {
          get: {
            parameters: q,
            responses: { '200': { description: 'ok' }, '400': { description: 'bad', content: { 'application/json': { schema: { type: 'object', properties: { DeveloperMessage: { type: 'string' }, UserMessage: { type: 'string' }, ErrorCode: { type: 'integer' }, MoreInfo: { type: 'string' } } } } } } },
          },
        },
      },
    };
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact);
    expect(client.call({ method: 'GET', path: '/open' })).toMatchObject({ status: 400, json: { message: 'the query parameter limit is required' } });
    // An envelope that allows nothing stays empty: the answer must fit it.
    expect(client.call({ method: 'GET', path: '/closed' })).toMatchObject({ status: 400, json: {} });
    // Fields named with a qualifier (`UserMessage`, `ErrorCode`) are the well-known ones too.
    const said = 'the query parameter limit is required';
    expect(client.call({ method: 'GET', path: '/qualified' })).toMatchObject({ status: 400, json: { DeveloperMessage: said, UserMessage: said, ErrorCode: 400 } });
    // And in an error object nested in the envelope.
    expect(client.call({ method: 'GET', path: '/nested' })).toMatchObject({ status: 400, json: { Error: { Message: said } } });
  });

  it('answers 401 in the document own format and checks credentials before anything else', async () => {
    const call = await open('bank-3.0.yaml');
    const answer = call({ method: 'POST', path: '/accounts', body: { currency: 'GBP' } });
    expect(answer).toMatchObject({ status: 401, headers: { 'content-type': 'application/problem+json' }, json: { status: 401, title: 'Unauthorized' } });
    expect(call({ method: 'GET', path: '/accounts', headers: { authorization: 'Bearer t' } }).status).toBe(200);
  });
});

describe('classify', () => {
  it('names the operation and whether it can write; unmatched requests are read-only', async () => {
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const client = await SimClient.open(artifact);
    expect(client.simulator.classify('GET', '/v2/users')).toEqual({ operation: 'listUsers', readOnly: true });
    expect(client.simulator.classify('POST', '/users')).toEqual({ operation: 'createUser', readOnly: false });
    expect(client.simulator.classify('DELETE', '/users')).toEqual({ operation: null, readOnly: true });
    expect(client.simulator.classify('GET', '/nope')).toEqual({ operation: null, readOnly: true });
  });
});

describe('a credential the document asks for as a parameter', () => {
  it('is answered by the Authorization header its clients send, as Slack accepts; any other required parameter is not', async () => {
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Chat', version: '1' },
        components: { securitySchemes: { slackAuth: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://example.com/a', tokenUrl: 'https://example.com/t', scopes: {} } } } } },
        paths: {
          '/chat.postMessage': {
            post: {
              operationId: 'chat_postMessage',
              security: [{ slackAuth: [] }, {}],
              parameters: [
                { name: 'token', in: 'header', required: true, schema: { type: 'string' } },
                { name: 'X-Team', in: 'header', required: true, schema: { type: 'string' } },
              ],
              responses: {
                '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean', enum: [true] } }, required: ['ok'] } } } },
                default: { description: 'error', content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean', enum: [false] }, error: { type: 'string' } }, required: ['ok', 'error'] } } } },
              },
            },
          },
        },
      }),
    );
    // Decided at build time: `token` carries the credential, `X-Team` does not.
    expect(artifact.operations[0]?.credentialParameters).toEqual(['token']);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const post = (headers: Record<string, string>) => client.call({ method: 'POST', path: '/chat.postMessage', headers });
    expect(post({ authorization: 'Bearer xoxb-1', 'x-team': 'T1' }).status).toBe(200);
    expect(post({ token: 'xoxb-1', 'x-team': 'T1' }).status).toBe(200);
    expect(post({ 'x-team': 'T1' })).toMatchObject({ status: 400, json: { ok: false } });
    expect(post({ authorization: 'Bearer xoxb-1' }).status).toBe(400);
  });
});
