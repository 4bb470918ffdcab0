import { describe, expect, it } from 'vitest';
import type { Artifact, ArtifactResource } from '../artifact/artifact.js';
import { compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

/** A document of one collection whose item schema is `item`, created by POST and read, replaced and updated by id. */
function collection(item: object, extra: { put?: object; patch?: object; putSummary?: string } = {}): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'plans', version: '1' },
    paths: {
      '/things': {
        post: { operationId: 'createThing', requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } }, responses: { 201: { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } },
        get: { operationId: 'listThings', responses: { 200: { description: 'all', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } } } } } },
      },
      '/things/{thingId}': {
        parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { operationId: 'getThing', responses: { 200: { description: 'one', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } },
        put: {
          operationId: 'replaceThing',
          ...(extra.putSummary === undefined ? {} : { summary: extra.putSummary }),
          requestBody: { content: { 'application/json': { schema: extra.put ?? { $ref: '#/components/schemas/Thing' } } } },
          responses: { 200: { description: 'replaced', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
        patch: {
          operationId: 'updateThing',
          requestBody: { content: extra.patch ?? { 'application/json': { schema: { type: 'object' } } } },
          responses: { 200: { description: 'updated', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
        },
      },
    },
    components: { schemas: { Thing: item } },
  });
}

async function thing(item: object, extra: Parameters<typeof collection>[1] = {}): Promise<{ artifact: Artifact; resource: ArtifactResource }> {
  const { artifact } = await compileArtifact(collection(item, extra));
  const resource = artifact.resources.find((r) => r.name === 'things');
  if (resource === undefined) throw new Error('no things resource');
  return { artifact, resource };
}

describe('record plans', () => {
  it('stamp creation and update times in the form the schema writes them, and times of ends', async () => {
    const { resource } = await thing({
      type: 'object',
      properties: {
        id: { type: 'string' },
        created: { type: 'integer' },
        updated_at: { type: 'string', format: 'date-time' },
        closed_at: { type: ['string', 'null'], format: 'date-time' },
        updated: { type: 'boolean' },
        date_created: { type: 'string', format: 'date-time-rfc-2822' },
      },
    });
    expect(resource.records?.fields).toEqual([
      { field: 'created', fill: 'created', time: 'epoch' },
      { field: 'updated_at', fill: 'updated', time: 'instant' },
      { field: 'closed_at', fill: 'end', time: 'instant', end: 'closed' },
      { field: 'date_created', fill: 'created', time: 'rfc2822' },
    ]);
    expect(resource.records?.kept).toEqual(['created', 'date_created']);
  });

  it('start a state where a new record starts, not at an end an alphabetical enum lists first', async () => {
    const { resource } = await thing({
      type: 'object',
      properties: { id: { type: 'string' }, payment_method: { type: ['string', 'null'] }, status: { type: 'string', enum: ['canceled', 'processing', 'requires_payment_method', 'succeeded'] } },
    });
    expect(resource.records?.state).toEqual({ field: 'status', initial: 'processing', waiting: [{ value: 'requires_payment_method', field: 'payment_method' }], ends: ['canceled', 'succeeded'] });
    const ready = await thing({ type: 'object', properties: { id: { type: 'string' }, TableStatus: { type: 'string', enum: ['CREATING', 'ACTIVE', 'DELETING'] } } });
    expect(ready.resource.records?.state?.initial).toBe('ACTIVE');
  });

  it('know what a new record holds in required fields nobody gave', async () => {
    const { resource } = await thing({
      type: 'object',
      required: ['id', 'comments', 'amount_refunded', 'refunded', 'labels', 'invoice', 'user', 'capture_method', 'title'],
      properties: {
        id: { type: 'string' },
        comments: { type: 'integer' },
        amount: { type: 'integer' },
        amount_refunded: { type: 'integer' },
        refunded: { type: 'boolean' },
        labels: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        invoice: { type: ['string', 'null'] },
        user: { type: ['object', 'null'], properties: { login: { type: 'string' } } },
        capture_method: { type: 'string', enum: ['manual', 'automatic'] },
        title: { type: 'string' },
      },
    });
    expect(resource.records?.fresh).toEqual({ comments: 0, amount_refunded: 0, refunded: false, labels: [], invoice: null, capture_method: 'automatic' });
    expect(resource.records?.settled).toEqual([{ field: 'amount_refunded', end: 'refunded' }]);
  });

  it('keep read-only fields, name the caller by its aliases, and read a record by the other name its parameter allows', async () => {
    const { resource } = await thing({ type: 'object', properties: { id: { type: 'string' }, key: { type: 'string', readOnly: true } } });
    expect(resource.records?.keptUnlessGiven).toEqual(['key']);
    expect(resource.records?.aliases).toContain('me');
    expect(resource.records?.alternateKeys).toEqual([]);
    const { artifact } = await compileArtifact(collection({ type: 'object', properties: { id: { type: 'string' }, key: { type: 'string' } } }).replaceAll('thingId', 'thingIdOrKey'));
    expect(artifact.resources.find((r) => r.name === 'things')?.records?.alternateKeys).toEqual(['key']);
  });
});

describe('write plans', () => {
  const item = { type: 'object', required: ['name'], properties: { id: { type: 'string' }, name: { type: 'string' }, note: { type: 'string' } } };

  it('replace on a PUT whose body requires what the record requires, and merge where it requires none of it or says so', async () => {
    const replacing = await thing(item, { put: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: 'string' } } } });
    expect(replacing.artifact.operations.find((o) => o.id === 'replaceThing')?.write).toMatchObject({ put: 'replace', createsMissing: false });
    const partial = await thing(item, { put: { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' } } } });
    expect(partial.artifact.operations.find((o) => o.id === 'replaceThing')?.write?.put).toBe('merge');
    const described = await thing(item, { putSummary: 'Updates a thing; fields not provided are left unchanged' });
    expect(described.artifact.operations.find((o) => o.id === 'replaceThing')?.write?.put).toBe('merge');
  });

  it('are followed: a merging PUT keeps what its body leaves out, a replacing one does not', async () => {
    const answers: unknown[] = [];
    for (const put of [{ type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' } } }, { type: 'object', required: ['name'], properties: { name: { type: 'string' }, note: { type: 'string' } } }]) {
      const client = await SimClient.open((await thing(item, { put })).artifact, { sampleRecords: 0 });
      const made = client.call({ method: 'POST', path: '/things', body: { name: 'first', note: 'a' } });
      const id = (made.json as { id: string }).id;
      const body = put.required === undefined ? { note: 'b' } : { name: 'second', note: 'b' };
      expect(client.call({ method: 'PUT', path: `/things/${id}`, body }).status).toBe(200);
      answers.push(client.call({ method: 'GET', path: `/things/${id}` }).json);
    }
    expect(answers).toEqual([expect.objectContaining({ name: 'first', note: 'b' }), expect.objectContaining({ name: 'second', note: 'b' })]);
  });

  it('apply a merge patch where that is all an update takes, and by media type where it is one of several', async () => {
    const merge = await thing(item, { patch: { 'application/merge-patch+json': { schema: { type: 'object' } } } });
    expect(merge.artifact.operations.find((o) => o.id === 'updateThing')?.write?.patch).toBe('merge-patch');
    const either = await thing(item, { patch: { 'application/json': { schema: { type: 'object' } }, 'application/merge-patch+json': { schema: { type: 'object' } } } });
    expect(either.artifact.operations.find((o) => o.id === 'updateThing')?.write?.patch).toBe('media-type');
    const plain = await thing(item);
    expect(plain.artifact.operations.find((o) => o.id === 'updateThing')?.write?.patch).toBe('merge');
    expect(plain.artifact.operations.find((o) => o.id === 'getThing')?.write).toBeNull();
  });

  it('name every operation by the protocol it speaks', async () => {
    const { artifact } = await thing(item);
    expect(new Set(artifact.operations.map((o) => o.protocol))).toEqual(new Set(['rest']));
  });
});
