/**
 * A suite run by tests/clients/soap-client*.test.ts: the `soap` package's client drives SOAP
 * Simulations over a real loopback socket, built from the Simulation's own `?wsdl` (the catalog's customer directory, bound for SOAP 1.1 and 1.2),
 * as an application under test would with its endpoint pointed at Simplane: it creates, reads,
 * updates, lists and deletes customers and reads the Faults it is answered with. Once on the
 * memory adapters, once on a Postgres server with S3 (s3rver) for the documents and artifacts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import * as soap from 'soap';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, openControlPlane, parseConfig, type ConfigInput, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { startTestS3Server, TEST_BUCKET, type TestS3Server } from '@simplane/adapter-s3/testing';

export type SoapStores = 'memory' | 'postgres';

const KEY = 'soap-client-key-000001';
const START = '2024-05-01T12:00:00.000Z';
const WSDL = readFileSync(new URL('../../packages/composition/catalog/customers.wsdl', import.meta.url));
const auth = { authorization: `Bearer ${KEY}` };

let plane: ControlPlane;
let server: Server;
let base: string;
let database: TestDatabase | undefined;
let s3: TestS3Server | undefined;
let savedEnv: { id: string | undefined; secret: string | undefined } | undefined;

function restoreEnv(): void {
  if (savedEnv === undefined) return;
  for (const [name, value] of [['AWS_ACCESS_KEY_ID', savedEnv.id], ['AWS_SECRET_ACCESS_KEY', savedEnv.secret]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  savedEnv = undefined;
}

interface Sim {
  id: string;
  token: string;
  endpoint: string;
}

async function simulate(reference: string): Promise<Sim> {
  const created = await fetch(`${base}/v1/simulations`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ simulator_id: reference, seed: 'soap-client', sample_records: 0, start_time: START }),
  });
  expect(created.status).toBe(201);
  const sim = (await created.json()) as { id: string; token: string };
  return { ...sim, endpoint: `${base}/sim/${sim.id}` };
}

/** A client generated from the Simulation's WSDL, sending its token on every call, using the port of one SOAP version. */
async function clientOf(sim: Sim, version: '1.1' | '1.2', token = sim.token): Promise<soap.Client> {
  const client = await soap.createClientAsync(`${sim.endpoint}?wsdl`, { wsdl_headers: { 'simulation-token': token }, forceSoap12Headers: version === '1.2' });
  client.addHttpHeader('simulation-token', token);
  const port = version === '1.2' ? 'CustomerDirectorySoap12' : 'CustomerDirectorySoap';
  // The WSDL names the Simulation as the address of every port.
  const described = client.describe() as Record<string, Record<string, unknown>>;
  expect(Object.keys(described.CustomerDirectory ?? {})).toEqual(['CustomerDirectorySoap', 'CustomerDirectorySoap12']);
  client.setEndpoint(sim.endpoint);
  return Object.assign(client, { port });
}

/** Calls an operation through the client's chosen port; resolves to the parsed result. */
async function call(client: soap.Client, operation: string, input: object): Promise<Record<string, unknown>> {
  const port = (client as soap.Client & { port: string }).port;
  const method = (client as unknown as Record<string, Record<string, Record<string, (args: object, cb: (error: unknown, result: unknown) => void) => void>>>).CustomerDirectory![port]![operation]!;
  return new Promise((resolve, reject) => method(input, (error, result) => (error ? reject(error) : resolve(result as Record<string, unknown>))));
}

/** The Simulation's steps, each with its kept request. */
async function steps(sim: Sim): Promise<Array<{ label: string; operation: string; request: { body: string | null } | null }>> {
  const listed = (await (await fetch(`${base}/v1/simulations/${sim.id}/steps`, { headers: auth })).json()) as { steps: Array<{ step: number }> };
  return Promise.all(listed.steps.map(async (s) => (await (await fetch(`${base}/v1/simulations/${sim.id}/steps/${s.step}`, { headers: auth })).json()) as { label: string; operation: string; request: { body: string | null } | null }));
}

/** The Fault a failed call carried, as the client parsed it. */
function faultOf(error: unknown): { status: number; fault: Record<string, unknown> } {
  const e = error as { response?: { status: number }; root?: { Envelope?: { Body?: { Fault?: Record<string, unknown> } } } };
  return { status: e.response?.status ?? 0, fault: e.root?.Envelope?.Body?.Fault ?? {} };
}

/** The control plane on the memory adapters, or on a Postgres server with S3. */
async function openPlane(stores: SoapStores): Promise<ControlPlane> {
  const config: ConfigInput = { log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] };
  database = undefined;
  s3 = undefined;
  if (stores === 'memory') return composeControlPlane(parseConfig(config));
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  database = await createServerDatabase();
  s3 = await startTestS3Server();
  const { endpoint, region } = s3.connection;
  // The S3 store takes its credentials from the AWS default chain: s3rver's fixed key, for this suite only.
  savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return openControlPlane(
    parseConfig({
      ...config,
      secret_key: randomBytes(32).toString('base64'),
      storage: { kind: 'postgres', database_url: database.url! },
      blobs: { kind: 's3', bucket: TEST_BUCKET, endpoint, region, force_path_style: true },
    }),
  );
}

/** The suite, on the given stores. */
export function describeSoapClient(stores: SoapStores): void {
  beforeAll(async () => {
    plane = await openPlane(stores);
    server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const upload = new FormData();
    upload.append('spec', new Blob([WSDL]), 'customers.wsdl');
    upload.append('request', JSON.stringify({ references: ['customers:soap'] }));
    expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: upload })).status).toBe(202);
    await plane.scheduler.idle();
  }, 60_000);

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await plane.close();
    await database?.dispose();
    await s3?.close();
    restoreEnv();
  });

  describe.each(['1.1', '1.2'] as const)('the soap client over SOAP %s', (version) => {
    it('creates, reads, updates, lists and deletes a customer, with a Fault for an unknown one', async () => {
      const sim = await simulate('customers:soap');
      const client = await clientOf(sim, version);
      const created = await call(client, 'CreateCustomer', { customer: { name: 'Ada Lovelace', email: 'ada@example.com', status: 'active', address: { street: '1 Analytical Way', city: 'London', country: 'GB' }, tag: ['vip', 'math'] } });
      const customer = created.customer as Record<string, unknown>;
      expect(customer).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', status: 'active', address: { street: '1 Analytical Way', city: 'London', country: 'GB' }, tag: ['vip', 'math'] });
      expect(customer.customerId).toEqual(expect.any(String));
      const id = customer.customerId as string;

      expect((await call(client, 'GetCustomer', { customerId: id })).customer).toEqual(customer);

      const updated = await call(client, 'UpdateCustomer', { customerId: id, customer: { name: 'Ada King', email: 'ada@example.org' } });
      expect(updated.customer).toMatchObject({ customerId: id, name: 'Ada King', email: 'ada@example.org' });
      expect(((await call(client, 'GetCustomer', { customerId: id })).customer as Record<string, unknown>).email).toBe('ada@example.org');

      await call(client, 'CreateCustomer', { customer: { name: 'Charles Babbage', email: 'charles@example.com' } });
      const listed = await call(client, 'ListCustomers', {});
      const names = (Array.isArray(listed.customer) ? listed.customer : [listed.customer]).map((c) => (c as { name: string }).name);
      expect(names).toEqual(['Ada King', 'Charles Babbage']);

      await call(client, 'DeleteCustomer', { customerId: id });
      const missing = await call(client, 'GetCustomer', { customerId: id }).then(
        () => null,
        (error: unknown) => faultOf(error),
      );
      expect(missing).not.toBeNull();
      // SOAP 1.1 answers every Fault with 500; 1.2 a sender's with 400 (SOAP 1.2 part 2, 7.5.2).
      expect(missing!.status).toBe(version === '1.1' ? 500 : 400);
      if (version === '1.1') expect(missing!.fault.faultcode).toMatch(/:Client$/);
      else expect((missing!.fault.Code as { Value: string }).Value).toMatch(/:Sender$/);
      // The declared not-found fault, with its detail element.
      const detail = (version === '1.1' ? missing!.fault.detail : missing!.fault.Detail) as Record<string, unknown>;
      expect(detail.CustomerNotFound).toMatchObject({ customerId: expect.any(String), message: expect.any(String) });

      const labels = (await steps(sim)).map((s) => s.label);
      expect(labels).toEqual(['SOAP CreateCustomer', 'SOAP UpdateCustomer', 'SOAP CreateCustomer', 'SOAP DeleteCustomer']);
    });

    it('lists the customers of one status, at most maxResults of them', async () => {
      const sim = await simulate('customers:soap');
      const client = await clientOf(sim, version);
      for (const [name, status] of [['Ada', 'active'], ['Brook', 'suspended'], ['Cato', 'active'], ['Dana', 'active']] as const) {
        await call(client, 'CreateCustomer', { customer: { name, email: `${name.toLowerCase()}@example.com`, status } });
      }
      const names = (listed: Record<string, unknown>) => (Array.isArray(listed.customer) ? listed.customer : listed.customer === undefined ? [] : [listed.customer]).map((c) => (c as { name: string }).name);
      const active = await call(client, 'ListCustomers', { status: 'active' });
      expect(names(active)).toEqual(['Ada', 'Cato', 'Dana']);
      const limited = await call(client, 'ListCustomers', { status: 'active', maxResults: 2 });
      expect(names(limited)).toEqual(['Ada', 'Cato']);
      // The client reads the count as the schema's `xs:int`.
      expect(limited.totalCount).toBe(3);
      expect(names(await call(client, 'ListCustomers', { status: 'suspended', maxResults: 2 }))).toEqual(['Brook']);
    });

    it('answers an invalid request with a Fault of its version', async () => {
      const sim = await simulate('customers:soap');
      const client = await clientOf(sim, version);
      // `name` is required and at most 120 characters.
      const refused = await call(client, 'CreateCustomer', { customer: { name: 'x'.repeat(200), email: 'a@example.com' } }).then(
        () => null,
        (error: unknown) => faultOf(error),
      );
      expect(refused).not.toBeNull();
      expect(refused!.status).toBe(version === '1.1' ? 500 : 400);
      if (version === '1.1') expect(refused!.fault.faultstring).toMatch(/name/);
      else expect(JSON.stringify(refused!.fault.Reason)).toMatch(/name/);
      expect(await steps(sim)).toEqual([]);
    });
  });

  describe('a SOAP Simulation', () => {
    it('serves its WSDL with the Simulation as every address', async () => {
      const sim = await simulate('customers:soap');
      const served = await fetch(`${sim.endpoint}?WSDL`, { headers: { 'simulation-token': sim.token } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^text\/xml/);
      const text = await served.text();
      expect(text.match(/location="[^"]*"/g)).toEqual([`location="${sim.endpoint}"`, `location="${sim.endpoint}"`]);
      expect(text).not.toContain('customers.example.com');
    });

    it('refuses a write with a read-only token before it runs, and answers reads', async () => {
      const sim = await simulate('customers:soap');
      const writer = await clientOf(sim, '1.1');
      const id = ((await call(writer, 'CreateCustomer', { customer: { name: 'Grace Hopper', email: 'grace@example.com' } })).customer as { customerId: string }).customerId;
      const issued = await fetch(`${base}/v1/simulations/${sim.id}/tokens`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ read_only: true, ttl_seconds: 3600 }) });
      expect(issued.status).toBe(201);
      const reader = await clientOf(sim, '1.1', ((await issued.json()) as { token: string }).token);
      expect(((await call(reader, 'GetCustomer', { customerId: id })).customer as { name: string }).name).toBe('Grace Hopper');
      const refused = await call(reader, 'DeleteCustomer', { customerId: id }).then(
        () => null,
        (error: unknown) => faultOf(error),
      );
      // The platform's 403, as a SOAP Fault the client reads, naming the operation.
      expect(refused?.status).toBe(403);
      expect(refused?.fault.faultcode).toMatch(/:Client$/);
      expect(refused?.fault.faultstring).toBe('DeleteCustomer can change state, and this request is read-only');
      expect((await steps(sim)).map((s) => s.label)).toEqual(['SOAP CreateCustomer']);
    });

    it('keeps WS-Security passwords out of its steps', async () => {
      const sim = await simulate('customers:soap');
      const client = await clientOf(sim, '1.1');
      client.setSecurity(new soap.WSSecurity('integration-user', 'hunter2-secret', { passwordType: 'PasswordText' }));
      await call(client, 'CreateCustomer', { customer: { name: 'Alan Turing', email: 'alan@example.com' } });
      const [step] = await steps(sim);
      expect(step?.request?.body).toContain('integration-user');
      expect(step?.request?.body).toContain('<redacted>');
      expect(step?.request?.body).not.toContain('hunter2-secret');
    });
  });
}
