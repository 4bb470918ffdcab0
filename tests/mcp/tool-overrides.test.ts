/**
 * An operation's tool is decided when its Simulator is built: an incremental build whose Overlay
 * adds `x-simplane-tool` renames, describes and hides tools, the operations list shows it, and a
 * Simulation's MCP endpoint offers exactly what was built.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, connect, KEY, simulation, startMcpServer, type McpServer } from '../support/mcp-server.js';

let served: McpServer;

beforeAll(async () => {
  served = await startMcpServer();
});

afterAll(async () => {
  await served.close();
});

const overlay = {
  overlay: '1.0.0',
  info: { title: 'tools for agents', version: '1' },
  actions: [
    { target: "$.paths['/pets/{petId}'].get", update: { 'x-simplane-tool': { name: 'read_pet', description: 'Reads one pet by its id.' } } },
    { target: "$.paths['/pets/{petId}'].delete", update: { 'x-simplane-tool': { offered: false } } },
    { target: "$.paths['/pets'].get", update: { 'x-simplane-tool': { name: 'no spaces allowed' } } },
  ],
};

describe('x-simplane-tool in an Overlay', () => {
  it('renames, describes and hides tools, as the operations list and the MCP endpoint show', async () => {
    const parent = await api(served.base, 'GET', '/v1/simulators/pets:v1');
    const upload = new FormData();
    upload.append('spec', new Blob([JSON.stringify(overlay)]), 'tools.overlay.json');
    upload.append('request', JSON.stringify({ parent_id: parent.json.id, references: ['pets:tools'] }));
    const built = await fetch(`${served.base}/v1/simulators`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: upload });
    expect(built.status).toBe(202);
    await served.plane.scheduler.idle();
    const child = await api(served.base, 'GET', '/v1/simulators/pets:tools');
    expect(child.json.status).toBe('ready');
    expect(child.json.build.warnings).toEqual([expect.objectContaining({ code: 'tool_override_invalid', operation: 'listPets', location: "paths./pets.get.x-simplane-tool.name" })]);

    const listed = await api(served.base, 'GET', '/v1/simulators/pets:tools/operations');
    const tools = Object.fromEntries((listed.json.operations as { operation: string; tool: unknown }[]).map((o) => [o.operation, o.tool]));
    expect(tools['getPet']).toEqual({ name: 'read_pet', description: 'Reads one pet by its id.' });
    expect(tools['deletePet']).toBeNull();
    expect(tools['listPets']).toMatchObject({ name: 'listPets' });

    const sim = await simulation(served.base, 'pets:tools');
    const client = await connect(`${served.base}/v1/simulations/${sim.id}/mcp`, { authorization: `Bearer ${sim.token}` });
    const offered = (await client.listTools()).tools;
    expect(offered.map((t) => t.name).sort()).toEqual(['cancelOrder', 'createPet', 'getInventory', 'getOrder', 'listOrders', 'listPets', 'placeOrder', 'read_pet', 'updatePet']);
    expect(offered.find((t) => t.name === 'read_pet')?.description).toBe('Reads one pet by its id.');
    const missing = await client.callTool({ name: 'read_pet', arguments: { headers: { 'x-api-key': 'pet-key' }, path: { petId: 'no-such-pet' } } });
    expect(missing.isError).toBe(true);
    const hidden = await client.callTool({ name: 'deletePet', arguments: { path: { petId: 'x' } } });
    expect(hidden.isError).toBe(true);
    await client.close();
  });
});
