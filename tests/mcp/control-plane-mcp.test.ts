/**
 * The control plane's MCP endpoint driven by the official MCP client SDK over real HTTP on
 * loopback: an agent builds a Simulator, creates a Simulation, uses it through its own MCP
 * endpoint, reads the steps, forks it at a step, advances its clock, stops, starts and deletes it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, KEY, startMcpServer, textOf, type McpServer } from '../support/mcp-server.js';

let served: McpServer;

beforeAll(async () => {
  served = await startMcpServer();
});

afterAll(async () => {
  await served.close();
});

type Client = Awaited<ReturnType<typeof connect>>;
/** A tool's structured answer; fails the test on a tool error. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent;
}

describe("the control plane's MCP endpoint", () => {
  it('lists its tools', async () => {
    const client = await connect(`${served.base}/v1/mcp`, { authorization: `Bearer ${KEY}` });
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual([
      'advance_time', 'build_simulator', 'create_simulation', 'delete_simulation', 'fork_simulation', 'get_quota', 'get_simulation', 'get_simulator', 'get_step',
      'get_step_changes', 'list_operations', 'list_records', 'list_simulations', 'list_simulators', 'list_steps', 'start_simulation', 'stop_simulation',
    ]);
    await client.close();
  });

  it('builds, creates, forks at a step, advances, stops, starts and deletes, as an agent managing its sandbox', async () => {
    const client = await connect(`${served.base}/v1/mcp`, { authorization: `Bearer ${KEY}` });
    const document = readFileSync(new URL('../../packages/composition/catalog/petstore.openapi.yaml', import.meta.url), 'utf8');
    const built = await call(client, 'build_simulator', { document, filename: 'petstore.yaml', references: ['agent-pets:v1'] });
    expect(built.status).toMatch(/^(pending|building|ready)$/);
    await served.plane.scheduler.idle();
    expect((await call(client, 'get_simulator', { simulator: 'agent-pets:v1' })).status).toBe('ready');
    expect((await call(client, 'list_operations', { simulator: 'agent-pets:v1' })).operations).toContainEqual(expect.objectContaining({ operation: 'createPet', behaviour: 'create' }));

    const sim = await call(client, 'create_simulation', { simulator_id: 'agent-pets:v1', seed: 'agent', sample_records: 0 });
    const simClient = await connect(`${served.base}/v1/simulations/${sim.id}/mcp`, { authorization: `Bearer ${sim.token}` });
    for (const name of ['Rex', 'Fido']) await simClient.callTool({ name: 'createPet', arguments: { headers: { 'x-api-key': 'pet-key' }, body: { name } } });
    await simClient.close();

    const steps = await call(client, 'list_steps', { simulation_id: sim.id });
    expect(steps.steps.map((s: { operation: string; via: string }) => [s.operation, s.via])).toEqual([['createPet', 'mcp'], ['createPet', 'mcp']]);
    const step = await call(client, 'get_step', { simulation_id: sim.id, step: 1 });
    expect(JSON.parse(step.request.body)).toEqual({ name: 'Rex' });
    const changed = await call(client, 'get_step_changes', { simulation_id: sim.id, step: 2 });
    expect(changed.changes.map((c: { change: string; resource: string; after: { name: string } }) => [c.change, c.resource, c.after.name])).toEqual([['created', 'pets', 'Fido']]);
    const atOne = await call(client, 'list_records', { simulation_id: sim.id, at_step: 1, resource: 'pets' });
    expect(atOne.records.map((r: { value: { name: string } }) => r.value.name)).toEqual(['Rex']);
    const unrecorded = await client.callTool({ name: 'list_records', arguments: { simulation_id: sim.id, at_step: 3 } });
    expect(unrecorded.isError).toBe(true);
    expect(JSON.parse(textOf(unrecorded))).toMatchObject({ code: 'validation' });

    // A fork at step 1 has Rex and not Fido: the agent can try the second call again.
    const fork = await call(client, 'fork_simulation', { simulation_id: sim.id, at_step: 1 });
    const forkClient = await connect(`${served.base}/v1/simulations/${fork.id}/mcp`, { 'simulation-token': fork.token });
    const pets = await forkClient.callTool({ name: 'listPets', arguments: { headers: { 'x-api-key': 'pet-key' } } });
    expect((pets.structuredContent as { body: Array<{ name: string }> }).body.map((p) => p.name)).toEqual(['Rex']);
    await forkClient.close();

    const advance = await call(client, 'advance_time', { simulation_id: sim.id, to: '2024-02-01T00:00:00.000Z' });
    expect(advance.to).toBe('2024-02-01T00:00:00.000Z');
    expect((await call(client, 'stop_simulation', { simulation_id: sim.id })).status).toBe('stopped');
    expect((await call(client, 'start_simulation', { simulation_id: sim.id })).status).toBe('running');
    expect((await call(client, 'get_quota')).active_simulations.used).toBeGreaterThanOrEqual(2);
    expect(await call(client, 'delete_simulation', { simulation_id: sim.id })).toEqual({ deleted: sim.id });

    // Refusals are tool errors carrying the API's problem document.
    const gone = await client.callTool({ name: 'get_simulation', arguments: { simulation_id: sim.id } });
    expect(gone.isError).toBe(true);
    expect(JSON.parse(textOf(gone))).toMatchObject({ code: 'simulation_not_found' });
    const invalid = await client.callTool({ name: 'create_simulation', arguments: { simulator_id: 'agent-pets:v1', sample_records: 5000 } });
    expect(JSON.parse(textOf(invalid))).toMatchObject({ code: 'validation', detail: expect.stringContaining('sample_records') });
    await client.close();
  });
});
