/**
 * A Simulation's lifecycle lock left by a process that stopped mid-change (killed while
 * stopping, starting or deleting it): the next stop, start or delete takes it over, at once on
 * a store the process holds alone (the embedded default after a restart), after five minutes on
 * a shared one, where the other process may still be working.
 */
import { ManualClock, type SimulationRepository, type SimulationView } from '@simplane/core';
import { createHarness, type Harness } from '@simplane/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passes } from '../support/clock.js';
import { sharedDatabases } from '../support/shared-stores.js';

const config = { organizations: [{ name: 'acme', workspaces: [{ name: 'alpha', api_keys: ['simulation-lock-key-1'] }] }], catalog: false };
const databases = sharedDatabases();
beforeAll(() => databases.open('exclusive', 'shared'), 60_000);
afterAll(() => databases.dispose());
const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close().catch(() => undefined);
});

/** The repository, counting the `stopping` locks taken through it: a taken lock is a contender that won. */
function countingLocks(inner: SimulationRepository, taken: string[]): SimulationRepository {
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key !== 'update') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<SimulationRepository['update']>) => {
        const result = await target.update(...args);
        if (args[2].lock === 'stopping' && result !== null && result !== 'quota') taken.push(args[2].lockedBy ?? 'unnamed');
        return result;
      };
    },
  });
}

async function lockedByADeadProcess(sharing: 'shared' | 'exclusive') {
  const stores = await databases.stores(config, sharing);
  const clock = new ManualClock('2024-01-01T00:00:00.000Z');
  const before = createHarness({ config, stores, clock });
  open.push(before);
  await before.buildSimulator(passes, { references: ['passes:v1'] });
  const sim = await before.createSimulation('passes:v1', { sample_records: 0 });
  expect((await before.sim(sim, 'POST', '/passes', { json: { holder: 'ada', expires_at: '2024-02-01T00:00:00Z' } })).status).toBe(201);
  await before.close();
  // The process was stopping it when it died: the lock is still on the record.
  await stores.simulations.update(sim.id, {}, { lock: 'stopping', lockedAt: clock.now().toISOString(), lockedBy: 'a-process-that-died' });
  const taken: string[] = [];
  const after = createHarness({ config, stores: { ...stores, simulations: countingLocks(stores.simulations, taken) }, clock });
  open.push(after);
  await after.settled();
  return { after, clock, sim, stores, taken };
}

describe('a Simulation lock left by a process that died', () => {
  it('is taken over at once where this process holds the store alone', async () => {
    const { after, sim, stores } = await lockedByADeadProcess('exclusive');
    const stopped = await after.request('POST', `/v1/simulations/${sim.id}/stop`);
    expect(stopped.status, stopped.text()).toBe(200);
    expect(stopped.json<SimulationView>()).toMatchObject({ status: 'stopped', step: 1 });
    expect((await stores.simulations.get(sim.id))!.lock).toBeNull();
    const started = await after.request('POST', `/v1/simulations/${sim.id}/start`);
    expect(started.status, started.text()).toBe(200);
    const token = started.json<{ token: string }>().token;
    expect((await after.sim({ id: sim.id, token }, 'GET', '/passes')).json<unknown[]>()).toHaveLength(1);
  });

  it('is refused on a shared store until it is old enough to be abandoned, then taken over once', async () => {
    const { after, clock, sim, stores, taken } = await lockedByADeadProcess('shared');
    const refused = await after.request('POST', `/v1/simulations/${sim.id}/stop`);
    expect(refused.status).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('simulation_platform_owned');
    expect(taken).toEqual([]);
    expect((await after.sim(sim, 'GET', '/passes')).status).toBe(503);
    clock.advance(5 * 60_000 + 1);
    const [first, second] = await Promise.all([
      after.request('POST', `/v1/simulations/${sim.id}/stop`),
      after.request('POST', `/v1/simulations/${sim.id}/stop`),
    ]);
    // Exactly one takes the abandoned lock over and stops it; the other finds the lock fresh, now
    // held by the first (409), or, when it reads after the first is done, the Simulation stopped (200).
    expect(taken).toHaveLength(1);
    expect([first.status, second.status], `${first.text()} ${second.text()}`).toContain(200);
    for (const reply of [first, second]) expect([200, 409]).toContain(reply.status);
    expect((await after.request('GET', `/v1/simulations/${sim.id}`)).json<SimulationView>().status).toBe('stopped');
    expect((await after.request('DELETE', `/v1/simulations/${sim.id}`)).status).toBe(204);
    expect(await stores.simulations.get(sim.id)).toBeNull();
  });
});
