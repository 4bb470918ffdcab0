import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { SimClient } from '../../testing/sim-client.js';
import { idExample, idLike } from './example-id.js';
import { randomFor } from '../values/random.js';

/** A collection whose id field has the schema `idSchema`. */
function doc(idSchema: object): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Shaped', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
          responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
      '/things/{thingId}': {
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: { schemas: { Thing: { type: 'object', properties: { id: { readOnly: true, ...idSchema }, name: { type: 'string' } } } } },
  });
}

async function mint(idSchema: object, count = 20): Promise<string[]> {
  const { artifact } = await compileArtifact(doc(idSchema));
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  return Array.from({ length: count }, (_, i) => {
    const made = client.call({ method: 'POST', path: '/things', body: { name: `n${i}` } });
    expect(made.status).toBe(201);
    const id = (made.json as { id: string }).id;
    expect(client.call({ method: 'GET', path: `/things/${encodeURIComponent(id)}` }).json).toEqual(made.json);
    return id;
  });
}

describe('ids shaped like the example the document gives', () => {
  it('keeps a prefix and draws the rest from the example\'s alphabet, distinct and readable back', async () => {
    const ids = await mint({ type: 'string', example: 'cus_NffrFeUfNV2Hib' });
    for (const id of ids) expect(id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.join('')).toMatch(/[0-9]/);
  });

  it('mints digits for a numeric text, lengthened to ten and not starting with 0; hex for hex; a UUID for a UUID', async () => {
    for (const id of await mint({ type: 'string', example: '12345' })) expect(id).toMatch(/^[1-9][0-9]{9}$/);
    for (const id of await mint({ type: 'string', example: '54350110fedcbaf01234ffee' })) expect(id).toMatch(/^[0-9a-f]{24}$/);
    for (const id of await mint({ type: 'string', example: '58063D82-4128-7B43-BBA9-92F706BEFCDF' })) expect(id).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    for (const id of await mint({ type: 'string', example: 'ord-2024/0001' })) expect(id).toMatch(/^ord-[0-9]{4}\/[0-9]{6}$/);
    // A text of digits by pattern is a sequence, as a database would number it.
    expect(await mint({ type: 'string', pattern: '^[0-9]+$' }, 3)).toEqual(['1', '2', '3']);
  });

  it('keeps the resource prefix for a placeholder example, or one the schema would refuse', async () => {
    for (const id of await mint({ type: 'string', example: 'string' }, 3)) expect(id).toMatch(/^thing_[a-z2-7]{16}$/);
    // Ten digits break maxLength 8: the resource form is tried next, then a shorter one.
    for (const id of await mint({ type: 'string', example: '12345', maxLength: 8 }, 3)) expect(id.length).toBeLessThanOrEqual(8);
    // A pattern says more than an example.
    for (const id of await mint({ type: 'string', example: '12345', pattern: '^th_[a-z]{6}$' }, 3)) expect(id).toMatch(/^th_[a-z]{6}$/);
  });

  it('is drawn from the request\'s randomness, so the same stream gives the same id', () => {
    expect(idLike('cus_NffrFeUfNV2Hib', randomFor('s', 1))).toBe(idLike('cus_NffrFeUfNV2Hib', randomFor('s', 1)));
    expect(idLike('cus_NffrFeUfNV2Hib', randomFor('s', 1))).not.toBe(idLike('cus_NffrFeUfNV2Hib', randomFor('s', 2)));
    expect(idExample(['id'])).toBeNull();
    expect(idExample([42, 'team_nllPyCtREAqxxdyFKbbMDlxd'])).toBe('team_nllPyCtREAqxxdyFKbbMDlxd');
    expect(idExample(['has space 1'])).toBeNull();
    expect(idExample(undefined)).toBeNull();
  });
});

describe('ids of records nested under a parent whose key is named id', () => {
  it('are the records\' own, and digits where the item path reads an integer and the record keeps text (GitLab v3)', async () => {
    const hook = { type: 'object', properties: { id: { type: 'string' }, url: { type: 'string' } } };
    const answer = { '201': { description: 'ok', content: { 'application/json': { schema: hook } } } };
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Hooks', version: '3' },
        paths: {
          '/projects/{id}/hooks': {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            post: { operationId: 'createHook', requestBody: { required: true, content: { 'application/json': { schema: hook } } }, responses: answer },
            get: { operationId: 'listHooks', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: hook } } } } } },
          },
          '/projects/{id}/hooks/{hook_id}': {
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'hook_id', in: 'path', required: true, schema: { type: 'integer' } },
            ],
            get: { operationId: 'getHook', responses: { '200': { description: 'ok', content: { 'application/json': { schema: hook } } } } },
          },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = ['a', 'b'].map((name) => client.call({ method: 'POST', path: '/projects/acme-web/hooks', body: { url: `https://example.com/${name}` } }).json as { id: string });
    expect(made.map((h) => h.id)).toEqual(['1', '2']);
    expect(client.call({ method: 'GET', path: '/projects/acme-web/hooks/2' }).json).toEqual({ url: 'https://example.com/b', id: '2' });
    expect(client.call({ method: 'GET', path: '/projects/other/hooks/2' }).status).toBe(404);
  });
});

describe('ids a create answers as numbers', () => {
  it('are digits where the record keeps its id as text (Jira\'s projects), so the answered id reads the record back', async () => {
    const project = { type: 'object', properties: { id: { type: 'string', readOnly: true }, key: { type: 'string' }, name: { type: 'string' } } };
    const created = { type: 'object', additionalProperties: false, properties: { id: { type: 'integer' }, key: { type: 'string' } }, required: ['id', 'key'] };
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Projects', version: '3' },
        paths: {
          '/project': { post: { operationId: 'createProject', requestBody: { required: true, content: { 'application/json': { schema: project } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: created } } } } } },
          '/project/{projectIdOrKey}': {
            get: { operationId: 'getProject', parameters: [{ name: 'projectIdOrKey', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: project } } } } },
          },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const answered = client.call({ method: 'POST', path: '/project', body: { key: 'WEB', name: 'Web' } }).json as { id: number; key: string };
    expect(answered).toEqual({ id: 1, key: 'WEB' });
    expect(client.call({ method: 'GET', path: `/project/${answered.id}` }).json).toEqual({ id: '1', key: 'WEB', name: 'Web' });
  });
});
