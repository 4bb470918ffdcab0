/**
 * `simplane serve` processes on one Postgres database of their own, as several instances of a
 * deployment run: the same configuration file, secret key and data directory for each.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { until } from './gated-provider.js';
import { call, children, serveProcess, stopProcess, type Served } from './serve-process.js';

/** The catalog's pet store, built by whichever process claims it at start-up. */
export const CATALOG = 'catalog/petstore:1.0';

export interface SharedDatabaseServers {
  database: TestDatabase;
  folder: string;
  servers: Served[];
  /** Stops every child the test started and drops the database. */
  dispose(): Promise<void>;
}

/**
 * Starts `count` servers at once (so they race at start-up, installing the catalog) on a new
 * database, with `config` as their configuration file (a function of the database's URL).
 */
export async function serveOnOneDatabase(name: string, count: number, config: (databaseUrl: string) => object): Promise<SharedDatabaseServers> {
  const database = await createServerDatabase();
  const folder = mkdtempSync(join(tmpdir(), `simplane-${name}-`));
  const file = join(folder, 'simplane.json');
  writeFileSync(file, JSON.stringify(config(database.url!)));
  const env = { SIMPLANE_DATABASE_URL: database.url!, SIMPLANE_SECRET_KEY: randomBytes(32).toString('base64'), SIMPLANE_CONFIG: file, SIMPLANE_DATA_DIR: folder };
  const servers = await Promise.all(Array.from({ length: count }, () => serveProcess(env)));
  return {
    database,
    folder,
    servers,
    async dispose() {
      await Promise.all([...children].map((child) => stopProcess(child)));
      await database.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Waits until a server lists `reference` ready: the catalog is built in the background at start-up. */
export async function untilReady(served: Served, key: string, reference = CATALOG, timeoutMs = 60_000): Promise<void> {
  await until(async () => {
    const list = (await call(served.url, 'GET', '/v1/simulators', key)).json();
    return list.simulators?.some((s: { status: string; references: string[] }) => s.status === 'ready' && s.references.includes(reference)) === true;
  }, timeoutMs);
}
