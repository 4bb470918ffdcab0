import {
  describeAdvanceLogConformance,
  describeSimulationRepositoryConformance,
  describeStepLogConformance,
  sampleSimulationRecord,
  sampleStepEntry,
} from '@simplane/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresAdvanceLog } from './repositories/postgres-advance-log.js';
import { PostgresBlobStore } from './repositories/postgres-blob-store.js';
import { PostgresSimulationRepository } from './repositories/postgres-simulation-repository.js';
import { PostgresStepLog } from './repositories/postgres-step-log.js';
import type { Database } from './sql/database.js';
import { PgDatabase } from './sql/pg-database.js';
import { testEngines } from './testing/test-databases.js';

const { dispose, ...engines } = testEngines();
afterAll(dispose);

/** The database's own blob store, recording the sizes of the chunks each streamed put was given. */
class RecordingBlobStore extends PostgresBlobStore {
  readonly streamed = new Map<string, number[]>();
  override async putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const sizes: number[] = [];
    this.streamed.set(key, sizes);
    await super.putStream(
      key,
      (async function* () {
        for await (const chunk of source) {
          sizes.push(chunk.length);
          yield chunk;
        }
      })(),
    );
  }
}

/** `db`, counting the round trips made through it (a transaction counts as one). */
function counted(db: Database): { db: Database; roundTrips: () => number } {
  let trips = 0;
  const counting: Database = {
    query: <R>(text: string, params?: readonly unknown[]) => {
      trips += 1;
      return db.query<R>(text, params);
    },
    exec: (script) => {
      trips += 1;
      return db.exec(script);
    },
    transaction: (work) => {
      trips += 1;
      return db.transaction(work);
    },
    listen: (channel, onNotice) => db.listen(channel, onNotice),
    close: () => db.close(),
  };
  return { db: counting, roundTrips: () => trips };
}

/** A step whose label names its Simulation and number, to tell stored steps apart. */
function labelled(simulationId: string, step: number) {
  const entry = sampleStepEntry(step);
  entry.view.label = `POST /${simulationId}/${step}`;
  return entry;
}

/** A test database's connection and the blob store on it, as a step log takes them. */
async function withBlobs(open: () => Promise<{ db: Database }>): Promise<[Database, PostgresBlobStore]> {
  const { db } = await open();
  return [db, new PostgresBlobStore(db)];
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

for (const [engine, open] of Object.entries(engines)) {
  const name = `postgres (${engine})`;
  describeSimulationRepositoryConformance(name, async () => new PostgresSimulationRepository((await open()).db));
  describeStepLogConformance(name, async () => new PostgresStepLog(...(await withBlobs(open))));
  describeAdvanceLogConformance(name, async () => new PostgresAdvanceLog((await open()).db));

  describe(`step log snapshots: ${name}`, () => {
    it('streams a snapshot given in chunks to the BlobStore as they are, never joined', async () => {
      const { db } = await open();
      const blobs = new RecordingBlobStore(db);
      const log = new PostgresStepLog(db, blobs);
      const chunks = ['{"v":1,"collections":[', '["pets",[["1",{"id":1}]]]', ']}'].map((t) => new TextEncoder().encode(t));
      await log.putSnapshot('sim_c', { step: 2, chunks });
      expect(blobs.streamed.get('snapshots/sim_c/2')).toEqual(chunks.map((c) => c.length));
      expect(new TextDecoder().decode((await log.latestSnapshot('sim_c', 2))!.bytes)).toBe('{"v":1,"collections":[["pets",[["1",{"id":1}]]]]}');
    });

    it('keeps the bytes in the BlobStore and only their key in the database', async () => {
      const { db } = await open();
      const blobs = new PostgresBlobStore(db);
      const log = new PostgresStepLog(db, blobs);
      const bytes = new TextEncoder().encode('{"v":1,"collections":[]}');
      await log.putSnapshot('sim_a', { step: 3, bytes });
      expect(await blobs.get('snapshots/sim_a/3')).toEqual(bytes);
      const { rows } = await db.query('SELECT * FROM snapshots');
      expect(rows).toEqual([{ simulation_id: 'sim_a', step: 3, blob_key: 'snapshots/sim_a/3' }]);
      const { rows: columns } = await db.query<{ type: string }>(
        `SELECT data_type AS type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'snapshots'`,
      );
      expect(columns.map((c) => c.type)).not.toContain('bytea');
      await log.deleteAll('sim_a');
      expect(await blobs.has('snapshots/sim_a/3')).toBe(false);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blobs')).rows).toEqual([{ n: 0 }]);
    });

    it('group-commits appends: 200 for 50 Simulations at once are each stored once, in order, in fewer round trips', async () => {
      const { db } = await open();
      const counting = counted(db);
      const log = new PostgresStepLog(counting.db, new PostgresBlobStore(db));
      const ids = Array.from({ length: 50 }, (_, i) => `sim_${String(i).padStart(2, '0')}`);
      // The first steps start a write; the rest arrive while it is in flight, several per Simulation.
      const first = ids.map((id) => log.append(id, labelled(id, 1)));
      await turn();
      const rest = [2, 3, 4].flatMap((step) => ids.map((id) => log.append(id, labelled(id, step))));
      const repeated = log.append(ids[0]!, labelled(ids[0]!, 4));
      const results = await Promise.all([...first, ...rest]);
      expect(results).toEqual(results.map(() => true));
      expect(await repeated).toBe(false);
      expect(counting.roundTrips()).toBeLessThan(results.length / 10);
      for (const id of ids) {
        const steps = await log.list(id, { afterStep: 0, limit: 10 });
        expect(steps.map((s) => s.label)).toEqual([1, 2, 3, 4].map((step) => `POST /${id}/${step}`));
      }
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM steps');
      expect(rows[0]!.n).toBe(200);
    });

    it('judges each append of a batch as if alone: gaps and repeats refused, a fork continues its snapshot', async () => {
      const { db } = await open();
      const log = new PostgresStepLog(db, new PostgresBlobStore(db));
      await log.putSnapshot('sim_fork', { step: 7, bytes: new TextEncoder().encode('{}') });
      const results = await Promise.all([
        log.append('sim_a', labelled('sim_a', 2)),
        log.append('sim_a', labelled('sim_a', 1)),
        log.append('sim_a', labelled('sim_a', 1)),
        log.append('sim_a', labelled('sim_a', 2)),
        log.append('sim_fork', labelled('sim_fork', 1)),
        log.append('sim_fork', labelled('sim_fork', 8)),
        log.append('sim_a', labelled('sim_a', 4)),
        log.append('sim_a', labelled('sim_a', 3)),
      ]);
      expect(results).toEqual([false, true, false, true, false, true, false, true]);
      expect(await log.head('sim_a')).toBe(3);
      expect(await log.head('sim_fork')).toBe(8);
    });

    it('passes over a snapshot whose blob is missing for the next older one', async () => {
      const { db } = await open();
      const blobs = new PostgresBlobStore(db);
      const log = new PostgresStepLog(db, blobs);
      await log.putSnapshot('sim_a', { step: 1, bytes: new TextEncoder().encode('one') });
      await log.putSnapshot('sim_a', { step: 5, bytes: new TextEncoder().encode('five') });
      await blobs.delete('snapshots/sim_a/5');
      expect(new TextDecoder().decode((await log.latestSnapshot('sim_a', 9))!.bytes)).toBe('one');
      await blobs.delete('snapshots/sim_a/1');
      expect(await log.latestSnapshot('sim_a', 9)).toBeNull();
    });
  });
}

/** Two processes' pools over the one server database the suite made. */
async function twoPools(): Promise<[PgDatabase, PgDatabase]> {
  const { url } = await engines.server();
  return [new PgDatabase({ connectionString: url!, maxConnections: 4 }), new PgDatabase({ connectionString: url!, maxConnections: 4 })];
}

describe('simulations on a Postgres server, across processes', () => {
  it('never lets racing inserts take a workspace past its active limit', async () => {
    const pools = await twoPools();
    try {
      const repos = pools.map((db) => new PostgresSimulationRepository(db));
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => repos[i % 2]!.insert(sampleSimulationRecord({ workspaceId: 'wsp_race' }), { limit: 5 })));
      expect(results.filter((r) => r === 'ok')).toHaveLength(5);
      expect(await repos[0]!.countActive('wsp_race')).toBe(5);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('never lets racing activations take a workspace past its active limit', async () => {
    const pools = await twoPools();
    try {
      const repos = pools.map((db) => new PostgresSimulationRepository(db));
      const parked = Array.from({ length: 12 }, () => sampleSimulationRecord({ workspaceId: 'wsp_race', status: 'stopped' }));
      for (const r of parked) await repos[0]!.insert(r);
      await repos[0]!.insert(sampleSimulationRecord({ workspaceId: 'wsp_race' }));
      const results = await Promise.all(parked.map((r, i) => repos[i % 2]!.update(r.id, { status: ['stopped'] }, { status: 'running' }, { limit: 4 })));
      expect(results.filter((r) => r !== 'quota' && r !== null)).toHaveLength(3);
      expect(await repos[1]!.countActive('wsp_race')).toBe(4);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('lets exactly one of two processes have each step', async () => {
    const pools = await twoPools();
    try {
      const logs = pools.map((db) => new PostgresStepLog(db, new PostgresBlobStore(db)));
      const simulations = Array.from({ length: 20 }, (_, i) => `sim_${i}`);
      for (let step = 1; step <= 3; step += 1) {
        const results = await Promise.all(simulations.flatMap((id) => logs.map((log) => log.append(id, sampleStepEntry(step)))));
        // Per Simulation, the two processes' answers: exactly one of each pair is true.
        const pairs = simulations.map((_, i) => results.slice(i * 2, i * 2 + 2).filter(Boolean).length);
        expect(pairs).toEqual(simulations.map(() => 1));
      }
      for (const id of simulations) expect((await logs[0]!.list(id, { afterStep: 0, limit: 10 })).map((s) => s.step)).toEqual([1, 2, 3]);
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });

  it('gives each step to exactly one process when both write batches of several steps per Simulation', async () => {
    const pools = await twoPools();
    try {
      const logs = pools.map((db) => new PostgresStepLog(db, new PostgresBlobStore(db)));
      const simulations = Array.from({ length: 10 }, (_, i) => `sim_${i}`);
      const steps = [1, 2, 3, 4];
      // Each process writes every Simulation's four steps in one batch; the two batches race.
      const answers = await Promise.all(logs.map((log) => Promise.all(simulations.flatMap((id) => steps.map((step) => log.append(id, labelled(id, step)))))));
      for (const [i, id] of simulations.entries()) {
        for (const [j] of steps.entries()) expect(answers.filter((a) => a[i * steps.length + j]).length, `${id} step ${j + 1}`).toBe(1);
        expect((await logs[1]!.list(id, { afterStep: 0, limit: 10 })).map((s) => s.step)).toEqual(steps);
      }
    } finally {
      await Promise.all(pools.map((db) => db.close()));
    }
  });
});
