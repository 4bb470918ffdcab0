import { SimulationOwnership, SimulationPool, silentLogger, type LeaseNotice, type SimulationLeases } from '@simplane/core';
import { describe, expect, it } from 'vitest';
import { MemorySimulationLeases } from './memory-simulation-leases.js';

const ID = 'sim_01J00000000000000000000000';
const OTHER = 'sim_01J00000000000000000000001';

/** Resolves when some process asks for a Simulation: after the processes watching before it have heard. */
function asked(store: MemorySimulationLeases): Promise<void> {
  return new Promise((resolve) => void store.watch((notice) => notice.kind === 'wanted' && resolve()));
}

/** Holds the Simulation's queue in `pool` until the answered function is called. */
function hold(pool: SimulationPool, id: string): { done: Promise<void>; finish: () => void } {
  let finish!: () => void;
  const done = pool.serial(id, () => new Promise<void>((resolve) => (finish = resolve)));
  return { done, finish: () => finish() };
}
const LEASE_MS = 60_000;

/** Two processes' ownership over one store; `deaf` drops every notice to the first (a broken listening connection). */
async function twoProcesses(options: { deaf?: boolean } = {}) {
  const store = new MemorySimulationLeases();
  const deafened: SimulationLeases = {
    claim: (...args) => store.claim(...args),
    renew: (...args) => store.renew(...args),
    release: (...args) => store.release(...args),
    want: (id) => store.want(id),
    watch: (listener: (notice: LeaseNotice) => void) => store.watch(options.deaf === true ? () => undefined : listener),
  };
  const pools = [new SimulationPool(10), new SimulationPool(10)] as const;
  const a = new SimulationOwnership(deafened, pools[0], silentLogger, { owner: 'proc-a', leaseMs: LEASE_MS, waitMs: 5_000 });
  const b = new SimulationOwnership(store, pools[1], silentLogger, { owner: 'proc-b', leaseMs: LEASE_MS, waitMs: 5_000 });
  await Promise.all([a.start(), b.start()]);
  return { store, a, b, pools };
}

describe('SimulationOwnership', () => {
  it('hands a Simulation over only after the work queued before the request is done', async () => {
    const { store, a, b, pools } = await twoProcesses();
    await a.acquire(ID);
    const order: string[] = [];
    // Work in A's queue for the Simulation (a request whose step is committing).
    const work = hold(pools[0], ID);
    const inFlight = work.done.then(() => void order.push('a done'));
    const heard = asked(store);
    const taking = b.acquire(ID).then(() => void order.push('b owns'));
    await heard;
    expect(order).toEqual([]);
    expect(a.owns(ID)).toBe(true);
    work.finish();
    await Promise.all([inFlight, taking]);
    expect(order).toEqual(['a done', 'b owns']);
    expect(a.owns(ID)).toBe(false);
    expect(b.owns(ID)).toBe(true);
  });

  it('changes the generation each time a lease is taken anew, so what was remembered under the old one is read again', async () => {
    const { a, b } = await twoProcesses();
    await a.acquire(ID);
    const first = a.generation(ID);
    await b.acquire(ID);
    expect(a.generation(ID)).toBeUndefined();
    await a.acquire(ID);
    expect(a.generation(ID)).toBeDefined();
    expect(a.generation(ID)).not.toBe(first);
  });

  it('hands over at its next renewal a Simulation asked for while its notices were lost', async () => {
    const { store, a, b, pools } = await twoProcesses({ deaf: true });
    await a.acquire(ID);
    // A is busy with the Simulation, so renewing keeps its lease unless it was asked for.
    const work = hold(pools[0], ID);
    const heard = asked(store);
    const taking = b.acquire(ID);
    await heard;
    expect(a.owns(ID)).toBe(true);
    await a.renew();
    work.finish();
    await taking;
    expect(b.owns(ID)).toBe(true);
    expect(a.owns(ID)).toBe(false);
  });

  it('gives up at renewal the leases of Simulations no longer held in memory, and all of them on close', async () => {
    const { a, b, pools } = await twoProcesses();
    await a.acquire(ID);
    await a.acquire(OTHER);
    const work = hold(pools[0], ID);
    await a.renew();
    expect([a.owns(ID), a.owns(OTHER)]).toEqual([true, false]);
    expect(await b.tryAcquire(OTHER)).toBe(true);
    expect(await b.tryAcquire(ID)).toBe(false);
    await a.close();
    work.finish();
    expect(await b.tryAcquire(ID)).toBe(true);
  });

  it('starts without notices when the store cannot carry them, and still hands over at renewal', async () => {
    const store = new MemorySimulationLeases();
    const mute: SimulationLeases = { claim: (...a) => store.claim(...a), renew: (...a) => store.renew(...a), release: (...a) => store.release(...a), want: (id) => store.want(id), watch: () => Promise.reject(new Error('no session')) };
    const pool = new SimulationPool(10);
    const a = new SimulationOwnership(mute, pool, silentLogger, { owner: 'proc-a', leaseMs: LEASE_MS, waitMs: 5_000 });
    const b = new SimulationOwnership(store, new SimulationPool(10), silentLogger, { owner: 'proc-b', leaseMs: LEASE_MS, waitMs: 5_000 });
    await Promise.all([a.start(), b.start()]);
    await a.acquire(ID);
    const work = hold(pool, ID);
    const heard = asked(store);
    const taking = b.acquire(ID);
    await heard;
    await a.renew();
    work.finish();
    await taking;
    expect([a.owns(ID), b.owns(ID)]).toEqual([false, true]);
  });

  it('answers 503 when the holder neither hands over nor lets its lease lapse within the wait', async () => {
    const store = new MemorySimulationLeases();
    expect(await store.claim(ID, 'proc-gone', LEASE_MS)).toBe(true);
    const b = new SimulationOwnership(store, new SimulationPool(10), silentLogger, { owner: 'proc-b', leaseMs: LEASE_MS, waitMs: 100 });
    await b.start();
    await expect(b.acquire(ID)).rejects.toMatchObject({ code: 'simulation_unreachable' });
  });
});
