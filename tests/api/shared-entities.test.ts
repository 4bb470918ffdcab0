import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '@simplane/harness';
import { createHarness } from '@simplane/harness';

const harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

const customer = `
    Customer:
      type: object
      required: [id, name, email, status, created_at]
      properties:
        id: {type: string, readOnly: true}
        name: {type: string}
        email: {type: string, format: email}
        status: {type: string, enum: [active, closed]}
        balance: {type: integer, minimum: 0}
        created_at: {type: string, format: date-time, readOnly: true}`;

function routes(base: string, param: string, item: string): string {
  return `
  ${base}:
    get:
      operationId: list_${item}
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/${item}"}}}}}
    post:
      operationId: create_${item}
      requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/${item}"}}}}
      responses:
        "201": {description: created, content: {application/json: {schema: {$ref: "#/components/schemas/${item}"}}}}
  ${base}/{${param}}:
    get:
      operationId: get_${item}
      parameters: [{name: ${param}, in: path, required: true, schema: {type: string}}]
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/${item}"}}}}
        "404": {description: missing}`;
}

/** A shop: customers at /customers beside orders. */
const shop = `openapi: 3.0.3
info: {title: Shop, version: "1"}
paths:${routes('/customers', 'customerId', 'Customer')}${routes('/orders', 'orderId', 'Order')}
components:
  schemas:${customer}
    Order:
      type: object
      required: [id, customer, amount]
      properties:
        id: {type: string, readOnly: true}
        customer: {type: string}
        amount: {type: integer, minimum: 1}
`;

/** A CRM: the same customers at /v1/customers beside notes. */
const crm = `openapi: 3.0.3
info: {title: CRM, version: "2"}
paths:${routes('/v1/customers', 'id', 'Customer')}${routes('/v1/notes', 'noteId', 'Note')}
components:
  schemas:${customer}
    Note:
      type: object
      required: [id, text]
      properties:
        id: {type: string, readOnly: true}
        text: {type: string}
`;

describe('shared entities', () => {
  it('seed the same customers, ids and values, in Simulations of two Simulators that share the Customer schema, from one seed', async () => {
    const h = createHarness({ config: { catalog: false } });
    harnesses.push(h);
    const shopSimulator = await h.buildSimulator(shop);
    const crmSimulator = await h.buildSimulator(crm);
    const a = await h.createSimulation(shopSimulator.id, { seed: 'world-7' });
    const b = await h.createSimulation(crmSimulator.id, { seed: 'world-7' });
    const inShop = await h.sim(a, 'GET', '/customers');
    const inCrm = await h.sim(b, 'GET', '/v1/customers');
    expect(inShop.status, inShop.text()).toBe(200);
    const customers = inShop.json<Array<{ id: string }>>();
    expect(customers).toHaveLength(3);
    expect(inCrm.json()).toEqual(customers);
    expect(inCrm.text()).toBe(inShop.text());
    // Each is read by its id in the other.
    for (const { id } of customers) expect((await h.sim(b, 'GET', `/v1/customers/${id}`)).json()).toEqual((await h.sim(a, 'GET', `/customers/${id}`)).json());

    // Both listings show customers as the same entity; orders and notes are each their own.
    const entities = async (id: string) => (await h.request('GET', `/v1/simulators/${id}/operations`)).json<{ entities: Array<Record<string, string>> }>().entities;
    const shopEntities = await entities(shopSimulator.id);
    const crmEntities = await entities(crmSimulator.id);
    expect(shopEntities.map((e) => [e.resource, e.schema, e.id_field])).toEqual([['customers', 'Customer', 'id'], ['orders', 'Order', 'id']]);
    expect(crmEntities.map((e) => [e.resource, e.schema])).toEqual([[expect.stringMatching(/customers$/), 'Customer'], [expect.stringMatching(/notes$/), 'Note']]);
    expect(crmEntities[0]!.digest).toBe(shopEntities[0]!.digest);
    expect(shopEntities[0]!.digest).toMatch(/^sha256:[0-9a-f]{64}$/);

    // Another seed gives other customers.
    const c = await h.createSimulation(crmSimulator.id, { seed: 'world-8' });
    const other = (await h.sim(c, 'GET', '/v1/customers')).json<Array<{ id: string }>>();
    expect(other.map((x) => x.id)).not.toEqual(customers.map((x) => x.id));
  });
});
