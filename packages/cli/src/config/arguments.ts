import { parseArgs } from 'node:util';

/** A command line the `simplane` command cannot understand: it prints why and its usage, and exits 2. */
export class UsageError extends Error {}

/**
 * `serve`'s options. Each stands for one environment variable (`--port` for PORT, `--host` for
 * HOST, `--config` for SIMPLANE_CONFIG, `--data-dir` for SIMPLANE_DATA_DIR) and wins over it.
 */
export interface ServeArguments {
  port?: string;
  host?: string;
  config?: string;
  dataDir?: string;
  /** `--memory`: nothing is kept on disk (the data directory still holds the API key and the server's address). */
  memory?: boolean;
  help: boolean;
}

/**
 * Reads `serve`'s arguments with node's own parser, strictly: an unknown option, a stray word or
 * an option without a value is refused rather than ignored, so `serve --prot 80` does not
 * quietly listen on the default port.
 */
export function parseServeArguments(args: readonly string[]): ServeArguments {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        config: { type: 'string' },
        'data-dir': { type: 'string' },
        memory: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  const result: ServeArguments = { help: values.help === true };
  if (values.memory === true) result.memory = true;
  for (const [option, key] of [
    ['port', 'port'],
    ['host', 'host'],
    ['config', 'config'],
    ['data-dir', 'dataDir'],
  ] as const) {
    const value = values[option];
    if (value === undefined) continue;
    if (value === '') throw new UsageError(`Option '--${option}' needs a value.`);
    result[key] = value;
  }
  return result;
}
