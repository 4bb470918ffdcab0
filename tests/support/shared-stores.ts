import { memoryStores, parseConfig, planTenants, type ConfigInput, type Stores } from '@simplane/composition';

/**
 * Stores in memory that several control planes in this process share, standing for processes
 * that share one database: `sharing` says how they treat it, as a store other processes also
 * write (`shared`, as on Postgres) or as one the current process holds alone (`exclusive`, as
 * the embedded default after a restart). The configured tenants are loaded.
 */
export async function sharedStores(config: ConfigInput, sharing: 'shared' | 'exclusive'): Promise<Stores> {
  const stores = memoryStores();
  await stores.loadTenants(planTenants(parseConfig({ ...config, log_level: 'silent' })).plan);
  return sharing === 'shared' ? { ...stores, kind: 'postgres' } : stores;
}
