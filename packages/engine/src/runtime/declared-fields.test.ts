import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

/** A collection of things whose record schema is `thing`; its create also answers `echo` beside the record fields. */
function doc(thing: object): string {
  const answer = { type: 'object', allOf: [{ $ref: '#/components/schemas/Thing' }], properties: { request_note: { type: 'string' } } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Things', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
          responses: { '201': { description: 'ok', content: { 'application/json': { schema: answer } } } },
        },
      },
      '/things/{thingId}': {
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
        patch: {
          operationId: 'updateThing',
          parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: { schemas: { Thing: thing } },
  });
}

async function open(thing: object) {
  const { artifact } = await compileArtifact(doc(thing));
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  return client;
}

const body = { name: 'lamp', expand: ['owner'], confirm: true, request_note: 'kept', password: 'hunter2' };

describe('the fields a write keeps', () => {
  it('are those the record or an answer of its resource declares, on create and on update', async () => {
    const client = await open({ type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } });
    const created = client.call({ method: 'POST', path: '/things', body });
    expect(created.status).toBe(201);
    const id = (created.json as { id: string }).id;
    expect(created.json).toEqual({ id, name: 'lamp', request_note: 'kept' });
    expect(client.call({ method: 'GET', path: `/things/${id}` }).json).toEqual({ id, name: 'lamp', request_note: 'kept' });
    const updated = client.call({ method: 'PATCH', path: `/things/${id}`, body: { name: 'desk', dry_run: true } });
    expect(updated.json).toEqual({ id, name: 'desk', request_note: 'kept' });
  });

  it('are all of them, but credentials, where the record allows properties it does not name', async () => {
    const client = await open({ type: 'object', additionalProperties: true, properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } });
    const created = client.call({ method: 'POST', path: '/things', body }).json as Record<string, unknown>;
    expect(created).toMatchObject({ name: 'lamp', expand: ['owner'], confirm: true, request_note: 'kept' });
    expect(created).not.toHaveProperty('password');
  });

  it('are all of them, but credentials, where the record names no properties', async () => {
    const client = await open({ type: 'object' });
    const created = client.call({ method: 'POST', path: '/things', body }).json as Record<string, unknown>;
    expect(created).toMatchObject({ name: 'lamp', expand: ['owner'], confirm: true });
    expect(created).not.toHaveProperty('password');
  });
});
