/**
 * The `soap` package's client against rpc/encoded Simulations over a real loopback socket,
 * built from each Simulation's own `?wsdl`: the address book (structs within structs, arrays
 * of structs, SOAP 1.1 and 1.2 bindings) and the calculator (arrays of strings), as an
 * application pointed at Simplane in place of a legacy service would call them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import * as soap from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';

const KEY = 'soap-encoded-client-key-0001';
const auth = { authorization: `Bearer ${KEY}` };
const fixture = (name: string) => readFileSync(new URL(`../../packages/engine/test-fixtures/wsdl/${name}`, import.meta.url));

let plane: ControlPlane;
let server: Server;
let base: string;

async function build(name: string, reference: string): Promise<void> {
  const upload = new FormData();
  upload.append('spec', new Blob([fixture(name)]), name);
  upload.append('request', JSON.stringify({ references: [reference] }));
  expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: upload })).status).toBe(202);
}

/** A Simulation of the reference and a client generated from its WSDL, on the port of one SOAP version. */
async function clientOf(reference: string, service: string, port: string, version: '1.1' | '1.2'): Promise<(operation: string, input: object) => Promise<Record<string, unknown>>> {
  const created = await fetch(`${base}/v1/simulations`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ simulator_id: reference, seed: 'encoded', sample_records: 0 }) });
  expect(created.status).toBe(201);
  const sim = (await created.json()) as { id: string; token: string };
  const endpoint = `${base}/sim/${sim.id}`;
  const client = await soap.createClientAsync(`${endpoint}?wsdl`, { wsdl_headers: { 'simulation-token': sim.token }, forceSoap12Headers: version === '1.2' });
  client.addHttpHeader('simulation-token', sim.token);
  client.setEndpoint(endpoint);
  const methods = client as unknown as Record<string, Record<string, Record<string, (args: object, cb: (error: unknown, result: unknown) => void) => void>>>;
  return (operation, input) =>
    new Promise((resolve, reject) => methods[service]![port]![operation]!(input, (error, result) => (error ? reject(error as Error) : resolve(plain(result) as Record<string, unknown>))));
}

/**
 * A result as an application reads it: the client keeps the `xsi:type` an encoded service
 * writes on each value as `{$value, attributes}` (as it does for every such service), so the
 * value is `$value`, and an object's `attributes` are left aside.
 */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Record<string, unknown>;
  if (Object.hasOwn(object, '$value')) return object.$value;
  return Object.fromEntries(Object.entries(object).filter(([key]) => key !== 'attributes').map(([key, inner]) => [key, plain(inner)]));
}

beforeAll(async () => {
  plane = await composeControlPlane(parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }));
  server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await build('address-book-encoded.wsdl', 'address-book:encoded');
  await build('calculator-encoded.wsdl', 'numbers:encoded');
  await plane.scheduler.idle();
}, 60_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await plane.close();
});

describe.each([
  ['1.1', 'AddressBookSoap'],
  ['1.2', 'AddressBookSoap12'],
] as const)('the soap client, rpc/encoded over SOAP %s', (version, port) => {
  it('creates a contact with an address and phones, reads it back, lists and deletes it', async () => {
    const call = await clientOf('address-book:encoded', 'AddressBook', port, version);
    const contact = { name: 'Ada Lovelace', email: 'ada@example.test', address: { street: '12 St James Square', city: 'London', postcode: 'SW1Y 4JH' } };
    const phones = { item: [{ kind: 'home', number: '+44 20 7946 0000' }, { kind: 'work', number: '+44 20 7946 0001' }] };
    const created = (await call('createContact', { contact: { ...contact, phones } })).return as Record<string, unknown>;
    expect(created).toMatchObject({ ...contact, phones });
    const id = created.contactId;
    expect(String(id)).toMatch(/^-?\d+$/);
    expect((await call('getContact', { contactId: id })).return).toEqual(created);
    const listed = (await call('listContacts', { maxResults: 10 })).return as { item?: unknown };
    const items = Array.isArray(listed.item) ? listed.item : [listed.item];
    expect(items.map((c) => (c as { name: string }).name)).toEqual(['Ada Lovelace']);
    expect(String((await call('deleteContact', { contactId: id })).deleted)).toBe('true');
    await expect(call('getContact', { contactId: id })).rejects.toThrow();
  });
});

describe('the soap client and an encoded array of strings', () => {
  it('reads the words a SplitWords call answers', async () => {
    const call = await clientOf('numbers:encoded', 'Numbers', 'NumbersSoap', '1.1');
    const answered = await call('SplitWords', { sentence: 'one two three' });
    const words = (answered.words as { item?: unknown }).item;
    for (const word of Array.isArray(words) ? words : [words]) expect(typeof word).toBe('string');
    expect(String((await call('Add', { a: 2, b: 40 })).result)).toMatch(/^-?\d+$/);
  });
});
