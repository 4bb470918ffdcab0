/**
 * Two `simplane serve` processes on one Postgres database, each Simulation owned by one of them
 * at a time through a lease (docs/architecture.md, *Several processes*). Writes sent to both at
 * once, a burst one process is serving when the other takes the Simulation over, and an owner
 * killed while the other waits for it: every write acknowledged is in the log exactly once, in
 * the order the state took it, and nothing is refused for having raced.
 */
import type { TestDatabase } from '@simplane/adapter-postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/gated-provider.js';
import { call, type Served } from '../support/serve-process.js';
import { CATALOG, serveOnOneDatabase, untilReady, type SharedDatabaseServers } from '../support/shared-database-servers.js';

const KEY = 'ownership-key';
const PET = { 'x-api-key': 'pet-key' };
/** Short, so a killed owner's lease lapses within the test's patience. */
const LEASE_MS = 1_000;

let shared: SharedDatabaseServers;
let database: TestDatabase;
let a: Served;
let b: Served;

beforeAll(async () => {
  shared = await serveOnOneDatabase('ownership', 2, (url) => ({
    organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [KEY] }] }],
    quotas: { active_simulations: 20 },
    storage: { kind: 'postgres', database_url: url, simulation_lease_ms: LEASE_MS },
    build_workers: 1,
    log_level: 'info',
  }));
  ({ database } = shared);
  [a, b] = shared.servers as [Served, Served];
  await untilReady(b, KEY);
}, 120_000);

afterAll(() => shared?.dispose(), 60_000);

async function createSimulation(served: Served): Promise<{ id: string; token: string }> {
  const created = await call(served.url, 'POST', '/v1/simulations', KEY, { simulator_id: CATALOG, seed: 'ownership', sample_records: 0 });
  expect(created.status, created.text).toBe(201);
  return created.json();
}

/** Creates a pet; answers its status and name, and when the answer came (its place among all answers). */
let answered = 0;
async function addPet(served: Served, sim: { id: string; token: string }, name: string): Promise<{ status: number; text: string; name: string; at: number }> {
  const reply = await call(served.url, 'POST', `/sim/${sim.id}/pets`, { token: sim.token }, { name }, PET);
  answered += 1;
  return { status: reply.status, text: reply.text, name, at: answered };
}

/**
 * What the log and the state hold: the name each step created, in step order, and the pets as
 * listed, in the order the state took them; both must be exactly `names`, each once.
 */
async function expectRecordedOnce(served: Served, sim: { id: string; token: string }, names: string[]): Promise<void> {
  const list = await call(served.url, 'GET', `/v1/simulations/${sim.id}/steps?limit=200`, KEY);
  expect(list.status, list.text).toBe(200);
  const steps = list.json().steps as Array<{ step: number; label: string }>;
  expect(steps.map((s) => s.step)).toEqual(names.map((_, i) => i + 1));
  const created: string[] = [];
  for (const { step } of steps) {
    const detail = await call(served.url, 'GET', `/v1/simulations/${sim.id}/steps/${step}`, KEY);
    expect(detail.status, detail.text).toBe(200);
    created.push(JSON.parse(detail.json().response.body).name);
  }
  expect([...created].sort()).toEqual([...names].sort());
  const pets = await call(served.url, 'GET', `/sim/${sim.id}/pets?limit=100`, { token: sim.token }, undefined, PET);
  expect(pets.status, pets.text).toBe(200);
  // The state took them in the order the log numbered them.
  expect(pets.json().map((p: { name: string }) => p.name)).toEqual(created);
  // Any process reads the state after a step, and what a step changed, from the log.
  const records = await call(served.url, 'GET', `/v1/simulations/${sim.id}/records?resource=pets&limit=200`, KEY);
  expect(records.status, records.text).toBe(200);
  expect(records.json().records.map((r: { value: { name: string } }) => r.value.name)).toEqual(created);
  const last = await call(served.url, 'GET', `/v1/simulations/${sim.id}/steps/${names.length}/changes`, KEY);
  expect(last.status, last.text).toBe(200);
  expect(last.json().changes.filter((c: { resource: string }) => c.resource === 'pets').map((c: { change: string; after: { name: string } }) => [c.change, c.after.name])).toEqual([['created', created.at(-1)]]);
}

describe('Simulations owned by one process at a time', () => {
  it('acknowledges every one of 20 writes sent at once through two processes, exactly once and in order', async () => {
    const sim = await createSimulation(a);
    const names = Array.from({ length: 20 }, (_, i) => `split-${i}`);
    const replies = await Promise.all(names.map((name, i) => addPet(i % 2 === 0 ? a : b, sim, name)));
    for (const reply of replies) expect([reply.name, reply.status], reply.text).toEqual([reply.name, 201]);
    for (const served of [a, b]) await expectRecordedOnce(served, sim, names);
  }, 60_000);

  it('hands a Simulation over in the middle of a burst its owner is serving, losing and refusing nothing', async () => {
    const sim = await createSimulation(a);
    // Four chains of writes through A, one after another in each: A owns the Simulation throughout.
    const chain = async (c: number) => {
      const replies = [];
      for (let i = 0; i < 15; i += 1) replies.push(await addPet(a, sim, `a-${c}-${i}`));
      return replies;
    };
    const burst = Promise.all([0, 1, 2, 3].map(chain));
    // Once A has answered a few, B writes: it takes the Simulation over while A's chains go on.
    await until(async () => answered >= 5, 30_000);
    const started = answered;
    const fromB = await Promise.all(Array.from({ length: 6 }, (_, i) => addPet(b, sim, `b-${i}`)));
    const fromA = (await burst).flat();
    for (const reply of [...fromA, ...fromB]) expect([reply.name, reply.status], reply.text).toEqual([reply.name, 201]);
    // B's writes were answered while A's burst went on: A answered more after B's first answer.
    const firstOfB = Math.min(...fromB.map((r) => r.at));
    expect(firstOfB).toBeGreaterThan(started);
    expect(fromA.filter((r) => r.at > firstOfB).length).toBeGreaterThan(0);
    await expectRecordedOnce(b, sim, [...fromA, ...fromB].map((r) => r.name));
  }, 60_000);

  it('serves through the other process once an owner killed while that process waited for the Simulation has lost its lease', async () => {
    const sim = await createSimulation(a);
    const before = [];
    for (let i = 0; i < 3; i += 1) before.push(await addPet(a, sim, `owner-${i}`));
    for (const reply of before) expect(reply.status, reply.text).toBe(201);
    // A holds the lease and can no longer hand it over; B's write waits for it.
    a.child.kill('SIGSTOP');
    const waiting = addPet(b, sim, 'after-kill');
    const { rows } = await database.db.query<{ owner: string }>('SELECT owner FROM simulation_leases WHERE simulation_id = $1', [sim.id]);
    expect(rows).toHaveLength(1);
    a.child.kill('SIGKILL');
    const reply = await waiting;
    expect(reply.status, reply.text).toBe(201);
    // B owns it now and keeps serving.
    const next = await addPet(b, sim, 'after-kill-2');
    expect(next.status, next.text).toBe(201);
    const after = await database.db.query<{ owner: string }>('SELECT owner FROM simulation_leases WHERE simulation_id = $1', [sim.id]);
    expect(after.rows.map((r) => r.owner)).not.toEqual(rows.map((r) => r.owner));
    await expectRecordedOnce(b, sim, ['owner-0', 'owner-1', 'owner-2', 'after-kill', 'after-kill-2']);
  }, 60_000);
});
