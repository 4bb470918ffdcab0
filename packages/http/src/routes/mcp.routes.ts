import { openSimulationTools, SimplaneError, type AuthService, type Logger, type SimulationTraffic, type WorldService } from '@simplane/core';
import { readOnlyHeader, READ_ONLY_HEADER } from '../data-plane.js';
import { controlPlaneToolEntries, type ControlPlaneToolServices } from '../mcp/control-plane-tools.js';
import { simulationCaller } from '../mcp/mcp-callers.js';
import { simulationToolEntries } from '../mcp/simulation-tools.js';
import type { ToolEntry } from '../mcp/tool-server.js';
import type { Route, RouteContext, RouteDoc, RouteResult } from '../route.js';

const tag = 'MCP';

/** What every MCP endpoint's OpenAPI entry says: the transport's POST, answered as JSON. */
const MCP_BODY: RouteDoc['requestBody'] = {
  contentType: 'application/json',
  schema: { type: 'object', description: 'A JSON-RPC 2.0 message of the Model Context Protocol (Streamable HTTP transport, at most 1 MiB).' },
};
const MCP_RESPONSES: RouteDoc['responses'] = {
  200: { description: 'The JSON-RPC response, as `application/json` (the endpoint is stateless: no session, no event stream).', schema: { type: 'object' } },
  202: { description: 'A notification or response was accepted.' },
};
const MCP_HEADERS: RouteDoc['headers'] = {
  Accept: { schema: { type: 'string' }, description: 'Must list `application/json` and `text/event-stream`, as the transport requires.', required: true },
  'MCP-Protocol-Version': { schema: { type: 'string' }, description: 'The protocol revision the client negotiated.', required: false },
};

export interface McpRouteServices extends ControlPlaneToolServices {
  auth: AuthService;
  dataPlane: SimulationTraffic;
  worlds: WorldService;
  logger: Logger;
}

/**
 * One MCP exchange with a server offering `tools`. The MCP SDK is loaded with the first such
 * request: a process that never answers one (most servers, a Lambda's cold start) never loads it.
 */
async function exchange(context: RouteContext, name: string, instructions: string, logger: Logger, tools: () => Promise<ToolEntry[]>): Promise<RouteResult> {
  const [{ mcpExchange }, { toolServer }] = await Promise.all([import('../mcp/mcp-exchange.js'), import('../mcp/tool-server.js')]);
  return mcpExchange(context, () => toolServer(name, instructions, logger, tools));
}

/** The MCP endpoints of the control plane, Simulations and Worlds (docs/mcp.md). GET and DELETE answer 405: no sessions are kept. */
export function mcpRoutes(services: McpRouteServices): Route[] {
  return [
    {
      method: 'POST',
      path: '/v1/mcp',
      auth: true,
      doc: {
        operationId: 'controlPlaneMcp',
        summary: 'The control plane as MCP tools, for agents that manage their own sandboxes: list and build Simulators; create, fork, stop, start and delete Simulations; list steps; advance time; read the quota.',
        tag,
        headers: MCP_HEADERS,
        requestBody: MCP_BODY,
        responses: MCP_RESPONSES,
        errors: ['payload_too_large', 'request_timeout', 'method_not_allowed'],
      },
      handle: async (c) => {
        const entries = controlPlaneToolEntries(services, c.principal);
        return exchange(c, 'simplane', CONTROL_PLANE_INSTRUCTIONS, services.logger, async () => entries);
      },
    },
    {
      method: 'POST',
      path: '/v1/simulations/{id}/mcp',
      // The route authenticates itself: a Simulation token is as good as the workspace's key here.
      auth: false,
      doc: {
        operationId: 'simulationMcp',
        summary: "The Simulation's operations as MCP tools: one per operation, each call a data-plane request recorded as a step (via mcp). Takes the workspace's API key, or a Simulation token in Simulation-Token or as the bearer; a read-only token or Service-Read-Only: true offers only read-only tools.",
        tag,
        security: [{ apiKey: [] }, { session: [] }, { simulationToken: [] }, { simulationTokenBearer: [] }],
        headers: {
          ...MCP_HEADERS,
          'Service-Read-Only': { schema: { type: 'string', enum: ['true', 'false'] }, description: 'true: list and allow only the read-only tools.', required: false },
        },
        requestBody: MCP_BODY,
        responses: MCP_RESPONSES,
        errors: ['auth_invalid', 'auth_forbidden', 'simulation_not_found', 'simulation_stopped', 'simulation_unreachable', 'invalid_read_only_header', 'payload_too_large', 'request_timeout', 'method_not_allowed'],
      },
      handle: async (c) => {
        const caller = await simulationCaller(c.request, services.auth, c.params.id!);
        // Opened before the exchange: a caller refused is refused in HTTP, as on the data plane.
        const tools = await openSimulationTools(services.dataPlane, caller);
        return exchange(c, `simplane-simulation-${caller.simulationId}`, SIMULATION_INSTRUCTIONS, services.logger, async () => simulationToolEntries(tools));
      },
    },
    {
      method: 'POST',
      path: '/v1/worlds/{id}/mcp',
      auth: true,
      doc: {
        operationId: 'worldMcp',
        summary: "Every member's operations as MCP tools, each name prefixed by the member's name, so one agent sees the whole World. Service-Read-Only: true offers only read-only tools.",
        tag,
        headers: {
          ...MCP_HEADERS,
          'Service-Read-Only': { schema: { type: 'string', enum: ['true', 'false'] }, description: 'true: list and allow only the read-only tools.', required: false },
        },
        requestBody: MCP_BODY,
        responses: MCP_RESPONSES,
        errors: ['world_not_found', 'invalid_read_only_header', 'payload_too_large', 'request_timeout', 'method_not_allowed'],
      },
      handle: async (c) => {
        const readOnly = readOnlyHeader(c.request.headers[READ_ONLY_HEADER]);
        const world = await services.worlds.get(c.principal, c.params.id!);
        const entries: ToolEntry[] = [];
        for (const [member, { simulation_id: simulationId, status }] of Object.entries(world.members)) {
          // A stopped member offers nothing until the World starts again.
          if (status === 'stopped') continue;
          const tools = await openSimulationTools(services.dataPlane, { simulationId, token: undefined, readOnly, principal: c.principal }).catch((error: unknown) => {
            if (SimplaneError.is(error) && error.code === 'simulation_stopped') return null;
            throw error;
          });
          if (tools !== null) entries.push(...simulationToolEntries(tools, member));
        }
        return exchange(c, `simplane-world-${world.id}`, WORLD_INSTRUCTIONS, services.logger, async () => entries);
      },
    },
  ];
}

const SIMULATION_INSTRUCTIONS =
  "Tools of a Simplane Simulation: a stateful, seeded copy of an API. Each tool is one operation of the API; a call is a request to the Simulation, answered as the API would answer it, and every call that changes state is recorded as a step of the Simulation. The API's error answers come back as tool errors carrying the API's own error body.";

const CONTROL_PLANE_INSTRUCTIONS =
  "Tools of the Simplane control plane: build Simulators from API documents, run Simulations of them (stateful, seeded copies of the APIs, each with its own MCP endpoint at /v1/simulations/{id}/mcp), fork them at a step to try something again, read their steps, and move their virtual clocks.";

const WORLD_INSTRUCTIONS =
  "Tools of a Simplane World: Simulations of several APIs that share one clock. Each tool name starts with the member it belongs to; a call is a request to that member, recorded as a step of it when it changes state.";
