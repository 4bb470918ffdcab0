import { PGlite } from '@electric-sql/pglite';
import type { Database, Sql, SqlResult } from './database.js';
import { storageError } from './sql-errors.js';

/**
 * Postgres compiled to WebAssembly, in this process: the embedded default's database. It keeps
 * its files in `dataDir` (in memory without one) and serves one process only; the composition
 * root holds a lock on the folder so a second server cannot open it. One connection: statements
 * and transactions run one at a time, so none of them can race.
 */
export class PgliteDatabase implements Database {
  private constructor(private readonly db: PGlite) {}

  /** Opens (creating on first use) the database in `dataDir`, or one in memory. */
  static async open(dataDir?: string): Promise<PgliteDatabase> {
    try {
      const db = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
      await db.waitReady;
      return new PgliteDatabase(db);
    } catch (error) {
      throw storageError(error);
    }
  }

  async query<R>(text: string, params: readonly unknown[] = []): Promise<SqlResult<R>> {
    try {
      return toResult<R>(await this.db.query<R>(text, params as unknown[]));
    } catch (error) {
      throw storageError(error);
    }
  }

  async exec(script: string): Promise<void> {
    try {
      await this.db.exec(script);
    } catch (error) {
      throw storageError(error);
    }
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(async (inner) =>
        work({
          query: async <R>(text: string, params: readonly unknown[] = []) => toResult<R>(await inner.query<R>(text, params as unknown[])),
          exec: async (script: string) => {
            await inner.exec(script);
          },
        }),
      );
    } catch (error) {
      throw storageError(error);
    }
  }

  async listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>> {
    try {
      const stop = await this.db.listen(channel, onNotice);
      return async () => {
        if (!this.db.closed) await stop();
      };
    } catch (error) {
      throw storageError(error);
    }
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}

function toResult<R>(result: { rows: R[]; affectedRows?: number }): SqlResult<R> {
  return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
}
