import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApiKey, hashApiKey } from '@simplane/core';
import { writeOnce, type Config } from '@simplane/composition';

export interface Bootstrap {
  config: Config;
  /** Set only when the key was generated just now and must be shown once. */
  newApiKey?: string;
  keyFile: string;
}

/**
 * With no organizations configured, serve one organization `default` with one workspace
 * `default`. Its API key is generated once and kept (mode 0600) in the data directory, so the
 * same key keeps working across restarts; it is printed only the first time.
 */
export function bootstrapDefaultTenant(config: Config, dataDir: string): Bootstrap {
  const keyFile = join(dataDir, 'api-key');
  let newApiKey: string | undefined;
  if (!existsSync(keyFile)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const candidate = generateApiKey();
    if (writeOnce(keyFile, `${candidate}\n`)) newApiKey = candidate;
  }
  const key = readFileSync(keyFile, 'utf8').trim();
  const withTenant: Config = {
    ...config,
    organizations: [{ name: 'default', workspaces: [{ name: 'default', api_keys: [], api_key_sha256: [hashApiKey(key)] }] }],
  };
  return newApiKey === undefined ? { config: withTenant, keyFile } : { config: withTenant, keyFile, newApiKey };
}
