/**
 * A Simulation's operations as tools for agents (the MCP endpoints): listed from its Simulator's
 * artifact, and called as data-plane requests, so a call is validated, answered and recorded as
 * a step exactly as the same request sent over HTTP would be (its step says `via: "mcp"`).
 */
import { SimplaneError } from '../../errors/simplane-error.js';
import type { Json, OperationTool, SimResponse } from '../../runtime/runtime.port.js';
import type { DataPlaneCaller, SimulationTraffic } from './simulation-traffic.js';

const MAX_TARGET = 8192;

/** What a tool call answered: the simulated API's own answer, and its body read as the output schema says. */
export interface ToolCallAnswer {
  response: SimResponse;
  /** The body as JSON; undefined where it is no JSON the operation declares (a Fault, a text). */
  value: Json | undefined;
}

/** A Simulation's tools as one caller may use them. */
export interface SimulationTools {
  /** Every operation, or only the read-only ones for a read-only caller. */
  list: OperationTool[];
  /** Every operation: a read-only caller's call of one that can write is refused by the data plane, in the API's own format where it has one. */
  all: readonly OperationTool[];
  /**
   * Calls the tool of `operation` with `args`: the request its arguments make runs through the
   * data plane (token, read-only refusal, validation, step). Platform refusals are thrown as
   * errors; the simulated API's answers, errors among them, are answered.
   */
  call(operation: string, args: { [key: string]: Json }): Promise<ToolCallAnswer>;
}

/** Opens a Simulation's tools for a caller: refused (401, 403, 404, 409) as its data plane would refuse it. */
export async function openSimulationTools(traffic: SimulationTraffic, caller: DataPlaneCaller): Promise<SimulationTools> {
  const { loaded, readOnly } = await traffic.open(caller);
  const tools = loaded.tools?.();
  const all = tools?.list ?? [];
  return {
    list: readOnly ? all.filter((tool) => tool.readOnly) : [...all],
    all,
    async call(operation, args) {
      const request = tools?.request(operation, args) ?? null;
      if (tools === undefined || request === null) throw new SimplaneError('not_found', `No tool for the operation ${operation.slice(0, 128)}.`);
      // Bounded as a request target sent over HTTP is (8 KiB): arguments make the path and query.
      if (request.path.length + request.query.length + 1 > MAX_TARGET) throw new SimplaneError('bad_request', 'The arguments make a path and query longer than 8 KiB.');
      const body = request.body;
      const response = await traffic.handle({
        ...caller,
        via: 'mcp',
        method: request.method,
        path: request.path,
        query: request.query,
        headers: request.headers,
        readBody: body === null ? null : async () => body,
      });
      return { response, value: response.status < 300 ? tools.answer(operation, response) : undefined };
    },
  };
}
