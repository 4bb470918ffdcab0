import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '@simplane/harness';
import { createHarness } from '@simplane/harness';
import { expectProblem } from '../support/problem.js';

const harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

/** Passes expire at `expires_at` (inferred); a declared rule deletes one a day after it expired. */
const passes = `openapi: 3.0.3
info: {title: Passes, version: "1"}
paths:
  /passes:
    get:
      operationId: listPasses
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pass"}}}}}
    post:
      operationId: createPass
      requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/Pass"}}}}
      responses:
        "201": {description: created, content: {application/json: {schema: {$ref: "#/components/schemas/Pass"}}}}
  /passes/{passId}:
    get:
      operationId: getPass
      parameters: [{name: passId, in: path, required: true, schema: {type: string}}]
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Pass"}}}}
components:
  schemas:
    Pass:
      type: object
      required: [id, holder, status, expires_at]
      properties:
        id: {type: string, readOnly: true}
        holder: {type: string}
        status: {type: string, enum: [active, expired]}
        expires_at: {type: string, format: date-time}
        expired_at: {type: [string, "null"], format: date-time}
      x-simplane-lifecycle:
        - {name: purge, after: P1D, from: expires_at, delete: true, when: {status: [expired]}}
`;

const switchOff = `overlay: 1.0.0
info: {title: no expiry, version: "1"}
actions:
  - target: $.components.schemas.Pass
    update:
      x-simplane-lifecycle:
        - {name: expired-at-expires_at, enabled: false}
        - {name: purge, after: P1D, from: expires_at, delete: true, when: {status: [expired]}}
`;

interface Listing {
  operations: Array<{ operation: string }>;
  lifecycle: Array<Record<string, unknown>>;
}

async function listing(h: Harness, id: string): Promise<Listing> {
  const reply = await h.request('GET', `/v1/simulators/${id}/operations`);
  expect(reply.status, reply.text()).toBe(200);
  return reply.json<Listing>();
}

describe('GET /v1/simulators/{id}/operations: lifecycle', () => {
  it('lists every rule, inferred and declared, with its resource, name, source, trigger and effect', async () => {
    const h = createHarness();
    harnesses.push(h);
    const simulator = await h.buildSimulator(passes);
    const { operations, lifecycle } = await listing(h, simulator.id);
    expect(operations.map((o) => o.operation)).toEqual(['listPasses', 'createPass', 'getPass']);
    expect(lifecycle).toEqual([
      {
        resource: 'passes',
        name: 'expired-at-expires_at',
        source: 'inferred',
        type: 'expiry',
        trigger: { at: 'expires_at' },
        effect: { set: { status: 'expired' } },
        when: { status: ['active'] },
        description: 'status becomes "expired" at expires_at, when status is "active"',
      },
      {
        resource: 'passes',
        name: 'purge',
        source: 'declared',
        type: 'delete',
        trigger: { after: 'P1D', from: 'expires_at' },
        effect: { delete: true },
        when: { status: ['expired'] },
        description: 'the record is deleted P1D after expires_at, when status is "expired"',
      },
    ]);
    // A Simulator of another workspace is not listed.
    expectProblem(await h.request('GET', `/v1/simulators/${simulator.id}/operations`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
  });

  it('lists an incremental build without the inferred rule its Overlay switched off', async () => {
    const h = createHarness();
    harnesses.push(h);
    const parent = await h.buildSimulator(passes);
    const child = await h.buildSimulator(switchOff, { parent_id: parent.id }, { filename: 'overlay.yaml' });
    expect((await listing(h, child.id)).lifecycle.map((rule) => [rule.name, rule.source])).toEqual([['purge', 'declared']]);
    expect((await listing(h, parent.id)).lifecycle.map((rule) => rule.name)).toEqual(['expired-at-expires_at', 'purge']);
  });

  it('lists no rules for a Simulator whose records time does nothing to: the catalog pet store', async () => {
    const h = createHarness();
    harnesses.push(h);
    await h.settled();
    const catalog = (await h.request('GET', '/v1/simulators?simulator=catalog/petstore:1.0')).json<{ simulators: Array<{ id: string }> }>().simulators[0]!;
    const { operations, lifecycle } = await listing(h, catalog.id);
    expect(operations.length).toBeGreaterThan(0);
    expect(lifecycle).toEqual([]);
    // Its pets are a named schema with an id: an entity other Simulators may share.
    expect((await h.request('GET', `/v1/simulators/${catalog.id}/operations`)).json<{ entities: Array<{ schema: string }> }>().entities.map((e) => e.schema)).toContain('Pet');
  });
});
