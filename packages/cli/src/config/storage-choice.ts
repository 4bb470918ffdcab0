import { ConfigError, configSchema, type Config } from '@simplane/composition';
import type { Environment } from './environment.js';

/**
 * Where `serve` keeps its state: `--memory` wins; then `SIMPLANE_DATABASE_URL` (a Postgres
 * server); then the configuration file's `storage`; else the embedded default in the data
 * directory. `SIMPLANE_S3_BUCKET` puts blobs on S3, and `SIMPLANE_SECRET_KEY` gives the
 * credential key, each over the file's setting. Values are validated as the file's are; an error
 * names the variable, never its value (a database URL can hold a password).
 */
export function chooseStorage(config: Config, env: Environment): Config {
  const result: Config = { ...config };
  if (env.memory) result.storage = { kind: 'memory' };
  else if (env.databaseUrl !== undefined) {
    const fromFile = config.storage?.kind === 'postgres' ? config.storage : undefined;
    // The variable gives the server; the file's pool settings (connections, timeouts) still hold.
    result.storage = check('storage', 'SIMPLANE_DATABASE_URL', { ...fromFile, kind: 'postgres', database_url: env.databaseUrl });
  } else if (config.storage === undefined) result.storage = { kind: 'embedded', data_dir: env.dataDir };
  if (env.s3 !== undefined) {
    result.blobs = check('blobs', 'SIMPLANE_S3_*', {
      kind: 's3',
      bucket: env.s3.bucket,
      ...(env.s3.prefix === undefined ? {} : { prefix: env.s3.prefix }),
      ...(env.s3.region === undefined ? {} : { region: env.s3.region }),
      ...(env.s3.endpoint === undefined ? {} : { endpoint: env.s3.endpoint }),
      force_path_style: env.s3.forcePathStyle,
    });
  }
  if (env.secretKey !== undefined) result.secret_key = check('secret_key', 'SIMPLANE_SECRET_KEY', env.secretKey);
  return result;
}

function check<K extends 'storage' | 'blobs' | 'secret_key'>(field: K, variable: string, value: unknown): NonNullable<Config[K]> {
  const parsed = configSchema.shape[field].safeParse(value);
  if (!parsed.success || parsed.data === undefined) {
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    const at = issue === undefined || issue.path.length === 0 ? '' : ` (${issue.path.join('.')})`;
    throw new ConfigError(`${variable}${at}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data as NonNullable<Config[K]>;
}
