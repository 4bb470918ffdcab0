import { join } from 'node:path';
import type { BlobStore } from '@simplane/core';
import type { FileStepLog } from '@simplane/adapter-filesystem';

/**
 * The embedded default's step log: append-only segment files in `<data_dir>/steps`, flushed
 * once per group of appends from every Simulation (a step in PGlite cost about 1 ms of the
 * server's CPU). A data directory made before kept its steps in PGlite's `steps` and
 * `snapshots` tables: the first opening moves them into the new log, which is made whole or
 * not at all, and only then are the rows forgotten (each opening forgets any left by a crash
 * between the two). The snapshots' blobs stay where they are, under the same keys.
 */
export async function openEmbeddedStepLog(
  dataDir: string,
  blobs: BlobStore,
  db: import('@simplane/adapter-postgres').Database,
  postgres: typeof import('@simplane/adapter-postgres'),
  filesystem: typeof import('@simplane/adapter-filesystem'),
): Promise<FileStepLog> {
  const before = new postgres.PostgresStepLog(db, blobs);
  const log = await filesystem.FileStepLog.open(join(dataDir, 'steps'), blobs, { moveIn: () => before.exportAll() });
  try {
    await before.forgetRows();
  } catch (error) {
    await log.close();
    throw error;
  }
  return log;
}
