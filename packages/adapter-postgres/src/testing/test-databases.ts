import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../migrations/migrate.js';
import type { Database } from '../sql/database.js';
import { PgDatabase } from '../sql/pg-database.js';
import { PgliteDatabase } from '../sql/pglite-database.js';

/** The Postgres server the suites use: `SIMPLANE_TEST_DATABASE_URL`, else the machine's own at 127.0.0.1:5432. */
export const TEST_SERVER_URL = process.env.SIMPLANE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  db: Database;
  /** Its connection string (Postgres only). */
  url: string | null;
  /** Empties every table, keeping the schema: each conformance case starts from nothing. */
  truncate(): Promise<void>;
  /** Closes it and, on the server, drops the database. */
  dispose(): Promise<void>;
}

/**
 * A new, migrated database of its own on the test server. Never skipped: a suite that cannot
 * reach the server fails, so CI cannot pass without it.
 */
export async function createServerDatabase(): Promise<TestDatabase> {
  const name = `simplane_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${name}`;
  // Bounds for a busy machine: a suite's statements wait behind others' on the one server.
  const db = new PgDatabase({ connectionString: url.toString(), maxConnections: 8, connectTimeoutMs: 30_000, queryTimeoutMs: 60_000 });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    truncate: () => truncateAll(db),
    async dispose() {
      await db.close();
      const drop = new pg.Client({ connectionString: TEST_SERVER_URL });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}

/** A migrated PGlite database in memory (about 2–3 s to start: share one per file). */
export async function createPgliteDatabase(dataDir?: string): Promise<TestDatabase> {
  const db = await PgliteDatabase.open(dataDir);
  await migrate(db);
  return { db, url: null, truncate: () => truncateAll(db), dispose: () => db.close() };
}

async function truncateAll(db: Database): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'simplane_migrations'`,
  );
  // DELETE, not TRUNCATE: on tables this small it is a tenth of the time (TRUNCATE makes new
  // files for every table); foreign-key triggers are off for the one transaction.
  if (rows.length > 0) {
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.exec(rows.map((r) => `DELETE FROM ${r.name};`).join(' '));
    });
  }
}

/** Both engines a suite runs on, each opened once on first use and emptied for every case. */
export interface TestEngines {
  pglite: () => Promise<TestDatabase>;
  server: () => Promise<TestDatabase>;
  /** Disposes of the databases opened so far (call it in `afterAll`). */
  dispose(): Promise<void>;
}

export function testEngines(): TestEngines {
  const made: Array<Promise<TestDatabase>> = [];
  const lazily = (make: () => Promise<TestDatabase>) => {
    let database: Promise<TestDatabase> | undefined;
    return async () => {
      if (database === undefined) {
        database = make();
        made.push(database);
      }
      const test = await database;
      await test.truncate();
      return test;
    };
  };
  return {
    pglite: lazily(() => createPgliteDatabase()),
    server: lazily(createServerDatabase),
    async dispose() {
      for (const database of made.splice(0)) await (await database).dispose();
    },
  };
}
