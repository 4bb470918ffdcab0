/**
 * A World's stop, start and delete across processes: two control planes on one set of stores
 * stand for two processes; the World's stored lock lets one change run at a time, and a lock a
 * process abandoned is taken over.
 */
import { ManualClock, type WorldRepository } from '@simplane/core';
import type { Stores } from '@simplane/composition';
import { createHarness, type Harness } from '@simplane/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passes } from '../support/clock.js';
import { sharedDatabases } from '../support/shared-stores.js';
import { readWorld, runningWorld, type WorldBody } from '../support/world-clock.js';

const config = { organizations: [{ name: 'acme', workspaces: [{ name: 'alpha', api_keys: ['world-lock-key-alpha'] }] }], catalog: false };
const databases = sharedDatabases();
beforeAll(() => databases.open('exclusive', 'shared'), 60_000);
afterAll(() => databases.dispose());
const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close().catch(() => undefined);
});

/** The repository, noting each lifecycle lock taken through it (a contender that won) by its action. */
function countingLocks(inner: WorldRepository, taken: string[]): WorldRepository {
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key !== 'update') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<WorldRepository['update']>) => {
        const result = await target.update(...args);
        const lock = args[2].lock;
        if (lock != null && result !== null) taken.push(lock.action);
        return result;
      };
    },
  });
}

async function twoProcesses(sharing: 'shared' | 'exclusive' = 'shared'): Promise<{ a: Harness; b: Harness; stores: Stores; clock: ManualClock; taken: string[] }> {
  const stores = await databases.stores(config, sharing);
  const clock = new ManualClock('2024-01-01T00:00:00.000Z');
  const taken: string[] = [];
  const counted = { ...stores, worlds: countingLocks(stores.worlds, taken) };
  const a = createHarness({ config, stores: counted, clock });
  const b = createHarness({ config, stores: counted, clock });
  open.push(a, b);
  await a.buildSimulator(passes, { references: ['passes:v1'] });
  return { a, b, stores, clock, taken };
}

/** The World's status agrees with every member's: all running, or all stopped. */
async function consistent(h: Harness, id: string): Promise<WorldBody> {
  const world = await readWorld(h, id);
  const statuses = Object.values(world.members).map((m) => m.status);
  expect(statuses.every((s) => (world.status === 'running' ? s === 'running' : s === 'stopped')), JSON.stringify(world)).toBe(true);
  return world;
}

describe('World lifecycle changes across processes', () => {
  it('runs a stop through one and a start through the other one at a time, the World agreeing with its members', async () => {
    const { a, b } = await twoProcesses();
    const world = await runningWorld(a, { simulators: ['passes:v1', { simulator: 'passes:v1', name: 'second' }, { simulator: 'passes:v1', name: 'third' }] });
    for (let round = 0; round < 6; round += 1) {
      const [stop, start] = await Promise.all([a.request('POST', `/v1/worlds/${world.id}/stop`), b.request('POST', `/v1/worlds/${world.id}/start`)]);
      for (const reply of [stop, start]) expect([200, 409], reply.text()).toContain(reply.status);
      await consistent(a, world.id);
      await consistent(b, world.id);
    }
    const [stop, remove] = await Promise.all([b.request('POST', `/v1/worlds/${world.id}/stop`), a.request('DELETE', `/v1/worlds/${world.id}`)]);
    expect([200, 409, 404]).toContain(stop.status);
    expect([204, 409]).toContain(remove.status);
    if (remove.status === 204) expect((await b.request('GET', `/v1/worlds/${world.id}`)).status).toBe(404);
    else await consistent(b, world.id);
  });

  it('lets exactly one of two stops racing through the two processes take the World', async () => {
    const { a, b, taken } = await twoProcesses();
    const world = await runningWorld(a, { simulators: ['passes:v1', { simulator: 'passes:v1', name: 'second' }] });
    taken.splice(0);
    const replies = await Promise.all([a.request('POST', `/v1/worlds/${world.id}/stop`), b.request('POST', `/v1/worlds/${world.id}/stop`)]);
    // The loser finds the World locked by the winner (409) or, reading after it, already stopped (200).
    expect(taken).toEqual(['stopping']);
    expect(replies.map((r) => r.status)).toContain(200);
    for (const reply of replies) expect([200, 409], reply.text()).toContain(reply.status);
    expect((await consistent(b, world.id)).status).toBe('stopped');
  });

  it('refuses a change while another holds the World, and takes over a lock abandoned by a process that died', async () => {
    const { a, b, stores, clock } = await twoProcesses();
    const world = await runningWorld(a, { simulators: ['passes:v1', { simulator: 'passes:v1', name: 'second' }] });
    // A process died while stopping it: the World says stopped, its members still run.
    await stores.worlds.update(world.id, {}, { status: 'stopped', lock: { action: 'stopping', at: clock.now().toISOString() } });
    const refused = await b.request('POST', `/v1/worlds/${world.id}/start`);
    expect(refused.status).toBe(409);
    expect(refused.json<{ code: string; detail: string }>()).toMatchObject({ code: 'world_conflict' });
    expect(refused.json<{ detail: string }>().detail).toContain('stopping');
    clock.advance(6 * 60_000);
    // Abandoned now: a stop finishes what the dead process began.
    const stopped = await b.request('POST', `/v1/worlds/${world.id}/stop`);
    expect(stopped.status, stopped.text()).toBe(200);
    expect((await consistent(a, world.id)).status).toBe('stopped');
    expect((await stores.worlds.get(world.id))!.lock ?? null).toBeNull();
    const started = await a.request('POST', `/v1/worlds/${world.id}/start`);
    expect(started.status, started.text()).toBe(200);
    expect((await consistent(b, world.id)).status).toBe('running');
  });

  it('takes over at once a lock another process left on a store this one holds alone (the embedded default after a restart)', async () => {
    const { a, stores, clock } = await twoProcesses('exclusive');
    const world = await runningWorld(a, { simulators: ['passes:v1'] });
    await stores.worlds.update(world.id, {}, { status: 'stopped', lock: { action: 'stopping', at: clock.now().toISOString(), by: 'a-process-that-died' } });
    const stopped = await a.request('POST', `/v1/worlds/${world.id}/stop`);
    expect(stopped.status, stopped.text()).toBe(200);
    expect((await consistent(a, world.id)).status).toBe('stopped');
  });
});
