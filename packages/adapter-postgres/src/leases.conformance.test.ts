import { describeSimulationLeasesConformance } from '@simplane/core/testing';
import { afterAll } from 'vitest';
import { PostgresSimulationLeases } from './repositories/postgres-simulation-leases.js';
import { PgDatabase } from './sql/pg-database.js';
import { testEngines } from './testing/test-databases.js';

const { dispose, ...engines } = testEngines();
/** A second pool on the server's database: another process, with a listening connection of its own. */
const others: PgDatabase[] = [];
afterAll(async () => {
  await Promise.all(others.map((db) => db.close()));
  await dispose();
});

describeSimulationLeasesConformance('postgres (pglite)', async () => {
  const { db } = await engines.pglite();
  return [new PostgresSimulationLeases(db), new PostgresSimulationLeases(db)];
});

describeSimulationLeasesConformance('postgres (server, two pools)', async () => {
  const { db, url } = await engines.server();
  const other = new PgDatabase({ connectionString: url!, maxConnections: 2 });
  others.push(other);
  return [new PostgresSimulationLeases(db), new PostgresSimulationLeases(other)];
});
