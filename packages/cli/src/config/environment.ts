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

/** Empty variables count as unset: an empty HOST would otherwise listen on every interface. */
export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const portText = value('PORT') ?? '8080';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new ConfigError(`PORT: '${portText}' is not a port number`);
  const result: Environment = {
    port: Number(portText),
    host: value('HOST') ?? '127.0.0.1',
    dataDir: resolve(value('SIMPLANE_DATA_DIR') ?? join(homedir(), '.simplane')),
  };
  const configPath = value('SIMPLANE_CONFIG');
  if (configPath !== undefined) result.configPath = resolve(configPath);
  return result;
}
