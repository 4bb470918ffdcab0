/**
 * An openapi-fetch client on the harness fetch creating records of a document whose ids are
 * given only in its answers' examples (`test-fixtures/records/payments-prefixed-3.0.yaml`, as
 * Stripe's): the ids it gets back have the real API's prefixes, and read back. The types are
 * the few operations used, written as openapi-typescript writes them.
 */
import { readFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type SimulatedApi } from '@simplane/harness';

interface Customer {
  id: string;
  object: 'customer';
  email?: string | null;
  name?: string | null;
  created: number;
}

type Json<T> = { headers: Record<string, unknown>; content: { 'application/json': T } };
type Form<T> = { content: { 'application/x-www-form-urlencoded': T } };
type NoParameters = { query?: never; header?: never; path?: never; cookie?: never };

interface paths {
  '/v1/customers': {
    parameters: NoParameters;
    post: { parameters: NoParameters; requestBody?: Form<{ email?: string; name?: string }>; responses: { 200: Json<Customer> } };
  };
  '/v1/customers/{customer}': {
    parameters: { query?: never; header?: never; path: { customer: string }; cookie?: never };
    get: { parameters: { query?: never; header?: never; path: { customer: string }; cookie?: never }; requestBody?: never; responses: { 200: Json<Customer> } };
  };
}

const document = readFileSync(new URL('../../packages/engine/test-fixtures/records/payments-prefixed-3.0.yaml', import.meta.url));
const form = (body: unknown) => new URLSearchParams(body as Record<string, string>).toString();

let harness: Harness;
let api: SimulatedApi;

beforeAll(async () => {
  harness = createHarness({ config: { catalog: false } });
  api = await harness.simulate(document, { build: { references: ['payments:v1'] }, seed: 'typed-ids', start_time: '2024-03-01T09:00:00.000Z' });
}, 120_000);

afterAll(async () => {
  await harness.close();
});

describe('a typed openapi-fetch client creating customers', () => {
  it('gets ids with the prefix the document\u2019s examples give, and reads the customer back by it', async () => {
    const client = createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch, headers: { authorization: 'Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc' } });
    const created = await client.POST('/v1/customers', {
      body: { name: 'Jenny Rosen', email: 'jennyrosen@example.com' },
      bodySerializer: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(created.response.status).toBe(200);
    const customer = created.data!;
    expect(customer.id).toMatch(/^cus_[0-9A-Za-z]{14}$/);
    expect(customer).toMatchObject({ object: 'customer', name: 'Jenny Rosen', email: 'jennyrosen@example.com' });

    const read = await client.GET('/v1/customers/{customer}', { params: { path: { customer: customer.id } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toStrictEqual(customer);
  });
});
