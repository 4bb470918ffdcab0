import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient } from '../../testing/sim-client.js';

/**
 * Jira's manner: the record (an issue scheme) has an integer id and more fields, its create
 * answers only `{"id": "10000"}`, as text, and allows nothing else.
 */
function doc(idInAnswer: object, idInRecord: object = { type: 'integer', readOnly: true }): string {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Schemes', version: '1' },
    paths: {
      '/schemes': {
        post: {
          operationId: 'createScheme',
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' }, fields: { type: 'object' } } } } } },
          responses: { '201': { description: 'ok', content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: { id: idInAnswer, self: { type: 'string' } }, required: ['id'] } } } } },
        },
      },
      '/schemes/{id}': {
        get: {
          operationId: 'getScheme',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Scheme' } } } } },
        },
      },
    },
    components: { schemas: { Scheme: { type: 'object', properties: { id: idInRecord, name: { type: 'string' }, fields: { type: 'object' } } } } },
  });
}

async function create(idInAnswer: object, idInRecord?: object) {
  const { artifact } = await compileArtifact(doc(idInAnswer, idInRecord));
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  const checker = new ResponseChecker(artifact);
  const created = client.call({ method: 'POST', path: '/schemes', body: { name: 'default', fields: { a: 1 } } });
  expect(checker.problem(created)).toBeNull();
  return { client, created: created.json as Record<string, unknown> };
}

describe('an answer that allows fewer fields than the record holds', () => {
  it('keeps the record\'s id, written in the type the answer declares, and leaves out what it does not allow', async () => {
    const { client, created } = await create({ type: 'string' });
    expect(created.id).toBe('1');
    expect(created).not.toHaveProperty('fields');
    expect(client.call({ method: 'GET', path: `/schemes/${created.id as string}` }).json).toEqual({ id: 1, name: 'default', fields: { a: 1 } });
  });

  it('writes a numeric text as a number where the answer asks for one', async () => {
    const { client, created } = await create({ type: 'integer' }, { type: 'string', readOnly: true, example: '10000' });
    expect(typeof created.id).toBe('number');
    const read = client.call({ method: 'GET', path: `/schemes/${created.id as number}` }).json as { id: string };
    expect(read.id).toBe(String(created.id));
  });
});

describe('a record whose schema is a choice', () => {
  it('is kept as the branch naming its fields, at a path whose last parameter takes the rest of the path (GitHub contents)', async () => {
    const file = { type: 'object', properties: { type: { type: 'string', enum: ['file'] }, path: { type: 'string' }, content: { type: 'string' }, sha: { type: 'string' } }, required: ['type', 'path'] };
    const link = { type: 'object', properties: { type: { type: 'string', enum: ['symlink'] }, path: { type: 'string' }, target: { type: 'string' } }, required: ['type', 'target'] };
    const entry = { oneOf: [{ type: 'array', items: file }, file, link] };
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Contents', version: '1' },
        paths: {
          '/repos/{owner}/contents/{path}': {
            parameters: [
              { name: 'owner', in: 'path', required: true, schema: { type: 'string' } },
              { name: 'path', in: 'path', required: true, schema: { type: 'string' } },
            ],
            get: { operationId: 'getContent', responses: { '200': { description: 'ok', content: { 'application/json': { schema: entry } } } } },
            put: {
              operationId: 'putContent',
              requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { content: { type: 'string' }, message: { type: 'string' } } } } } },
              responses: { '201': { description: 'ok', content: { 'application/json': { schema: entry } } } },
            },
          },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    const put = client.call({ method: 'PUT', path: '/repos/acme/contents/docs/guide/readme.md', body: { content: 'aGVsbG8=', message: 'add' } });
    expect(put.status).toBe(201);
    expect(checker.problem(put)).toBeNull();
    const read = client.call({ method: 'GET', path: '/repos/acme/contents/docs/guide/readme.md' });
    expect(read.status).toBe(200);
    expect(checker.problem(read)).toBeNull();
    expect(read.json).toMatchObject({ type: 'file', path: 'docs/guide/readme.md', content: 'aGVsbG8=' });
    // A deeper path that no route's last parameter is named for stays unknown.
    expect(client.call({ method: 'GET', path: '/repos/acme/other/docs/readme.md' }).status).toBe(404);
  });
});
