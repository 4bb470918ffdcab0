/**
 * A World's MCP endpoint driven by the official MCP client SDK over real HTTP on loopback:
 * every member's tools, each name prefixed by the member's name, each call a request to that
 * member recorded as its step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, connect, KEY, OTHER_KEY, startMcpServer, type McpServer } from '../support/mcp-server.js';

let served: McpServer;

beforeAll(async () => {
  served = await startMcpServer();
});

afterAll(async () => {
  await served.close();
});

/** A running World of the pet store and the customer directory. */
async function builtWorld(): Promise<{ id: string; members: Record<string, { simulation_id: string }> }> {
  const accepted = await api(served.base, 'POST', '/v1/worlds', { simulators: [{ simulator: 'pets:v1', name: 'pets' }, { simulator: 'customers:soap', name: 'crm' }], seed: 'mcp' });
  expect(accepted.status).toBe(202);
  await served.plane.worldBuilds.idle();
  const world = await api(served.base, 'GET', `/v1/worlds/${accepted.json.id}`);
  expect(world.json.status).toBe('running');
  return world.json;
}

describe("a World's MCP endpoint", () => {
  it("offers every member's tools under its name, and a call reaches that member", async () => {
    const world = await builtWorld();
    const client = await connect(`${served.base}/v1/worlds/${world.id}/mcp`, { authorization: `Bearer ${KEY}` });
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['pets_createPet', 'pets_getPet', 'crm_CreateCustomer', 'crm_GetCustomer']));
    expect(names).toHaveLength(15);

    const pet = await client.callTool({ name: 'pets_createPet', arguments: { headers: { 'x-api-key': 'pet-key' }, body: { name: 'Rex' } } });
    expect(pet.structuredContent).toMatchObject({ status: 201, body: { name: 'Rex' } });
    const customer = await client.callTool({ name: 'crm_CreateCustomer', arguments: { body: { customer: { name: 'Ada', email: 'ada@example.com' } } } });
    expect(customer.structuredContent).toMatchObject({ status: 200, body: { customer: { name: 'Ada' } } });

    const petSteps = await api(served.base, 'GET', `/v1/simulations/${world.members.pets!.simulation_id}/steps`);
    expect(petSteps.json.steps).toMatchObject([{ operation: 'createPet', via: 'mcp' }]);
    const crmSteps = await api(served.base, 'GET', `/v1/simulations/${world.members.crm!.simulation_id}/steps`);
    expect(crmSteps.json.steps).toMatchObject([{ operation: 'CreateCustomer', via: 'mcp' }]);
    await client.close();
  });

  it('offers only read-only tools with Service-Read-Only, and refuses another workspace', async () => {
    const world = await builtWorld();
    const client = await connect(`${served.base}/v1/worlds/${world.id}/mcp`, { authorization: `Bearer ${KEY}`, 'service-read-only': 'true' });
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['crm_GetCustomer', 'crm_ListCustomers', 'pets_getInventory', 'pets_getOrder', 'pets_getPet', 'pets_listOrders', 'pets_listPets']);
    await client.close();
    const other = await fetch(`${served.base}/v1/worlds/${world.id}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OTHER_KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(other.status).toBe(403);
  });
});
