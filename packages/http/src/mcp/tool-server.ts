/**
 * An MCP server that offers tools and nothing else, made for one request: the tools come from
 * the caller's view of a Simulation, a World or the workspace, listed when asked.
 */
import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult, type Tool } from '@modelcontextprotocol/server';
import { SimplaneError, uniqueNames, type Logger } from '@simplane/core';
import { API_VERSION } from '../api-version.js';

/** Tools listed a page at a time: a large API's schemas make a long list (GitHub's is megabytes). */
export const TOOLS_PAGE = 100;

/** One tool as a server offers it: its listing and what calling it does. */
export interface ToolEntry {
  tool: Tool;
  /** Left out of `tools/list`, but still called by its name. */
  unlisted?: true;
  call(args: Record<string, unknown>): Promise<CallToolResult>;
}

/** A server named `name`, offering the tools `tools` answers (read once per request, when first asked). */
export function toolServer(name: string, instructions: string, logger: Logger, tools: () => Promise<ToolEntry[]>): Server {
  const server = new Server({ name, version: API_VERSION }, { capabilities: { tools: {} }, instructions });
  let listed: Promise<ToolEntry[]> | undefined;
  const entries = () => (listed ??= tools().then(named));
  server.setRequestHandler('tools/list', async (request) => {
    const all = (await entries()).filter((entry) => entry.unlisted !== true);
    const start = offsetOf(request.params?.cursor);
    const page = all.slice(start, start + TOOLS_PAGE);
    return { tools: page.map((entry) => entry.tool), ...(start + TOOLS_PAGE < all.length ? { nextCursor: String(start + TOOLS_PAGE) } : {}) };
  });
  server.setRequestHandler('tools/call', async (request) => {
    const entry = (await entries()).find((candidate) => candidate.tool.name === request.params.name);
    if (entry === undefined) return problemResult(new SimplaneError('not_found', `No tool named ${request.params.name.slice(0, 64)}.`));
    try {
      return await entry.call(request.params.arguments ?? {});
    } catch (error) {
      if (SimplaneError.is(error)) {
        if (error.status >= 500) logger.error('mcp tool call failed', { tool: entry.tool.name, code: error.code, cause: String(error.cause ?? '') });
        return problemResult(error);
      }
      // As the HTTP API answers a failure it did not expect: a generic problem, the cause logged.
      logger.error('mcp tool call failed', { tool: entry.tool.name, cause: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return problemResult(new SimplaneError('internal', 'An unexpected error occurred.'));
    }
  });
  return server;
}

/** Where a page of tools starts: the cursor the previous page gave, else the first tool. */
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^\d{1,9}$/.test(cursor)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'The cursor is not one a page of tools gave.');
  return Number(cursor);
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
