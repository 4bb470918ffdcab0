import { UsageError } from '../config/arguments.js';
import { SimplaneClient } from '@simplane/client';
import { ClientError, commandFailure } from '../client/client-error.js';
import { resolveConnection, type Connection } from '../client/connection.js';
import { BUILD_OPTIONS, buildCommand } from './build.js';
import { parseCommand, type CommandIo } from './client-options.js';
import { isSimulationAction, SIMULATION_OPTIONS, simulationsCommand } from './simulations.js';
import { STEPS_OPTIONS, stepsCommand } from './steps.js';
import { isSimulatorAction, SIMULATOR_OPTIONS, simulatorsCommand } from './simulators.js';

export const CLIENT_COMMANDS = ['build', 'simulators', 'simulations', 'steps'] as const;

const CONNECTION = `Every command takes --url <url>, --json (print the control plane's answer as JSON) and
--api-key-file <file>. The URL is --url's, else SIMPLANE_URL, else the address a running 'serve'
left in SIMPLANE_DATA_DIR (default ~/.simplane/url), else http://127.0.0.1:8080. The API key is
that file's, else SIMPLANE_API_KEY, else the key 'serve' keeps in SIMPLANE_DATA_DIR
(default ~/.simplane/api-key).`;

export const CLIENT_USAGE = {
  build: `usage: simplane build <document> [--reference <name:tag>]... [--name <name>] [--spec-kind openapi|wsdl]
                      [--filter <regex>]... [--timeout-seconds <n>] [--credential <id>] [--probe-requests <n>]
                      [--parent <simulator>] [--instructions <text>] [--no-wait]
  Uploads the document, shows the build's progress and prints the Simulator (exit 1 if the
  build fails, with its diagnostics). With --parent the document is an Overlay and may be left out.`,
  simulators: `usage: simplane simulators list [--status <s>] [--source workspace|catalog] [--limit <n>] [--cursor <c>] [--all]
       simplane simulators get <simulator>
       simplane simulators operations <simulator>
       simplane simulators behaviour <simulator>
  A Simulator is an ID or a reference (petstore:v1, catalog/petstore:1.0). 'operations' shows how
  each operation was understood: what a Simulation keeps in state and what it answers from the schema.
  'behaviour' shows every decision the build made about records and writes: id and state fields,
  server-filled fields, and what each write does with its body.`,
  simulations: `usage: simplane simulations create <simulator> [--seed <s>] [--name <n>] [--sample-records <n>]
                                [--start-time <rfc3339>] [--ttl-seconds <n>] [--metadata <key=value>]...
       simplane simulations list [--status running|paused|stopped] [--simulator <s>] [--limit <n>] [--cursor <c>] [--all]
       simplane simulations get|stop|start|delete <id>
       simplane simulations fork <id> [--at-step <n>] [--name <n>] [--ttl-seconds <n>]
       simplane simulations token <id> [--ttl-seconds <n> (default 3600)] [--read-only]
  create, start and fork print a data-plane token and the Simulation's endpoint.`,
  steps: `usage: simplane steps <simulation> [--at-step <n>] [--limit <n>] [--cursor <c>] [--all]
       simplane steps <simulation> <step>
  Lists a Simulation's steps oldest first, or shows one with its request and response.`,
} as const;

export type ClientCommand = (typeof CLIENT_COMMANDS)[number];

export function isClientCommand(word: string | undefined): word is ClientCommand {
  return (CLIENT_COMMANDS as readonly string[]).includes(word ?? '');
}

/** What a client command runs with besides its arguments: where it writes, its environment, and how it waits. */
export interface ClientContext {
  io: CommandIo;
  env: NodeJS.ProcessEnv;
  pause?: (ms: number) => Promise<void>;
}

/**
 * Runs `build`, `simulators`, `simulations` or `steps` against a control plane over HTTP and answers the
 * exit code: 0 done, 1 refused or unreachable (the reason on standard error), 2 a command line
 * it cannot understand (the reason and the command's usage).
 */
export async function runClientCommand(command: ClientCommand, args: readonly string[], context: ClientContext): Promise<number> {
  const { io } = context;
  const pause = context.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let connection: Connection | undefined;
  const client = (options: Parameters<typeof resolveConnection>[1]): SimplaneClient => {
    connection = resolveConnection(context.env, options);
    return new SimplaneClient({ url: connection.url, apiKey: connection.apiKey, wait: (ms) => pause(ms) });
  };
  try {
    if (command === 'build') {
      const parsed = parseCommand(args, BUILD_OPTIONS, { min: 0, max: 1, usage: 'one document' });
      if (parsed.help) return help(io, command);
      if (parsed.positionals.length === 0 && parsed.values.parent === undefined) throw new UsageError('expected a document (or --parent for an incremental build).');
      return await buildCommand(client(parsed.connection), parsed, io);
    }
    if (command === 'simulators') {
      const [action, ...rest] = args;
      if (asksHelp(action)) return help(io, command);
      if (!isSimulatorAction(action)) throw new UsageError(`unknown action 'simulators ${action}'.`);
      const parsed = parseCommand(rest, SIMULATOR_OPTIONS, action === 'list' ? { min: 0, max: 0, usage: 'no arguments' } : { min: 1, max: 1, usage: 'a Simulator (ID or reference)' });
      if (parsed.help) return help(io, command);
      return await simulatorsCommand(client(parsed.connection), action, parsed, io);
    }
    if (command === 'simulations') {
      const [action, ...rest] = args;
      if (asksHelp(action)) return help(io, command);
      if (!isSimulationAction(action)) throw new UsageError(`unknown action 'simulations ${action}'.`);
      const takesId = action !== 'list';
      const parsed = parseCommand(rest, SIMULATION_OPTIONS, takesId ? { min: 1, max: 1, usage: action === 'create' ? 'a Simulator (ID or reference)' : 'a Simulation ID' } : { min: 0, max: 0, usage: 'no arguments' });
      if (parsed.help) return help(io, command);
      return await simulationsCommand(client(parsed.connection), action, parsed, io);
    }
    const parsed = parseCommand(args, STEPS_OPTIONS, { min: 1, max: 2, usage: 'a Simulation ID and optionally a step number' });
    if (parsed.help) return help(io, command);
    return await stepsCommand(client(parsed.connection), parsed, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`simplane: ${error.message}`);
      io.err(CLIENT_USAGE[command]);
      return 2;
    }
    const failure = error instanceof ClientError ? error : commandFailure(error, connection);
    if (failure === undefined) throw error;
    io.err(`simplane: ${failure.message}`);
    failure.details.forEach((line) => io.err(`  ${line}`));
    return 1;
  }
}

/** No action, or one asking for the usage. */
function asksHelp(action: string | undefined): boolean {
  return action === undefined || action === '--help' || action === '-h' || action === 'help';
}

function help(io: CommandIo, command: ClientCommand): number {
  io.out(CLIENT_USAGE[command]);
  io.out(CONNECTION);
  return 0;
}
