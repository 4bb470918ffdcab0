import type { Config } from '../config.schema.js';
import { ConfigError } from '../load-config.js';
import { openDatabase } from './open-database.js';
import { adapter } from './open-stores.js';

/**
 * `simplane migrate`: brings the configured database's schema up to date and answers the
 * versions applied. The server migrates at start-up too; this lets a deployment migrate once,
 * before rolling out new instances. An embedded data directory must not be in use.
 */
export async function migrateStorage(config: Config): Promise<{ applied: number[]; version: number }> {
  const storage = config.storage;
  if (storage === undefined || storage.kind === 'memory') throw new ConfigError('storage: memory storage has no schema to migrate');
  const postgres = await adapter('@simplane/adapter-postgres', () => import('@simplane/adapter-postgres'));
  const opened = await openDatabase(storage, postgres, 1);
  try {
    return await postgres.migrate(opened.db);
  } finally {
    await opened.close();
  }
}
