/**
 * `simplane mcp`: a bridge from stdio to a running control plane's MCP endpoints, for MCP
 * clients that only start local processes. Each JSON-RPC message read on stdin is POSTed to the
 * endpoint (a Simulation's, a World's, or the control plane's), and its answer written to
 * stdout; the endpoint keeps no session, so neither does the bridge.
 */
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { UsageError } from '../config/arguments.js';
import { resolveConnection } from '../client/connection.js';

export const MCP_USAGE = `usage: simplane mcp [--simulation <id> | --world <id>] [--read-only] [--url <url>] [--api-key-file <file>]
  Serves MCP on stdin and stdout for the Simulation's tools, the World's, or (with neither) the
  control plane's. With --simulation, SIMPLANE_SIMULATION_TOKEN, when set, is sent in place of the
  API key and scopes the agent to that Simulation. --read-only offers only read-only tools.`;

/** Runs the bridge until stdin closes; answers the exit code. */
export async function mcpBridge(args: readonly string[], env: NodeJS.ProcessEnv, err: (line: string) => void): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: [...args], strict: true, options: { simulation: { type: 'string' }, world: { type: 'string' }, 'read-only': { type: 'boolean' }, url: { type: 'string' }, 'api-key-file': { type: 'string' }, help: { type: 'boolean', short: 'h' } } }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help === true) {
    process.stdout.write(`${MCP_USAGE}\n`);
    return 0;
  }
  if (values.simulation !== undefined && values.world !== undefined) throw new UsageError('mcp takes --simulation or --world, not both.');
  const token = values.simulation === undefined || env.SIMPLANE_SIMULATION_TOKEN === '' ? undefined : env.SIMPLANE_SIMULATION_TOKEN;
  // A Simulation token is read and checked as a key is, from the environment only.
  const connection = resolveConnection(token === undefined ? env : { ...env, SIMPLANE_API_KEY: token }, { ...(values.url === undefined ? {} : { url: values.url }), ...(values['api-key-file'] === undefined || token !== undefined ? {} : { apiKeyFile: values['api-key-file'] }) });
  const path = values.simulation !== undefined ? `/v1/simulations/${encodeURIComponent(values.simulation)}/mcp` : values.world !== undefined ? `/v1/worlds/${encodeURIComponent(values.world)}/mcp` : '/v1/mcp';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(token === undefined ? { authorization: `Bearer ${connection.apiKey}` } : { 'simulation-token': token }),
    ...(values['read-only'] === true ? { 'service-read-only': 'true' } : {}),
  };
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
  });
  let protocolVersion: string | undefined;
  transport.onerror = (error) => err(`simplane mcp: ${error.message}`);
  transport.onmessage = (message) => {
    void forward(`${connection.url}${path}`, { ...headers, ...(protocolVersion === undefined ? {} : { 'mcp-protocol-version': protocolVersion }) }, message).then(
      async (answer) => {
        if (answer === null) return;
        const version = (answer as { result?: { protocolVersion?: unknown } }).result?.protocolVersion;
        if (typeof version === 'string') protocolVersion = version;
        await transport.send(answer);
      },
      (error: unknown) => err(`simplane mcp: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  await transport.start();
  await closed;
  return 0;
}

/**
 * POSTs one message and answers the reply to send back: the endpoint's JSON-RPC answer, a
 * JSON-RPC error for a request the control plane refused in HTTP (its problem's detail), or
 * null for a notification.
 */
async function forward(url: string, headers: Record<string, string>, message: JSONRPCMessage): Promise<JSONRPCMessage | null> {
  const id = 'id' in message ? message.id : undefined;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
  const text = await response.text();
  if (id === undefined) return null;
  if (response.ok && text !== '') return JSON.parse(text) as JSONRPCMessage;
  let detail = `HTTP ${response.status}`;
  try {
    const problem = JSON.parse(text) as { detail?: unknown };
    if (typeof problem.detail === 'string') detail = `${detail}: ${problem.detail}`;
  } catch {
    // Not a problem document: the status says enough.
  }
  return { jsonrpc: '2.0', id, error: { code: -32000, message: detail } };
}
