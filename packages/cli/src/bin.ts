#!/usr/bin/env node
/**
 * The `simplane` command. Reads process.env once, here, and nowhere else. Each command's code is
 * loaded when it runs: a client command or the MCP bridge need not load the engine and the
 * storage adapters that `serve` and `mock` start, so they start in a fraction of the time.
 */
import { parseServeArguments, UsageError } from './config/arguments.js';
import { CLIENT_USAGE, isClientCommand, runClientCommand } from './commands/client-command.js';

const USAGE = `usage: simplane serve [--port <n>] [--host <address>] [--config <file>] [--data-dir <dir>] [--memory]
       simplane migrate [--config <file>] [--data-dir <dir>]
       simplane mock <document> [--port <n>] [--watch] [options]
       simplane build <document> [options]
       simplane simulators list|get|operations|behaviour [options]
       simplane simulations create|list|get|stop|start|fork|delete|token [options]
       simplane steps <simulation> [<step>] [options]
       simplane mcp [--simulation <id> | --world <id>] [--read-only]
       simplane openapi

commands:
  serve        serve the control plane; each option wins over its environment variable
                 --port <n>         PORT, default 8080 (0 picks a free port)
                 --host <address>   HOST, default 127.0.0.1
                 --config <file>    SIMPLANE_CONFIG, the JSON configuration file
                 --data-dir <dir>   SIMPLANE_DATA_DIR, default ~/.simplane
                 --memory           keep nothing on disk but the API key and the server's address
               state is kept in the data directory, or on the Postgres server at
               SIMPLANE_DATABASE_URL; SIMPLANE_S3_BUCKET puts documents and snapshots on S3
  migrate      bring the database's schema up to date, then exit (serve does it at start too)
  mock         serve one document's Simulation at the root of a port of its own, state kept
               across restarts; 'simplane mock --help' lists its options
  build        build a Simulator from a document on a running control plane and follow the build
  simulators   list Simulators, show one, how each of its operations was understood and what
               its build decided about records and writes
  simulations  create, list, stop, start, fork and delete Simulations; issue data-plane tokens
  steps        list a Simulation's steps, or show one with its request and response
  mcp          serve MCP on stdio for a Simulation's tools, a World's, or the control plane's
               (for MCP clients that start local processes; docs/mcp.md)
  openapi      print the control plane's OpenAPI document as YAML
'simplane <command> --help' tells more; ${Object.keys(CLIENT_USAGE).join(', ')} talk to the control
plane at SIMPLANE_URL, else at the address a running 'serve' left in its data directory, with the
key 'serve' stored there, or SIMPLANE_API_KEY.`;

// A reader that stops early (`simplane openapi | head`) closes the pipe: the command ends quietly, as other tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0];
  if (command === 'serve') {
    const args = parseServeArguments(argv.slice(1));
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const [{ serve }, { readEnvironment }] = await Promise.all([import('./commands/serve.js'), import('./config/environment.js')]);
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
  if (command === 'migrate') {
    const args = parseServeArguments(argv.slice(1));
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    if (args.port !== undefined || args.host !== undefined || args.memory === true) throw new UsageError('migrate takes only --config and --data-dir.');
    const [{ migrate }, { readEnvironment }] = await Promise.all([import('./commands/migrate.js'), import('./config/environment.js')]);
    const result = await migrate(readEnvironment(process.env, args));
    process.stdout.write(`${result}\n`);
    return 0;
  }
  if (command === 'mock') {
    const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
    const { runMockCommand } = await import('./commands/mock/mock-command.js');
    return runMockCommand(argv.slice(1), process.env, io);
  }
  if (isClientCommand(command)) {
    const io = { out: (line: string) => process.stdout.write(`${line}\n`), err: (line: string) => process.stderr.write(`${line}\n`) };
    return runClientCommand(command, argv.slice(1), { io, env: process.env });
  }
  if (command === 'mcp') {
    const { mcpBridge } = await import('./commands/mcp.js');
    return mcpBridge(argv.slice(1), process.env, (line) => process.stderr.write(`${line}\n`));
  }
  if (command === 'openapi') {
    if (argv.length > 1) throw new UsageError(`openapi takes no arguments, got '${argv[1]}'.`);
    const { openApiYaml } = await import('./commands/openapi.js');
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
  async (error: unknown) => {
    if (error instanceof UsageError) {
      const usage = process.argv[2] === 'mock' ? (await import('./commands/mock/mock-command.js')).MOCK_USAGE : USAGE;
      process.stderr.write(`simplane: ${error.message}\n${usage}\n`);
      process.exit(2);
    }
    // By name: the configuration's module is loaded only by the commands that read one.
    if (error instanceof Error && error.name === 'ConfigError') {
      process.stderr.write(`simplane: invalid configuration: ${error.message}\n`);
    } else {
      process.stderr.write(`simplane: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  },
);
