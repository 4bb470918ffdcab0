/**
 * `simplane serve` losing its Postgres server while it runs. A TCP proxy in this process stands
 * between them: cutting it drops every open connection and refuses or swallows new ones, and
 * restoring it lets the same process reconnect. Refusals must be 503s that say to retry, no
 * write may be half done, and service must come back by itself.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/gated-provider.js';
import { call, children, serveProcess, stopProcess, type Reply, type Served } from '../support/serve-process.js';
import { CATALOG, untilReady } from '../support/shared-database-servers.js';

const KEY = 'database-loss-key-0001';
const PET = { 'x-api-key': 'pet-key' };
/** The pool waits 1 s for a connection here; a refusal may take a few of those, and recovery more. */
const REFUSAL_MS = 30_000;
const RECOVERY_MS = 60_000;

/** A data-plane request reads its Simulation's record and log first: a storage failure, or a step that could not be recorded. */
const DATA_PLANE_CODES = ['internal_unavailable', 'simulation_unreachable'];
/** Words of driver and socket errors that must never reach a response body. */
const DRIVER_WORDS = /ECONN|EPIPE|ETIMEDOUT|terminated|timeout exceeded|Connection|pg_|postgres|SQL|127\.0\.0\.1:\d/i;

/**
 * A TCP proxy to Postgres. `cut('refuse')` drops open connections and stops listening, so new
 * ones are refused; `cut('swallow')` drops them and accepts new ones that never get an answer;
 * `restore()` forwards again, on the same port.
 */
class DatabaseProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private mode: 'forward' | 'swallow' = 'forward';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen(): Promise<void> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut(how: 'refuse' | 'swallow'): Promise<void> {
    this.mode = how === 'swallow' ? 'swallow' : 'forward';
    const stopped = how === 'refuse' ? this.stopListening() : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await stopped;
  }

  async restore(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.mode = 'forward';
    if (this.server === null) await this.listen();
  }

  async close(): Promise<void> {
    const stopped = this.stopListening();
    for (const socket of this.sockets) socket.destroy();
    await stopped;
  }

  /** Stops accepting; settles once the open connections, which the caller destroys, are gone. */
  private async stopListening(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server !== null) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    if (this.mode === 'swallow') return;
    const upstream = connect(this.target.port, this.target.host);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => undefined);
    client.on('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

let database: TestDatabase;
let proxy: DatabaseProxy;
let folder: string;
let served: Served;

beforeAll(async () => {
  database = await createServerDatabase();
  const direct = new URL(database.url!);
  proxy = new DatabaseProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  await proxy.listen();
  const through = new URL(database.url!);
  through.host = `127.0.0.1:${proxy.port}`;
  folder = mkdtempSync(join(tmpdir(), 'simplane-database-loss-'));
  const config = join(folder, 'simplane.json');
  // Bounds shorter than the defaults (5 s for a connection, 10 s for a statement), so a swallowed
  // connection is given up on within the test's patience.
  const storage = { kind: 'postgres', database_url: through.toString(), connect_timeout_ms: 1_000, query_timeout_ms: 2_000 };
  writeFileSync(config, JSON.stringify({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [KEY] }] }], storage, log_level: 'warn' }));
  served = await serveProcess({ SIMPLANE_DATABASE_URL: through.toString(), SIMPLANE_SECRET_KEY: randomBytes(32).toString('base64'), SIMPLANE_CONFIG: config, SIMPLANE_DATA_DIR: folder });
  // The catalog Simulator is built at start-up; wait until its reference resolves.
  await untilReady(served, KEY);
}, 120_000);

afterAll(async () => {
  await Promise.all([...children].map((child) => stopProcess(child)));
  await proxy?.close();
  await database?.dispose();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
}, 60_000);

// A test that failed half-way leaves the database reachable for the next one.
afterEach(async () => {
  await proxy.restore();
  await recovered();
}, RECOVERY_MS + 10_000);

/** A 503 that tells the client to retry and says nothing of the driver. */
function expectUnavailable(reply: Reply, codes: readonly string[], what: string): void {
  expect({ what, status: reply.status, body: reply.text.slice(0, 300) }).toMatchObject({ status: 503 });
  expect(reply.headers['content-type']).toBe('application/problem+json');
  const body = reply.json();
  expect(codes, what).toContain(body.code);
  expect(body.detail).not.toMatch(DRIVER_WORDS);
  expect(Number(reply.headers['retry-after']), `${what}: Retry-After`).toBeGreaterThan(0);
}

async function pets(id: string, token: string): Promise<string[]> {
  const list = await call(served.url, 'GET', `/sim/${id}/pets?limit=100`, { token }, undefined, PET);
  expect(list.status, list.text).toBe(200);
  return list.json().map((p: { name: string }) => p.name);
}

async function stepNumbers(id: string): Promise<number[]> {
  const list = await call(served.url, 'GET', `/v1/simulations/${id}/steps?limit=200`, KEY);
  expect(list.status, list.text).toBe(200);
  return list.json().steps.map((s: { step: number }) => s.step);
}

/** Waits, bounded, until the same process answers a control-plane read again. */
async function recovered(): Promise<void> {
  await until(async () => (await call(served.url, 'GET', '/v1/simulations', KEY)).status === 200, RECOVERY_MS);
}

/** What the database holds must be whole: every Simulation has a token, and its steps run on without a gap. */
async function expectWholeDatabase(): Promise<void> {
  const { rows: bare } = await database.db.query<{ id: string }>(
    `SELECT s.id FROM simulations s WHERE NOT EXISTS (SELECT 1 FROM simulation_tokens t WHERE t.simulation_id = s.id)`,
  );
  expect(bare).toEqual([]);
  const { rows } = await database.db.query<{ id: string; base_step: number; steps: number[] | null }>(
    `SELECT s.id, s.base_step, (SELECT array_agg(st.step ORDER BY st.step) FROM steps st WHERE st.simulation_id = s.id) AS steps FROM simulations s`,
  );
  for (const row of rows) {
    const steps = row.steps ?? [];
    expect({ id: row.id, steps }).toEqual({ id: row.id, steps: steps.map((_, i) => row.base_step + i + 1) });
  }
}

describe('serve when its database goes away', () => {
  it('refuses with 503 and Retry-After while the database is unreachable, keeps no refused write, and recovers by itself', async () => {
    const created = await call(served.url, 'POST', '/v1/simulations', KEY, { simulator_id: CATALOG, sample_records: 0, seed: 'loss' });
    expect(created.status, created.text).toBe(201);
    const sim = created.json() as { id: string; token: string };
    for (const name of ['one', 'two', 'three']) expect((await call(served.url, 'POST', `/sim/${sim.id}/pets`, { token: sim.token }, { name }, PET)).status).toBe(201);
    const before = await stepNumbers(sim.id);
    expect(before).toEqual([1, 2, 3]);
    const pid = served.child.pid;

    for (const how of ['refuse', 'swallow'] as const) {
      await proxy.cut(how);
      // Authentication looks the API key up in the database, so it is the first thing to fail.
      const controlCodes = ['auth_provider_unavailable'];
      expectUnavailable(await call(served.url, 'GET', '/v1/simulations', KEY), controlCodes, `${how}: GET /v1/simulations`);
      expectUnavailable(await call(served.url, 'POST', '/v1/simulations', KEY, { simulator_id: CATALOG, sample_records: 0 }), controlCodes, `${how}: POST /v1/simulations`);
      expectUnavailable(await call(served.url, 'GET', '/v1/simulators', KEY), controlCodes, `${how}: GET /v1/simulators`);
      // Data-plane writes are refused, not half done.
      const writes = await Promise.all(['lost-1', 'lost-2'].map((name) => call(served.url, 'POST', `/sim/${sim.id}/pets`, { token: sim.token }, { name: `${how}-${name}` }, PET)));
      for (const write of writes) expectUnavailable(write, DATA_PLANE_CODES, `${how}: POST /sim/.../pets`);

      await proxy.restore();
      await recovered();
      expect(served.child.pid).toBe(pid);
      expect(served.child.exitCode).toBeNull();
      expect(await pets(sim.id, sim.token)).toEqual(['one', 'two', 'three']);
      expect(await stepNumbers(sim.id)).toEqual([1, 2, 3]);
      await expectWholeDatabase();
    }

    // Back in service: the same process writes again, numbering on from the last kept step.
    const after = await call(served.url, 'POST', `/sim/${sim.id}/pets`, { token: sim.token }, { name: 'four' }, PET);
    expect(after.status, after.text).toBe(201);
    expect(await pets(sim.id, sim.token)).toEqual(['one', 'two', 'three', 'four']);
    expect(await stepNumbers(sim.id)).toEqual([1, 2, 3, 4]);
    const again = await call(served.url, 'POST', '/v1/simulations', KEY, { simulator_id: CATALOG, sample_records: 0 });
    expect(again.status, again.text).toBe(201);
    expect((await call(served.url, 'GET', '/v1/simulators', KEY)).status).toBe(200);
    expect(served.stdout() + served.stderr()).not.toContain(KEY);
  }, 4 * REFUSAL_MS + 2 * RECOVERY_MS + 30_000);

  it('keeps what it acknowledged and nothing half written when the database goes away under load', async () => {
    const created = await call(served.url, 'POST', '/v1/simulations', KEY, { simulator_id: CATALOG, sample_records: 0, seed: 'load' });
    expect(created.status, created.text).toBe(201);
    const sim = created.json() as { id: string; token: string };

    // Writes and creates keep arriving while the connections are cut under them.
    const answered: Array<{ name: string; status: number }> = [];
    const creates: Reply[] = [];
    let sending = true;
    const writer = (async () => {
      for (let i = 0; sending; i += 1) {
        const name = `load-${i}`;
        const reply = await call(served.url, 'POST', `/sim/${sim.id}/pets`, { token: sim.token }, { name }, PET);
        answered.push({ name, status: reply.status });
        if (reply.status !== 201) expectUnavailable(reply, DATA_PLANE_CODES, `POST /sim/.../pets ${name}`);
      }
    })();
    const creator = (async () => {
      while (sending) creates.push(await call(served.url, 'POST', '/v1/simulations', KEY, { simulator_id: CATALOG, sample_records: 0 }));
    })();
    await until(() => answered.length >= 5, 30_000);
    await proxy.cut('refuse');
    const cutAt = answered.length;
    await until(() => answered.length >= cutAt + 3, REFUSAL_MS);
    sending = false;
    await Promise.all([writer, creator]);
    await proxy.restore();
    await recovered();

    // Every acknowledged write is kept, in order, each as one step; no step without its write.
    const acknowledged = answered.filter((a) => a.status === 201).map((a) => a.name);
    const refused = answered.filter((a) => a.status !== 201).map((a) => a.name);
    expect(refused.length).toBeGreaterThan(0);
    const kept = await pets(sim.id, sim.token);
    // A write whose commit reached the server just before its connection was cut may be kept
    // though its answer was lost; anything else refused must be gone.
    expect(kept.filter((name) => !acknowledged.includes(name)).length).toBeLessThanOrEqual(1);
    expect(kept.filter((name) => acknowledged.includes(name))).toEqual(acknowledged);
    expect(await stepNumbers(sim.id)).toEqual(kept.map((_, i) => i + 1));
    for (const reply of creates.filter((r) => r.status !== 201)) expectUnavailable(reply, ['auth_provider_unavailable', 'internal_unavailable'], 'POST /v1/simulations');
    for (const reply of creates.filter((r) => r.status === 201)) {
      const { id, token } = reply.json();
      expect((await call(served.url, 'GET', `/sim/${id}/pets`, { token }, undefined, PET)).status).toBe(200);
    }
    await expectWholeDatabase();
    const next = await call(served.url, 'POST', `/sim/${sim.id}/pets`, { token: sim.token }, { name: 'after' }, PET);
    expect(next.status, next.text).toBe(201);
    expect(await stepNumbers(sim.id)).toEqual([...kept, 'after'].map((_, i) => i + 1));
  }, 2 * 30_000 + REFUSAL_MS + RECOVERY_MS + 30_000);
});
