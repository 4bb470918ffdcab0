/**
 * An MCP server that offers tools and nothing else, made for one request: the tools come from
 * the caller's view of a Simulation, a World or the workspace, listed when asked.
 */
import { Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { SimplaneError } from '@simplane/core';
import { API_VERSION } from '../api-version.js';
import { uniqueNames } from './tool-names.js';

/** One tool as a server offers it: its listing and what calling it does. */
export interface ToolEntry {
  tool: Tool;
  call(args: Record<string, unknown>): Promise<CallToolResult>;
}

/** A server named `name`, offering the tools `tools` answers (read once per request, when first asked). */
export function toolServer(name: string, instructions: string, tools: () => Promise<ToolEntry[]>): Server {
  const server = new Server({ name, version: API_VERSION }, { capabilities: { tools: {} }, instructions });
  let listed: Promise<ToolEntry[]> | undefined;
  const entries = () => (listed ??= tools().then(named));
  server.setRequestHandler('tools/list', async () => ({ tools: (await entries()).map((entry) => entry.tool) }));
  server.setRequestHandler('tools/call', async (request) => {
    const entry = (await entries()).find((candidate) => candidate.tool.name === request.params.name);
    if (entry === undefined) return problemResult(new SimplaneError('not_found', `No tool named ${request.params.name.slice(0, 64)}.`));
    try {
      return await entry.call(request.params.arguments ?? {});
    } catch (error) {
      if (SimplaneError.is(error)) return problemResult(error);
      throw error;
    }
  });
  return server;
}

/** Each tool under a name no other tool of the server has. */
function named(entries: ToolEntry[]): ToolEntry[] {
  const names = uniqueNames(entries.map((entry) => entry.tool.name));
  return entries.map((entry, i) => ({ ...entry, tool: { ...entry.tool, name: names[i]! } }));
}

/** A platform refusal as a tool error: the problem document the HTTP API would answer. */
export function problemResult(error: SimplaneError): CallToolResult {
  const problem = { code: error.code, detail: error.detail, validation: error.validation };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(problem) }] };
}
