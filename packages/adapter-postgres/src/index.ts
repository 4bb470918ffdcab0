/** @simplane/adapter-postgres: every Simplane store on PostgreSQL, a server's or PGlite's. */
export * from './sql/database.js';
export * from './sql/pg-database.js';
export * from './sql/pglite-database.js';
export { storageError } from './sql/sql-errors.js';
export * from './migrations/migrate.js';
export { MIGRATIONS } from './migrations/index.js';
export type { Migration } from './migrations/migration.js';
