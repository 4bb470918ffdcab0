/**
 * The packaged Lambda function's configuration, read from its environment once per cold start.
 * The variables are those `simplane serve` reads (docs/configuration.md), so one deployment's
 * settings mean the same on both: SIMPLANE_CONFIG_JSON is the configuration file's JSON, and
 * SIMPLANE_DATABASE_URL, SIMPLANE_SECRET_KEY and SIMPLANE_S3_* win over it. State must be on a
 * PostgreSQL server, the one store every execution environment shares; the bundle carries no
 * embedded database.
 */
import { ConfigError, parseConfig, type Config, type ConfigInput } from '@simplane/composition';

/** Lambda allows 4 KiB of environment in all; anything longer is not a Lambda's configuration. */
const MAX_CONFIG_JSON = 4096;

/** Many execution environments run at once, each with its own pool, usually behind RDS Proxy. */
const LAMBDA_MAX_CONNECTIONS = 2;

export function lambdaConfig(env: NodeJS.ProcessEnv): Config {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const input = configJson(value('SIMPLANE_CONFIG_JSON'));
  input.storage = postgresStorage(value('SIMPLANE_DATABASE_URL'), input.storage);
  const secretKey = value('SIMPLANE_SECRET_KEY');
  if (secretKey !== undefined) input.secret_key = secretKey;
  const bucket = value('SIMPLANE_S3_BUCKET');
  if (bucket !== undefined) {
    const pathStyle = value('SIMPLANE_S3_FORCE_PATH_STYLE') ?? 'false';
    if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError(`SIMPLANE_S3_FORCE_PATH_STYLE: '${pathStyle}' is not true or false`);
    const endpoint = value('SIMPLANE_S3_ENDPOINT');
    const prefix = value('SIMPLANE_S3_PREFIX');
    input.blobs = {
      kind: 's3',
      bucket,
      // Lambda sets AWS_REGION to the function's own region.
      region: value('SIMPLANE_S3_REGION') ?? value('AWS_REGION') ?? 'us-east-1',
      force_path_style: pathStyle === 'true',
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(prefix === undefined ? {} : { prefix }),
    };
  }
  return parseConfig(input, 'the environment');
}

function configJson(text: string | undefined): ConfigInput {
  if (text === undefined) return {};
  if (text.length > MAX_CONFIG_JSON) throw new ConfigError(`SIMPLANE_CONFIG_JSON: longer than ${MAX_CONFIG_JSON} characters`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError('SIMPLANE_CONFIG_JSON: not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ConfigError('SIMPLANE_CONFIG_JSON: not a JSON object');
  return parsed as ConfigInput;
}

/**
 * The Postgres server: SIMPLANE_DATABASE_URL over the JSON's `storage`, with a small pool and no
 * prepared statements (RDS Proxy would pin every connection) and no Simulation leases unless the
 * JSON says otherwise; its other storage settings (timeouts) are kept.
 * The URL is never repeated in an error: it can hold a password.
 */
function postgresStorage(databaseUrl: string | undefined, fromJson: ConfigInput['storage']): ConfigInput['storage'] {
  const json = fromJson?.kind === 'postgres' ? fromJson : undefined;
  if (fromJson !== undefined && json === undefined) {
    throw new ConfigError(`SIMPLANE_CONFIG_JSON: storage: the Lambda keeps its state on a PostgreSQL server, not '${String(fromJson.kind)}'`);
  }
  const url = databaseUrl ?? json?.database_url;
  if (url === undefined) {
    throw new ConfigError('SIMPLANE_DATABASE_URL: required: the Lambda keeps its state on a PostgreSQL server that every execution environment shares');
  }
  return {
    ...json,
    kind: 'postgres',
    database_url: url,
    max_connections: json?.max_connections ?? LAMBDA_MAX_CONNECTIONS,
    prepared_statements: json?.prepared_statements ?? false,
    // A frozen execution environment can neither renew nor hand over a lease: each invocation
    // reads the log's head instead (docs/deployment.md).
    simulation_lease_ms: json?.simulation_lease_ms ?? 0,
  };
}
