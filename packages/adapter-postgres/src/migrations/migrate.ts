import { SimplaneError } from '@simplane/core';
import type { Database } from '../sql/database.js';
import { MIGRATIONS } from './index.js';
import type { Migration } from './migration.js';

/** The advisory lock every migrating process takes, so two starting at once apply each migration once. */
const MIGRATION_LOCK = 0x53_49_4d_50; // "SIMP"

export interface MigrationResult {
  /** Versions applied by this call, ascending. */
  applied: number[];
  /** The schema version after the call. */
  version: number;
}

/**
 * Brings the schema up to date: the migrations not yet recorded run in one transaction with
 * their records, under an advisory lock, so a crash leaves them wholly applied or not at all, and processes starting together never apply one twice. A database whose schema is
 * newer than this code knows is refused: older code must not write to it.
 */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationResult> {
  const known = migrations.at(-1)?.version ?? 0;
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS simplane_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM simplane_migrations ORDER BY version');
    const done = new Set(rows.map((r) => r.version));
    const newest = rows.at(-1)?.version ?? 0;
    if (newest > known) {
      throw new SimplaneError('internal_unavailable', `The database schema is at version ${newest}, newer than this server's ${known}; upgrade the server.`);
    }
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO simplane_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, new Date().toISOString()]);
      applied.push(migration.version);
    }
    return { applied, version: Math.max(newest, ...applied) };
  });
}
