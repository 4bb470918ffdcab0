import type { CreateSimulationBody, ForkSimulationBody, SimplaneClient, Simulation, SimulationQuery, SimulationWithToken } from '@simplane/client';
import { UsageError } from '../config/arguments.js';
import { integerOption, listOption, stringOption, type CommandIo, type ParsedCommand } from './client-options.js';
import { cell, fields, table } from './output.js';
import { collect, pageStart } from './paging.js';

/** A token's lifetime when `token` is not given one: an hour, within the control plane's 60 to 86,400 seconds. */
const DEFAULT_TOKEN_TTL_SECONDS = 3600;
/** `list --all` stops here rather than page without end through a huge workspace. */
const MAX_LISTED = 10_000;

export const SIMULATION_ACTIONS = ['create', 'list', 'get', 'stop', 'start', 'fork', 'delete', 'token'] as const;
type Action = (typeof SIMULATION_ACTIONS)[number];

export const SIMULATION_OPTIONS = {
  name: { type: 'string' },
  seed: { type: 'string' },
  'sample-records': { type: 'string' },
  'start-time': { type: 'string' },
  'ttl-seconds': { type: 'string' },
  metadata: { type: 'string', multiple: true },
  status: { type: 'string' },
  simulator: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  all: { type: 'boolean' },
  'at-step': { type: 'string' },
  'read-only': { type: 'boolean' },
} as const;

/** Which options each action takes; any other is refused rather than ignored. */
const ACCEPTS: Record<Action, readonly string[]> = {
  create: ['name', 'seed', 'sample-records', 'start-time', 'ttl-seconds', 'metadata'],
  list: ['status', 'simulator', 'limit', 'cursor', 'all'],
  get: [],
  stop: [],
  start: [],
  fork: ['at-step', 'name', 'ttl-seconds'],
  delete: [],
  token: ['ttl-seconds', 'read-only'],
};

export function isSimulationAction(word: string | undefined): word is Action {
  return (SIMULATION_ACTIONS as readonly string[]).includes(word ?? '');
}

/**
 * `simplane simulations <action>`: create, list, show, stop, start, fork, delete Simulations and
 * issue data-plane tokens. What answers a Simulation with a token (create, start, fork) shows
 * the token and the data plane's address, ready for a client.
 */
export async function simulationsCommand(client: SimplaneClient, action: Action, command: ParsedCommand, io: CommandIo): Promise<number> {
  const { values } = command;
  const foreign = Object.keys(values).filter((name) => name in SIMULATION_OPTIONS && !ACCEPTS[action].includes(name));
  if (foreign.length > 0) throw new UsageError(`simulations ${action} does not take --${foreign[0]}.`);
  const id = command.positionals[0] ?? '';
  const show = (simulation: Simulation | SimulationWithToken) => {
    if (command.json) io.out(JSON.stringify(simulation, null, 2));
    else {
      describeSimulation(simulation, client.url).forEach((line) => io.out(line));
      if ('token' in simulation) io.err('Send the token in a Simulation-Token header with every request to the endpoint; the API\'s own credentials go in its own headers.');
    }
    return 0;
  };
  switch (action) {
    case 'create': {
      const body: Record<string, unknown> = { simulator_id: id };
      copyString(values, 'name', body, 'name');
      copyString(values, 'seed', body, 'seed');
      copyString(values, 'start-time', body, 'start_time');
      copyInteger(values, 'sample-records', body, 'sample_records');
      copyInteger(values, 'ttl-seconds', body, 'ttl_seconds');
      const metadata = listOption(values, 'metadata');
      if (metadata.length > 0) body.metadata = parseMetadata(metadata);
      return show(await client.simulations.create(body as CreateSimulationBody));
    }
    case 'list':
      return list(client, command, io);
    case 'get':
      return show(await client.simulations.get(id));
    case 'stop':
      return show(await client.simulations.stop(id));
    case 'start':
      return show(await client.simulations.start(id));
    case 'fork': {
      const body: Record<string, unknown> = {};
      copyInteger(values, 'at-step', body, 'at_step');
      copyString(values, 'name', body, 'name');
      copyInteger(values, 'ttl-seconds', body, 'ttl_seconds');
      return show(await client.simulations.fork(id, body as ForkSimulationBody));
    }
    case 'delete':
      await client.simulations.delete(id);
      if (command.json) io.out(JSON.stringify({ id, deleted: true }));
      else io.out(`deleted ${id}`);
      return 0;
    case 'token': {
      const grant = await client.simulations.issueToken(id, {
        ttl_seconds: integerOption(values, 'ttl-seconds') ?? DEFAULT_TOKEN_TTL_SECONDS,
        read_only: values['read-only'] === true,
      });
      if (command.json) io.out(JSON.stringify(grant, null, 2));
      else fields([['token', grant.token], ['expires_at', grant.expires_at], ['read_only', String(grant.read_only)]]).forEach((line) => io.out(line));
      return 0;
    }
  }
}

/** One page (or with `--all` every page, newest first) as a table; the next page's cursor on standard error. */
async function list(client: SimplaneClient, command: ParsedCommand, io: CommandIo): Promise<number> {
  const { values } = command;
  const filters = { status: stringOption(values, 'status'), simulator: stringOption(values, 'simulator') } as SimulationQuery;
  const { items: simulations, next: cursor } = await collect(client.simulations.pages({ ...filters, ...pageStart(command) }), 'simulations', command, MAX_LISTED);
  if (command.json) io.out(JSON.stringify({ simulations, next_cursor: cursor ?? null }, null, 2));
  else {
    table(
      ['id', 'status', 'step', 'simulator', 'current_time', 'name'],
      simulations.map((s) => [s.id, s.status, String(s.step), s.simulator_id, s.current_time, s.name]),
    ).forEach((line) => io.out(line));
    if (cursor !== undefined) io.err(`more: --cursor ${cursor}`);
  }
  return 0;
}

export function describeSimulation(simulation: Simulation | SimulationWithToken, base: string): string[] {
  const token = 'token' in simulation ? simulation : null;
  return fields([
    ['id', simulation.id],
    ['name', simulation.name],
    ['status', simulation.status],
    ['simulator', simulation.simulator_id],
    ['parent', simulation.parent_id],
    ['seed', simulation.seed],
    ['step', String(simulation.step)],
    ['current_time', simulation.current_time],
    ['expires_at', simulation.expires_at],
    ['metadata', Object.keys(simulation.metadata).length === 0 ? null : cell(simulation.metadata)],
    ['endpoint', new URL(simulation.endpoint, `${base}/`).href],
    ['token', token?.token],
    ['token_expires_at', token?.token_expires_at],
  ]);
}

function copyString(values: ParsedCommand['values'], option: string, body: Record<string, unknown>, field: string): void {
  const value = stringOption(values, option);
  if (value !== undefined) body[field] = value;
}

function copyInteger(values: ParsedCommand['values'], option: string, body: Record<string, unknown>, field: string): void {
  const value = integerOption(values, option);
  if (value !== undefined) body[field] = value;
}

/** `key=value` pairs as a metadata object of strings; a pair without `=` is refused. */
function parseMetadata(pairs: readonly string[]): Record<string, string> {
  const metadata: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`--metadata: '${pair}' is not key=value.`);
    metadata[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return { ...metadata };
}
