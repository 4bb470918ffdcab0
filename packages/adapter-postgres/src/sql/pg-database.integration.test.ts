import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimplaneError } from '@simplane/core';
import { createServerDatabase, type TestDatabase } from '../testing/test-databases.js';
import { PgDatabase } from './pg-database.js';

let database: TestDatabase;
let db: PgDatabase;

beforeAll(async () => {
  database = await createServerDatabase();
  db = new PgDatabase({ connectionString: database.url!, maxConnections: 2 });
});
afterAll(async () => {
  await db.close();
  await database.dispose();
});

describe('PgDatabase on a real server', () => {
  it('fails a transaction whose connection is lost between statements as unavailable, without an uncaught error, and serves the next one', async () => {
    const failed = await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await database.db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        // The lost connection is reported while the transaction waits here, between statements.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query('SELECT 1');
      })
      .catch((error: unknown) => error);
    expect(SimplaneError.is(failed) && failed.code).toBe('internal_unavailable');
    expect(await db.transaction((tx) => tx.query<{ one: number }>('SELECT 1 AS one'))).toMatchObject({ rows: [{ one: 1 }] });
  });
});
