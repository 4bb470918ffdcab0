/**
 * A Simulation's state through the API: the records after any recorded step, and the records
 * one step created, updated or deleted with each one before and after it, for REST and SOAP
 * Simulations, forks and the members of a World.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordChangeView, StateRecordView } from '@simplane/core';
import type { Harness } from '@simplane/harness';
import { advanced, passes } from '../support/clock.js';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';
import { memberTokens, runningWorld } from '../support/world-clock.js';
import { billing, support } from '../support/world-documents.js';

afterEach(closeAll);

type Sim = { id: string; token: string };
interface RecordPage {
  step: number;
  records: StateRecordView[];
  next_cursor: string | null;
}
interface ChangePage {
  step: number;
  changes: RecordChangeView[];
  next_cursor: string | null;
}

async function recordsOf(h: Harness, id: string, query = ''): Promise<RecordPage> {
  const reply = await h.request('GET', `/v1/simulations/${id}/records${query}`);
  expect(reply.status, reply.text()).toBe(200);
  return reply.json<RecordPage>();
}

async function changesOf(h: Harness, id: string, step: number, query = ''): Promise<ChangePage> {
  const reply = await h.request('GET', `/v1/simulations/${id}/steps/${step}/changes${query}`);
  expect(reply.status, reply.text()).toBe(200);
  return reply.json<ChangePage>();
}

async function allRecords(h: Harness, id: string, query: string): Promise<{ steps: number[]; records: StateRecordView[] }> {
  const steps: number[] = [];
  const records: StateRecordView[] = [];
  let cursor: string | null = null;
  do {
    const page: RecordPage = await recordsOf(h, id, `${query}${query === '' ? '?' : '&'}limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    steps.push(page.step);
    records.push(...page.records);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return { steps, records };
}

/** Three writes to a pet store: a pet created (step 1), renamed (step 2), another deleted (step 3). */
async function threeWrites(h: Harness, sim: Sim): Promise<{ created: { id: string }; deleted: { id: string; name: string } }> {
  const seeded = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<Array<{ id: string; name: string }>>();
  const created = await h.sim(sim, 'POST', '/pets', { headers: PETSTORE_AUTH, json: { name: 'Rex', tag: 'dog' } });
  expect(created.status, created.text()).toBe(201);
  const pet = created.json<{ id: string }>();
  const renamed = await h.sim(sim, 'PATCH', `/pets/${pet.id}`, { headers: PETSTORE_AUTH, json: { name: 'Max' } });
  expect(renamed.status, renamed.text()).toBe(200);
  const gone = await h.sim(sim, 'DELETE', `/pets/${seeded[0]!.id}`, { headers: PETSTORE_AUTH });
  expect(gone.status, gone.text()).toBe(204);
  return { created: pet, deleted: seeded[0]! };
}

describe('GET /v1/simulations/{id}/steps/{step}/changes', () => {
  it('answers the records each step created, updated and deleted, before and after', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { seed: 'changes', sample_records: 2 });
    const { created, deleted } = await threeWrites(h, sim);

    const first = await changesOf(h, sim.id, 1);
    expect(first.step).toBe(1);
    const pets = first.changes.filter((c) => c.resource === 'pets');
    expect(pets).toHaveLength(1);
    expect(pets[0]).toMatchObject({ collection: 'pets', key: created.id, change: 'created', before: null, fields: [] });
    expect(pets[0]!.after).toMatchObject({ id: created.id, name: 'Rex', tag: 'dog' });

    const second = await changesOf(h, sim.id, 2);
    expect(second.changes).toHaveLength(1);
    const updated = second.changes[0]!;
    expect(updated).toMatchObject({ resource: 'pets', key: created.id, change: 'updated', fields: ['name'] });
    expect(updated.before).toMatchObject({ name: 'Rex', tag: 'dog' });
    expect(updated.after).toMatchObject({ name: 'Max', tag: 'dog' });

    const third = await changesOf(h, sim.id, 3);
    expect(third.changes.map((c) => [c.resource, c.key, c.change])).toEqual([['pets', deleted.id, 'deleted']]);
    expect(third.changes[0]!.before).toMatchObject({ id: deleted.id, name: deleted.name });
    expect(third.changes[0]!.after).toBeNull();
    // The runtime's own bookkeeping (id counters, links, deleted forms) is not a resource's record.
    for (const page of [first, second, third]) for (const change of page.changes) expect(change.collection).not.toMatch(/#|^_simplane/);
  });

  it('pages the changes of an advance step that expired several records', async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(passes, { references: ['passes:v1'] });
    const sim = await h.createSimulation('passes:v1', { seed: 'many', sample_records: 0 });
    const ids: string[] = [];
    for (const holder of ['a', 'b', 'c']) {
      const made = await h.sim(sim, 'POST', '/passes', { json: { holder, expires_at: '2024-01-02T00:00:00Z' } });
      expect(made.status, made.text()).toBe(201);
      ids.push(made.json<{ id: string }>().id);
    }
    const done = await advanced(h, sim.id, '2024-02-01T00:00:00Z');
    expect(done).toMatchObject({ status: 'completed', event_count: 3, step: 4 });
    const seen: RecordChangeView[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ChangePage = await changesOf(h, sim.id, 4, `?limit=1${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
      expect(page.changes.length).toBeLessThanOrEqual(1);
      seen.push(...page.changes);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen.map((c) => [c.resource, c.key, c.change, c.fields])).toEqual(ids.map((id) => ['passes', id, 'updated', ['status']]));
    expect(seen.map((c) => [(c.before as { status: string }).status, (c.after as { status: string }).status])).toEqual(ids.map(() => ['active', 'expired']));
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/4/changes?cursor=not-a-cursor`), 400, 'bad_request');
  });

  it('refuses a step that is not recorded, a stopped Simulation, another workspace and an unknown Simulation', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { seed: 'refusals' });
    expect(expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/1/changes`), 422, 'validation').detail).toMatch(/^step: .*recorded none/);
    await threeWrites(h, sim);
    for (const step of ['0', '4', 'x', '-1', '99999999999999999']) {
      expect(expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/${step}/changes`), 422, 'validation').detail).toMatch(/^step: must be a recorded step of this Simulation \(1\.\.3\)/);
    }
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/1/changes`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', '/v1/simulations/sim_01J00000000000000000000000/steps/1/changes'), 404, 'simulation_not_found');
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).status).toBe(200);
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/1/changes`), 409, 'simulation_stopped');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/records`), 409, 'simulation_stopped');
  });
});

describe('GET /v1/simulations/{id}/records', () => {
  it('answers the state after any recorded step, resource by resource, paged with the step kept', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { seed: 'records', sample_records: 2 });
    const before = await recordsOf(h, sim.id, '?resource=pets');
    expect(before.step).toBe(0);
    const seeded = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<Array<{ id: string }>>();
    expect(before.records.map((r) => r.key)).toEqual(seeded.map((p) => p.id));
    expect(before.records.every((r) => r.resource === 'pets' && r.collection === 'pets')).toBe(true);

    const { created, deleted } = await threeWrites(h, sim);
    const keysAt = async (step: number) => (await recordsOf(h, sim.id, `?resource=pets&at_step=${step}`)).records.map((r) => r.key);
    expect(await keysAt(0)).toEqual(seeded.map((p) => p.id));
    expect(await keysAt(1)).toEqual([...seeded.map((p) => p.id), created.id]);
    expect((await recordsOf(h, sim.id, '?resource=pets&at_step=1')).records.at(-1)!.value).toMatchObject({ name: 'Rex' });
    expect((await recordsOf(h, sim.id, '?resource=pets&at_step=2')).records.at(-1)!.value).toMatchObject({ name: 'Max' });
    expect(await keysAt(3)).toEqual([...seeded.map((p) => p.id).filter((id) => id !== deleted.id), created.id]);
    // The latest state is the one the data plane answers from.
    const now = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<unknown[]>();
    expect((await recordsOf(h, sim.id, '?resource=pets')).records.map((r) => r.value)).toEqual(now);

    // Every resource, in pages of two: each record once, every page of the same step.
    const whole = await allRecords(h, sim.id, '');
    expect(new Set(whole.steps)).toEqual(new Set([3]));
    expect(new Set(whole.records.map((r) => `${r.collection}/${r.key}`)).size).toBe(whole.records.length);
    expect(whole.records.filter((r) => r.resource === 'pets').map((r) => r.key)).toEqual(await keysAt(3));
    expect(new Set(whole.records.map((r) => r.resource))).toContain('orders');
    // A list begun at "the latest" stays on its step when a write lands between its pages.
    const page = await recordsOf(h, sim.id, '?resource=pets&limit=1');
    expect((await h.sim(sim, 'POST', '/pets', { headers: PETSTORE_AUTH, json: { name: 'Late' } })).status).toBe(201);
    const next = await recordsOf(h, sim.id, `?resource=pets&limit=200&cursor=${encodeURIComponent(page.next_cursor!)}`);
    expect(next.step).toBe(3);
    expect([...page.records, ...next.records].map((r) => r.key)).toEqual(await keysAt(3));
  });

  it('refuses a step that is not recorded and a resource the Simulator has not', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { seed: 'bad' });
    await threeWrites(h, sim);
    for (const step of ['4', '-1', 'x', '1.5']) {
      expect(expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/records?at_step=${step}`), 422, 'validation').detail).toMatch(/^at_step: must be a recorded step of this Simulation \(0\.\.3\)/);
    }
    expect(expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/records?resource=unicorns`), 422, 'validation').detail).toMatch(/^resource: .*'unicorns'/);
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/records?at_step=1&at_step=2`), 422, 'validation');
  });

  it("starts a fork's state at its base step and refuses the steps before it", async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { seed: 'fork', sample_records: 1 });
    const { created } = await threeWrites(h, sim);
    const forked = await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: 2 } });
    expect(forked.status, forked.text()).toBe(201);
    const fork = forked.json<Sim>();
    const state = await recordsOf(h, fork.id, '?resource=pets');
    expect(state.step).toBe(2);
    expect(state.records).toEqual((await recordsOf(h, sim.id, '?resource=pets&at_step=2')).records);
    expect(state.records.find((r) => r.key === created.id)!.value).toMatchObject({ name: 'Max' });
    expectProblem(await h.request('GET', `/v1/simulations/${fork.id}/records?at_step=1`), 422, 'validation');
    expectProblem(await h.request('GET', `/v1/simulations/${fork.id}/steps/2/changes`), 422, 'validation');
    const renamed = await h.sim(fork, 'PATCH', `/pets/${created.id}`, { headers: PETSTORE_AUTH, json: { name: 'Bo' } });
    expect(renamed.status).toBe(200);
    expect((await changesOf(h, fork.id, 3)).changes.map((c) => [c.key, c.change, c.fields])).toEqual([[created.id, 'updated', ['name']]]);
  });
});

describe('records and changes of SOAP Simulations and World members', () => {
  it('shows a SOAP Simulation’s created, updated and deleted customers', async () => {
    const { h } = await simulationHarness();
    const wsdl = readFileSync(new URL('../../packages/composition/catalog/customers.wsdl', import.meta.url));
    await h.buildSimulator(wsdl, { references: ['customers:soap'] }, { filename: 'customers.wsdl' });
    const sim = await h.createSimulation('customers:soap', { seed: 'soap', sample_records: 1 });
    const ns = 'urn:simplane:catalog:customers';
    const call = async (operation: string, body: string) => {
      const reply = await h.sim(sim, 'POST', '/', {
        body: `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:c="${ns}"><soap:Body>${body}</soap:Body></soap:Envelope>`,
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${ns}/${operation}"` },
      });
      expect(reply.status, reply.text()).toBe(200);
      return reply.text();
    };
    const made = await call('CreateCustomer', '<c:CreateCustomer><c:customer><c:name>Ada</c:name><c:email>ada@example.com</c:email></c:customer></c:CreateCustomer>');
    const id = /<ns1:customerId>([^<]+)<\/ns1:customerId>/.exec(made)![1]!;
    await call('UpdateCustomer', `<c:UpdateCustomer><c:customerId>${id}</c:customerId><c:customer><c:name>Ada Lovelace</c:name><c:email>ada@example.com</c:email></c:customer></c:UpdateCustomer>`);
    await call('DeleteCustomer', `<c:DeleteCustomer><c:customerId>${id}</c:customerId></c:DeleteCustomer>`);

    const changes = await Promise.all([1, 2, 3].map(async (step) => (await changesOf(h, sim.id, step)).changes));
    expect(changes.map((list) => list.map((c) => [c.resource, c.key, c.change]))).toEqual([[['Customer', id, 'created']], [['Customer', id, 'updated']], [['Customer', id, 'deleted']]]);
    expect(changes[0]![0]!.after).toMatchObject({ name: 'Ada' });
    expect(changes[1]![0]!.fields).toContain('name');
    expect(changes[1]![0]!.after).toMatchObject({ name: 'Ada Lovelace' });
    expect(changes[2]![0]!.before).toMatchObject({ name: 'Ada Lovelace' });
    const keys = async (step: number) => (await recordsOf(h, sim.id, `?at_step=${step}&resource=Customer`)).records.map((r) => r.key);
    expect(await keys(1)).toContain(id);
    expect(await keys(3)).not.toContain(id);
    expect((await keys(0)).length).toBe(1);
  });

  it('shows the customers two World members share with the same ids and values, and each member’s own writes', async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(billing, { references: ['billing:v1'] });
    await h.buildSimulator(support, { references: ['support:v1'] });
    const world = await runningWorld(h, { simulators: ['billing:v1', 'support:v1'], seed: 'shared' });
    const m = await memberTokens(h, world);
    const customers = async (member: Sim, query = '') => (await recordsOf(h, member.id, `?resource=customers${query}`)).records.map((r) => [r.key, r.value]);
    const shared = await customers(m.billing!);
    expect(shared.length).toBeGreaterThan(0);
    expect(await customers(m.support!)).toEqual(shared);

    const made = await h.sim(m.billing!, 'POST', '/customers', { json: { name: 'Only in billing' } });
    expect(made.status, made.text()).toBe(201);
    const { id } = made.json<{ id: string }>();
    expect((await changesOf(h, m.billing!.id, 1)).changes.filter((c) => c.resource === 'customers').map((c) => [c.key, c.change])).toEqual([[id, 'created']]);
    expect((await customers(m.billing!)).map(([key]) => key)).toEqual([...shared.map(([key]) => key), id]);
    expect(await customers(m.support!)).toEqual(shared);
    expect(await customers(m.billing!, '&at_step=0')).toEqual(shared);
  });
});
