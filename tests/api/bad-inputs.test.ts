/**
 * Fifty bad inputs (and then some): each distinct malformed request gets its documented status
 * and code, none of them changes any state, and the server still serves a normal request after
 * all of them. They run one after another against one harness.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type HarnessRequestOptions } from '@simplane/harness';

const PATH = '/v1/credentials';
const MIB = 1024 * 1024;
const VALID = { name: 'n', header: 'X-Api-Key', value: 'v' };
const JSON_TYPE = { 'content-type': 'application/json' };

/** What a case can use from the set-up: a real credential and a real cursor. */
interface Context {
  id: string;
  cursor: string;
}

interface BadInput {
  name: string;
  method: string;
  path: string | ((c: Context) => string);
  options?: HarnessRequestOptions | ((c: Context) => HarnessRequestOptions);
  status: number;
  code: string;
}

/** A POST of a raw JSON text. */
const post = (name: string, body: string | Uint8Array, status: number, code: string, headers: Record<string, string> = JSON_TYPE): BadInput => ({
  name,
  method: 'POST',
  path: PATH,
  options: { body, headers },
  status,
  code,
});

/** A POST of VALID with some fields replaced; 422 naming the field. */
const field = (name: string, overrides: Record<string, unknown>): BadInput => post(name, JSON.stringify({ ...VALID, ...overrides }), 422, 'validation');

const withQuery = (name: string, query: string | ((c: Context) => string), status: number, code: string): BadInput => ({
  name,
  method: 'GET',
  path: typeof query === 'string' ? `${PATH}?${query}` : (c) => `${PATH}?${query(c)}`,
  status,
  code,
});

const cursorQuery = (cursor: string) => `cursor=${encodeURIComponent(cursor)}`;
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const CASES: BadInput[] = [
  // Wrong types for every field.
  field('name as a number', { name: 42 }),
  field('name as null', { name: null }),
  field('name as an array', { name: ['n'] }),
  field('name as an object', { name: { first: 'n' } }),
  field('name as a boolean', { name: true }),
  field('header as a number', { header: 7 }),
  field('header as null', { header: null }),
  field('header as an object', { header: { name: 'X-Api-Key' } }),
  field('value as a number', { value: 12345 }),
  field('value as null', { value: null }),
  field('value as an array', { value: ['v'] }),
  field('value as a boolean', { value: false }),
  field('base_url as a number', { base_url: 443 }),
  field('base_url as an array', { base_url: ['https://api.example.com'] }),
  field('base_url as an object', { base_url: { href: 'https://api.example.com' } }),
  // Values of the right type that break a rule.
  field('empty name', { name: '' }),
  field('10k-character name', { name: 'n'.repeat(10_000) }),
  field('name with a NUL', { name: 'a\u0000b' }),
  field('header with a space', { header: 'X Api Key' }),
  field('header with CR LF', { header: 'X-Api-Key\r\nX-Evil: 1' }),
  field('reserved header', { header: 'Content-Length' }),
  field('empty value', { value: '' }),
  field('value with a newline', { value: 'line1\nline2' }),
  field('8193-character value', { value: 'v'.repeat(8193) }),
  field('http base_url', { base_url: 'http://api.example.com' }),
  field('base_url that is not a URL', { base_url: 'not a url' }),
  field('base_url with user info', { base_url: 'https://admin:hunter2@api.example.com' }),
  field('base_url with a fragment', { base_url: 'https://api.example.com/#x' }),
  field('empty base_url', { base_url: '' }),
  // Shapes.
  post('missing name', JSON.stringify({ header: 'X-Api-Key', value: 'v' }), 422, 'validation'),
  post('missing header', JSON.stringify({ name: 'n', value: 'v' }), 422, 'validation'),
  post('missing value', JSON.stringify({ name: 'n', header: 'X-Api-Key' }), 422, 'validation'),
  post('JSON null body', 'null', 422, 'validation'),
  post('array instead of an object', JSON.stringify([VALID]), 422, 'validation'),
  post('string instead of an object', JSON.stringify('{"name":"n"}'), 422, 'validation'),
  post('number instead of an object', '42', 422, 'validation'),
  post('empty object', '{}', 422, 'validation'),
  field('unknown field', { id: 'crd_01HZZZZZZZZZZZZZZZZZZZZZZZ' }),
  post('__proto__ key', '{"name":"n","header":"X-Api-Key","value":"v","__proto__":{"admin":true}}', 422, 'validation'),
  post('constructor.prototype key', '{"name":"n","header":"X-Api-Key","value":"v","constructor":{"prototype":{"admin":true}}}', 422, 'validation'),
  // Nesting past 512 levels is refused before anything recurses through it (docs/errors.md).
  post('deeply nested name (10k levels)', `{"name":${nested(10_000)},"header":"X-Api-Key","value":"v"}`, 400, 'bad_request'),
  post('deeply nested body (100k levels)', nested(100_000), 400, 'bad_request'),
  // Size.
  post('1 MiB string in name', JSON.stringify({ ...VALID, name: 'n'.repeat(MIB) }), 413, 'payload_too_large'),
  post('Content-Length of 2 MiB', JSON.stringify(VALID), 413, 'payload_too_large', { ...JSON_TYPE, 'content-length': String(2 * MIB) }),
  post('Content-Length that is not a number', JSON.stringify(VALID), 400, 'bad_request', { ...JSON_TYPE, 'content-length': 'ten' }),
  // Syntax and encoding.
  post('truncated JSON', '{"name":"n","header":"X-Ap', 400, 'bad_request'),
  post('truncated after a key', '{"name"', 400, 'bad_request'),
  post('unclosed deep nesting', '['.repeat(50_000), 400, 'bad_request'),
  post('trailing garbage', `${JSON.stringify(VALID)}garbage`, 400, 'bad_request'),
  post('single-quoted JSON', "{'name':'n','header':'X-Api-Key','value':'v'}", 400, 'bad_request'),
  post('NaN literal', '{"name":NaN}', 400, 'bad_request'),
  post('comment in JSON', '{"name":"n" /* c */,"header":"X-Api-Key","value":"v"}', 400, 'bad_request'),
  post('empty body', '', 400, 'bad_request'),
  post(
    'invalid UTF-8 bytes',
    Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28, 0xff, 0xfe]), Buffer.from('","header":"X-Api-Key","value":"v"}')]),
    400,
    'bad_request',
  ),
  post('UTF-16 encoded JSON', Buffer.from(JSON.stringify(VALID), 'utf16le'), 400, 'bad_request'),
  // Content types.
  post('text/plain body', JSON.stringify(VALID), 415, 'unsupported_media_type', { 'content-type': 'text/plain' }),
  post('no content type', JSON.stringify(VALID), 415, 'unsupported_media_type', {}),
  post('form body', 'name=n&header=X-Api-Key&value=v', 415, 'unsupported_media_type', { 'content-type': 'application/x-www-form-urlencoded' }),
  post('JSON declared as UTF-16', JSON.stringify(VALID), 415, 'unsupported_media_type', { 'content-type': 'application/json; charset=utf-16' }),
  post('garbage content type', JSON.stringify(VALID), 415, 'unsupported_media_type', { 'content-type': ';;;' }),
  // Cursors.
  withQuery('garbage cursor', cursorQuery('garbage'), 400, 'bad_request'),
  withQuery('empty cursor', 'cursor=', 400, 'bad_request'),
  withQuery('cursor of 5000 characters', cursorQuery('c'.repeat(5000)), 400, 'bad_request'),
  withQuery('cursor with a wrong signature', (c) => cursorQuery(`${c.cursor.split('.')[0]}.${'A'.repeat(22)}`), 400, 'bad_request'),
  withQuery('cursor of base64 JSON without signature', cursorQuery(Buffer.from(JSON.stringify(['2024-01-01T00:00:00.000Z', 'crd_01HZZZZZZZZZZZZZZZZZZZZZZZ'])).toString('base64url')), 400, 'bad_request'),
  withQuery('cursor of plain JSON', cursorQuery('{"after":"crd_01HZZZZZZZZZZZZZZZZZZZZZZZ"}'), 400, 'bad_request'),
  withQuery('cursor given twice', (c) => `${cursorQuery(c.cursor)}&${cursorQuery(c.cursor)}`, 400, 'bad_request'),
  // Limits.
  withQuery('limit not a number', 'limit=abc', 422, 'validation'),
  withQuery('fractional limit', 'limit=1.5', 422, 'validation'),
  withQuery('empty limit', 'limit=', 422, 'validation'),
  withQuery('limit in exponent notation', 'limit=1e3', 422, 'validation'),
  withQuery('limit beyond int64', 'limit=18446744073709551616', 422, 'validation'),
  withQuery('limit given twice', 'limit=5&limit=6', 422, 'validation'),
  // IDs in paths.
  { name: 'ID of plain text', method: 'GET', path: `${PATH}/hello`, status: 404, code: 'credential_not_found' },
  { name: 'lower-case ID', method: 'GET', path: (c) => `${PATH}/${c.id.toLowerCase()}`, status: 404, code: 'credential_not_found' },
  { name: 'ID with the wrong prefix', method: 'GET', path: (c) => `${PATH}/smr_${c.id.slice(4)}`, status: 404, code: 'credential_not_found' },
  { name: 'ID one character too long', method: 'GET', path: (c) => `${PATH}/${c.id}0`, status: 404, code: 'credential_not_found' },
  { name: 'ID of 5k characters', method: 'GET', path: `${PATH}/crd_${'0'.repeat(5_000)}`, status: 404, code: 'credential_not_found' },
  // A request target beyond 8 KiB is refused before routing.
  { name: 'request target of 10k characters', method: 'GET', path: `${PATH}/crd_${'0'.repeat(10_000)}`, status: 400, code: 'bad_request' },
  { name: 'ID with broken percent-encoding', method: 'GET', path: `${PATH}/crd_%E0%A4%A`, status: 404, code: 'credential_not_found' },
  { name: 'ID with an encoded slash', method: 'GET', path: (c) => `${PATH}/${c.id}%2Fx`, status: 404, code: 'credential_not_found' },
  { name: 'malformed ID on DELETE', method: 'DELETE', path: `${PATH}/' OR 1=1 --`, status: 404, code: 'credential_not_found' },
  { name: 'malformed ID on PATCH', method: 'PATCH', path: `${PATH}/..%00`, options: { json: { name: 'x' } }, status: 404, code: 'credential_not_found' },
  { name: 'extra path segment', method: 'GET', path: (c) => `${PATH}/${c.id}/value`, status: 404, code: 'not_found' },
  // PATCH bodies against a real credential.
  { name: 'PATCH with an empty object', method: 'PATCH', path: (c) => `${PATH}/${c.id}`, options: { json: {} }, status: 422, code: 'validation' },
  { name: 'PATCH with name null', method: 'PATCH', path: (c) => `${PATH}/${c.id}`, options: { json: { name: null } }, status: 422, code: 'validation' },
  { name: 'PATCH of the header without a value', method: 'PATCH', path: (c) => `${PATH}/${c.id}`, options: { json: { header: 'X-New' } }, status: 422, code: 'validation' },
  { name: 'PATCH with an array body', method: 'PATCH', path: (c) => `${PATH}/${c.id}`, options: { json: [{ name: 'x' }] }, status: 422, code: 'validation' },
  {
    name: 'PATCH with truncated JSON',
    method: 'PATCH',
    path: (c) => `${PATH}/${c.id}`,
    options: { body: '{"name":', headers: JSON_TYPE },
    status: 400,
    code: 'bad_request',
  },
  {
    name: 'PATCH with a text body',
    method: 'PATCH',
    path: (c) => `${PATH}/${c.id}`,
    options: { body: 'name=x', headers: { 'content-type': 'text/plain' } },
    status: 415,
    code: 'unsupported_media_type',
  },
  // Methods, targets and credentials of the caller.
  { name: 'PUT on the collection', method: 'PUT', path: PATH, options: { json: VALID }, status: 405, code: 'method_not_allowed' },
  { name: 'target that is not a path', method: 'GET', path: 'http://evil.example.com/v1/credentials', status: 400, code: 'bad_request' },
  { name: 'no API key', method: 'POST', path: PATH, options: { json: VALID, apiKey: null }, status: 401, code: 'auth_invalid' },
  { name: 'API key with a NUL', method: 'GET', path: PATH, options: { apiKey: 'key\u0000with-nul' }, status: 401, code: 'auth_invalid' },
];

describe('fifty bad inputs', () => {
  let h: Harness;
  let context: Context;
  let before: string;

  const snapshot = async (): Promise<string> => {
    const res = await h.request('GET', `${PATH}?limit=200`);
    expect(res.status).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    h = createHarness();
    const ids: string[] = [];
    for (const name of ['first', 'second', 'third']) {
      const res = await h.request('POST', PATH, { json: { ...VALID, name, base_url: 'https://api.example.com' } });
      expect(res.status).toBe(201);
      ids.push(res.json<{ id: string }>().id);
    }
    const page = await h.request('GET', `${PATH}?limit=1`);
    const cursor = page.json<{ next_cursor: string | null }>().next_cursor;
    expect(cursor).toEqual(expect.any(String));
    context = { id: ids[0]!, cursor: cursor! };
    before = await snapshot();
  });

  it('has at least fifty distinct cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(50);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it.each(CASES)('$name → $status $code', async (bad) => {
    const path = typeof bad.path === 'function' ? bad.path(context) : bad.path;
    const options = typeof bad.options === 'function' ? bad.options(context) : (bad.options ?? {});
    const res = await h.request(bad.method, path, options);
    expect({ status: res.status, body: res.text().slice(0, 300) }).toMatchObject({ status: bad.status });
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['request-id']).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    const problem = res.json<{ code: string; detail: string; validation: unknown }>();
    expect(problem).toEqual({ code: bad.code, detail: expect.any(String), validation: null });
    expect(problem.detail.length).toBeGreaterThan(0);
    expect(problem.detail.length).toBeLessThan(1000);
    if (bad.code === 'validation' && bad.method === 'GET') expect(problem.detail).toMatch(/^limit\b/);
  });

  describe('afterwards', () => {
    it('left every credential as it was', async () => {
      expect(await snapshot()).toBe(before);
      const opened = await h.plane.services.credentials.open(
        { organizationId: h.workspaces.alpha!.organizationId, workspaceId: h.workspaces.alpha!.id, via: 'api_key' },
        context.id,
      );
      expect(opened).toEqual({ baseUrl: 'https://api.example.com', header: 'X-Api-Key', value: 'v' });
    });

    it('still serves normal requests', async () => {
      const created = await h.request('POST', PATH, { json: { name: 'after the storm', header: 'X-Api-Key', value: 'fine' } });
      expect(created.status).toBe(201);
      const id = created.json<{ id: string }>().id;
      const listed = await h.request('GET', `${PATH}?limit=2`);
      expect(listed.status).toBe(200);
      expect(listed.json<{ credentials: Array<{ id: string }> }>().credentials[0]?.id).toBe(id);
      const next = listed.json<{ next_cursor: string | null }>().next_cursor;
      const second = await h.request('GET', `${PATH}?limit=2&cursor=${encodeURIComponent(next!)}`);
      expect(second.status).toBe(200);
      expect((await h.request('PATCH', `${PATH}/${id}`, { json: { name: 'renamed' } })).status).toBe(200);
      expect((await h.request('DELETE', `${PATH}/${id}`)).status).toBe(204);
    });
  });
});
