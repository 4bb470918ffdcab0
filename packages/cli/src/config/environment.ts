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
  };
  const configPath = args.config ?? value('SIMPLANE_CONFIG');
  if (configPath !== undefined) result.configPath = resolve(configPath);
  return result;
}
