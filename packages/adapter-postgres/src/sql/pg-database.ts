import pg from 'pg';
import type { Database, Sql, SqlResult } from './database.js';
import { PgNotices } from './pg-notices.js';
import { isRetryable, isTimeout, storageError } from './sql-errors.js';

export interface PgDatabaseOptions {
  /** `postgres://user:password@host:port/database`, as `SIMPLANE_DATABASE_URL` gives it. */
  connectionString: string;
  /** Connections this process opens at most (default 10; keep it low on Lambda). */
  maxConnections?: number;
  /**
   * How long a query waits for a connection, a free one of the pool or a new one, before
   * failing as unavailable (default 5000).
   */
  connectTimeoutMs?: number;
  /**
   * How long one statement may wait for its answer before failing as unavailable (default
   * 10000). A server that accepts but never answers (a network partition) would otherwise hold
   * the request as long as the outage lasts; the connection is then discarded, never reused.
   */
  queryTimeoutMs?: number;
  /** Name shown in `pg_stat_activity`. */
  applicationName?: string;
  /**
   * Prepare each statement once per connection, by name (default true): the server then skips
   * parsing and planning it again, about a third of a short query's cost. Turn it off behind a
   * pooler that cannot keep prepared statements (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
}

/** Distinct statement texts prepared by name at most; texts past it run unnamed. */
const MAX_PREPARED = 512;

/**
 * Idle time after which the kernel starts probing a pooled connection: a peer gone without a
 * word (a partition, a server host that died) is found and the connection dropped before the
 * pool hands it out.
 */
const KEEPALIVE_DELAY_MS = 10_000;

/** Times a transaction is run when it keeps meeting serialisation failures or deadlocks. */
const TRANSACTION_ATTEMPTS = 5;

// int8 (counts, sums) as numbers: every count this adapter reads is far below 2^53.
pg.types.setTypeParser(20, (text) => Number(text));

/** A Postgres server through a `pg` connection pool. */
export class PgDatabase implements Database {
  private readonly pool: pg.Pool;
  private readonly prepared: boolean;
  private readonly names = new Map<string, string>();
  private readonly notices: PgNotices;

  constructor(options: PgDatabaseOptions) {
    const connection = {
      connectionString: options.connectionString,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      // Client-side, so it holds however the server is reached: a startup parameter such as
      // `statement_timeout` is refused by PgBouncer.
      query_timeout: options.queryTimeoutMs ?? 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      application_name: options.applicationName ?? 'simplane',
    };
    this.pool = new pg.Pool({ ...connection, max: options.maxConnections ?? 10, idleTimeoutMillis: 30_000 });
    this.notices = new PgNotices(connection);
    this.prepared = options.preparedStatements ?? true;
    // An idle connection that breaks (the server restarted) must not crash the process: the
    // pool drops it and the next query opens a new one.
    this.pool.on('error', () => undefined);
  }

  async query<R>(text: string, params: readonly unknown[] = []): Promise<SqlResult<R>> {
    try {
      const result = await this.pool.query(this.statement(text, params));
      return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
    } catch (error) {
      throw storageError(error);
    }
  }

  async exec(script: string): Promise<void> {
    await this.query(script);
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      let client: pg.PoolClient;
      try {
        client = await this.pool.connect();
      } catch (error) {
        throw storageError(error);
      }
      let broken = false;
      // A connection lost between two statements is reported as an 'error' event on the client,
      // which would end the process with no listener: the next statement fails instead, and the
      // client is discarded on release.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      const statement = (text: string, params: readonly unknown[]) => this.statement(text, params);
      const tx: Sql = {
        async query<R>(text: string, params: readonly unknown[] = []) {
          const result = await client.query(statement(text, params));
          return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
        },
        async exec(script: string) {
          await client.query(script);
        },
      };
      try {
        await client.query('BEGIN');
        const value = await work(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        // A statement that timed out may still be running or never have arrived: the connection
        // is dropped, which rolls the transaction back on the server, instead of waiting on a
        // ROLLBACK as long again.
        if (isTimeout(error)) broken = true;
        else {
          try {
            await client.query('ROLLBACK');
          } catch {
            broken = true;
          }
        }
        if (attempt < TRANSACTION_ATTEMPTS && isRetryable(error)) continue;
        throw storageError(error);
      } finally {
        client.off('error', onError);
        client.release(broken);
      }
    }
  }

  /** The statement as pg runs it: named (prepared once per connection) for a statement with parameters. */
  private statement(text: string, params: readonly unknown[]): pg.QueryConfig {
    const values = params as unknown[];
    if (!this.prepared || values.length === 0) return { text, values };
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= MAX_PREPARED) return { text, values };
      name = `simplane_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return { name, text, values };
  }

  async listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
    try {
      return await this.notices.listen(channel, onNotice);
    } catch (error) {
      throw storageError(error);
    }
  }

  async close(): Promise<void> {
    await this.notices.close();
    await this.pool.end();
  }
}
