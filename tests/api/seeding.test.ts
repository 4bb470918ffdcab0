import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '@simplane/harness';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);

type Sim = { id: string; token: string };

/** The pet store's two parts as a client sees them: pets, and the store's orders. */
async function look(h: Harness, sim: Sim): Promise<{ pets: string; orders: string }> {
  const pets = await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH });
  const orders = await h.sim(sim, 'GET', '/store/orders', { headers: PETSTORE_AUTH });
  expect([pets.status, orders.status]).toEqual([200, 200]);
  return { pets: pets.text(), orders: orders.text() };
}

describe('sample records', () => {
  it('are not made when a Simulation is created, and are the same whenever, and in whatever order, a client reaches them', async () => {
    const { h } = await simulationHarness();
    const log = h.plane.ports.stepLog;
    const first = await h.createSimulation('pets:v1', { seed: 'seeded', sample_records: 3 });
    // The state saved at creation holds no record yet: each resource is seeded when first reached.
    const saved = JSON.parse(Buffer.from((await log.latestSnapshot(first.id, 0))!.bytes).toString('utf8')) as { seeded: string[]; collections: unknown[] };
    expect(saved).toMatchObject({ seeded: [], collections: [] });

    const seen = await look(h, first);
    expect(JSON.parse(seen.pets)).toHaveLength(3);
    expect(JSON.parse(seen.orders)).toHaveLength(3);
    // Same seed, the orders reached first: the same records, byte for byte.
    const second = await h.createSimulation('pets:v1', { seed: 'seeded', sample_records: 3 });
    const orders = await h.sim(second, 'GET', '/store/orders', { headers: PETSTORE_AUTH });
    expect(orders.text()).toBe(seen.orders);
    expect(await look(h, second)).toEqual(seen);
    // Another seed, other records.
    const other = await h.createSimulation('pets:v1', { seed: 'other', sample_records: 3 });
    expect((await look(h, other)).pets).not.toBe(seen.pets);
  });

  it('a part first reached after a fork, a stop and a start, or after it was written, is what the parent reached', async () => {
    const { h } = await simulationHarness();
    const parent = await h.createSimulation('pets:v1', { seed: 'forked', sample_records: 2 });
    // Step 1 writes the pets; the orders are not reached before the fork.
    const created = await h.sim(parent, 'POST', '/pets', { json: { name: 'Nova' }, headers: PETSTORE_AUTH });
    expect(created.status).toBe(201);
    const fork = (await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: { at_step: 1 } })).json<Sim>();
    const atFork = await look(h, parent);
    expect(JSON.parse(atFork.pets)).toHaveLength(3);
    expect(await look(h, fork)).toEqual(atFork);

    // An order placed in the parent: its seeded orders come first, in the parent and when the log is replayed.
    const order = await h.sim(parent, 'POST', '/store/orders', { json: { pet_id: created.json<{ id: string }>().id, quantity: 1 }, headers: PETSTORE_AUTH });
    expect(order.status, order.text()).toBe(201);
    const withOrder = await look(h, parent);
    expect(JSON.parse(withOrder.orders)).toHaveLength(3);
    expect(await h.request('POST', `/v1/simulations/${parent.id}/stop`)).toMatchObject({ status: 200 });
    const started = (await h.request('POST', `/v1/simulations/${parent.id}/start`)).json<Sim>();
    expect(await look(h, { id: parent.id, token: started.token })).toEqual(withOrder);
    const late = (await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: { at_step: 2 } })).json<Sim>();
    expect(await look(h, late)).toEqual(withOrder);
  });
});
