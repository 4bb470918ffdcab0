#!/usr/bin/env node
/** The `simplane` command. Reads process.env once, here, and nowhere else. */
import { readEnvironment } from './config/environment.js';
import { ConfigError } from './config/load-config.js';
import { serve } from './commands/serve.js';
import { openApiYaml } from './commands/openapi.js';

const USAGE = `usage: simplane <command>

commands:
  serve     serve the control plane (PORT, HOST, SIMPLANE_CONFIG, SIMPLANE_DATA_DIR)
  openapi   print the control plane's OpenAPI document as YAML`;

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (command === 'serve') {
    // Signals are handled from the start, so one that arrives while starting still ends cleanly.
    const starting = serve(readEnvironment(process.env), (line) => process.stdout.write(`${line}\n`));
    const stop = () => {
      starting.then((running) => running.close()).then(() => process.exit(0), () => process.exit(1));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await starting;
    return -1;
  }
  if (command === 'openapi') {
    process.stdout.write(openApiYaml());
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`simplane: invalid configuration: ${error.message}\n`);
    } else {
      process.stderr.write(`simplane: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
