import type { SimulatorBehaviour, SimulatorView } from '@simplane/core';
import { UsageError } from '../config/arguments.js';
import { ClientError } from '../client/client-error.js';
import type { ControlPlaneClient } from '../client/control-plane-client.js';
import { stringOption, type CommandIo, type ParsedCommand } from './client-options.js';
import { behaviourCounts, describeSimulator, type OperationView } from './simulator-text.js';
import { decisionCounts, describeBehaviour } from './behaviour-text.js';
import { cell, table } from './output.js';
import { collect } from './paging.js';

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
export async function simulatorsCommand(client: ControlPlaneClient, action: Action, command: ParsedCommand, io: CommandIo): Promise<number> {
  const { values } = command;
  if (action !== 'list') {
    const listing = Object.keys(values).filter((name) => name in SIMULATOR_OPTIONS);
    if (listing.length > 0) throw new UsageError(`simulators ${action} does not take --${listing[0]}.`);
  }
  if (action === 'list') return list(client, command, io);
  const simulator = await resolveSimulator(client, command.positionals[0] ?? '');
  if (action === 'get') {
    if (command.json) io.out(JSON.stringify(simulator, null, 2));
    else describeSimulator(simulator).forEach((line) => io.out(line));
    return 0;
  }
  if (action === 'behaviour') {
    const behaviour = await client.get<SimulatorBehaviour>(`/v1/simulators/${encodeURIComponent(simulator.id)}/behaviour`);
    if (command.json) io.out(JSON.stringify(behaviour, null, 2));
    else {
      describeBehaviour(behaviour).forEach((line) => io.out(line));
      io.err(decisionCounts(behaviour));
    }
    return 0;
  }
  // The whole answer for --json (operations, lifecycle rules, shared entities); the table shows the operations.
  const answer = await client.get<{ operations: OperationView[] }>(`/v1/simulators/${encodeURIComponent(simulator.id)}/operations`);
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

/**
 * A Simulator by ID, or by reference through the list's filter (paths take IDs only); a
 * reference nothing answers to is the control plane's own 404.
 */
export async function resolveSimulator(client: ControlPlaneClient, idOrReference: string): Promise<SimulatorView> {
  if (/^smr_/.test(idOrReference)) return client.get<SimulatorView>(`/v1/simulators/${encodeURIComponent(idOrReference)}`);
  const page = await client.get<{ simulators: SimulatorView[] }>('/v1/simulators', { simulator: idOrReference, limit: 1 });
  const found = page.simulators[0];
  if (found === undefined) throw new ClientError(`no Simulator is called ${idOrReference}.`);
  return found;
}

async function list(client: ControlPlaneClient, command: ParsedCommand, io: CommandIo): Promise<number> {
  const { values } = command;
  const { items: simulators, next: cursor } = await collect<SimulatorView>(client, '/v1/simulators', 'simulators', command, { status: stringOption(values, 'status'), source: stringOption(values, 'source') }, MAX_LISTED);
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
