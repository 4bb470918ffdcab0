/**
 * The `soap` package's client against a Simulation of a WSDL written as several toolkits write
 * them (packages/engine/test-fixtures/wsdl/fidelity/order-desk.wsdl: two schemas, one
 * extending the other's type across namespaces and importing it without a location; SOAP 1.1,
 * SOAP 1.2 and HTTP bindings), over a real loopback socket, from the Simulation's own `?wsdl`:
 * dates come back with the zone they were sent with, lines keep their attributes, a declared
 * fault's detail names the id asked for, a document body of two parts is read whole, and a
 * read-only token's write is a Fault the client reads.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import * as soap from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';

const KEY = 'soap-fidelity-key-000001';
const auth = { authorization: `Bearer ${KEY}` };
const WSDL = readFileSync(new URL('../../packages/engine/test-fixtures/wsdl/fidelity/order-desk.wsdl', import.meta.url));

let plane: ControlPlane;
let server: Server;
let base: string;

interface Sim {
  id: string;
  token: string;
  endpoint: string;
}

type Method = (args: object, cb: (error: unknown, result: unknown) => void) => void;

beforeAll(async () => {
  plane = await composeControlPlane(parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }));
  server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const upload = new FormData();
  upload.append('spec', new Blob([WSDL]), 'order-desk.wsdl');
  upload.append('request', JSON.stringify({ references: ['orders:soap'] }));
  expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: upload })).status).toBe(202);
  await plane.scheduler.idle();
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await plane.close();
});

async function simulate(): Promise<Sim> {
  const created = await fetch(`${base}/v1/simulations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ simulator_id: 'orders:soap', seed: 'fidelity', sample_records: 0 }) });
  expect(created.status).toBe(201);
  const sim = (await created.json()) as { id: string; token: string };
  return { ...sim, endpoint: `${base}/sim/${sim.id}` };
}

/** A client built from the Simulation's WSDL (fetched with the token), calling through the port of one SOAP version. */
type Call = ((operation: string, input: object) => Promise<Record<string, unknown>>) & { client: soap.Client };

async function clientOf(sim: Sim, version: '1.1' | '1.2', token = sim.token): Promise<Call> {
  const client = await soap.createClientAsync(`${sim.endpoint}?wsdl`, { wsdl_headers: { 'simulation-token': token }, forceSoap12Headers: version === '1.2' });
  client.addHttpHeader('simulation-token', token);
  const port = (client as unknown as Record<string, Record<string, Record<string, Method>>>).OrderDesk![version === '1.2' ? 'OrderDeskSoap12' : 'OrderDeskSoap']!;
  const call = (operation: string, input: object) => new Promise<Record<string, unknown>>((resolve, reject) => port[operation]!(input, (error, result) => (error ? reject(error) : resolve(result as Record<string, unknown>))));
  return Object.assign(call, { client });
}

function faultOf(error: unknown): { status: number; fault: Record<string, unknown> } {
  const e = error as { response?: { status: number }; root?: { Envelope?: { Body?: { Fault?: Record<string, unknown> } } } };
  return { status: e.response?.status ?? 0, fault: e.root?.Envelope?.Body?.Fault ?? {} };
}

describe.each(['1.1', '1.2'] as const)('the soap client against an order desk over SOAP %s', (version) => {
  it('creates an order and reads it back with its dates, zone or none, its lines and their attributes', async () => {
    const sim = await simulate();
    const call = await clientOf(sim, version);
    const order = {
      partyName: 'Ada',
      placedAt: '2024-03-01T10:00:00+02:00',
      deliveryDate: '2024-03-05Z',
      deliverySlot: '09:30:00',
      line: [
        { attributes: { sku: 'A-1', quantity: 2 }, description: 'Bolt', note: { attributes: { author: 'ann' }, text: 'check', reply: { text: 'done' } } },
        { attributes: { sku: 'B-2', quantity: 5 }, description: 'Nut' },
      ],
    };
    const created = (await call('CreateOrder', { order })).order as Record<string, unknown>;
    const id = created.orderId as string;
    expect(id).toEqual(expect.any(String));
    const read = (await call('GetOrder', { orderId: id })).order as Record<string, unknown>;
    expect(read).toMatchObject({ partyName: 'Ada', deliverySlot: '09:30:00' });
    // On the wire each date is as it was sent; the client reads xs:dateTime and xs:date into Dates.
    const answered = call.client.lastResponse as string;
    expect(answered).toContain('<placedAt>2024-03-01T10:00:00+02:00</placedAt>');
    expect(answered).toContain('<deliveryDate>2024-03-05Z</deliveryDate>');
    expect(answered).toContain('<deliverySlot>09:30:00</deliverySlot>');
    expect(new Date(read.placedAt as string).toISOString()).toBe('2024-03-01T08:00:00.000Z');
    // The client reads attributes as text.
    expect(read.line).toMatchObject([
      { attributes: { sku: 'A-1', quantity: '2' }, description: 'Bolt', note: { attributes: { author: 'ann' }, text: 'check', reply: { text: 'done' } } },
      { attributes: { sku: 'B-2', quantity: '5' }, description: 'Nut' },
    ]);
  });

  it('answers an unknown id with the declared fault, whose detail names the id asked for', async () => {
    const sim = await simulate();
    const call = await clientOf(sim, version);
    const missing = await call('GetOrder', { orderId: 'ORD-missing-7' }).then(
      () => null,
      (error: unknown) => faultOf(error),
    );
    expect(missing!.status).toBe(version === '1.1' ? 500 : 400);
    const detail = (version === '1.1' ? missing!.fault.detail : missing!.fault.Detail) as Record<string, { orderId: string }>;
    expect(detail.OrderNotFound!.orderId).toBe('ORD-missing-7');
  });

  it('reads both parts of a two-part body', async () => {
    const sim = await simulate();
    const call = await clientOf(sim, version);
    // The client names the parts as the message does, and writes them inside the first part's element.
    const placed = (await call('PlaceOrder', { details: { partyName: 'Grace', placedAt: '2024-03-01T10:00:00Z' }, priority: 'urgent' })).order as Record<string, unknown>;
    expect(placed.partyName).toBe('Grace');
    const refused = await call('PlaceOrder', { details: { partyName: 'Grace', placedAt: '2024-03-01T10:00:00Z' }, priority: 'someday' }).then(
      () => null,
      (error: unknown) => faultOf(error),
    );
    expect(JSON.stringify(refused!.fault)).toContain('Priority');
  });

  it('answers a write with a read-only token with a Fault of its version naming the operation', async () => {
    const sim = await simulate();
    const issued = await fetch(`${base}/v1/simulations/${sim.id}/tokens`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ read_only: true, ttl_seconds: 600 }) });
    const call = await clientOf(sim, version, ((await issued.json()) as { token: string }).token);
    const refused = await call('DeleteOrder', { orderId: 'ORD-1' }).then(
      () => null,
      (error: unknown) => faultOf(error),
    );
    expect(refused!.status).toBe(403);
    const reason = version === '1.1' ? refused!.fault.faultstring : JSON.stringify(refused!.fault.Reason);
    expect(reason).toContain('DeleteOrder can change state, and this request is read-only');
  });
});
