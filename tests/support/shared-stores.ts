import * as postgres from '@simplane/adapter-postgres';
import { testEngines } from '@simplane/adapter-postgres/testing';
import { parseConfig, planTenants, type ConfigInput, type Stores } from '@simplane/composition';
import { sqlStores } from '@simplane/composition/sql-stores';

type Sharing = 'shared' | 'exclusive';

/** Opens stores on real databases for the control planes of one test file; `dispose` in `afterAll`. */
export interface SharedDatabases {
  /**
   * Stores that several control planes in this process share, standing for processes that
   * share one database: `shared` on the Postgres server (other processes write it too),
   * `exclusive` on PGlite (one the current process holds alone, as the embedded default after a
   * restart). Each is opened once per file and emptied for every call; the configured tenants
   * are loaded. Closing a control plane leaves the database open for the next one.
   */
  stores(config: ConfigInput, sharing: Sharing): Promise<Stores>;
  /** Opens the databases ahead (in `beforeAll`): PGlite takes seconds to start, more on a busy machine. */
  open(...sharings: Sharing[]): Promise<void>;
  dispose(): Promise<void>;
}

export function sharedDatabases(): SharedDatabases {
  const engines = testEngines();
  const engine = (sharing: Sharing) => (sharing === 'shared' ? engines.server() : engines.pglite());
  return {
    async open(...sharings) {
      await Promise.all(sharings.map(engine));
    },
    async stores(config, sharing) {
      const { db } = await engine(sharing);
      const stores = sqlStores({
        postgres,
        db,
        kind: sharing === 'shared' ? 'postgres' : 'embedded',
        blobs: new postgres.PostgresBlobStore(db),
        blobKind: 'postgres',
        close: async () => undefined,
      });
      await stores.loadTenants(planTenants(parseConfig({ ...config, log_level: 'silent' })).plan);
      return stores;
    },
    dispose: () => engines.dispose(),
  };
}
