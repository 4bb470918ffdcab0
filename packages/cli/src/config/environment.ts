import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError } from './load-config.js';

/** The environment variables `serve` reads, once, in the entry point. */
export interface Environment {
  port: number;
  host: string;
  configPath?: string;
  dataDir: string;
}

export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const portText = env.PORT ?? '8080';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new ConfigError(`PORT: '${portText}' is not a port number`);
  const result: Environment = {
    port: Number(portText),
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.SIMPLANE_DATA_DIR ?? join(homedir(), '.simplane')),
  };
  if (env.SIMPLANE_CONFIG !== undefined && env.SIMPLANE_CONFIG !== '') result.configPath = resolve(env.SIMPLANE_CONFIG);
  return result;
}
