/**
 * The Credentials API through the in-memory harness: SPEC 2.1, 2.2, 4.1 and 8 (paging),
 * DESIGN section 3 (PATCH, DELETE, base URL rules), the promise that a value never leaves, and
 * what a build's request.credential_id may name (SPEC 5 and 7).
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, encodeMultipart, type Harness, type HarnessResponse } from '@simplane/harness';
import { SimplaneError, type CredentialRepository, type Logger, type Principal } from '@simplane/core';
import { expectProblem } from '../support/problem.js';
import { tinyDocument } from '../support/gated-provider.js';
import type { Credential, CredentialList } from '../support/credential-types.js';

const CRD_ID = /^crd_[0-9A-HJKMNP-TV-Z]{26}$/;
const PATH = '/v1/credentials';




const VALID = { name: 'stripe test', base_url: 'https://api.stripe.com', header: 'Authorization', value: 'Bearer sk_test_123' };


function expectCredential(res: HarnessResponse, status: number): Credential {
  expect({ status: res.status, body: res.text() }).toMatchObject({ status });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Credential>();
  expect(Object.keys(body).sort()).toEqual(['base_url', 'created_at', 'header', 'id', 'name']);
  expect(body.id).toMatch(CRD_ID);
  return body;
}

async function create(h: Harness, fields: Record<string, unknown> = {}, apiKey?: string): Promise<Credential> {
  const res = await h.request('POST', PATH, { json: { ...VALID, ...fields }, apiKey });
  return expectCredential(res, 201);
}

async function list(h: Harness, query = '', apiKey?: string): Promise<CredentialList> {
  const res = await h.request('GET', `${PATH}${query}`, { apiKey });
  expect({ status: res.status, body: res.text().slice(0, 300) }).toMatchObject({ status: 200 });
  const body = res.json<CredentialList>();
  expect(Object.keys(body).sort()).toEqual(['credentials', 'next_cursor']);
  return body;
}

/** The API key of a workspace; fails loudly rather than fall back to the default key. */
function keyOf(h: Harness, workspace: string): string {
  const key = h.keys[workspace];
  if (key === undefined) throw new Error(`no API key for ${workspace}`);
  return key;
}

function repositoryOf(h: Harness): CredentialRepository {
  return h.plane.ports.credentialRepository;
}

function principalOf(h: Harness, workspace: string): Principal {
  const ws = h.workspaces[workspace];
  if (ws === undefined) throw new Error(`no workspace ${workspace}`);
  return { organizationId: ws.organizationId, workspaceId: ws.id, via: 'api_key' };
}

/** A well-formed ID that no record has. */
const UNKNOWN_ID = 'crd_01HZZZZZZZZZZZZZZZZZZZZZZZ';

describe('POST /v1/credentials', () => {
  it('answers 201 with exactly id, name, base_url, header and created_at', async () => {
    const h = createHarness();
    h.clock.set('2031-02-03T04:05:06.789Z');
    const res = await h.request('POST', PATH, { json: VALID });
    const body = expectCredential(res, 201);
    expect(body).toEqual({
      id: body.id,
      name: VALID.name,
      base_url: VALID.base_url,
      header: VALID.header,
      created_at: '2031-02-03T04:05:06.789Z',
    });
    expect(body.id).not.toBe(VALID.value);
    expect(res.text()).not.toContain(VALID.value);
  });

  it('mints a new ID per credential, and names need not be unique', async () => {
    const h = createHarness();
    const a = await create(h, { name: 'same' });
    const b = await create(h, { name: 'same' });
    expect(a.id).not.toBe(b.id);
    expect((await list(h)).credentials.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('stores null for a credential created without a base URL or with base_url null', async () => {
    const h = createHarness();
    const { base_url: _omit, ...withoutBaseUrl } = VALID;
    const absent = expectCredential(await h.request('POST', PATH, { json: withoutBaseUrl }), 201);
    const explicit = await create(h, { base_url: null });
    expect(absent.base_url).toBeNull();
    expect(explicit.base_url).toBeNull();
    const fetched = expectCredential(await h.request('GET', `${PATH}/${absent.id}`), 200);
    expect(Object.hasOwn(fetched, 'base_url')).toBe(true);
    expect(fetched.base_url).toBeNull();
  });

  it.each([
    'https://api.example.com',
    'https://api.example.com:8443/v2/',
    'https://api.example.com/base?region=eu',
    'https://127.0.0.1',
    'https://localhost:9443',
  ])('accepts the https base URL %s', async (baseUrl) => {
    const h = createHarness();
    expect((await create(h, { base_url: baseUrl })).base_url).toBe(baseUrl);
  });

  it.each([
    ['http://api.example.com', 'plain http'],
    ['http://localhost:8080', 'http to loopback without allow_http_loopback_credentials'],
    ['http://127.0.0.1', 'http to loopback IPv4 without the setting'],
    ['ftp://files.example.com', 'another scheme'],
    ['javascript:alert(1)', 'a script URL'],
    ['api.example.com', 'no scheme'],
    ['/relative/path', 'a relative URL'],
    ['https://', 'no host'],
    ['https://user:secret@api.example.com', 'user info with password'],
    ['https://user@api.example.com', 'user info without password'],
    ['https://api.example.com/#section', 'a fragment'],
    ['https://api.example.com/#', 'an empty fragment'],
    [' https://api.example.com', 'leading whitespace'],
    ['https://api.example.com\n', 'a trailing newline'],
    ['https://api.exa\tmple.com', 'a tab inside the host'],
    ['', 'an empty string'],
    [`https://api.example.com/${'p'.repeat(2048)}`, 'more than 2048 characters'],
  ])('refuses the base URL %j (%s) with 422 naming base_url', async (baseUrl) => {
    const h = createHarness();
    const problem = expectProblem(await h.request('POST', PATH, { json: { ...VALID, base_url: baseUrl } }), 422, 'validation');
    expect(problem.detail).toMatch(/^base_url\b/);
    expect((await list(h)).credentials).toEqual([]);
  });

  describe('with allow_http_loopback_credentials', () => {
    it.each(['http://localhost:8080', 'http://127.0.0.1/api', 'http://127.1.2.3:9000', 'http://[::1]:3000/'])(
      'accepts the loopback http URL %s',
      async (baseUrl) => {
        const h = createHarness({ config: { allow_http_loopback_credentials: true } });
        expect((await create(h, { base_url: baseUrl })).base_url).toBe(baseUrl);
      },
    );

    it.each([
      'http://api.example.com',
      'http://localhost.example.com',
      'http://10.0.0.1',
      'http://192.168.1.10:8080',
      'http://user:pw@localhost:8080',
      'http://localhost:8080/#frag',
    ])('still refuses %s', async (baseUrl) => {
      const h = createHarness({ config: { allow_http_loopback_credentials: true } });
      const problem = expectProblem(await h.request('POST', PATH, { json: { ...VALID, base_url: baseUrl } }), 422, 'validation');
      expect(problem.detail).toMatch(/^base_url\b/);
    });
  });

  it.each(['X-Api-Key', 'Authorization', 'x_token', "A!#$%&'*+.^_`|~-9", 'h'.repeat(256)])(
    'accepts the header name %s',
    async (header) => {
      const h = createHarness();
      expect((await create(h, { header })).header).toBe(header);
    },
  );

  it.each([
    ['X Api Key', 'a space'],
    ['X-Api-Key:', 'a colon'],
    ['', 'empty'],
    ['X-Ápi', 'a non-ASCII letter'],
    ['X-Key\r\nInjected: 1', 'CR LF'],
    ['X-(Key)', 'separators'],
    ['Host', 'a framing header'],
    ['content-length', 'a framing header in lower case'],
    ['Transfer-Encoding', 'a framing header'],
    ['Simulation-Token', "Simplane's own header"],
    ['h'.repeat(257), 'more than 256 characters'],
  ])('refuses the header %j (%s) with 422 naming header', async (header) => {
    const h = createHarness();
    const problem = expectProblem(await h.request('POST', PATH, { json: { ...VALID, header } }), 422, 'validation');
    expect(problem.detail).toMatch(/^header\b/);
  });

  it.each([
    ['name', ''],
    ['name', 'n'.repeat(201)],
    ['name', 'tab\there'],
    ['name', 42],
    ['header', null],
    ['value', ''],
    ['value', 7],
    ['value', 'v'.repeat(8193)],
  ])('refuses %s = %j with 422 naming the field', async (field, bad) => {
    const h = createHarness();
    const problem = expectProblem(await h.request('POST', PATH, { json: { ...VALID, [field]: bad } }), 422, 'validation');
    expect(problem.detail.startsWith(`${field}:`)).toBe(true);
  });

  it('accepts a 200-character name and an 8192-character value', async () => {
    const h = createHarness();
    const created = await create(h, { name: 'n'.repeat(200), value: 'v'.repeat(8192) });
    expect(created.name).toBe('n'.repeat(200));
  });

  it.each(['name', 'header', 'value'])('refuses a body without %s, naming it', async (field) => {
    const h = createHarness();
    const body: Record<string, unknown> = { ...VALID };
    delete body[field];
    const problem = expectProblem(await h.request('POST', PATH, { json: body }), 422, 'validation');
    expect(problem.detail.startsWith(`${field}:`)).toBe(true);
  });

  it('refuses an unknown field, naming it', async () => {
    const h = createHarness();
    const problem = expectProblem(await h.request('POST', PATH, { json: { ...VALID, secret: 'x' } }), 422, 'validation');
    expect(problem.detail).toContain('secret');
  });
});

describe('GET /v1/credentials/{id}', () => {
  it('returns the stored credential, exactly as created', async () => {
    const h = createHarness();
    const created = await create(h);
    await create(h, { name: 'another' });
    const res = await h.request('GET', `${PATH}/${created.id}`);
    expect(expectCredential(res, 200)).toEqual(created);
    expect(res.text()).not.toContain(VALID.value);
  });

  it('answers 404 credential_not_found for an unknown ID', async () => {
    expect(UNKNOWN_ID).toMatch(CRD_ID);
    const h = createHarness();
    await create(h);
    const problem = expectProblem(await h.request('GET', `${PATH}/${UNKNOWN_ID}`), 404, 'credential_not_found');
    expect(problem.detail).not.toContain(VALID.value);
  });

  it.each([
    'abc',
    'crd_',
    'crd_01hzzzzzzzzzzzzzzzzzzzzzzz',
    'crd_01HZZZZZZZZZZZZZZZZZZZZZZZZ',
    'crd_01HZZZZZZZZZZZZZZZZZZZZZZ',
    'crd_01HZZZZZZZZZZZZZZZZZZZZZZI',
    'smr_01HZZZZZZZZZZZZZZZZZZZZZZZ',
    'crd_%00',
    'crd_%ZZ',
  ])('answers 404 credential_not_found for the malformed ID %s', async (id) => {
    const h = createHarness();
    expectProblem(await h.request('GET', `${PATH}/${id}`), 404, 'credential_not_found');
  });
});

describe('GET /v1/credentials', () => {
  it('answers an empty page for a workspace without credentials', async () => {
    const h = createHarness();
    expect(await list(h)).toEqual({ credentials: [], next_cursor: null });
  });

  it('lists newest first by created_at', async () => {
    const h = createHarness();
    h.clock.set('2030-01-01T00:00:00.000Z');
    const first = await create(h, { name: 'first' });
    h.clock.set('2030-01-01T00:00:01.000Z');
    const second = await create(h, { name: 'second' });
    h.clock.set('2030-01-02T00:00:00.000Z');
    const third = await create(h, { name: 'third' });
    // Created last, but dated earliest: newest first means by created_at.
    h.clock.set('2029-12-31T23:59:59.999Z');
    const backdated = await create(h, { name: 'backdated' });
    const page = await list(h);
    expect(page.credentials.map((c) => c.name)).toEqual(['third', 'second', 'first', 'backdated']);
    expect(page.credentials).toEqual([third, second, first, backdated]);
    expect(page.next_cursor).toBeNull();
  });

  it('puts the later of two credentials created in the same millisecond first', async () => {
    const h = createHarness();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await create(h, { name: `c${i}` })).id);
    expect((await list(h)).credentials.map((c) => c.id)).toEqual([...ids].reverse());
  });

  it('returns metadata only: no value in any listed credential', async () => {
    const h = createHarness();
    await create(h, { value: 'listed-secret-1' });
    await create(h, { value: 'listed-secret-2' });
    const res = await h.request('GET', PATH);
    expect(res.text()).not.toContain('listed-secret');
    for (const credential of res.json<CredentialList>().credentials) {
      expect(Object.keys(credential).sort()).toEqual(['base_url', 'created_at', 'header', 'id', 'name']);
    }
  });

  it('pages by 50 by default, with next_cursor null on the last page', async () => {
    const h = createHarness();
    const ids: string[] = [];
    for (let i = 0; i < 51; i += 1) ids.push((await create(h, { name: `c${i}` })).id);
    const first = await list(h);
    expect(first.credentials).toHaveLength(50);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await list(h, `?cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.credentials.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
  });

  it('answers next_cursor null when the last page is exactly full', async () => {
    const h = createHarness();
    for (let i = 0; i < 10; i += 1) await create(h, { name: `c${i}` });
    const first = await list(h, '?limit=5');
    expect(first.credentials).toHaveLength(5);
    expect(first.next_cursor).not.toBeNull();
    const second = await list(h, `?limit=5&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.credentials).toHaveLength(5);
    expect(second.next_cursor).toBeNull();
    const one = await list(h, '?limit=10');
    expect(one.credentials).toHaveLength(10);
    expect(one.next_cursor).toBeNull();
  });

  describe('over more than 200 credentials', () => {
    const TOTAL = 205;
    let h: Harness;
    /** IDs in the order the API must list them: newest first. */
    let expected: string[];

    beforeAll(async () => {
      h = createHarness();
      h.clock.set('2030-06-01T00:00:00.000Z');
      const created: string[] = [];
      for (let i = 0; i < TOTAL; i += 1) {
        // Three credentials share each millisecond, so page boundaries fall inside ties.
        if (i % 3 === 0) h.clock.advance(1);
        created.push((await create(h, { name: `bulk ${i}` })).id);
      }
      expected = created.reverse();
      // A credential of the other workspace must never show up in alpha's pages.
      await create(h, { name: 'beta only' }, keyOf(h, 'beta'));
    }, 60_000);

    it.each([
      ['', 50],
      ['?limit=1', 1],
      ['?limit=7', 7],
      ['?limit=200', 200],
      ['?limit=201', 200],
      ['?limit=1000', 200],
      ['?limit=9223372036854775807', 200],
      ['?limit=0', 50],
      ['?limit=-1', 50],
      ['?limit=-9223372036854775808', 50],
    ])('query %j gives a page of %i', async (query, size) => {
      const page = await list(h, query);
      expect(page.credentials.map((c) => c.id)).toEqual(expected.slice(0, size));
      expect(page.next_cursor).not.toBeNull();
    });

    it.each([1, 7, 50, 200])('walks every page with limit %i, without duplicates or gaps', async (limit) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
        const page = await list(h, query);
        pages += 1;
        if (page.next_cursor !== null) expect(page.credentials).toHaveLength(limit);
        seen.push(...page.credentials.map((c) => c.id));
        cursor = page.next_cursor;
      } while (cursor !== null && pages <= TOTAL + 1);
      expect(seen).toEqual(expected);
      expect(new Set(seen).size).toBe(TOTAL);
      expect(pages).toBe(Math.ceil(TOTAL / limit));
    });

    it('gives the same page for the same cursor every time', async () => {
      const first = await list(h, '?limit=3');
      const query = `?limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`;
      const again = await list(h, query);
      expect(await list(h, query)).toEqual(again);
      expect(again.credentials.map((c) => c.id)).toEqual(expected.slice(3, 6));
    });

    it('answers 400 bad_request for a cursor of alpha used by beta', async () => {
      const alphaPage = await list(h, '?limit=2');
      const res = await h.request('GET', `${PATH}?cursor=${encodeURIComponent(alphaPage.next_cursor!)}`, { apiKey: keyOf(h, 'beta') });
      expectProblem(res, 400, 'bad_request');
    });
  });

  it('keeps a walk consistent when credentials are added or the cursor record is deleted', async () => {
    const h = createHarness();
    const created: string[] = [];
    for (let i = 0; i < 6; i += 1) created.push((await create(h, { name: `c${i}` })).id);
    const newestFirst = [...created].reverse();
    const first = await list(h, '?limit=3');
    expect(first.credentials.map((c) => c.id)).toEqual(newestFirst.slice(0, 3));
    // A newer credential sorts before the cursor; deleting the record the cursor points at
    // must not break the keyset.
    await create(h, { name: 'newcomer' });
    expect((await h.request('DELETE', `${PATH}/${newestFirst[2]}`)).status).toBe(204);
    const second = await list(h, `?limit=3&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.credentials.map((c) => c.id)).toEqual(newestFirst.slice(3, 6));
    expect(second.next_cursor).toBeNull();
  });

  describe('cursors that are not usable', () => {
    let h: Harness;
    let cursor: string;

    beforeAll(async () => {
      h = createHarness();
      for (let i = 0; i < 3; i += 1) await create(h, { name: `c${i}` });
      cursor = (await list(h, '?limit=1')).next_cursor!;
      expect(cursor).toEqual(expect.any(String));
    });

    const flip = (text: string, index: number): string => {
      const at = index < 0 ? text.length + index : index;
      const replacement = text[at] === 'A' ? 'B' : 'A';
      return text.slice(0, at) + replacement + text.slice(at + 1);
    };

    it.each<[string, (c: string) => string]>([
      ['a changed payload character', (c) => flip(c, 0)],
      ['a changed signature character', (c) => flip(c, c.indexOf('.') + 1)],
      ['a changed last character', (c) => flip(c, -1)],
      ['a truncated cursor', (c) => c.slice(0, -1)],
      ['an extra segment', (c) => `${c}.x`],
      ['no signature', (c) => c.split('.')[0]!],
      ['a payload of our own with the real signature', (c) => `${Buffer.from('["2000-01-01T00:00:00.000Z","crd_00000000000000000000000000"]').toString('base64url')}.${c.split('.')[1]}`],
      ['garbage', () => 'not-a-cursor'],
      ['an empty value', () => ''],
      ['a very long value', (c) => c.repeat(200)],
    ])('answers 400 bad_request for %s', async (_label, tamper) => {
      const res = await h.request('GET', `${PATH}?cursor=${encodeURIComponent(tamper(cursor))}`);
      expectProblem(res, 400, 'bad_request');
    });

    it('still accepts the untampered cursor', async () => {
      expect((await list(h, `?limit=1&cursor=${encodeURIComponent(cursor)}`)).credentials).toHaveLength(1);
    });
  });

  it.each(['abc', '1.5', '', '1e2', '0x10', ' 5', '5 ', '99999999999999999999', 'ten'])(
    'answers 422 validation naming limit for limit=%j',
    async (limit) => {
      const h = createHarness();
      await create(h);
      const problem = expectProblem(await h.request('GET', `${PATH}?limit=${encodeURIComponent(limit)}`), 422, 'validation');
      expect(problem.detail).toMatch(/^limit\b/);
    },
  );
});

describe('PATCH /v1/credentials/{id}', () => {
  async function setup(fields: Record<string, unknown> = {}) {
    const h = createHarness();
    h.clock.set('2030-03-03T03:03:03.003Z');
    const created = await create(h, { value: 'original-secret', ...fields });
    h.clock.advance(60_000);
    const patch = (body: unknown) => h.request('PATCH', `${PATH}/${created.id}`, { json: body });
    const open = () => h.plane.services.credentials.open(principalOf(h, 'alpha'), created.id);
    const get = async () => expectCredential(await h.request('GET', `${PATH}/${created.id}`), 200);
    return { h, created, patch, open, get };
  }

  it('renames without a value and keeps everything else, created_at included', async () => {
    const { created, patch, open, get } = await setup();
    const updated = expectCredential(await patch({ name: 'renamed' }), 200);
    expect(updated).toEqual({ ...created, name: 'renamed' });
    expect(await get()).toEqual(updated);
    expect((await open()).value).toBe('original-secret');
  });

  it.each([
    [{ header: 'X-Other-Key' }, 'a new header'],
    [{ base_url: 'https://other.example.com' }, 'a new base URL'],
    [{ base_url: null }, 'removing the base URL'],
    [{ name: 'x', header: 'X-Other-Key' }, 'a new header with a new name'],
  ])('refuses %j (%s) without a value: 422 naming value, nothing changes', async (body, _label) => {
    const { created, patch, open, get } = await setup();
    const problem = expectProblem(await patch(body), 422, 'validation');
    expect(problem.detail).toMatch(/^value\b/);
    expect(await get()).toEqual(created);
    expect((await open()).value).toBe('original-secret');
  });

  it('refuses adding a base URL to a credential without one unless a value comes with it', async () => {
    const { created, patch, get } = await setup({ base_url: null });
    const problem = expectProblem(await patch({ base_url: 'https://new.example.com' }), 422, 'validation');
    expect(problem.detail).toMatch(/^value\b/);
    expect(await get()).toEqual(created);
    const updated = expectCredential(await patch({ base_url: 'https://new.example.com', value: 'v2' }), 200);
    expect(updated.base_url).toBe('https://new.example.com');
  });

  it('changes header and base URL when a new value comes with them', async () => {
    const { created, patch, open, get } = await setup();
    const res = await patch({ header: 'X-Other-Key', base_url: 'https://other.example.com', value: 'rotated-secret' });
    const updated = expectCredential(res, 200);
    expect(updated).toEqual({ ...created, header: 'X-Other-Key', base_url: 'https://other.example.com' });
    expect(res.text()).not.toContain('rotated-secret');
    expect(await get()).toEqual(updated);
    expect(await open()).toEqual({ baseUrl: 'https://other.example.com', header: 'X-Other-Key', value: 'rotated-secret' });
  });

  it('accepts the unchanged base URL and header without a value', async () => {
    const { created, patch, open } = await setup();
    const updated = expectCredential(await patch({ name: 'same', base_url: created.base_url, header: created.header }), 200);
    expect(updated).toEqual({ ...created, name: 'same' });
    expect((await open()).value).toBe('original-secret');
  });

  it('accepts base_url null on a credential that has none, without a value', async () => {
    const { created, patch } = await setup({ base_url: null });
    expect(expectCredential(await patch({ base_url: null }), 200)).toEqual(created);
  });

  it('rotates the value alone', async () => {
    const { created, patch, open } = await setup();
    const res = await patch({ value: 'rotated-only' });
    expect(expectCredential(res, 200)).toEqual(created);
    expect(res.text()).not.toContain('rotated-only');
    expect((await open()).value).toBe('rotated-only');
  });

  it('answers 422 for an empty patch', async () => {
    const { created, patch, get } = await setup();
    expectProblem(await patch({}), 422, 'validation');
    expect(await get()).toEqual(created);
  });

  it.each([
    [{ base_url: 'http://other.example.com', value: 'v' }, 'base_url'],
    [{ base_url: 'https://u:p@other.example.com', value: 'v' }, 'base_url'],
    [{ header: 'Bad Header', value: 'v' }, 'header'],
    [{ name: '' }, 'name'],
    [{ value: '' }, 'value'],
    [{ name: 'ok', extra: 1 }, 'extra'],
  ])('refuses %j with 422 naming %s, changing nothing', async (body, field) => {
    const { created, patch, get, open } = await setup();
    const problem = expectProblem(await patch(body), 422, 'validation');
    expect(problem.detail).toContain(field);
    expect(await get()).toEqual(created);
    expect((await open()).value).toBe('original-secret');
  });

  it('accepts a loopback http base URL only when the setting allows it', async () => {
    const h = createHarness({ config: { allow_http_loopback_credentials: true } });
    const created = await create(h);
    const res = await h.request('PATCH', `${PATH}/${created.id}`, { json: { base_url: 'http://localhost:4010', value: 'v' } });
    expect(expectCredential(res, 200).base_url).toBe('http://localhost:4010');
  });

  it('answers 404 credential_not_found for unknown and malformed IDs', async () => {
    const h = createHarness();
    await create(h);
    expectProblem(await h.request('PATCH', `${PATH}/${UNKNOWN_ID}`, { json: { name: 'x' } }), 404, 'credential_not_found');
    expectProblem(await h.request('PATCH', `${PATH}/nope`, { json: { name: 'x' } }), 404, 'credential_not_found');
  });
});

describe('DELETE /v1/credentials/{id}', () => {
  it('answers 204 without a body, after which the credential is gone', async () => {
    const h = createHarness();
    const keep = await create(h, { name: 'keep' });
    const doomed = await create(h, { name: 'doomed' });
    const res = await h.request('DELETE', `${PATH}/${doomed.id}`);
    expect(res.status).toBe(204);
    expect(res.body.byteLength).toBe(0);
    expectProblem(await h.request('GET', `${PATH}/${doomed.id}`), 404, 'credential_not_found');
    expectProblem(await h.request('PATCH', `${PATH}/${doomed.id}`, { json: { name: 'x' } }), 404, 'credential_not_found');
    expectProblem(await h.request('DELETE', `${PATH}/${doomed.id}`), 404, 'credential_not_found');
    expect((await list(h)).credentials).toEqual([keep]);
    expect(await repositoryOf(h).get(doomed.id)).toBeNull();
  });

  it.each(['nope', 'crd_123', UNKNOWN_ID])('answers 404 credential_not_found for %s', async (id) => {
    const h = createHarness();
    const keep = await create(h);
    expectProblem(await h.request('DELETE', `${PATH}/${id}`), 404, 'credential_not_found');
    expect((await list(h)).credentials).toEqual([keep]);
  });
});

describe('the secret value', () => {
  function capturingLogger(): { logger: Logger; lines: string[] } {
    const lines: string[] = [];
    const write = (level: string) => (message: string, fields?: Record<string, unknown>) => {
      lines.push(JSON.stringify({ level, message, ...fields }));
    };
    return { lines, logger: { info: write('info'), warn: write('warn'), error: write('error'), request: (line) => write('info')('request', { ...line }) } };
  }

  it('never appears in any response body or header, nor in the log, whatever the operation', async () => {
    const secret = `sk_live_${randomUUID()}`;
    const rotated = `sk_rotated_${randomUUID()}`;
    const { logger, lines } = capturingLogger();
    const h = createHarness({ logger });
    const responses: HarnessResponse[] = [];
    const call = async (method: string, path: string, json?: unknown, apiKey?: string) => {
      const res = await h.request(method, path, { json, apiKey });
      responses.push(res);
      return res;
    };

    const created = (await call('POST', PATH, { ...VALID, value: secret })).json<Credential>();
    await call('GET', `${PATH}/${created.id}`);
    await call('GET', PATH);
    await call('GET', `${PATH}?limit=1`);
    await call('PATCH', `${PATH}/${created.id}`, { name: 'renamed' });
    await call('PATCH', `${PATH}/${created.id}`, { header: 'X-Other' });
    await call('PATCH', `${PATH}/${created.id}`, { header: 'X-Other', value: rotated });
    await call('GET', `${PATH}/${created.id}`, undefined, keyOf(h, 'beta'));
    await call('PATCH', `${PATH}/${created.id}`, { value: secret }, keyOf(h, 'beta'));
    // Failures carrying the secret in the body: none may echo it.
    await call('POST', PATH, { ...VALID, name: '', value: secret });
    await call('POST', PATH, { ...VALID, value: `${secret}\r\nX-Injected: 1` });
    await call('POST', PATH, { ...VALID, value: `${secret}${'x'.repeat(8192)}` });
    await call('POST', PATH, { ...VALID, value: secret, base_url: 'http://evil.example.com' });
    await call('POST', PATH, { ...VALID, value: secret, header: 'Bad Header' });
    await call('POST', PATH, { ...VALID, value: secret, unexpected: true });
    await call('POST', PATH, { ...VALID, value: [secret] });
    await call('POST', PATH, { ...VALID, value: { secret } });
    await call('PATCH', `${PATH}/${created.id}`, { value: `${rotated}\n` });
    await call('PATCH', `${PATH}/${created.id}`, { value: rotated, base_url: 'https://u:p@example.com' });
    await call('DELETE', `${PATH}/${created.id}`);
    await call('GET', `${PATH}/${created.id}`);

    expect(responses.map((r) => r.status)).toEqual([
      201, 200, 200, 200, 200, 422, 200, 403, 403, 422, 422, 422, 422, 422, 422, 422, 422, 422, 422, 204, 404,
    ]);
    for (const needle of [secret, rotated]) {
      const bytes = Buffer.from(needle);
      const encoded = [Buffer.from(needle).toString('base64'), Buffer.from(needle).toString('base64url')];
      for (const res of responses) {
        expect(res.body.includes(bytes)).toBe(false);
        const headers = JSON.stringify(res.headers);
        expect(headers.includes(needle)).toBe(false);
        for (const e of encoded) expect(res.body.includes(Buffer.from(e))).toBe(false);
      }
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.some((line) => line.includes(needle))).toBe(false);
    }
  });

  it('is encrypted at rest and opens again through CredentialService.open', async () => {
    const h = createHarness();
    const secret = `at-rest-${randomUUID()}`;
    const a = await create(h, { value: secret });
    const b = await create(h, { value: secret, base_url: 'https://b.example.com' });
    const repository = repositoryOf(h);
    const storedA = await repository.get(a.id);
    const storedB = await repository.get(b.id);
    expect(storedA).not.toBeNull();
    expect(storedB).not.toBeNull();
    const rawA = JSON.stringify(storedA);
    expect(rawA).not.toContain(secret);
    for (const encoding of ['base64', 'base64url', 'hex'] as const) {
      expect(storedA!.sealedValue).not.toContain(Buffer.from(secret).toString(encoding));
    }
    expect(storedA!.sealedValue.length).toBeGreaterThan(0);
    // Random IVs: the same value seals differently on two credentials.
    expect(storedA!.sealedValue).not.toBe(storedB!.sealedValue);

    const opened = await h.plane.services.credentials.open(principalOf(h, 'alpha'), a.id);
    expect(opened).toEqual({ baseUrl: VALID.base_url, header: VALID.header, value: secret });
    expect((await h.plane.services.credentials.open(principalOf(h, 'alpha'), b.id)).value).toBe(secret);
  });

  it('is bound to its credential: a sealed value copied onto another record does not open', async () => {
    const h = createHarness();
    const a = await create(h, { value: 'value-of-a' });
    const b = await create(h, { value: 'value-of-b' });
    const repository = repositoryOf(h);
    const storedA = (await repository.get(a.id))!;
    const storedB = (await repository.get(b.id))!;
    await repository.update({ ...storedB, sealedValue: storedA.sealedValue });
    await expect(h.plane.services.credentials.open(principalOf(h, 'alpha'), b.id)).rejects.toThrow();
    expect((await h.plane.services.credentials.open(principalOf(h, 'alpha'), a.id)).value).toBe('value-of-a');
  });

  it('opens only for its own workspace, and only with a base URL', async () => {
    const h = createHarness();
    const withUrl = await create(h);
    const withoutUrl = await create(h, { base_url: null });
    const services = h.plane.services.credentials;
    const codeOf = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return 'resolved';
      } catch (error) {
        return SimplaneError.is(error) ? error.code : 'not a SimplaneError';
      }
    };
    expect(await codeOf(services.open(principalOf(h, 'beta'), withUrl.id))).toBe('auth_forbidden');
    expect(await codeOf(services.open(principalOf(h, 'alpha'), withoutUrl.id))).toBe('validation');
    expect(await codeOf(services.open(principalOf(h, 'alpha'), UNKNOWN_ID))).toBe('credential_not_found');
  });
});

describe('a build naming a credential (POST /v1/simulators, request.credential_id)', () => {
  async function build(h: Harness, credentialId: string, apiKey?: string): Promise<HarnessResponse> {
    const { body, contentType } = await encodeMultipart([
      { name: 'spec', value: tinyDocument('With a credential'), filename: 'things.yaml' },
      { name: 'request', value: JSON.stringify({ credential_id: credentialId }) },
    ]);
    return h.request('POST', '/v1/simulators', { body, headers: { 'content-type': contentType }, apiKey });
  }

  /** A refused build leaves no Simulator and uses none of the day's allowance. */
  async function expectNothingBuilt(h: Harness, apiKey?: string): Promise<void> {
    expect((await h.request('GET', '/v1/simulators?source=workspace', { apiKey })).json<{ simulators: unknown[] }>().simulators).toEqual([]);
    expect((await h.request('GET', '/v1/quota', { apiKey })).json<{ builds_today: { used: number } }>().builds_today.used).toBe(0);
  }

  it('accepts a credential of the workspace that has a base URL', async () => {
    const h = createHarness({ config: { catalog: false } });
    const credential = await create(h);
    const res = await build(h, credential.id);
    expect({ status: res.status, body: res.text() }).toMatchObject({ status: 202 });
    expect(res.json<{ credential_id: string | null }>().credential_id).toBe(credential.id);
  });

  it.each([
    ['an unknown credential', UNKNOWN_ID],
    ['a malformed ID', 'not-a-credential'],
    ['the ID of another kind of record', 'smr_01HZZZZZZZZZZZZZZZZZZZZZZZ'],
  ])('answers 400 bad_request to %s, naming the field', async (_name, id) => {
    const h = createHarness({ config: { catalog: false } });
    const res = await build(h, id);
    expect(expectProblem(res, 400, 'bad_request').detail).toMatch(/^credential_id:/);
    await expectNothingBuilt(h);
  });

  it("answers 403 auth_forbidden to another workspace's credential, and builds nothing", async () => {
    const h = createHarness({ config: { catalog: false } });
    const betas = await create(h, {}, keyOf(h, 'beta'));
    const res = await build(h, betas.id, keyOf(h, 'alpha'));
    expectProblem(res, 403, 'auth_forbidden');
    await expectNothingBuilt(h, keyOf(h, 'alpha'));
    expectCredential(await h.request('GET', `${PATH}/${betas.id}`, { apiKey: keyOf(h, 'beta') }), 200);
  });

  it('answers 422 validation to a credential of the workspace without a base URL', async () => {
    const h = createHarness({ config: { catalog: false } });
    const withoutUrl = await create(h, { base_url: null });
    const res = await build(h, withoutUrl.id);
    expect(expectProblem(res, 422, 'validation').detail).toMatch(/^credential_id: .*base_url/);
    await expectNothingBuilt(h);
  });
});
