/**
 * A Simulation's operations as MCP tools: named, described and typed as the build decided (the
 * artifact keeps each operation's tool), each call a data-plane request whose answer comes back
 * as the tool's result: a success as structured content (`{status, body}`) and its text, an
 * error answer of the API as a tool error carrying the API's own body.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { toolName, type Json, type OperationTool, type SimulationTools } from '@simplane/core';
import type { ToolEntry } from './tool-server.js';

/** The tools of one Simulation; `prefix` (a World member's name) goes before each name. */
export function simulationToolEntries(tools: SimulationTools, prefix?: string): ToolEntry[] {
  const listed = new Set(tools.list);
  return tools.all.map((tool) => ({
    // Not listed for a read-only caller, but answered: the data plane's refusal says why.
    ...(listed.has(tool) ? {} : { unlisted: true }),
    tool: {
      name: prefix === undefined ? tool.name : toolName(tool.name, prefix),
      title: prefix === undefined ? tool.operation : `${prefix}: ${tool.operation}`,
      description: prefix === undefined ? tool.description : `${tool.description}\n\nOn the World member ${prefix}.`,
      inputSchema: tool.inputSchema as ToolEntry['tool']['inputSchema'],
      ...(tool.outputSchema === null ? {} : { outputSchema: tool.outputSchema as NonNullable<ToolEntry['tool']['outputSchema']> }),
      annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
    },
    call: (args) => callTool(tools, tool, args),
  }));
}

async function callTool(tools: SimulationTools, tool: OperationTool, args: Record<string, unknown>): Promise<CallToolResult> {
  const { response, value } = await tools.call(tool.operation, args as { [key: string]: Json });
  const text = response.body === null ? '' : new TextDecoder().decode(response.body);
  if (response.status >= 400) return { isError: true, content: [{ type: 'text', text: text === '' ? `HTTP ${response.status}` : text }] };
  if (tool.outputSchema === null) return { content: [{ type: 'text', text: text === '' ? `HTTP ${response.status}` : text }] };
  const structured = { status: response.status, ...(value === undefined ? {} : { body: value }) };
  return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(structured) }] };
}
