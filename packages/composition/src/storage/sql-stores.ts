import type { BlobStore, StepLog } from '@simplane/core';
import type { Database } from '@simplane/adapter-postgres';
import type { Stores } from './stores.js';

/** What `sqlStores` is given: the adapter's module (loaded by the caller, as it is optional) and an open, migrated database. */
export interface SqlStoresInput {
  postgres: typeof import('@simplane/adapter-postgres');
  db: Database;
  /** `embedded` when this process holds the database alone (PGlite), `postgres` when others share it. */
  kind: 'embedded' | 'postgres';
  blobs: BlobStore;
  /** What the blob store is, for the start-up line. */
  blobKind: string;
  /** A step log kept elsewhere than the database (the embedded default's segment files); the database's own when absent. */
  steps?: StepLog;
  /** Closes what stands behind the stores (the blob store's client, the database, the data directory). */
  close(): Promise<void>;
}

/**
 * Every storage port on one SQL database. Its own entry point (`@simplane/composition/sql-stores`),
 * not the package's: its types name `@simplane/adapter-postgres`, an optional peer that a
 * project composing in memory does not install. Kept apart from opening it so that the ports a
 * server runs on are the ones suites run on, over a database the suite made.
 */
export function sqlStores({ postgres, db, kind, blobs, blobKind, steps, close }: SqlStoresInput): Stores {
  const keyStore = new postgres.PostgresKeyStore(db);
  return {
    kind,
    blobKind,
    keyStore,
    credentials: new postgres.PostgresCredentialRepository(db),
    blobs,
    usage: new postgres.PostgresUsageLedger(db),
    simulators: new postgres.PostgresSimulatorRepository(db),
    simulations: new postgres.PostgresSimulationRepository(db),
    steps: steps ?? new postgres.PostgresStepLog(db, blobs),
    advances: new postgres.PostgresAdvanceLog(db),
    worlds: new postgres.PostgresWorldRepository(db),
    ...(kind === 'postgres' ? { leases: new postgres.PostgresSimulationLeases(db) } : {}),
    loadTenants: (plan) => keyStore.syncTenants(plan),
    close,
  };
}
