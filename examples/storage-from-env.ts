/**
 * Where an embedding app keeps Simplane's state, chosen from its environment the way
 * `simplane serve` chooses it: a PostgreSQL server when SIMPLANE_DATABASE_URL is set (shared by
 * every instance, which then all need the same SIMPLANE_SECRET_KEY), else the embedded default,
 * PGlite and files in a data directory of the app's own, which outlives a restart. Storage
 * other than memory needs `@simplane/adapter-postgres` (and, embedded, `@simplane/adapter-filesystem`)
 * installed beside `@simplane/composition`.
 */
import type { ConfigInput } from '@simplane/composition';

export interface StorageDefaults {
  /** The data directory when SIMPLANE_DATA_DIR is not set. */
  dataDir: string;
  /** Connections to a Postgres server this process opens at most. */
  maxConnections?: number;
  /** Off behind a pooler that cannot keep prepared statements (RDS Proxy, PgBouncer in session-less mode). */
  preparedStatements?: boolean;
}

export function storageFromEnvironment(env: NodeJS.ProcessEnv, defaults: StorageDefaults): Pick<ConfigInput, 'storage' | 'secret_key'> {
  const databaseUrl = env.SIMPLANE_DATABASE_URL;
  if (databaseUrl !== undefined && databaseUrl !== '') {
    return {
      storage: { kind: 'postgres', database_url: databaseUrl, max_connections: defaults.maxConnections ?? 10, prepared_statements: defaults.preparedStatements ?? true },
      // Required with a shared database; parseConfig names the field when it is missing or malformed.
      secret_key: env.SIMPLANE_SECRET_KEY,
    };
  }
  // The embedded default generates its credential key into the data directory on first use.
  return { storage: { kind: 'embedded', data_dir: env.SIMPLANE_DATA_DIR || defaults.dataDir } };
}
