import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ServeArguments } from './arguments.js';
import { ConfigError } from '@simplane/composition';

/** What `serve` reads from its environment variables and options, once, in the entry point. */
export interface Environment {
  port: number;
  host: string;
  configPath?: string;
  dataDir: string;
  /** `--memory`: keep everything in memory, whatever else is configured. */
  memory?: boolean;
  /** `SIMPLANE_DATABASE_URL`: a Postgres server instead of the embedded database. */
  databaseUrl?: string;
  /** `SIMPLANE_SECRET_KEY`: the credential-sealing key, base64 of 32 bytes. */
  secretKey?: string;
  /** `SIMPLANE_S3_*`: documents, artifacts and snapshots on S3. */
  s3?: { bucket: string; endpoint?: string; region?: string; forcePathStyle: boolean; prefix?: string };
}

/**
 * The environment, with the command line's options winning over their variables. Empty
 * variables count as unset: an empty HOST would otherwise listen on every interface.
 */
export function readEnvironment(env: NodeJS.ProcessEnv, args: Omit<ServeArguments, 'help'> = {}): Environment {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const portName = args.port === undefined ? 'PORT' : '--port';
  const portText = args.port ?? value('PORT') ?? '8080';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new ConfigError(`${portName}: '${portText}' is not a port number`);
  const result: Environment = {
    port: Number(portText),
    host: args.host ?? value('HOST') ?? '127.0.0.1',
    dataDir: resolve(args.dataDir ?? value('SIMPLANE_DATA_DIR') ?? join(homedir(), '.simplane')),
    memory: args.memory === true,
  };
  const configPath = args.config ?? value('SIMPLANE_CONFIG');
  if (configPath !== undefined) result.configPath = resolve(configPath);
  const databaseUrl = value('SIMPLANE_DATABASE_URL');
  if (databaseUrl !== undefined) result.databaseUrl = databaseUrl;
  const secretKey = value('SIMPLANE_SECRET_KEY');
  if (secretKey !== undefined) result.secretKey = secretKey;
  const bucket = value('SIMPLANE_S3_BUCKET');
  if (bucket !== undefined) {
    const pathStyle = value('SIMPLANE_S3_FORCE_PATH_STYLE') ?? 'false';
    if (pathStyle !== 'true' && pathStyle !== 'false') throw new ConfigError(`SIMPLANE_S3_FORCE_PATH_STYLE: '${pathStyle}' is not true or false`);
    const s3: NonNullable<Environment['s3']> = { bucket, forcePathStyle: pathStyle === 'true' };
    const endpoint = value('SIMPLANE_S3_ENDPOINT');
    const region = value('SIMPLANE_S3_REGION') ?? value('AWS_REGION') ?? value('AWS_DEFAULT_REGION');
    const prefix = value('SIMPLANE_S3_PREFIX');
    if (endpoint !== undefined) s3.endpoint = endpoint;
    if (region !== undefined) s3.region = region;
    if (prefix !== undefined) s3.prefix = prefix;
    result.s3 = s3;
  }
  return result;
}
