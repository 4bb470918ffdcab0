#!/usr/bin/env node
/** The `simplane` command. Reads process.env once, here, and nowhere else. */
import { parseServeArguments, UsageError } from './config/arguments.js';
import { readEnvironment } from './config/environment.js';
import { ConfigError } from './config/load-config.js';
import { serve } from './commands/serve.js';
import { openApiYaml } from './commands/openapi.js';

const USAGE = `usage: simplane serve [--port <n>] [--host <address>] [--config <file>] [--data-dir <dir>]
       simplane openapi

commands:
  serve     serve the control plane; each option wins over its environment variable
              --port <n>         PORT, default 8080 (0 picks a free port)
              --host <address>   HOST, default 127.0.0.1
              --config <file>    SIMPLANE_CONFIG, the JSON configuration file
              --data-dir <dir>   SIMPLANE_DATA_DIR, default ~/.simplane
  openapi   print the control plane's OpenAPI document as YAML`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (command === 'serve') {
    const args = parseServeArguments(argv.slice(1));
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    // Signals are handled from the start, so one that arrives while starting still ends cleanly.
    const starting = serve(readEnvironment(process.env, args), (line) => process.stdout.write(`${line}\n`));
    const stop = () => {
      starting.then((running) => running.close()).then(() => process.exit(0), () => process.exit(1));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await starting;
    return -1;
  }
  if (command === 'openapi') {
    if (argv.length > 1) throw new UsageError(`openapi takes no arguments, got '${argv[1]}'.`);
    process.stdout.write(openApiYaml());
    return 0;
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  throw new UsageError(`unknown command '${command}'.`);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`simplane: ${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`simplane: invalid configuration: ${error.message}\n`);
    } else {
      process.stderr.write(`simplane: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
