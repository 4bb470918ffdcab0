import type { Config } from '../config.schema.js';
import { composeControlPlane, type ComposeOverrides, type ControlPlane } from '../container.js';
import { ConfigError } from '../load-config.js';
import { planTenants } from '../tenants.js';
import { openStores } from './open-stores.js';
import { secretKeyFromDataDir } from './secret-key-file.js';

/**
 * Opens the configured stores (migrating the schema, locking an embedded data directory), loads
 * the configured tenants into them and composes the control plane on them; closing the control
 * plane closes the stores. Credential values need a key that outlives the process: the
 * embedded default generates one into its data directory; a shared database needs `secret_key`
 * configured, the same in every process.
 */
export async function openControlPlane(config: Config, overrides: Omit<ComposeOverrides, 'stores'> = {}): Promise<ControlPlane> {
  const resolved = withSecretKey(config);
  const stores = await openStores(resolved);
  try {
    await stores.loadTenants(planTenants(resolved).plan);
    return composeControlPlane(resolved, { ...overrides, stores });
  } catch (error) {
    await stores.close().catch(() => undefined);
    throw error;
  }
}

function withSecretKey(config: Config): Config {
  if (config.secret_key !== undefined || config.storage === undefined || config.storage.kind === 'memory') return config;
  if (config.storage.kind === 'embedded') return { ...config, secret_key: secretKeyFromDataDir(config.storage.data_dir) };
  throw new ConfigError(
    'secret_key: required with a Postgres database (SIMPLANE_SECRET_KEY or the file\'s secret_key): every process sharing it must seal and open credential values with the same key',
  );
}
