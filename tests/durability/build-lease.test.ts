import {
  BuildScheduler,
  blobKeys,
  pendingSimulator,
  silentLogger,
  systemClock,
  type SimulatorRecord,
  type SimulatorRepository,
} from '@simplane/core';
import { PgDatabase, PostgresBlobStore, PostgresSimulatorRepository } from '@simplane/adapter-postgres';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { InlineBuildProvider } from '@simplane/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatedProvider, tinyDocument, until } from '../support/gated-provider.js';

/**
 * Builds claimed with a lease, on a real Postgres server: two schedulers, each on its own
 * connection pool, stand for two processes sharing one database.
 */
let database: TestDatabase;
const pools: PgDatabase[] = [];
const schedulers: BuildScheduler[] = [];

beforeAll(async () => {
  database = await createServerDatabase();
});
afterAll(async () => {
  for (const scheduler of schedulers) await scheduler.close().catch(() => undefined);
  for (const pool of pools) await pool.close();
  await database.dispose();
});

function pool(): PgDatabase {
  const db = new PgDatabase({ connectionString: database.url!, maxConnections: 4 });
  pools.push(db);
  return db;
}

/** A process: its own pool, scheduler and lease owner. `repository` may wrap the real one. */
function process(owner: string, provider: GatedProvider | InlineBuildProvider, wrap: (r: SimulatorRepository) => SimulatorRepository = (r) => r) {
  const db = pool();
  const repository = wrap(new PostgresSimulatorRepository(db));
  const scheduler = new BuildScheduler(repository, new PostgresBlobStore(db), provider, systemClock, silentLogger, () => 10, { owner, leaseMs: 300 });
  schedulers.push(scheduler);
  return { repository, scheduler };
}

let counter = 0;
async function pendingBuild(repository: SimulatorRepository, change: Partial<SimulatorRecord> = {}): Promise<SimulatorRecord> {
  counter += 1;
  const id = `smr_01J${String(counter).padStart(23, '0')}`;
  const record = pendingSimulator({
    id,
    workspaceId: 'wsp_lease',
    organizationId: 'org_lease',
    name: `lease ${counter}`,
    source: 'workspace',
    specKind: 'openapi',
    specBlob: blobKeys.spec(id),
    createdAt: new Date().toISOString(),
    ...change,
  });
  await new PostgresBlobStore(pool()).put(blobKeys.spec(id), new TextEncoder().encode(tinyDocument(`Lease${counter}`)));
  await repository.insert(record);
  return record;
}

/** A repository that stops answering once `dead` is set: the process holding it has died. */
function mortal(): { dead: boolean; wrap: (r: SimulatorRepository) => SimulatorRepository } {
  const state = {
    dead: false,
    wrap: (inner: SimulatorRepository) =>
      new Proxy(inner, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => (state.dead ? Promise.reject(new Error('process is gone')) : (value as (...a: unknown[]) => unknown).apply(target, args));
        },
      }),
  };
  return state;
}

describe('build leases across processes', () => {
  it('takes over the build of a process that died, keeping its deadline, and ignores the dead process afterwards', async () => {
    const gate = new GatedProvider(new InlineBuildProvider());
    const death = mortal();
    const first = process('process-a', gate, death.wrap);
    const record = await pendingBuild(first.repository);
    await first.scheduler.pump('wsp_lease');
    const claimed = (await new PostgresSimulatorRepository(pool()).get(record.id))!;
    expect(claimed.status).toBe('building');
    expect(claimed.lease?.owner).toBe('process-a');
    const deadline = claimed.build.deadline;
    expect(deadline).not.toBeNull();

    // The process dies: its lease is no longer renewed.
    death.dead = true;
    const second = process('process-b', new InlineBuildProvider());
    expect(await second.scheduler.recover()).toBe(0);
    await until(async () => (await second.scheduler.recover()) === 1, 5000);
    await second.scheduler.idle();
    const done = (await second.repository.get(record.id))!;
    expect(done.status).toBe('ready');
    expect(done.lease).toBeNull();
    expect(done.build.deadline).toBe(deadline);
    expect(done.build.started_at).toBe(claimed.build.started_at);

    // The first process's build, let through now, cannot write over the taker's result.
    gate.releaseAll();
    await first.scheduler.idle();
    expect((await second.repository.get(record.id))!.status).toBe('ready');
  });

  it('releases running builds on shutdown instead of failing them, for the next process to finish', async () => {
    const gate = new GatedProvider(new InlineBuildProvider());
    const first = process('process-c', gate);
    const record = await pendingBuild(first.repository);
    await first.scheduler.pump('wsp_lease');
    await until(() => gate.activeCount === 1);
    await first.scheduler.close();
    const released = (await first.repository.get(record.id))!;
    expect(released.status).toBe('building');
    expect(released.lease).toBeNull();
    expect(released.error).toBeNull();

    const second = process('process-d', new InlineBuildProvider());
    expect(await second.scheduler.recover()).toBe(1);
    await second.scheduler.idle();
    expect((await second.repository.get(record.id))!.status).toBe('ready');
  });

  it('fails a taken-over build whose deadline has passed as out of time, rather than restarting its budget', async () => {
    const repository = new PostgresSimulatorRepository(pool());
    const past = new Date(Date.now() - 60_000).toISOString();
    const record = await pendingBuild(repository, {
      status: 'building',
      lease: { owner: 'process-gone', expiresAt: past },
      build: { stage: 'compiling', operations_total: 0, operations_done: 0, started_at: past, deadline: new Date(Date.now() - 1_000).toISOString(), warnings: [] },
    });
    const taker = process('process-e', new InlineBuildProvider());
    expect(await taker.scheduler.recover()).toBe(1);
    await taker.scheduler.idle();
    const failed = (await taker.repository.get(record.id))!;
    expect(failed.status).toBe('failed');
    expect(failed.error?.reason).toBe('time_limit');
  });
});
