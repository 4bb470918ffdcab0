/**
 * A WSDL Simulator built with a Credential learns over SOAP: the build calls the real service's
 * read-only operations (ListCustomers, then GetCustomer for the ids it answered) as envelopes
 * with their SOAPAction, never a write, and the Simulation answers the real customers by their
 * real ids. The real service is an HTTP server on loopback that answers envelopes by hand.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@simplane/harness';

const WSDL = readFileSync(new URL('../../packages/composition/catalog/customers.wsdl', import.meta.url));
const NS = 'urn:simplane:catalog:customers';
const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const SECRET = 'Basic c29hcC11c2VyOnNvYXAtcGFzc3dvcmQtOTk=';

const CUSTOMERS = [
  { customerId: 'CU-000481', name: 'Ada Lovelace', email: 'ada@example.com', status: 'active' },
  { customerId: 'CU-000517', name: 'Grace Hopper', email: 'grace@example.com', status: 'suspended' },
];

const customerXml = (c: (typeof CUSTOMERS)[number]) =>
  `<c:name>${c.name}</c:name><c:email>${c.email}</c:email><c:status>${c.status}</c:status><c:customerId>${c.customerId}</c:customerId><c:createdAt>2024-03-01T10:00:00Z</c:createdAt>`;
const envelope = (body: string) => `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${SOAP}" xmlns:c="${NS}"><s:Body>${body}</s:Body></s:Envelope>`;

/** What the real service was asked: its SOAPAction, whether the credential came with it, the body. */
const seen: Array<{ method: string; url: string; action: string | undefined; keyed: boolean; body: string }> = [];
let real: Server;
let baseUrl: string;
let h: Harness;
let learnedId: string;

beforeAll(async () => {
  real = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const action = request.headers['soapaction'] as string | undefined;
      seen.push({ method: request.method ?? '', url: request.url ?? '', action, keyed: request.headers.authorization === SECRET, body });
      response.setHeader('content-type', 'text/xml; charset=utf-8');
      if (action === `"${NS}/ListCustomers"`) {
        return void response.end(envelope(`<c:ListCustomersResponse>${CUSTOMERS.map((c) => `<c:customer>${customerXml(c)}</c:customer>`).join('')}<c:totalCount>2</c:totalCount></c:ListCustomersResponse>`));
      }
      if (action === `"${NS}/GetCustomer"`) {
        const id = /<(?:\w+:)?customerId>([^<]*)</.exec(body)?.[1];
        const customer = CUSTOMERS.find((c) => c.customerId === id);
        if (customer !== undefined) return void response.end(envelope(`<c:GetCustomerResponse><c:customer>${customerXml(customer)}</c:customer></c:GetCustomerResponse>`));
      }
      response.writeHead(500).end(envelope(`<s:Fault><faultcode>s:Client</faultcode><faultstring>not for probes: ${action ?? 'no action'}</faultstring></s:Fault>`));
    });
  });
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(real.address() as AddressInfo).port}/CustomerService`;
  h = createHarness({ config: { allow_http_loopback_credentials: true } });
  const credential = (await h.request('POST', '/v1/credentials', { json: { name: 'directory', base_url: baseUrl, header: 'Authorization', value: SECRET } })).json<{ id: string }>();
  learnedId = (await h.buildSimulator(WSDL, { credential_id: credential.id }, { filename: 'customers.wsdl' })).id;
}, 60_000);

afterAll(async () => {
  await h.close();
  await new Promise((resolve) => real.close(resolve));
});

const soapCall = async (simulation: { id: string; token: string }, operation: string, inner: string) => {
  const res = await h.sim(simulation, 'POST', '', {
    body: envelope(`<c:${operation}>${inner}</c:${operation}>`),
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}/${operation}"` },
  });
  return { status: res.status, text: res.text() };
};

describe('a WSDL build with a Credential', () => {
  it('calls only the read-only operations, with their action and the credential, at the service address', () => {
    expect(seen.length).toBeGreaterThan(0);
    for (const call of seen) expect(call).toMatchObject({ method: 'POST', url: '/CustomerService', keyed: true });
    const actions = seen.map((call) => call.action);
    expect(actions[0]).toBe(`"${NS}/ListCustomers"`);
    expect(actions.filter((a) => a === `"${NS}/GetCustomer"`)).toHaveLength(2);
    expect(new Set(actions)).toEqual(new Set([`"${NS}/ListCustomers"`, `"${NS}/GetCustomer"`]));
    expect(seen.find((call) => call.action === `"${NS}/GetCustomer"`)?.body).toContain('CU-000');
  });

  it('answers the real customers by their real ids, and makes new ids of their form', async () => {
    const simulation = await h.createSimulation(learnedId);
    const listed = await soapCall(simulation, 'ListCustomers', '');
    expect(listed.status).toBe(200);
    for (const customer of CUSTOMERS) expect(listed.text).toContain(`<ns1:customerId>${customer.customerId}</ns1:customerId>`);
    const read = await soapCall(simulation, 'GetCustomer', '<c:customerId>CU-000517</c:customerId>');
    expect(read.status).toBe(200);
    expect(read.text).toContain('Grace Hopper');
    const made = await soapCall(simulation, 'CreateCustomer', '<c:customer><c:name>New</c:name><c:email>new@example.com</c:email></c:customer>');
    expect(made.status).toBe(200);
    // The real ids are CU- and six digits; a new one is too.
    expect(/<ns1:customerId>([^<]*)<\/ns1:customerId>/.exec(made.text)?.[1]).toMatch(/^CU-\d{6}$/);
  });

  it('shows the learned records and id form in the behaviour', async () => {
    const behaviour = (await h.request('GET', `/v1/simulators/${learnedId}/behaviour`)).json<{ resources: Array<{ records: { learned?: { operation: string; records: Array<{ customerId: string }> }; idForm: { from?: string } | null } }> }>();
    const learned = behaviour.resources.find((r) => r.records.learned !== undefined);
    expect(learned?.records.learned?.operation).toBe('ListCustomers');
    expect(learned?.records.learned?.records.map((r) => r.customerId)).toEqual(CUSTOMERS.map((c) => c.customerId));
    expect(learned?.records.idForm).toMatchObject({ from: 'system' });
  });
});
