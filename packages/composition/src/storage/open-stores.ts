import { join } from 'node:path';
import type { BlobStore } from '@simplane/core';
import type { Config } from '../config.schema.js';
import { ConfigError } from '../load-config.js';
import { openEmbeddedStepLog } from './embedded-step-log.js';
import { openDatabase } from './open-database.js';
import { sqlStores } from './sql-stores.js';
import { memoryStores, type Stores } from './stores.js';

/**
 * Opens the stores the configuration names. The durable adapters are imported only here, when
 * chosen, so an embedding that keeps everything in memory (the harness) never loads a driver.
 * - `memory`: every port in memory;
 * - `embedded`: PGlite in `<data_dir>/pgdata` for the control plane's records, the step log's
 *   segment files in `<data_dir>/steps`, and documents, artifacts and snapshots in
 *   `<data_dir>/blobs`, the folder locked to this process;
 * - `postgres`: a Postgres server, documents and the rest in its `blobs` table;
 * `blobs: {kind: 's3'}` puts documents, artifacts and snapshots on S3 instead, with either.
 * The schema is migrated before anything is read.
 */
export async function openStores(config: Config): Promise<Stores> {
  const storage = config.storage ?? { kind: 'memory' };
  if (storage.kind === 'memory') {
    if (config.blobs.kind !== 'default') throw new ConfigError('blobs: S3 needs durable storage (embedded or postgres); memory storage keeps blobs in memory');
    return memoryStores();
  }
  const postgres = await adapter('@simplane/adapter-postgres', () => import('@simplane/adapter-postgres'));
  const opened = await openDatabase(storage, postgres);
  const db = opened.db;
  try {
    await postgres.migrate(db);
    const { blobs, blobKind } = await openBlobs(config, db, postgres);
    const fileSteps =
      storage.kind === 'embedded'
        ? await openEmbeddedStepLog(storage.data_dir, blobs, db, postgres, await adapter('@simplane/adapter-filesystem', () => import('@simplane/adapter-filesystem')))
        : null;
    return sqlStores({
      postgres,
      db,
      kind: storage.kind,
      blobs,
      blobKind,
      ...(fileSteps === null ? {} : { steps: fileSteps }),
      async close() {
        try {
          // The appends under way are written before the files close.
          await fileSteps?.close();
          // The S3 store's client keeps sockets open until it is closed.
          await (blobs as BlobStore & { close?: () => Promise<void> | void }).close?.();
        } finally {
          await opened.close();
        }
      },
    });
  } catch (error) {
    await opened.close().catch(() => undefined);
    throw error;
  }
}

async function openBlobs(
  config: Config,
  db: import('@simplane/adapter-postgres').Database,
  postgres: typeof import('@simplane/adapter-postgres'),
): Promise<{ blobs: BlobStore; blobKind: string }> {
  const blobs = config.blobs;
  if (blobs.kind === 's3') {
    const { S3BlobStore } = await adapter('@simplane/adapter-s3', () => import('@simplane/adapter-s3'));
    return {
      blobKind: 's3',
      blobs: new S3BlobStore({
        bucket: blobs.bucket,
        prefix: blobs.prefix,
        region: blobs.region,
        ...(blobs.endpoint === undefined ? {} : { endpoint: blobs.endpoint }),
        forcePathStyle: blobs.force_path_style,
      }),
    };
  }
  if (config.storage?.kind === 'embedded') {
    const { FileBlobStore } = await adapter('@simplane/adapter-filesystem', () => import('@simplane/adapter-filesystem'));
    return { blobKind: 'files', blobs: new FileBlobStore(join(config.storage.data_dir, 'blobs')) };
  }
  return { blobKind: 'postgres', blobs: new postgres.PostgresBlobStore(db) };
}

/**
 * Loads a durable adapter. They are optional peers of this package (an embedding that keeps
 * everything in memory installs none); one that is configured but not installed is a
 * configuration error that says what to install.
 */
export async function adapter<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((error as Error).message).includes(name)) {
      throw new ConfigError(`storage: the configured storage needs the package ${name}; install it beside @simplane/composition`);
    }
    throw error;
  }
}
