/**
 * A SOAP Simulation has the lifecycle of any other: its writes are steps labelled by the
 * operation, the same seed and calls give the same bytes, it forks at any step, stops and
 * starts with its state, and joins a World beside a REST Simulation.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '@simplane/harness';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';
import { builtWorld } from '../support/worlds.js';

afterEach(closeAll);

const WSDL = readFileSync(new URL('../../packages/composition/catalog/customers.wsdl', import.meta.url));
const NS = 'urn:simplane:catalog:customers';
type Sim = { id: string; token: string };

function envelope(body: string): string {
  return `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:c="${NS}"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

async function soapCall(h: Harness, sim: Sim, operation: string, body: string, token?: string) {
  return h.sim(token === undefined ? sim : { ...sim, token }, 'POST', '/', { body: envelope(body), headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/${operation}"` } });
}

async function createCustomer(h: Harness, sim: Sim, name: string): Promise<string> {
  const reply = await soapCall(h, sim, 'CreateCustomer', `<c:CreateCustomer><c:customer><c:name>${name}</c:name><c:email>${name.toLowerCase()}@example.com</c:email></c:customer></c:CreateCustomer>`);
  expect(reply.status, reply.text()).toBe(200);
  return /<ns1:customerId>([^<]+)<\/ns1:customerId>/.exec(reply.text())![1]!;
}

const list = async (h: Harness, sim: Sim) => (await soapCall(h, sim, 'ListCustomers', '<c:ListCustomers/>')).text();

async function soapSimulator(h: Harness): Promise<string> {
  const built = await h.buildSimulator(WSDL, { references: ['customers:soap'] }, { filename: 'customers.wsdl' });
  expect(built).toMatchObject({ status: 'ready', spec_kind: 'wsdl', spec_version: '1.1', operations: 5 });
  return built.id;
}

describe('a SOAP Simulation', () => {
  it('shows how each operation was understood, decided at build time', async () => {
    const { h } = await simulationHarness();
    const id = await soapSimulator(h);
    const operations = (await h.request('GET', `/v1/simulators/${id}/operations`)).json<{ operations: Array<{ operation: string; behaviour: string; resource: string | null; read_only: boolean }> }>().operations;
    expect(operations.map((o) => [o.operation, o.behaviour, o.resource, o.read_only])).toEqual([
      ['CreateCustomer', 'create', 'Customer', false],
      ['GetCustomer', 'read', 'Customer', true],
      ['UpdateCustomer', 'update', 'Customer', false],
      ['DeleteCustomer', 'delete', 'Customer', false],
      ['ListCustomers', 'list', 'Customer', true],
    ]);
  });

  it('answers the same bytes for the same seed and calls, and records each write as a SOAP step', async () => {
    const { h } = await simulationHarness();
    await soapSimulator(h);
    const answers: string[][] = [];
    for (const name of ['first', 'second']) {
      const sim = await h.createSimulation('customers:soap', { seed: 'soap-seed', name, sample_records: 2 });
      const id = await createCustomer(h, sim, 'Ada');
      answers.push([await list(h, sim), (await soapCall(h, sim, 'GetCustomer', `<c:GetCustomer><c:customerId>${id}</c:customerId></c:GetCustomer>`)).text()]);
      const steps = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: Array<{ label: string; operation: string }> }>().steps;
      expect(steps.map((s) => [s.label, s.operation])).toEqual([['SOAP CreateCustomer', 'CreateCustomer']]);
    }
    expect(answers[0]).toEqual(answers[1]);
    // Two sample records plus the one created.
    expect(answers[0]![0]!.match(/<ns1:customer>/g)).toHaveLength(3);
  });

  it('lists the customers of the status its envelope asks for, at most maxResults of them', async () => {
    const { h } = await simulationHarness();
    await soapSimulator(h);
    const sim = await h.createSimulation('customers:soap', { seed: 'soap-lists', sample_records: 0 });
    for (const [name, status] of [['Ada', 'active'], ['Brook', 'suspended'], ['Cato', 'active'], ['Dana', 'active']]) {
      const reply = await soapCall(h, sim, 'CreateCustomer', `<c:CreateCustomer><c:customer><c:name>${name}</c:name><c:email>${name!.toLowerCase()}@example.com</c:email><c:status>${status}</c:status></c:customer></c:CreateCustomer>`);
      expect(reply.status, reply.text()).toBe(200);
    }
    const names = async (input: string) => {
      const reply = await soapCall(h, sim, 'ListCustomers', `<c:ListCustomers>${input}</c:ListCustomers>`);
      expect(reply.status, reply.text()).toBe(200);
      return { names: [...reply.text().matchAll(/<ns1:name>([^<]+)<\/ns1:name>/g)].map((m) => m[1]), total: /<ns1:totalCount>(\d+)</.exec(reply.text())?.[1] };
    };
    expect(await names('')).toEqual({ names: ['Ada', 'Brook', 'Cato', 'Dana'], total: '4' });
    expect(await names('<c:status>active</c:status>')).toEqual({ names: ['Ada', 'Cato', 'Dana'], total: '3' });
    expect(await names('<c:status>active</c:status><c:maxResults>2</c:maxResults>')).toEqual({ names: ['Ada', 'Cato'], total: '3' });
    expect(await names('<c:status>closed</c:status>')).toEqual({ names: [], total: '0' });
  });

  it('refuses a write on a read-only request with a Fault of the request\'s SOAP version naming the operation, and answers reads', async () => {
    const { h } = await simulationHarness();
    await soapSimulator(h);
    const sim = await h.createSimulation('customers:soap', { sample_records: 0 });
    const id = await createCustomer(h, sim, 'Ada');
    const readOnly = (await h.request('POST', `/v1/simulations/${sim.id}/tokens`, { json: { read_only: true, ttl_seconds: 600 } })).json<{ token: string }>().token;
    const remove = `<c:DeleteCustomer><c:customerId>${id}</c:customerId></c:DeleteCustomer>`;
    const versions: Array<{ ns: string; headers: Record<string, string>; code: RegExp }> = [
      { ns: 'http://schemas.xmlsoap.org/soap/envelope/', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/DeleteCustomer"` }, code: /<faultcode>soap:Client<\/faultcode>/ },
      { ns: 'http://www.w3.org/2003/05/soap-envelope', headers: { 'content-type': `application/soap+xml; charset=utf-8; action="${NS}/DeleteCustomer"` }, code: /<soap:Value>soap:Sender<\/soap:Value>/ },
    ];
    for (const { ns, headers, code } of versions) {
      const body = `<soap:Envelope xmlns:soap="${ns}" xmlns:c="${NS}"><soap:Body>${remove}</soap:Body></soap:Envelope>`;
      for (const [caller, extra] of [[{ ...sim, token: readOnly }, {}], [sim, { 'service-read-only': 'true' }]] as const) {
        const refused = await h.sim(caller, 'POST', '/', { body, headers: { ...headers, ...extra } });
        expect(refused.status).toBe(403);
        expect(refused.headers['content-type']).toBe(headers['content-type']!.startsWith('text/xml') ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8');
        expect(refused.text()).toContain(`<soap:Envelope xmlns:soap="${ns}">`);
        expect(refused.text()).toMatch(code);
        expect(refused.text()).toMatch(/DeleteCustomer can change state, and this request is read-only/);
      }
    }
    const read = await soapCall(h, sim, 'GetCustomer', `<c:GetCustomer><c:customerId>${id}</c:customerId></c:GetCustomer>`, readOnly);
    expect(read.status).toBe(200);
    const steps = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: Array<{ label: string }> }>().steps;
    expect(steps.map((s) => s.label)).toEqual(['SOAP CreateCustomer']);
  });

  it('forks at a step with the state of that step, and keeps its state across stop and start', async () => {
    const { h } = await simulationHarness();
    await soapSimulator(h);
    const parent = await h.createSimulation('customers:soap', { seed: 'fork-soap', sample_records: 0 });
    await createCustomer(h, parent, 'Ada');
    await createCustomer(h, parent, 'Grace');
    const forked = await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: { at_step: 1 } });
    expect(forked.status, forked.text()).toBe(201);
    const child = forked.json<Sim>();
    expect(await list(h, child)).toContain('Ada');
    expect(await list(h, child)).not.toContain('Grace');
    expect(await list(h, parent)).toContain('Grace');

    expect((await h.request('POST', `/v1/simulations/${parent.id}/stop`)).status).toBe(200);
    const refused = await soapCall(h, parent, 'ListCustomers', '<c:ListCustomers/>');
    expect(refused.status).toBe(409);
    expect((await h.request('POST', `/v1/simulations/${parent.id}/start`)).status).toBe(200);
    const after = await list(h, parent);
    expect(after).toContain('Ada');
    expect(after).toContain('Grace');
  });

  it('joins a World beside a REST Simulation, seeded from the World', async () => {
    const { h } = await simulationHarness();
    await soapSimulator(h);
    const w = await builtWorld(h, { simulators: ['pets:v1', 'customers:soap'], seed: 'world-soap' });
    expect(w.status).toBe('running');
    expect(Object.keys(w.members).sort()).toEqual(['customers', 'pets']);
    const member = async (name: string): Promise<Sim> => {
      const id = w.members[name]!.simulation_id;
      const token = (await h.request('POST', `/v1/simulations/${id}/tokens`, { json: { ttl_seconds: 600 } })).json<{ token: string }>().token;
      return { id, token };
    };
    const customers = await member('customers');
    await createCustomer(h, customers, 'Hopper');
    expect(await list(h, customers)).toContain('Hopper');
    const pets = await member('pets');
    expect((await h.sim(pets, 'GET', '/pets', { headers: PETSTORE_AUTH })).status).toBe(200);
  });

  it('takes a SOAP body beyond the ordinary 10 MiB limit, read as one stream', async () => {
    const { h } = await simulationHarness();
    await soapSimulator(h);
    const sim = await h.createSimulation('customers:soap', { sample_records: 0 });
    const tag = 'x'.repeat(11 * 1024 * 1024);
    const reply = await soapCall(h, sim, 'CreateCustomer', `<c:CreateCustomer><c:customer><c:name>Big</c:name><c:email>big@example.com</c:email><c:tag>${tag}</c:tag></c:customer></c:CreateCustomer>`);
    expect(reply.status).toBe(200);
    expect(reply.body.byteLength).toBeGreaterThan(tag.length);
    const [step] = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: Array<{ step: number }> }>().steps;
    const kept = (await h.request('GET', `/v1/simulations/${sim.id}/steps/${step!.step}`)).json<{ request: { body_bytes: number; body_truncated: boolean } }>().request;
    expect(kept).toMatchObject({ body_truncated: true });
    expect(kept.body_bytes).toBeGreaterThan(tag.length);
    // Eleven megabytes read, checked, stored and written back: room for a busy machine.
  }, 60_000);

  it('refuses requests that are not SOAP calls in SOAP terms', async () => {
    const { h } = await simulationHarness();
    await soapSimulator(h);
    const sim = await h.createSimulation('customers:soap', { sample_records: 0 });
    const json = await h.sim(sim, 'POST', '/', { json: { name: 'x' } });
    expect(json.status).toBe(415);
    expect(json.text()).toContain('<faultcode>soap:Client</faultcode>');
    const unknown = await h.sim(sim, 'POST', '/any/path/below', { body: envelope('<c:Nothing/>'), headers: { 'content-type': 'text/xml' } });
    expect(unknown.status).toBe(500);
    expect(unknown.text()).toMatch(/<faultcode>soap:Client<\/faultcode><faultstring>[^<]*Nothing/);
    const hostile = await h.sim(sim, 'POST', '/', { body: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "${'A'.repeat(100)}">]>${envelope('<c:ListCustomers>&a;</c:ListCustomers>')}`, headers: { 'content-type': 'text/xml' } });
    expect(hostile.status).toBe(500);
    expect(hostile.text()).not.toContain('AAAA');
    const get = await h.sim(sim, 'GET', '/');
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
  });
});
