import type { SimplaneClient, SimulatorQuery } from '@simplane/client';
import { UsageError } from '../config/arguments.js';
import { stringOption, type CommandIo, type ParsedCommand } from './client-options.js';
import { behaviourCounts, describeSimulator } from './simulator-text.js';
import { decisionCounts, describeBehaviour } from './behaviour-text.js';
import { cell, table } from './output.js';
import { collect, pageStart } from './paging.js';

/** `list --all` stops here rather than page without end. */
const MAX_LISTED = 10_000;

export const SIMULATOR_ACTIONS = ['list', 'get', 'operations', 'behaviour'] as const;
type Action = (typeof SIMULATOR_ACTIONS)[number];

export const SIMULATOR_OPTIONS = {
  status: { type: 'string' },
  source: { type: 'string' },
  limit: { type: 'string' },
  cursor: { type: 'string' },
  all: { type: 'boolean' },
} as const;

export function isSimulatorAction(word: string | undefined): word is Action {
  return (SIMULATOR_ACTIONS as readonly string[]).includes(word ?? '');
}

/**
 * `simplane simulators <action>`: the workspace's and the catalog's Simulators, one of them by
 * ID or reference, how each of its operations was understood (create, read, list, ...,
 * static): what a Simulation of it keeps in state and what it answers from the schema alone,
 * and every decision its artifact holds about records and writes.
 */
export async function simulatorsCommand(client: SimplaneClient, action: Action, command: ParsedCommand, io: CommandIo): Promise<number> {
  const { values } = command;
  if (action !== 'list') {
    const listing = Object.keys(values).filter((name) => name in SIMULATOR_OPTIONS);
    if (listing.length > 0) throw new UsageError(`simulators ${action} does not take --${listing[0]}.`);
  }
  if (action === 'list') return list(client, command, io);
  // By ID or by reference: the client looks a reference up through the list's filter.
  const simulator = await client.simulators.get(command.positionals[0] ?? '');
  if (action === 'get') {
    if (command.json) io.out(JSON.stringify(simulator, null, 2));
    else describeSimulator(simulator).forEach((line) => io.out(line));
    return 0;
  }
  if (action === 'behaviour') {
    const behaviour = await client.simulators.behaviour(simulator.id);
    if (command.json) io.out(JSON.stringify(behaviour, null, 2));
    else {
      describeBehaviour(behaviour).forEach((line) => io.out(line));
      io.err(decisionCounts(behaviour));
    }
    return 0;
  }
  // The whole answer for --json (operations, lifecycle rules, shared entities); the table shows the operations.
  const answer = await client.simulators.operations(simulator.id);
  const { operations } = answer;
  if (command.json) io.out(JSON.stringify(answer, null, 2));
  else {
    table(
      ['method', 'path', 'behaviour', 'resource', 'operation'],
      operations.map((op) => [op.method, op.path, op.behaviour, cell(op.resource), op.operation]),
    ).forEach((line) => io.out(line));
    io.err(behaviourCounts(operations));
  }
  return 0;
}

async function list(client: SimplaneClient, command: ParsedCommand, io: CommandIo): Promise<number> {
  const { values } = command;
  // The filters' values are the control plane's to check: it answers 400 with the rule.
  const filters = { status: stringOption(values, 'status'), source: stringOption(values, 'source') } as SimulatorQuery;
  const { items: simulators, next: cursor } = await collect(client.simulators.pages({ ...filters, ...pageStart(command) }), 'simulators', command, MAX_LISTED);
  if (command.json) io.out(JSON.stringify({ simulators, next_cursor: cursor ?? null }, null, 2));
  else {
    table(
      ['id', 'status', 'operations', 'source', 'references', 'name'],
      simulators.map((s) => [s.id, s.status, String(s.operations), s.source, s.references.join(',') || '-', s.name]),
    ).forEach((line) => io.out(line));
    if (cursor !== undefined) io.err(`more: --cursor ${cursor}`);
  }
  return 0;
}
