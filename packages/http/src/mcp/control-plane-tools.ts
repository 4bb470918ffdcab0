/**
 * The control plane as MCP tools, for agents that manage their own sandboxes: each tool is one
 * control-plane operation, run by the same core service with the caller's workspace, so it is
 * validated, limited and answered (or refused, as a tool error carrying the problem document)
 * exactly as the HTTP API would.
 */
import { createSimulationInput, forkSimulationInput, parseInput, type Principal, type QuotaService, type SimulationClock, type SimulationService, type SimulatorService } from '@simplane/core';
import { z } from 'zod';
import type { ToolEntry } from './tool-server.js';

export interface ControlPlaneToolServices {
  simulators: SimulatorService;
  simulations: SimulationService;
  clock: SimulationClock;
  quotas: QuotaService;
}

/** Largest document a build tool takes: the whole call must fit the MCP endpoint's 1 MiB. */
const MAX_DOCUMENT = 900 * 1024;

const id = (what: string) => z.string().min(1).max(300).describe(what);
const simulationId = id('The Simulation (sim_...).');
const paging = { limit: z.int().min(1).max(200).optional().describe('At most this many (default 50).'), cursor: z.string().max(2048).optional().describe('next_cursor of the previous page.') };
const pageOf = (args: { limit?: number | undefined; cursor?: string | undefined }) => ({ ...(args.limit === undefined ? {} : { limit: String(args.limit) }), ...(args.cursor === undefined ? {} : { cursor: args.cursor }) });

/** Every control-plane tool, for one caller. */
export function controlPlaneToolEntries(services: ControlPlaneToolServices, principal: Principal): ToolEntry[] {
  const { simulators, simulations, clock, quotas } = services;
  // A reference names a Simulator as well as its id, here as in every body and filter.
  const simulatorId = async (idOrReference: string) => (await simulators.resolve(principal, idOrReference))?.id ?? idOrReference;
  return [
    tool('list_simulators', "List the workspace's Simulators (and the catalog's), newest first.", z.strictObject({ status: z.enum(['pending', 'building', 'ready', 'failed', 'canceled']).optional(), ...paging }), true, (a) =>
      simulators.list(principal, { ...pageOf(a), ...(a.status === undefined ? {} : { status: a.status }) }),
    ),
    tool('get_simulator', 'Read a Simulator by id or name:tag reference: its status and build progress.', z.strictObject({ simulator: id('The Simulator: an id (smr_...) or a name:tag reference.') }), true, async (a) => simulators.get(principal, await simulatorId(a.simulator))),
    tool(
      'build_simulator',
      'Build a Simulator from an OpenAPI (JSON or YAML) or WSDL document given as text. Answers at once with status pending; read it with get_simulator until it is ready.',
      z.strictObject({
        document: z.string().min(1).max(MAX_DOCUMENT).describe('The document\'s text.'),
        filename: z.string().max(200).optional().describe('Its file name (`petstore.yaml`, `service.wsdl`), which tells the kind where the text does not.'),
        name: z.string().max(200).optional(),
        references: z.array(z.string().max(300)).max(20).optional().describe('name:tag references to give it.'),
      }),
      false,
      (a) => simulators.create(principal, { spec: new TextEncoder().encode(a.document), filename: a.filename ?? null, request: { ...(a.name === undefined ? {} : { name: a.name }), ...(a.references === undefined ? {} : { references: a.references }) } }),
    ),
    tool('list_operations', "A ready Simulator's operations: how the build understood each (behaviour, resource, read-only).", z.strictObject({ simulator: id('The Simulator: an id or a name:tag reference.') }), true, async (a) => simulators.operations(principal, await simulatorId(a.simulator))),
    tool('create_simulation', 'Create a running Simulation of a ready Simulator. Answers it with its endpoint and a token for its data plane and its MCP endpoint.', createSimulationInput, false, (a) => simulations.create(principal, a)),
    tool('list_simulations', "List the workspace's Simulations, newest first.", z.strictObject({ status: z.enum(['running', 'paused', 'stopped']).optional(), simulator: z.string().max(300).optional(), ...paging }), true, (a) =>
      simulations.list(principal, { ...pageOf(a), ...(a.status === undefined ? {} : { status: a.status }), ...(a.simulator === undefined ? {} : { simulator: a.simulator }) }),
    ),
    tool('get_simulation', 'Read a Simulation: status, clock, last step.', z.strictObject({ simulation_id: simulationId }), true, (a) => simulations.get(principal, a.simulation_id)),
    tool('fork_simulation', 'Fork a Simulation: a new one that starts from its state after at_step (the latest if omitted); the original is untouched.', forkSimulationInput.extend({ simulation_id: simulationId }), false, ({ simulation_id, ...body }) =>
      simulations.fork(principal, simulation_id, body),
    ),
    tool('stop_simulation', 'Stop a Simulation: its state is kept, its slot freed.', z.strictObject({ simulation_id: simulationId }), false, (a) => simulations.stop(principal, a.simulation_id)),
    tool('start_simulation', 'Start a stopped Simulation from its saved state.', z.strictObject({ simulation_id: simulationId }), false, (a) => simulations.start(principal, a.simulation_id)),
    tool('delete_simulation', 'Delete a Simulation with its state and steps.', z.strictObject({ simulation_id: simulationId }), false, async (a) => {
      await simulations.delete(principal, a.simulation_id);
      return { deleted: a.simulation_id };
    }),
    tool('list_steps', "A Simulation's steps, oldest first: every request that changed its state and every clock advance.", z.strictObject({ simulation_id: simulationId, at_step: z.int().min(1).optional().describe('Start the list at this step.'), ...paging }), true, (a) =>
      simulations.listSteps(principal, a.simulation_id, { ...pageOf(a), ...(a.at_step === undefined ? {} : { atStep: String(a.at_step) }) }),
    ),
    tool('get_step', 'One step with its recorded request and response (secrets redacted, bodies cut at 64 KiB).', z.strictObject({ simulation_id: simulationId, step: z.int().min(1) }), true, (a) => simulations.getStep(principal, a.simulation_id, String(a.step))),
    tool(
      'get_step_changes',
      'The records one step created, updated or deleted, each with its value before and after the step and, for an update, the fields that changed.',
      z.strictObject({ simulation_id: simulationId, step: z.int().min(1), ...paging }),
      true,
      (a) => simulations.stepChanges(principal, a.simulation_id, String(a.step), pageOf(a)),
    ),
    tool(
      'list_records',
      "A Simulation's records after a recorded step (the latest if omitted), resource by resource: its state as the simulated API holds it.",
      z.strictObject({
        simulation_id: simulationId,
        at_step: z.int().min(0).optional().describe('The state after this step (0: the state it started with).'),
        resource: z.string().max(300).optional().describe("Only this resource's records (a resource as list_operations names it)."),
        ...paging,
      }),
      true,
      (a) => simulations.recordsAt(principal, a.simulation_id, { ...pageOf(a), ...(a.at_step === undefined ? {} : { atStep: String(a.at_step) }), ...(a.resource === undefined ? {} : { resource: a.resource }) }),
    ),
    tool(
      'advance_time',
      "Move a Simulation's virtual clock forward to `to`, committing the scheduled events due (expiries, renewals) as one step.",
      z.strictObject({ simulation_id: simulationId, to: z.iso.datetime({ offset: false }).describe('RFC 3339 UTC time, after the current one.'), idempotency_key: z.string().min(1).max(256).optional().describe('Repeating a key repeats nothing; defaults to the target time.') }),
      false,
      (a) => clock.advance(principal, a.simulation_id, a.idempotency_key ?? a.to, async () => ({ to: a.to })),
    ),
    tool('get_quota', "The workspace's use of each quota: active Simulations, builds today, concurrent builds.", z.strictObject({}), true, () => quotas.ledger(principal)),
  ];
}

/** A tool whose arguments `schema` validates (as the HTTP API validates a body) before `run`. */
function tool<S extends z.ZodType>(name: string, description: string, schema: S, readOnly: boolean, run: (args: z.output<S>) => Promise<unknown>): ToolEntry {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    tool: { name, description, inputSchema: inputSchema as ToolEntry['tool']['inputSchema'], annotations: { readOnlyHint: readOnly, destructiveHint: name.startsWith('delete_') || name.startsWith('stop_'), openWorldHint: false } },
    async call(args) {
      const result = await run(parseInput(schema, args, 'arguments'));
      const structured = result as Record<string, unknown>;
      return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(result) }] };
    },
  };
}
