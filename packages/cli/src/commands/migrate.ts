import { loadConfigFile, migrateStorage, parseConfig } from '@simplane/composition';
import { chooseStorage } from '../config/storage-choice.js';
import type { Environment } from '../config/environment.js';

/** `simplane migrate`: the storage `serve` would use, migrated; answers the line to print. */
export async function migrate(env: Environment): Promise<string> {
  const config = chooseStorage(env.configPath === undefined ? parseConfig({}) : loadConfigFile(env.configPath), env);
  const result = await migrateStorage(config);
  return result.applied.length === 0
    ? `The schema is up to date (version ${result.version}).`
    : `Applied migration${result.applied.length === 1 ? '' : 's'} ${result.applied.join(', ')}; the schema is at version ${result.version}.`;
}
