import { join } from 'node:path';
import type { Database } from '@simplane/adapter-postgres';
import type { Config } from '../config.schema.js';
import { lockDataDir } from './data-dir-lock.js';

type DurableStorage = Exclude<NonNullable<Config['storage']>, { kind: 'memory' }>;

/** An opened database and what it holds: `close` closes it and gives the data directory back. */
export interface OpenedDatabase {
  db: Database;
  close(): Promise<void>;
}

/**
 * Opens the configured database, not yet migrated: PGlite in `<data_dir>/pgdata` with the
 * folder locked to this process, or a pool on the Postgres server. Nothing is left held when
 * opening fails.
 */
export async function openDatabase(
  storage: DurableStorage,
  postgres: typeof import('@simplane/adapter-postgres'),
  maxConnections?: number,
): Promise<OpenedDatabase> {
  const lock = storage.kind === 'embedded' ? lockDataDir(storage.data_dir) : null;
  try {
    const db =
      storage.kind === 'embedded'
        ? await postgres.PgliteDatabase.open(join(storage.data_dir, 'pgdata'))
        : new postgres.PgDatabase({
            connectionString: storage.database_url,
            maxConnections: maxConnections ?? storage.max_connections,
            preparedStatements: storage.prepared_statements,
            queryTimeoutMs: storage.query_timeout_ms,
            connectTimeoutMs: storage.connect_timeout_ms,
          });
    return {
      db,
      async close() {
        try {
          await db.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
