import { hashApiKey } from '@simplane/core';
import {
  describeCredentialRepositoryConformance,
  describeKeyStoreConformance,
  describeSimulatorRepositoryConformance,
  describeUsageLedgerConformance,
  describeWorldRepositoryConformance,
  sampleSimulatorRecord,
  sampleWorldRecord,
} from '@simplane/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresCredentialRepository } from './repositories/postgres-credential-repository.js';
import { PostgresKeyStore } from './repositories/postgres-key-store.js';
import { PostgresSimulatorRepository } from './repositories/postgres-simulator-repository.js';
import { PostgresUsageLedger } from './repositories/postgres-usage-ledger.js';
import { PostgresWorldRepository } from './repositories/postgres-world-repository.js';
import { PgDatabase } from './sql/pg-database.js';
import { testEngines } from './testing/test-databases.js';

const { dispose, ...engines } = testEngines();
afterAll(dispose);

const organization = { id: 'org_01J00000000000000000000000', name: 'acme' };
const workspace = { id: 'wsp_01J00000000000000000000000', organizationId: organization.id, name: 'dev' };

for (const [engine, open] of Object.entries(engines)) {
  const name = `postgres (${engine})`;
  describeKeyStoreConformance(name, async () => {
    const store = new PostgresKeyStore((await open()).db);
    await store.syncTenants({ organizations: [organization], workspaces: [workspace], keyHashes: [{ hash: hashApiKey('dev-key-1'), workspaceId: workspace.id }] });
    return { store, workspace, apiKey: 'dev-key-1' };
  });
  describeCredentialRepositoryConformance(name, async () => new PostgresCredentialRepository((await open()).db));
  describeUsageLedgerConformance(name, async () => new PostgresUsageLedger((await open()).db));
  describeSimulatorRepositoryConformance(name, async () => new PostgresSimulatorRepository((await open()).db));
  describeWorldRepositoryConformance(name, async () => new PostgresWorldRepository((await open()).db));
}

/** Two processes' pools over the one server database the suite made. */
async function twoPools(): Promise<[PgDatabase, PgDatabase]> {
  const { url } = await engines.server();
  return [new PgDatabase({ connectionString: url!, maxConnections: 4 }), new PgDatabase({ connectionString: url!, maxConnections: 4 })];
}

describe('control plane on a Postgres server, across processes', () => {
  it('never lets racing ledgers consume past the limit', async () => {
    const pools = await twoPools();
    try {
      const ledgers = pools.map((db) => new PostgresUsageLedger(db));
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => ledgers[i % 2]!.tryConsume('wsp_A', '2024-01-01', 7)));
      expect(results.filter(Boolean)).toHaveLength(7);
      expect(await ledgers[0]!.used('wsp_A', '2024-01-01')).toBe(7);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('claims each pending build once, within the concurrency, however many ask', async () => {
    const pools = await twoPools();
    try {
      const repos = pools.map((db) => new PostgresSimulatorRepository(db));
      const pending = Array.from({ length: 6 }, (_, i) => sampleSimulatorRecord({ createdAt: `2024-03-0${i + 1}T00:00:00.000Z` }));
      for (const r of pending) await repos[0]!.insert(r);
      const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => repos[i % 2]!.claimNextBuild('wsp_A', 4, {})));
      const ids = claims.flatMap((c) => (c === null ? [] : [c.id]));
      expect(ids.sort()).toEqual(pending.slice(0, 4).map((r) => r.id));
      expect(await repos[1]!.countBuilding('wsp_A')).toBe(4);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('lets servers starting together sync the same tenants', async () => {
    const pools = await twoPools();
    try {
      const config = { organizations: [organization], workspaces: [workspace], keyHashes: [{ hash: hashApiKey('dev-key-1'), workspaceId: workspace.id }] };
      const stores = pools.map((db) => new PostgresKeyStore(db));
      await Promise.all([...stores, ...stores].map((store) => store.syncTenants(config)));
      expect(await stores[1]!.findWorkspaceByKeyHash(hashApiKey('dev-key-1'))).toEqual(workspace);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('gives a World its active advance once when two processes race for it', async () => {
    const pools = await twoPools();
    try {
      const repos = pools.map((db) => new PostgresWorldRepository(db));
      const world = sampleWorldRecord();
      await repos[0]!.insert(world);
      const results = await Promise.all(repos.map((repo, i) => repo.update(world.id, { activeAdvanceId: null }, { activeAdvanceId: `adv_${i}` })));
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });
});

describe.each(Object.entries(engines))('control plane on postgres (%s)', (_engine, open) => {
  it('orders pages byte by byte whatever the server’s collation: every paged column is COLLATE "C"', async () => {
    const { db } = await open();
    const { rows } = await db.query<{ column: string; collation: string | null }>(
      `SELECT table_name || '.' || column_name AS column, collation_name AS collation FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name IN ('credentials', 'simulators', 'worlds') AND column_name IN ('id', 'created_at')`,
    );
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.collation !== 'C')).toEqual([]);
  });

  it('makes the stored key hashes exactly the configured ones on every sync', async () => {
    const store = new PostgresKeyStore((await open()).db);
    const other = { ...workspace, id: 'wsp_01J00000000000000000000001', name: 'prod' };
    await store.syncTenants({
      organizations: [organization],
      workspaces: [workspace, other],
      keyHashes: [
        { hash: hashApiKey('old'), workspaceId: workspace.id },
        { hash: hashApiKey('moves'), workspaceId: workspace.id },
      ],
    });
    await store.syncTenants({
      organizations: [{ ...organization, name: 'acme renamed' }],
      workspaces: [{ ...workspace, name: 'development' }, other],
      keyHashes: [
        { hash: hashApiKey('moves'), workspaceId: other.id },
        { hash: hashApiKey('new'), workspaceId: workspace.id },
      ],
    });
    expect(await store.findWorkspaceByKeyHash(hashApiKey('old'))).toBeNull();
    expect(await store.findWorkspaceByKeyHash(hashApiKey('moves'))).toEqual(other);
    expect(await store.findWorkspaceByKeyHash(hashApiKey('new'))).toEqual({ ...workspace, name: 'development' });
  });

  it('refuses a key hash of an unconfigured workspace and writes nothing', async () => {
    const store = new PostgresKeyStore((await open()).db);
    await expect(store.syncTenants({ organizations: [organization], workspaces: [workspace], keyHashes: [{ hash: hashApiKey('k'), workspaceId: 'wsp_missing' }] })).rejects.toThrow(
      /unknown workspace/,
    );
    expect(await store.getWorkspace(workspace.id)).toBeNull();
  });

  it('keeps one holder per reference: an insert naming a held reference fails whole', async () => {
    const repo = new PostgresSimulatorRepository((await open()).db);
    const holder = sampleSimulatorRecord({ status: 'ready', references: ['pets:v1'] });
    const catalog = sampleSimulatorRecord({ workspaceId: null, organizationId: null, source: 'catalog', references: ['pets:v1'] });
    await repo.insert(holder);
    await repo.insert(catalog);
    const taker = sampleSimulatorRecord({ references: ['pets:v2', 'pets:v1'] });
    await expect(repo.insert(taker)).rejects.toThrow();
    expect(await repo.get(taker.id)).toBeNull();
    expect((await repo.findByReference(null, 'pets:v1'))!.id).toBe(catalog.id);
    expect((await repo.findByReference('wsp_A', 'pets:v1'))!.id).toBe(holder.id);
  });

  it('keeps references in order and applies a transition that changes them', async () => {
    const repo = new PostgresSimulatorRepository((await open()).db);
    const r = sampleSimulatorRecord({ references: ['b:1', 'a:1'] });
    await repo.insert(r);
    await repo.moveReference('wsp_A', 'c:1', r.id);
    expect((await repo.get(r.id))!.references).toEqual(['b:1', 'a:1', 'c:1']);
    const changed = await repo.transition(r.id, ['pending'], { status: 'ready', references: ['z:1'] });
    expect(changed!.references).toEqual(['z:1']);
    expect(await repo.findByReference('wsp_A', 'b:1')).toBeNull();
    expect((await repo.findByReference('wsp_A', 'z:1'))!.status).toBe('ready');
  });

  it('finds a World by a member Simulator after its members change, once for two members of one Simulator', async () => {
    const repo = new PostgresWorldRepository((await open()).db);
    const w = sampleWorldRecord({ members: [{ name: 'a', simulatorId: 'smr_x', simulationId: null }, { name: 'b', simulatorId: 'smr_x', simulationId: null }] });
    await repo.insert(w);
    expect(await repo.listBySimulator('smr_x')).toEqual([w.id]);
    await repo.update(w.id, {}, { members: [{ name: 'a', simulatorId: 'smr_y', simulationId: null }] });
    expect(await repo.listBySimulator('smr_x')).toEqual([]);
    expect(await repo.listBySimulator('smr_y')).toEqual([w.id]);
  });

  it('drops a workspace’s earlier days when a new day starts', async () => {
    const { db } = await open();
    const ledger = new PostgresUsageLedger(db);
    await ledger.tryConsume('wsp_A', '2024-01-01', 5);
    await ledger.tryConsume('wsp_B', '2024-01-01', 5);
    await ledger.tryConsume('wsp_A', '2024-01-02', 5);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM usage');
    expect(rows[0]!.n).toBe(2);
    expect(await ledger.used('wsp_B', '2024-01-01')).toBe(1);
  });
});
