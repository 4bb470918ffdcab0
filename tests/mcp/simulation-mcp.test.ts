/**
 * A Simulation's MCP endpoint driven by the official MCP client SDK over real HTTP on loopback:
 * its tools are the API's operations, a call is a data-plane request recorded as a step that
 * says it came through MCP, the API's error answers are tool errors with the API's own body,
 * and a read-only token sees and may call only the read-only tools. The same for SOAP.
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, connect, KEY, OTHER_KEY, simulation, startMcpServer, textOf, type McpServer } from '../support/mcp-server.js';

let served: McpServer;
const mcpUrl = (id: string) => `${served.base}/v1/simulations/${id}/mcp`;

beforeAll(async () => {
  served = await startMcpServer();
});

afterAll(async () => {
  await served.close();
});

describe('a REST Simulation over MCP', () => {
  it('offers one tool per operation, with input and output schemas from the document', async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const client = await connect(mcpUrl(sim.id), { authorization: `Bearer ${KEY}` });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['cancelOrder', 'createPet', 'deletePet', 'getInventory', 'getOrder', 'getPet', 'listOrders', 'listPets', 'placeOrder', 'updatePet']);
    const create = tools.find((t) => t.name === 'createPet')!;
    expect(create.description).toContain('Add a pet');
    expect(create.annotations?.readOnlyHint).toBe(false);
    expect(create.inputSchema.required).toEqual(['headers', 'body']);
    expect(create.inputSchema.properties?.body).toMatchObject({ $ref: '#/$defs/NewPet' });
    expect((create.inputSchema as { $defs?: Record<string, unknown> }).$defs?.NewPet).toMatchObject({ required: ['name'] });
    expect(create.outputSchema?.properties?.body).toMatchObject({ $ref: '#/$defs/Pet' });
    const get = tools.find((t) => t.name === 'getPet')!;
    expect(get.annotations?.readOnlyHint).toBe(true);
    expect(get.inputSchema.properties?.path).toMatchObject({ required: ['petId'] });
    await client.close();
  });

  it('creates and reads a pet through tools, each write a step that came through MCP', async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const client = await connect(mcpUrl(sim.id), { 'simulation-token': sim.token });
    const created = await client.callTool({ name: 'createPet', arguments: { headers: { 'x-api-key': 'pet-key' }, body: { name: 'Rex', tag: 'dog' } } });
    expect(created.isError).toBeFalsy();
    const pet = (created.structuredContent as { status: number; body: { id: string; name: string } });
    expect(pet.status).toBe(201);
    expect(pet.body.name).toBe('Rex');
    const read = await client.callTool({ name: 'getPet', arguments: { headers: { 'x-api-key': 'pet-key' }, path: { petId: pet.body.id } } });
    expect(read.structuredContent).toEqual({ status: 200, body: pet.body });

    // The same Simulation over HTTP sees the pet the agent made.
    const overHttp = await fetch(`${served.base}/sim/${sim.id}/pets/${encodeURIComponent(pet.body.id)}`, { headers: { 'simulation-token': sim.token, 'x-api-key': 'pet-key' } });
    expect(await overHttp.json()).toEqual(pet.body);

    const steps = await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps`);
    expect(steps.json.steps).toMatchObject([{ step: 1, kind: 'api', operation: 'createPet', label: 'POST /pets', status: 201, via: 'mcp' }]);
    await client.close();
  });

  it('serves a client of the 2026-07-28 revision as well, statelessly', async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const client = new ModernClient({ name: 'simplane-tests', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new ModernTransport(new URL(mcpUrl(sim.id)), { requestInit: { headers: { authorization: `Bearer ${sim.token}` } } }));
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('createPet');
    const created = await client.callTool({ name: 'createPet', arguments: { headers: { 'x-api-key': 'pet-key' }, body: { name: 'Rex' } } });
    expect(created.structuredContent).toMatchObject({ status: 201, body: { name: 'Rex' } });
    await client.close();
    expect((await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps`)).json.steps).toMatchObject([{ operation: 'createPet', via: 'mcp' }]);
  });

  it("answers the API's errors as tool errors carrying the API's own body", async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const client = await connect(mcpUrl(sim.id), { authorization: `Bearer ${sim.token}` });
    const missing = await client.callTool({ name: 'getPet', arguments: { headers: { 'x-api-key': 'pet-key' }, path: { petId: 'no-such-pet' } } });
    expect(missing.isError).toBe(true);
    expect(JSON.parse(textOf(missing))).toEqual({ code: 404, message: 'pets no-such-pet not found' });
    const invalid = await client.callTool({ name: 'createPet', arguments: { headers: { 'x-api-key': 'pet-key' }, body: { tag: 'no name' } } });
    expect(invalid.isError).toBe(true);
    expect(JSON.parse(textOf(invalid))).toMatchObject({ code: 400, message: expect.stringContaining('name') });
    const long = await client.callTool({ name: 'getPet', arguments: { headers: { 'x-api-key': 'pet-key' }, path: { petId: 'x'.repeat(9000) } } });
    expect(JSON.parse(textOf(long))).toMatchObject({ code: 'bad_request' });
    // Nothing was written, so nothing was recorded.
    expect((await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps`)).json.steps).toEqual([]);
    await client.close();
  });

  it('offers a read-only token only the read-only tools, and refuses it a write', async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const issued = await api(served.base, 'POST', `/v1/simulations/${sim.id}/tokens`, { ttl_seconds: 600, read_only: true });
    const client = await connect(mcpUrl(sim.id), { authorization: `Bearer ${issued.json.token}` });
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['getInventory', 'getOrder', 'getPet', 'listOrders', 'listPets']);
    const refused = await client.callTool({ name: 'createPet', arguments: { headers: { 'x-api-key': 'pet-key' }, body: { name: 'Rex' } } });
    expect(refused.isError).toBe(true);
    expect(JSON.parse(textOf(refused))).toMatchObject({ code: 'simulation_read_only', detail: 'POST /pets can change state, and this request is read-only.' });
    await client.close();

    // Service-Read-Only with a writing token: the write is refused by the data plane's rule.
    const headerClient = await connect(mcpUrl(sim.id), { 'simulation-token': sim.token, 'service-read-only': 'true' });
    expect((await headerClient.listTools()).tools.map((t) => t.name).sort()).toEqual(names);
    const deleted = await headerClient.callTool({ name: 'deletePet', arguments: { headers: { 'x-api-key': 'pet-key' }, path: { petId: 'p1' } } });
    expect(JSON.parse(textOf(deleted)).code).toBe('simulation_read_only');
    await headerClient.close();
    expect((await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps`)).json.steps).toEqual([]);
  });

  it('refuses a caller without a valid token or key in HTTP, and another workspace with 403', async () => {
    const sim = await simulation(served.base, 'pets:v1');
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const post = (headers: Record<string, string>) =>
      fetch(mcpUrl(sim.id), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(init) });
    expect((await post({})).status).toBe(401);
    expect((await post({ 'simulation-token': 'sit_wrong' })).status).toBe(401);
    expect((await post({ authorization: `Bearer ${OTHER_KEY}` })).status).toBe(403);
    const accepted = await post({ authorization: `Bearer ${KEY}` });
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await accepted.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe(`simplane-simulation-${sim.id}`);
    // Stateless: no session to open a stream on or to end.
    expect((await fetch(mcpUrl(sim.id), { headers: { authorization: `Bearer ${KEY}` } })).status).toBe(405);
  });
});

describe('a Simulator of many operations over MCP', () => {
  it('lists its tools a hundred at a time, each name unique', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 130 }, (_, i) => [`/things${i}/{id}`, { get: { operationId: i < 65 ? `read thing ${i}` : `read_thing_${i - 65}`, parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } } }]),
    );
    const upload = new FormData();
    upload.append('spec', new Blob([JSON.stringify({ openapi: '3.0.3', info: { title: 'many', version: '1' }, paths })]), 'many.json');
    upload.append('request', JSON.stringify({ references: ['many:v1'] }));
    expect((await fetch(`${served.base}/v1/simulators`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: upload })).status).toBe(202);
    await served.plane.scheduler.idle();
    const sim = await simulation(served.base, 'many:v1');
    const client = await connect(mcpUrl(sim.id), { 'simulation-token': sim.token });
    const first = await client.listTools();
    expect(first.tools).toHaveLength(100);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await client.listTools({ cursor: first.nextCursor! });
    expect(second.tools).toHaveLength(30);
    expect(second.nextCursor).toBeUndefined();
    const names = [...first.tools, ...second.tools].map((t) => t.name);
    expect(new Set(names).size).toBe(130);
    expect(names.slice(0, 2)).toEqual(['read_thing_0', 'read_thing_1']);
    expect(names).toContain('read_thing_0_2');
    await client.close();
  });
});

describe('a SOAP Simulation over MCP', () => {
  it('offers its operations as tools, creates and reads a customer, and records the steps as via mcp', async () => {
    const sim = await simulation(served.base, 'customers:soap');
    const client = await connect(mcpUrl(sim.id), { 'simulation-token': sim.token });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['CreateCustomer', 'DeleteCustomer', 'GetCustomer', 'ListCustomers', 'UpdateCustomer']);
    const create = tools.find((t) => t.name === 'CreateCustomer')!;
    expect(create.inputSchema.properties?.body).toMatchObject({ $ref: '#/$defs/CreateCustomer' });
    expect((create.inputSchema as { $defs?: Record<string, unknown> }).$defs?.CreateCustomer).toMatchObject({ properties: { customer: { $ref: '#/$defs/CustomerFields' } }, required: ['customer'] });
    const created = await client.callTool({ name: 'CreateCustomer', arguments: { body: { customer: { name: 'Ada Lovelace', email: 'ada@example.com' } } } });
    const customer = (created.structuredContent as { status: number; body: { customer: { customerId: string; name: string } } }).body.customer;
    expect(customer).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', customerId: expect.any(String) });
    const read = await client.callTool({ name: 'GetCustomer', arguments: { body: { customerId: customer.customerId } } });
    expect(read.structuredContent).toEqual({ status: 200, body: { customer } });

    const steps = await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps`);
    expect(steps.json.steps).toMatchObject([{ step: 1, label: 'SOAP CreateCustomer', operation: 'CreateCustomer', via: 'mcp' }]);
    // The step keeps the envelope the tool call sent, with the binding's SOAPAction.
    const detail = await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps/1`);
    expect(detail.json.request.body).toContain('<soap:Envelope');
    expect(detail.json.request.headers.soapaction).toEqual(expect.stringContaining('CreateCustomer'));
    await client.close();
  });

  it('answers a Fault as a tool error carrying the envelope, and refuses a read-only caller a write', async () => {
    const sim = await simulation(served.base, 'customers:soap');
    const client = await connect(mcpUrl(sim.id), { 'simulation-token': sim.token, 'service-read-only': 'true' });
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['GetCustomer', 'ListCustomers']);
    const missing = await client.callTool({ name: 'GetCustomer', arguments: { body: { customerId: 'nobody' } } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/<soap:Fault>[\s\S]*CustomerNotFound/);
    // A write is refused in the API's own format: a Fault naming the operation.
    const refused = await client.callTool({ name: 'CreateCustomer', arguments: { body: { customer: { name: 'Ada', email: 'ada@example.com' } } } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/<soap:Fault>[\s\S]*CreateCustomer/);
    await client.close();
    expect((await api(served.base, 'GET', `/v1/simulations/${sim.id}/steps`)).json.steps).toEqual([]);
  });
});
