import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimplaneError } from '@simplane/core';
import { BlackHoleProxy } from '../testing/black-hole-proxy.js';
import { createServerDatabase, type TestDatabase } from '../testing/test-databases.js';
import { PgDatabase } from './pg-database.js';

/** The bound each statement has in these tests, short so that an outage is met quickly. */
const BOUND_MS = 300;

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

describe('PgDatabase when the server stops answering (a network partition)', () => {
  let proxy: BlackHoleProxy;
  let through: PgDatabase;

  beforeAll(async () => {
    const direct = new URL(database.url!);
    proxy = new BlackHoleProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.listen();
    through = new PgDatabase({ connectionString: proxy.through(database.url!), maxConnections: 1, queryTimeoutMs: BOUND_MS, connectTimeoutMs: BOUND_MS });
    await database.db.exec('CREATE TABLE probe (n integer PRIMARY KEY)');
  });
  afterAll(async () => {
    await through.close();
    await proxy.close();
  });

  // The outage lasts until the answer is in: an unbounded statement would hold the test until it times out.
  it('fails a statement on an open connection as unavailable, drops that connection, and serves again once the server answers', async () => {
    await through.query('SELECT 1');
    const abandonedBefore = proxy.abandoned;
    proxy.blackHole();
    const failed = await through.query('SELECT 1').catch((error: unknown) => error);
    expect(SimplaneError.is(failed) && [failed.code, failed.retryAfterSeconds]).toEqual(['internal_unavailable', 5]);
    expect(proxy.heldOnOpenConnections).toBeGreaterThan(0);
    // The pool gave the connection up rather than keep it for the next statement.
    await proxy.waitFor((p) => p.abandoned === abandonedBefore + 1);
    // A new connection meets the same outage, bounded by the connect timeout.
    const refused = await through.query('SELECT 1').catch((error: unknown) => error);
    expect(SimplaneError.is(refused) && refused.code).toBe('internal_unavailable');
    proxy.forward();
    expect(await through.query<{ one: number }>('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('fails a statement that waits for a busy pool as unavailable once the connect bound passes', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The one connection is taken before the statement below asks for it.
    const busy = through.transaction(() => held);
    const waited = await through.query('SELECT 1').catch((error: unknown) => error);
    expect(SimplaneError.is(waited) && waited.code).toBe('internal_unavailable');
    release();
    await busy;
    expect(await through.query<{ one: number }>('SELECT 1 AS one')).toMatchObject({ rows: [{ one: 1 }] });
  });

  it('rolls a transaction back whose statement times out, leaving no row locked, and runs the next one', async () => {
    await database.db.query('INSERT INTO probe (n) VALUES (1)');
    const failed = await through
      .transaction(async (tx) => {
        await tx.query('UPDATE probe SET n = 2 WHERE n = 1');
        proxy.blackHole();
        await tx.query('SELECT 1');
      })
      .catch((error: unknown) => error);
    expect(SimplaneError.is(failed) && failed.code).toBe('internal_unavailable');
    proxy.forward();
    // The row the transaction locked is free once the server drops the connection: this update waits for that, then wins.
    expect((await database.db.query('UPDATE probe SET n = 3 WHERE n = 1')).rowCount).toBe(1);
    await through.transaction(async (tx) => {
      await tx.query('UPDATE probe SET n = 4 WHERE n = 3');
    });
    expect((await database.db.query<{ n: number }>('SELECT n FROM probe')).rows).toEqual([{ n: 4 }]);
  });
});
