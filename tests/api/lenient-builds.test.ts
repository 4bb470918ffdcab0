import { afterAll, describe, expect, it } from 'vitest';
import type { SimulatorView } from '@simplane/core';
import { createHarness } from '@simplane/harness';

/**
 * A document that breaks the OpenAPI specification's own rules (no `info`, a response without
 * `description`, a parameter without `schema`, a path parameter never declared, an unknown
 * field) still builds a Simulator, with a warning for each slip; requests to it are validated
 * by what the document does say.
 */
const SLIPS = `openapi: 3.0.3
paths:
  /orders:
    get:
      operationId: listOrders
      x-owner: billing
      summry: every order
      parameters:
        - {name: customer, in: query, required: true}
        - {name: limit, in: query, schema: {type: integer, maximum: 50}}
      responses:
        '200':
          content:
            application/json:
              schema:
                type: array
                items: {$ref: '#/components/schemas/Order'}
  /orders/{orderId}:
    get:
      operationId: getOrder
      responses:
        '200':
          description: the order
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
components:
  schemas:
    Order:
      type: object
      properties:
        id: {type: string}
        total: {type: integer}
`;

describe('a document with slips builds ready, with warnings', () => {
  const h = createHarness({ config: { catalog: false } });
  afterAll(() => h.close());

  it('answers each slip as a build warning with its code, location and what was assumed', async () => {
    const simulator = await h.buildSimulator(SLIPS, { name: 'orders' });
    expect(simulator).toMatchObject({ status: 'ready', error: null, operations: 2 });
    const warnings = simulator.build.warnings;
    const at = (code: string, location: string) => warnings.find((w) => w.code === code && w.location === location);
    expect(at('structure_required', '')).toMatchObject({ kind: 'incomplete', operation: '', message: expect.stringMatching(/`info`.*empty title and version/) });
    expect(at('structure_required', 'paths./orders.get.responses.200')).toMatchObject({ operation: 'listOrders', message: expect.stringMatching(/`description`.*taken as empty/) });
    expect(at('structure_required', 'paths./orders.get.parameters[0]')).toMatchObject({ operation: 'listOrders', message: expect.stringMatching(/`schema`.*read as a string/) });
    expect(at('structure_unknown_field', 'paths./orders.get.summry')).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/It is ignored\./), suggestion: expect.stringMatching(/extensions must start with `x-`/) });
    expect(at('path_parameter_undeclared', 'paths./orders/{orderId}.get')).toMatchObject({ operation: 'getOrder', message: expect.stringMatching(/read as a required string/) });
    expect(warnings.length).toBeLessThanOrEqual(40);
    const { operations } = (await h.request('GET', `/v1/simulators/${simulator.id}/operations`)).json<{ operations: Array<{ operation: string; behaviour: string }> }>();
    expect(operations.map((o) => [o.operation, o.behaviour])).toEqual([
      ['listOrders', 'list'],
      ['getOrder', 'read'],
    ]);
  });

  it('validates requests by what the document does say', async () => {
    const simulator = await h.buildSimulator(SLIPS, { name: 'orders' });
    const sim = await h.createSimulation(simulator.id);
    // The required query parameter is still required, whatever its missing schema.
    expect((await h.sim(sim, 'GET', '/orders')).status).toBe(400);
    // Without a schema it is a string: any text is accepted, digits too.
    const listed = await h.sim(sim, 'GET', '/orders?customer=ada');
    expect(listed.status).toBe(200);
    expect(Array.isArray(listed.json())).toBe(true);
    expect((await h.sim(sim, 'GET', '/orders?customer=42')).status).toBe(200);
    // What the document does say about the other parameter holds.
    expect((await h.sim(sim, 'GET', '/orders?customer=ada&limit=500')).status).toBe(400);
    // The undeclared path parameter is read as a string and routed.
    const order = await h.sim(sim, 'GET', '/orders/ord-1');
    expect([200, 404]).toContain(order.status);
  });

  it('still fails a document no Simulation can come out of, naming the reason', async () => {
    const accepted = await h.upload(SLIPS.replace("$ref: '#/components/schemas/Order'}\n  /orders/{orderId}", "$ref: '#/components/schemas/Missing'}\n  /orders/{orderId}"), {});
    expect(accepted.status).toBe(202);
    await h.settled();
    const failed = (await h.request('GET', `/v1/simulators/${accepted.json<SimulatorView>().id}`)).json<SimulatorView>();
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatchObject({ code: 'specification_validation_failed', reason: 'specification_invalid' });
    expect(failed.error!.validation!.issues).toEqual([expect.objectContaining({ code: 'ref_unresolved', operation: 'listOrders' })]);
  });
});
