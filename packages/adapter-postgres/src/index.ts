/** @simplane/adapter-postgres: every Simplane store on PostgreSQL, a server's or PGlite's. */
export * from './sql/database.js';
export * from './sql/pg-database.js';
export * from './sql/pglite-database.js';
export { storageError } from './sql/sql-errors.js';
export * from './migrations/migrate.js';
export { MIGRATIONS } from './migrations/index.js';
export type { Migration } from './migrations/migration.js';
export * from './repositories/postgres-blob-store.js';
export * from './repositories/postgres-key-store.js';
export * from './repositories/postgres-credential-repository.js';
export * from './repositories/postgres-usage-ledger.js';
export * from './repositories/postgres-simulator-repository.js';
export * from './repositories/postgres-world-repository.js';
export { PostgresSimulationRepository } from './repositories/postgres-simulation-repository.js';
export { PostgresStepLog } from './repositories/postgres-step-log.js';
export { PostgresAdvanceLog } from './repositories/postgres-advance-log.js';
export { PostgresSimulationLeases } from './repositories/postgres-simulation-leases.js';
