/**
 * `simplane mcp` bridges stdio to the MCP endpoints: the official SDK's stdio client starts the
 * built command as an MCP client would, against a server this test runs on loopback.
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, KEY, simulation, startMcpServer, textOf, type McpServer } from '../support/mcp-server.js';

const BIN = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url));
let served: McpServer;

beforeAll(async () => {
  served = await startMcpServer();
});

afterAll(async () => {
  await served.close();
});

/** An SDK client of `simplane mcp <args>`, with only the environment given (and PATH). */
async function bridge(args: string[], env: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'simplane-tests', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', ...args], env: { PATH: process.env.PATH ?? '', SIMPLANE_URL: served.base, ...env }, stderr: 'pipe' }));
  return client;
}

describe('simplane mcp', () => {
  it("bridges a Simulation's tools with the workspace's key: a call is a step via mcp", async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const client = await bridge(['--simulation', sim.id], { SIMPLANE_API_KEY: KEY });
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('createPet');
    const created = await client.callTool({ name: 'createPet', arguments: { headers: { 'x-api-key': 'pet-key' }, body: { name: 'Rex' } } });
    expect(created.structuredContent).toMatchObject({ status: 201, body: { name: 'Rex' } });
    await client.close();
    expect((await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps`)).json.steps).toMatchObject([{ operation: 'createPet', via: 'mcp' }]);
  });

  it('sends a read-only Simulation token in place of the key, and the control plane with neither option', async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const issued = await api(served.base, 'POST', `/v1/simulations/${sim.id}/tokens`, { ttl_seconds: 600, read_only: true });
    const scoped = await bridge(['--simulation', sim.id], { SIMPLANE_SIMULATION_TOKEN: issued.json.token, SIMPLANE_API_KEY: 'not-a-key' });
    expect((await scoped.listTools()).tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    await scoped.close();

    const plane = await bridge([], { SIMPLANE_API_KEY: KEY });
    const got = await plane.callTool({ name: 'get_simulation', arguments: { simulation_id: sim.id } });
    expect(JSON.parse(textOf(got))).toMatchObject({ id: sim.id, status: 'running' });
    await plane.close();
  });

  it('answers a request the control plane refuses as a JSON-RPC error', async () => {
    const client = new Client({ name: 'simplane-tests', version: '1.0.0' });
    const connecting = client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: { PATH: process.env.PATH ?? '', SIMPLANE_URL: served.base, SIMPLANE_API_KEY: 'wrong-key-000000000000' }, stderr: 'pipe' }));
    await expect(connecting).rejects.toThrow(/HTTP 401/);
    await client.close();
  });
});
