import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimCall } from '../../testing/sim-client.js';

/** The classic Swagger pet store's shape: pets and orders, each with a status, and an inventory of counts. */
const pet = { type: 'object', required: ['name'], properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string', example: 'doggie' }, status: { type: 'string', description: 'pet status in the store', enum: ['available', 'pending', 'sold'] } } };
const order = { type: 'object', properties: { id: { type: 'integer', format: 'int64' }, petId: { type: 'integer' }, status: { type: 'string', enum: ['placed', 'approved', 'delivered'] } } };
const counts = { type: 'object', additionalProperties: { type: 'integer', format: 'int32' } };
const json = (schema: unknown, description = 'successful operation') => ({ '200': { description, content: { 'application/json': { schema } } } });
const id = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'integer', format: 'int64' } });

function document(extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Swagger Petstore', version: '1.0.0' },
    paths: {
      '/pet': { post: { operationId: 'addPet', requestBody: { content: { 'application/json': { schema: pet } } }, responses: json(pet) } },
      '/pet/{petId}': {
        get: { operationId: 'getPetById', parameters: [id('petId')], responses: json(pet) },
        delete: { operationId: 'deletePet', parameters: [id('petId')], responses: { '200': { description: 'deleted' } } },
      },
      '/store/order': { post: { operationId: 'placeOrder', requestBody: { content: { 'application/json': { schema: order } } }, responses: json(order) } },
      '/store/order/{orderId}': { get: { operationId: 'getOrderById', parameters: [id('orderId')], responses: json(order) } },
      '/store/inventory': { get: { operationId: 'getInventory', summary: 'Returns pet inventories by status', tags: ['store'], responses: json(counts) } },
      ...extra,
    },
  });
}

async function open(spec: string, sampleRecords = 0) {
  const { artifact } = await compileArtifact(spec);
  const client = await SimClient.open(artifact, { sampleRecords });
  const checker = new ResponseChecker(artifact);
  return (c: SimCall) => {
    const answer = client.call({ ...c, headers: { 'content-type': 'application/json', ...c.headers } });
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
}

describe('a map of counts named after a collection', () => {
  it('counts the records by the field its texts name, every value of the enum included', async () => {
    const send = await open(document());
    expect(send({ method: 'GET', path: '/store/inventory' }).json).toEqual({ available: 0, pending: 0, sold: 0 });
    for (const status of ['available', 'sold', 'available']) expect(send({ method: 'POST', path: '/pet', body: JSON.stringify({ name: 'Rex', status }) }).status).toBe(200);
    // An order's status is not counted: the inventory names pets.
    send({ method: 'POST', path: '/store/order', body: JSON.stringify({ petId: 1, status: 'placed' }) });
    expect(send({ method: 'GET', path: '/store/inventory' }).json).toEqual({ available: 2, pending: 0, sold: 1 });
    const first = (send({ method: 'POST', path: '/pet', body: JSON.stringify({ name: 'Kit', status: 'pending' }) }).json as { id: number }).id;
    expect(send({ method: 'DELETE', path: `/pet/${first}` }).status).toBe(200);
    expect(send({ method: 'GET', path: '/store/inventory' }).json).toEqual({ available: 2, pending: 0, sold: 1 });
  });

  it('counts the sample records a Simulation starts with', async () => {
    const send = await open(document(), 4);
    const inventory = send({ method: 'GET', path: '/store/inventory' }).json as Record<string, number>;
    expect(Object.keys(inventory)).toEqual(['available', 'pending', 'sold']);
    expect(Object.values(inventory).reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('leaves a map that names no collection, or does not hold integers, to the generator', async () => {
    const send = await open(
      document({
        '/stats/latency': { get: { operationId: 'getLatency', responses: json(counts, 'Milliseconds per region') } },
        '/pet/labels': { get: { operationId: 'getPetLabels', responses: json({ type: 'object', additionalProperties: { type: 'string' } }, 'Labels of pets by status') } },
      }),
    );
    for (const status of ['available', 'sold']) send({ method: 'POST', path: '/pet', body: JSON.stringify({ name: 'Rex', status }) });
    expect(Object.keys(send({ method: 'GET', path: '/stats/latency' }).json as object)).not.toContain('available');
    const labels = send({ method: 'GET', path: '/pet/labels' }).json as Record<string, unknown>;
    expect(Object.values(labels).every((v) => typeof v === 'string')).toBe(true);
  });
});

describe('what a count answers (ArtifactOperation.tally)', () => {
  it('is decided at build time, and an override counts another collection by another field', async () => {
    const { artifact } = await compileArtifact(document());
    expect(artifact.operations.find((op) => op.id === 'getInventory')?.tally).toEqual({ resource: 'pet', field: 'status', values: ['available', 'pending', 'sold'] });
    const overlay = JSON.stringify({
      overlay: '1.0.0',
      info: { title: 'orders counted', version: '1' },
      actions: [{ target: "$.paths['/store/inventory'].get", update: { 'x-simplane-behaviour': { tally: { resource: 'order', field: 'status', values: ['placed', 'approved', 'delivered'] } } } }],
    });
    const corrected = await compileArtifact(document(), { overlays: [new TextEncoder().encode(overlay)] });
    expect(corrected.outcome.warnings).toEqual([]);
    const client = await SimClient.open(corrected.artifact, { sampleRecords: 0 });
    client.call({ method: 'POST', path: '/store/order', body: { petId: 1, status: 'approved' } });
    expect(client.call({ method: 'GET', path: '/store/inventory' }).json).toEqual({ placed: 0, approved: 1, delivered: 0 });
  });
});
