/**
 * Two `simplane serve` processes on one Postgres database, with no balancer in front: the tests
 * alternate between them request by request, so whatever one process writes the other must
 * see, claim once, or count against the same quota.
 */
import { fetch, FormData } from 'undici';
import type { TestDatabase } from '@simplane/adapter-postgres/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyDocument, until } from '../support/gated-provider.js';
import { expectProblem as expectProblemReply } from '../support/problem.js';
import { call, type Reply, type Served } from '../support/serve-process.js';
import { CATALOG, serveOnOneDatabase, untilReady, type SharedDatabaseServers } from '../support/shared-database-servers.js';

const PET = { 'x-api-key': 'pet-key' };
/** The quotas every workspace gets: small enough to be reached through both processes at once. */
const ACTIVE_SIMULATIONS = 3;
const BUILDS_PER_DAY = 4;
/** One workspace per test, so one test's Simulations and builds do not use another's quota. */
const WORKSPACES = ['builds', 'traffic', 'quota', 'world', 'clock', 'tokens'] as const;
type WorkspaceName = (typeof WORKSPACES)[number];
const key = (workspace: WorkspaceName) => `two-processes-${workspace}-key`;

let shared: SharedDatabaseServers;
let database: TestDatabase;
let a: Served;
let b: Served;

beforeAll(async () => {
  shared = await serveOnOneDatabase('two-processes', 2, () => ({
    organizations: [{ name: 'acme', workspaces: WORKSPACES.map((name) => ({ name, api_keys: [key(name)] })) }],
    quotas: { active_simulations: ACTIVE_SIMULATIONS, builds_per_day: BUILDS_PER_DAY },
    // Each process's sweeper also claims waiting builds: a short interval makes the two race for them.
    simulation_sweep_interval_ms: 100,
    build_workers: 1,
    log_level: 'info',
  }));
  ({ database } = shared);
  // Started together, so both tried to install the catalog at once; wait until its reference resolves.
  [a, b] = shared.servers as [Served, Served];
  await untilReady(b, key('traffic'));
}, 120_000);

afterAll(() => shared?.dispose(), 60_000);

/** `expectProblem` for a reply of `call`, whose text is a string. */
const expectProblem = (reply: Reply, status: number, code: string) => expectProblemReply({ ...reply, text: () => reply.text }, status, code);

/** The other process. */
const other = (served: Served) => (served === a ? b : a);
/** A for even turns, B for odd ones. */
const turn = (i: number) => (i % 2 === 0 ? a : b);

function upload(served: Served, workspace: WorkspaceName, title: string): Promise<Reply> {
  const body = new FormData();
  body.append('spec', new Blob([tinyDocument(title)]), `${title}.yaml`);
  body.append('request', JSON.stringify({ name: title }));
  return fetch(`${served.url}/v1/simulators`, { method: 'POST', headers: { authorization: `Bearer ${key(workspace)}` }, body }).then(async (response) => {
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, headers, text, json: () => JSON.parse(text) };
  });
}

async function createSimulation(served: Served, workspace: WorkspaceName, body: object = {}): Promise<{ id: string; token: string }> {
  const created = await call(served.url, 'POST', '/v1/simulations', key(workspace), { simulator_id: CATALOG, seed: 'two-processes', sample_records: 0, ...body });
  expect(created.status, created.text).toBe(201);
  return created.json();
}

async function simulation(served: Served, workspace: WorkspaceName, id: string): Promise<{ step: number; status: string; current_time: string }> {
  const read = await call(served.url, 'GET', `/v1/simulations/${id}`, key(workspace));
  expect(read.status, read.text).toBe(200);
  return read.json();
}

async function pets(served: Served, id: string, token: string): Promise<Array<{ id: string; name: string; created_at: string }>> {
  const list = await call(served.url, 'GET', `/sim/${id}/pets?limit=100`, { token }, undefined, PET);
  expect(list.status, list.text).toBe(200);
  return list.json();
}

async function addPet(served: Served, id: string, token: string, name: string): Promise<{ id: string; name: string; created_at: string }> {
  const created = await call(served.url, 'POST', `/sim/${id}/pets`, { token }, { name }, PET);
  expect(created.status, created.text).toBe(201);
  return created.json();
}

async function steps(served: Served, workspace: WorkspaceName, id: string): Promise<Array<{ step: number; kind: string; label: string }>> {
  const list = await call(served.url, 'GET', `/v1/simulations/${id}/steps?limit=200`, key(workspace));
  expect(list.status, list.text).toBe(200);
  return list.json().steps;
}

/** Lease owners seen on each Simulator while it builds, read straight from the shared database. */
async function leaseOwners(): Promise<Map<string, string>> {
  const { rows } = await database.db.query<{ id: string; owner: string | null }>(`SELECT id, doc -> 'lease' ->> 'owner' AS owner FROM simulators WHERE status = 'building'`);
  return new Map(rows.filter((r) => r.owner !== null).map((r) => [r.id, r.owner!]));
}

describe('two serve processes on one database', () => {
  it('claims every build once, whichever process it was uploaded through, and installs the catalog once', async () => {
    const owners = new Map<string, Set<string>>();
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        for (const [id, owner] of await leaseOwners()) owners.set(id, (owners.get(id) ?? new Set()).add(owner));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    const uploads = await Promise.all(Array.from({ length: BUILDS_PER_DAY }, (_, i) => upload(turn(i), 'builds', `TwoProcesses${i}`)));
    const ids = uploads.map((reply) => {
      expect(reply.status, reply.text).toBe(202);
      return reply.json().id as string;
    });

    // Read every Simulator through both processes until ready: its build started once.
    const startedAt = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
    let reads = 0;
    await until(async () => {
      const records = await Promise.all(ids.map((id, i) => call(turn(i + reads).url, 'GET', `/v1/simulators/${id}`, key('builds')).then((r) => r.json())));
      reads += 1;
      for (const record of records) if (record.build.started_at !== null) startedAt.get(record.id)!.add(record.build.started_at);
      expect(records.filter((r) => r.status === 'failed' || r.status === 'canceled')).toEqual([]);
      return records.every((r) => r.status === 'ready');
    }, 60_000);
    watching = false;
    await watcher;
    for (const id of ids) {
      expect(startedAt.get(id)!.size, id).toBe(1);
      for (const served of [a, b]) {
        const record = (await call(served.url, 'GET', `/v1/simulators/${id}`, key('builds'))).json();
        expect(record.status).toBe('ready');
        expect(record.build.started_at).toBe([...startedAt.get(id)!][0]);
      }
    }
    // No build changed hands: one lease owner each, and neither process took one over.
    for (const [id, seen] of owners) expect([id, seen.size]).toEqual([id, 1]);
    for (const served of [a, b]) expect(served.stderr()).not.toContain('build taken over');

    // Each catalog Simulator both processes tried to install exists once, ready (the pet store and the customer directory).
    const { rows } = await database.db.query<{ id: string; status: string }>(`SELECT id, status FROM simulators WHERE source = 'catalog' ORDER BY id`);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.status)).toEqual(['ready', 'ready']);
    for (const served of [a, b]) {
      const list = await call(served.url, 'GET', '/v1/simulators?limit=200', key('builds'));
      expect(list.status).toBe(200);
      const catalog = list.json().simulators.filter((s: { source: string }) => s.source === 'catalog');
      expect(catalog.map((s: { id: string }) => s.id).sort()).toEqual(rows.map((row) => row.id));
      const quota = (await call(served.url, 'GET', '/v1/quota', key('builds'))).json();
      expect(quota.builds_today.used).toBe(BUILDS_PER_DAY);
    }
  }, 120_000);

  it("shows each process the other's data-plane writes, numbered without gaps", async () => {
    const sim = await createSimulation(a, 'traffic');
    const written: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const writer = turn(i);
      const reader = other(writer);
      written.push((await addPet(writer, sim.id, sim.token, `pet-${i}`)).name);
      // The very next request, through the other process, sees every write so far.
      expect((await pets(reader, sim.id, sim.token)).map((p) => p.name).sort()).toEqual([...written].sort());
      expect((await simulation(reader, 'traffic', sim.id)).step).toBe(i + 1);
      expect((await simulation(writer, 'traffic', sim.id)).step).toBe(i + 1);
    }
    for (const served of [a, b]) {
      const list = await steps(served, 'traffic', sim.id);
      expect(list.map((s) => s.step)).toEqual(written.map((_, i) => i + 1));
      expect(new Set(list.map((s) => s.label))).toEqual(new Set(['POST /pets']));
    }
  }, 60_000);

  it('keeps the active Simulation and daily build quotas across both processes', async () => {
    // More creates than slots, at once, alternating between the processes.
    const creates = await Promise.all(
      Array.from({ length: ACTIVE_SIMULATIONS + 5 }, (_, i) => call(turn(i).url, 'POST', '/v1/simulations', key('quota'), { simulator_id: CATALOG, sample_records: 0 })),
    );
    const created = creates.filter((r) => r.status === 201).map((r) => r.json().id as string);
    expect(created).toHaveLength(ACTIVE_SIMULATIONS);
    for (const refused of creates.filter((r) => r.status !== 201)) expectProblem(refused, 429, 'simulation_quota_exceeded');
    // One at a time, each process refuses a fourth.
    for (const served of [a, b, a]) expectProblem(await call(served.url, 'POST', '/v1/simulations', key('quota'), { simulator_id: CATALOG }), 429, 'simulation_quota_exceeded');
    for (const served of [a, b]) {
      const running = (await call(served.url, 'GET', '/v1/simulations?status=running&limit=200', key('quota'))).json();
      expect(running.simulations.map((s: { id: string }) => s.id).sort()).toEqual([...created].sort());
      expect((await call(served.url, 'GET', '/v1/quota', key('quota'))).json().active_simulations).toEqual({ used: ACTIVE_SIMULATIONS, limit: ACTIVE_SIMULATIONS });
    }
    // A slot freed through one process is free to the other, and only one.
    expect((await call(b.url, 'POST', `/v1/simulations/${created[0]}/stop`, key('quota'))).status).toBe(200);
    const refill = await Promise.all([a, b, a, b].map((served) => call(served.url, 'POST', '/v1/simulations', key('quota'), { simulator_id: CATALOG, sample_records: 0 })));
    expect(refill.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of refill.filter((r) => r.status !== 201)) expectProblem(refused, 429, 'simulation_quota_exceeded');
    // Starting the stopped one again needs a slot too.
    expectProblem(await call(a.url, 'POST', `/v1/simulations/${created[0]}/start`, key('quota')), 429, 'simulation_quota_exceeded');

    // Builds: more uploads than the day allows, at once, through both.
    const uploads = await Promise.all(Array.from({ length: BUILDS_PER_DAY + 4 }, (_, i) => upload(turn(i), 'quota', `QuotaBuild${i}`)));
    expect(uploads.filter((r) => r.status === 202)).toHaveLength(BUILDS_PER_DAY);
    for (const refused of uploads.filter((r) => r.status !== 202)) {
      expectProblem(refused, 429, 'build_rate_exceeded');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    for (const served of [a, b]) {
      expectProblem(await upload(served, 'quota', 'OneTooMany'), 429, 'build_rate_exceeded');
      expect((await call(served.url, 'GET', '/v1/quota', key('quota'))).json().builds_today.used).toBe(BUILDS_PER_DAY);
    }
  }, 90_000);

  it('stops through one process a World built and started through the other, its members served by either', async () => {
    const made = await call(a.url, 'POST', '/v1/worlds', key('world'), { simulators: [CATALOG, { simulator: CATALOG, name: 'second' }], seed: 'two-processes' });
    expect(made.status, made.text).toBe(202);
    const worldId = made.json().id as string;
    let world: any;
    await until(async () => {
      world = (await call(b.url, 'GET', `/v1/worlds/${worldId}`, key('world'))).json();
      return world.status !== 'creating';
    }, 60_000);
    expect(world.status, JSON.stringify(world.error)).toBe('running');
    const members = Object.values(world.members as Record<string, { simulation_id: string }>).map((m) => m.simulation_id);
    expect(members).toHaveLength(2);

    const tokens: string[] = [];
    for (const [i, id] of members.entries()) {
      const minted = await call(turn(i).url, 'POST', `/v1/simulations/${id}/tokens`, key('world'), { ttl_seconds: 3600 });
      expect(minted.status, minted.text).toBe(201);
      tokens.push(minted.json().token);
    }
    const before: string[][] = [];
    for (const [i, id] of members.entries()) {
      await addPet(turn(i), id, tokens[i]!, `member-${i}`);
      before.push((await pets(other(turn(i)), id, tokens[i]!)).map((p) => p.id));
      expect((await pets(turn(i), id, tokens[i]!)).map((p) => p.name)).toContain(`member-${i}`);
    }

    const stopped = await call(b.url, 'POST', `/v1/worlds/${worldId}/stop`, key('world'));
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json().status).toBe('stopped');
    for (const served of [a, b]) {
      const read = (await call(served.url, 'GET', `/v1/worlds/${worldId}`, key('world'))).json();
      expect(read.status).toBe('stopped');
      for (const [i, id] of members.entries()) {
        expect((await simulation(served, 'world', id)).status).toBe('stopped');
        expectProblem(await call(served.url, 'GET', `/sim/${id}/pets`, { token: tokens[i]! }, undefined, PET), 409, 'simulation_stopped');
      }
    }

    // Started again through A, each member keeps its state and answers through B and A.
    const started = await call(a.url, 'POST', `/v1/worlds/${worldId}/start`, key('world'));
    expect(started.status, started.text).toBe(200);
    expect(started.json().status).toBe('running');
    for (const [i, id] of members.entries()) {
      for (const served of [b, a]) expect((await pets(served, id, tokens[i]!)).map((p) => p.id)).toEqual(before[i]);
    }
    const deleted = await call(b.url, 'DELETE', `/v1/worlds/${worldId}`, key('world'));
    expect(deleted.status, deleted.text).toBe(204);
    expect((await call(a.url, 'GET', `/v1/worlds/${worldId}`, key('world'))).status).toBe(404);
  }, 120_000);

  it("reads through one process the clock another advanced, and writes at the new time", async () => {
    const sim = await createSimulation(a, 'clock');
    expect((await addPet(b, sim.id, sim.token, 'before')).created_at).toBe('2024-01-01T00:00:00.000Z');
    const to = '2024-02-01T00:00:00.000Z';
    const advance = await call(a.url, 'POST', `/v1/simulations/${sim.id}/advance-time`, key('clock'), { to }, { 'idempotency-key': 'two-processes-1' });
    expect(advance.status, advance.text).toBe(202);
    const advanceId = advance.json().id as string;
    let read: any;
    await until(async () => {
      read = (await call(b.url, 'GET', `/v1/simulations/${sim.id}/advances/${advanceId}`, key('clock'))).json();
      return read.status === 'completed' || read.status === 'failed';
    }, 30_000);
    expect(read.status, JSON.stringify(read.error)).toBe('completed');
    for (const served of [b, a]) {
      const record = await simulation(served, 'clock', sim.id);
      expect(record.current_time).toBe(to);
      expect(record.step).toBe(1);
    }
    // A write through B after the advance through A happens at the new time.
    expect((await addPet(b, sim.id, sim.token, 'after')).created_at).toBe(to);
    expect((await addPet(a, sim.id, sim.token, 'after-a')).created_at).toBe(to);
    const listed = await pets(b, sim.id, sim.token);
    expect(listed.map((p) => [p.name, p.created_at])).toEqual([
      ['before', '2024-01-01T00:00:00.000Z'],
      ['after', to],
      ['after-a', to],
    ]);
    // The same key through the other process answers the same advance.
    const again = await call(b.url, 'POST', `/v1/simulations/${sim.id}/advance-time`, key('clock'), { to }, { 'idempotency-key': 'two-processes-1' });
    expect(again.status, again.text).toBe(202);
    expect(again.json().id).toBe(advanceId);
  }, 60_000);

  it('accepts on one process a token the other issued', async () => {
    const sim = await createSimulation(a, 'tokens');
    const minted = await call(a.url, 'POST', `/v1/simulations/${sim.id}/tokens`, key('tokens'), { ttl_seconds: 600 });
    expect(minted.status, minted.text).toBe(201);
    const token = minted.json().token as string;
    await addPet(b, sim.id, token, 'by-b');
    expect((await pets(b, sim.id, token)).map((p) => p.name)).toEqual(['by-b']);
    // The token create answered, issued by A, works on B too.
    expect((await pets(b, sim.id, sim.token)).map((p) => p.name)).toEqual(['by-b']);
    // A read-only token from B is read-only on A.
    const readOnly = await call(b.url, 'POST', `/v1/simulations/${sim.id}/tokens`, key('tokens'), { ttl_seconds: 600, read_only: true });
    expect(readOnly.status, readOnly.text).toBe(201);
    expect((await pets(a, sim.id, readOnly.json().token)).map((p) => p.name)).toEqual(['by-b']);
    expectProblem(await call(a.url, 'POST', `/sim/${sim.id}/pets`, { token: readOnly.json().token }, { name: 'refused' }, PET), 403, 'simulation_read_only');
    // An unknown token is refused by both.
    for (const served of [a, b]) expectProblem(await call(served.url, 'GET', `/sim/${sim.id}/pets`, { token: 'sit_unknown' }, undefined, PET), 401, 'auth_invalid');
  }, 60_000);
});
