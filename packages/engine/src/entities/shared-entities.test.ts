import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Artifact } from '../artifact/artifact.js';
import { readArtifact } from '../artifact/build-artifact.js';
import { compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';
import { CUSTOMER, INVOICE, ORDER, shopDocument } from '../testing/shop-document.js';

const list = (client: SimClient, path: string) => client.call({ method: 'GET', path }).json as Array<Record<string, unknown>>;

async function customers(artifact: Artifact, path: string, seed: string): Promise<Array<Record<string, unknown>>> {
  return list(await SimClient.open(artifact, { seed, sampleRecords: 3 }), path);
}

const shop = () => compileArtifact(shopDocument('/customers', { orders: { schema: 'Order', item: ORDER } }));
const store = () => compileArtifact(shopDocument('/v1/customers', { invoices: { schema: 'Invoice', item: INVOICE } }));

describe('shared entities', () => {
  it('are decided at build time: a top-level collection of a named schema with an id field, its schema hashed', async () => {
    const { artifact } = await shop();
    const byName = Object.fromEntries(artifact.resources.map((r) => [r.name, r.entity]));
    expect(byName.customers).toEqual({ schema: 'Customer', idField: 'id', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(byName.orders).toEqual({ schema: 'Order', idField: 'id', digest: expect.stringMatching(/^sha256:/) });
    const other = (await store()).artifact.resources.find((r) => r.entity?.schema === 'Customer');
    expect(other?.entity).toEqual(byName.customers);
  });

  it('seed the same customers in two Simulators that share the schema, whatever their paths and other resources', async () => {
    const a = await customers((await shop()).artifact, '/customers', 'world-1');
    const b = await customers((await store()).artifact, '/v1/customers', 'world-1');
    expect(a).toHaveLength(3);
    expect(b).toEqual(a);
    expect(a.map((c) => c.id)).toEqual([expect.stringMatching(/^customer_/), expect.stringMatching(/^customer_/), expect.stringMatching(/^customer_/)]);
  });

  it('seed other customers from another seed, and the same bytes again from the same one', async () => {
    const { artifact } = await shop();
    const first = await customers(artifact, '/customers', 'world-1');
    expect(await customers(artifact, '/customers', 'world-2')).not.toEqual(first);
    const again = await SimClient.open(artifact, { seed: 'world-1', sampleRecords: 3 });
    expect(again.call({ method: 'GET', path: '/customers' }).text).toBe(JSON.stringify(first));
  });

  it('do not share a schema that differs', async () => {
    const changed = { ...CUSTOMER, properties: { ...CUSTOMER.properties, nickname: { type: 'string' } } };
    const { artifact } = await compileArtifact(shopDocument('/customers', {}, changed));
    const mine = artifact.resources.find((r) => r.name === 'customers')?.entity;
    expect(mine?.schema).toBe('Customer');
    expect(mine?.digest).not.toBe((await shop()).artifact.resources.find((r) => r.name === 'customers')?.entity?.digest);
    const theirs = await customers((await shop()).artifact, '/customers', 'world-1');
    const ids = (await customers(artifact, '/customers', 'world-1')).map((c) => c.id);
    expect(ids.filter((id) => theirs.some((c) => c.id === id))).toEqual([]);
  });

  it('share a 2.0 definition with the same schema under 3.0', async () => {
    const swagger = JSON.stringify({
      swagger: '2.0',
      info: { title: 'Shop', version: '1' },
      basePath: '/api',
      paths: {
        '/clients': {
          get: { operationId: 'listClients', produces: ['application/json'], responses: { 200: { description: 'ok', schema: { type: 'array', items: { $ref: '#/definitions/Customer' } } } } },
          post: { operationId: 'createClient', consumes: ['application/json'], produces: ['application/json'], parameters: [{ name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/Customer' } }], responses: { 201: { description: 'ok', schema: { $ref: '#/definitions/Customer' } } } },
        },
        '/clients/{id}': { get: { operationId: 'getClient', produces: ['application/json'], parameters: [{ name: 'id', in: 'path', required: true, type: 'string' }], responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Customer' } } } } },
      },
      definitions: { Customer: CUSTOMER },
    });
    const { artifact } = await compileArtifact(swagger);
    expect(artifact.resources.find((r) => r.entity !== null)?.entity).toEqual((await shop()).artifact.resources.find((r) => r.name === 'customers')?.entity);
    expect(await customers(artifact, '/clients', 'world-1')).toEqual(await customers((await shop()).artifact, '/customers', 'world-1'));
  });

  it('leave a Simulator built before version 3 seeding as it did: a stored version 2 artifact seeds the records it seeded then', async () => {
    const stored = readFileSync(new URL('./shop-3.0.v2-artifact.json', import.meta.url));
    const seeded = JSON.parse(readFileSync(new URL('./shop-3.0.v2-seeded.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(JSON.parse(stored.toString('utf8')).version).toBe(2);
    const artifact = readArtifact(stored);
    expect(artifact.resources.map((r) => r.entity)).toEqual([null, null, null]);
    const client = await SimClient.open(artifact, { seed: 'fixture-seed', sampleRecords: 3 });
    for (const [path, records] of Object.entries(seeded)) expect(list(client, path)).toEqual(records);
  });

  it('let a record made through either Simulator name a seeded customer of the other: an order for it finds it in both', async () => {
    const a = await SimClient.open((await shop()).artifact, { seed: 'world-1', sampleRecords: 3 });
    const b = await SimClient.open(
      (await compileArtifact(shopDocument('/customers', { orders: { schema: 'Order', item: ORDER }, invoices: { schema: 'Invoice', item: INVOICE } }))).artifact,
      { seed: 'world-1', sampleRecords: 3 },
    );
    const customer = list(a, '/customers')[1]!;
    expect(b.call({ method: 'GET', path: `/customers/${String(customer.id)}` }).json).toEqual(customer);
    for (const client of [a, b]) {
      const order = client.call({ method: 'POST', path: '/orders', body: { id: 'order_1', customer: customer.id, amount: 5 } });
      expect(order.status, order.text).toBe(201);
      expect(client.call({ method: 'GET', path: `/customers/${String((order.json as { customer: string }).customer)}` }).json).toEqual(customer);
    }
  });
});
