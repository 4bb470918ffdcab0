/**
 * A build with a Credential, through the API, against a real HTTP server on loopback (the "real
 * system"): it pages by cursor, has ids of its own form, answers one read 429 with Retry-After,
 * has a status endpoint slower than the probe timeout, redirects one read to another origin,
 * has a write that must never be called, and echoes the secret in a field, a header and an
 * error. The Simulation built with the Credential serves the real records by their real ids;
 * one built without it generates; the secret is nowhere the API answers or the build stored.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type HarnessResponse } from '@simplane/harness';
import { blobKeys, type Logger } from '@simplane/core';

const SECRET = 'sk_live_probe_7Hq2Zx9Lm4Pw8Rt6';
const HEADER = 'x-api-key';

const document = {
  openapi: '3.0.3',
  info: { title: 'Billing', version: '1' },
  paths: {
    '/customers': {
      get: {
        operationId: 'listCustomers',
        parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }, { name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'A page.', content: { 'application/json': { schema: { $ref: '#/components/schemas/CustomerPage' } } } } },
      },
      post: {
        operationId: 'createCustomer',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } } },
        responses: { '201': { description: 'Made.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } } } },
      },
    },
    '/customers/{customerId}': {
      parameters: [{ name: 'customerId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getCustomer', responses: { '200': { description: 'A customer.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } } } } },
    },
    '/invoices': {
      get: {
        operationId: 'listInvoices',
        responses: { '200': { description: 'Invoices.', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Invoice' } } } } } } } },
      },
    },
    '/status': { get: { operationId: 'getStatus', responses: { '200': { description: 'Up.', content: { 'application/json': { schema: { type: 'object', properties: { up: { type: 'boolean' } } } } } } } } },
    '/account': { get: { operationId: 'getAccount', responses: { '200': { description: 'Mine.', content: { 'application/json': { schema: { type: 'object', properties: { plan: { type: 'string' } } } } } } } } },
  },
  components: {
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: HEADER } },
    schemas: {
      Customer: {
        type: 'object',
        required: ['name'],
        properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, email: { type: 'string' }, note: { type: 'string' } },
      },
      CustomerPage: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Customer' } }, next_cursor: { type: 'string', nullable: true } } },
      Invoice: { type: 'object', required: ['id', 'total'], properties: { id: { type: 'string' }, total: { type: 'integer' } } },
    },
  },
  security: [{ key: [] }],
};

/** The real system's customers: ids of its own form (`cus_` and 14 letters and digits). */
const CUSTOMERS = [
  { id: 'cus_Q8xK2mP4vN7wR1', name: 'Ada Lovelace', email: 'ada@example.com', note: 'first' },
  { id: 'cus_Z3tB9cL6yH0jF5', name: 'Grace Hopper', email: 'grace@example.com', note: `asked with ${SECRET}` },
  { id: 'cus_M1nV8bX4kD2sG7', name: 'Alan Turing', email: 'alan@example.com', note: 'second page' },
];

interface Seen {
  method: string;
  url: string;
  keyed: boolean;
}

/** A loopback server answering with `handle`; what it was asked is kept in `seen`. */
async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<{ server: Server; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', keyed: request.headers[HEADER] === SECRET });
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Held answers of the slow endpoint, ended when the test ends. */
const held: ServerResponse[] = [];
let busyOnce = true;
let real: Awaited<ReturnType<typeof serve>>;
let elsewhere: Awaited<ReturnType<typeof serve>>;
const logged: string[] = [];
const logger: Logger = {
  info: (message, fields) => void logged.push(JSON.stringify({ message, fields })),
  warn: (message, fields) => void logged.push(JSON.stringify({ message, fields })),
  error: (message, fields) => void logged.push(JSON.stringify({ message, fields })),
  request: (line) => void logged.push(JSON.stringify(line)),
};

/** Every body the control plane and data plane answered in this file. */
const answered: string[] = [];
async function kept(response: Promise<HarnessResponse>): Promise<HarnessResponse> {
  const res = await response;
  answered.push(JSON.stringify(res.headers), res.text());
  return res;
}

let h: Harness;
let learned: { id: string; digest: string; build: { warnings: Array<{ code: string; operation: string; message: string }> } };
let generated: { id: string };

beforeAll(async () => {
  elsewhere = await serve((_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"plan":"stolen"}'));
  real = await serve((request, response) => {
    const url = new URL(request.url ?? '/', 'http://system');
    if (request.method !== 'GET') return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"a probe wrote"}');
    if (url.pathname === '/status') return void held.push(response);
    if (url.pathname === '/account') return void response.writeHead(302, { location: `${elsewhere.url}/account` }).end();
    response.setHeader('content-type', 'application/json');
    response.setHeader('x-echo', SECRET);
    if (url.pathname === '/customers') {
      const page = url.searchParams.get('cursor') === 'page-2' ? { data: CUSTOMERS.slice(2), next_cursor: null } : { data: CUSTOMERS.slice(0, 2), next_cursor: 'page-2' };
      return void response.end(JSON.stringify(page));
    }
    // The real system answers what the document does not say: total as a string.
    if (url.pathname === '/invoices') return void response.end(JSON.stringify({ data: [{ id: 'in_1', total: '12.50' }] }));
    const id = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    if (id === CUSTOMERS[1]!.id && busyOnce) {
      busyOnce = false;
      return void response.writeHead(429, { 'retry-after': '1' }).end('{"error":"slow down"}');
    }
    const customer = CUSTOMERS.find((c) => c.id === id);
    if (customer === undefined) return void response.writeHead(404).end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No such customer: '${id}' (key ${SECRET})` } }));
    response.end(JSON.stringify(customer));
  });
  h = createHarness({ config: { allow_http_loopback_credentials: true, probe_timeout_ms: 300 }, logger });
  const credential = (await kept(h.request('POST', '/v1/credentials', { json: { name: 'billing', base_url: real.url, header: HEADER, value: SECRET } }))).json<{ id: string }>();
  const accepted = await kept(h.upload(JSON.stringify(document), { credential_id: credential.id }, { filename: 'billing.json' }));
  expect(accepted.status).toBe(202);
  await h.settled();
  learned = (await kept(h.request('GET', `/v1/simulators/${accepted.json<{ id: string }>().id}`))).json();
  generated = await h.buildSimulator(JSON.stringify(document), {}, { filename: 'billing.json' });
}, 60_000);

afterAll(async () => {
  for (const response of held) response.destroy();
  await h.close();
  real.server.closeAllConnections();
  await new Promise((resolve) => real.server.close(resolve));
  await new Promise((resolve) => elsewhere.server.close(resolve));
});

describe('a build with a Credential', () => {
  it('asks the real system only safe reads, with the secret, at its own origin: the first page, reads of its ids, a missing id once', () => {
    expect(real.seen.every((r) => r.method === 'GET' && r.keyed)).toBe(true);
    const urls = real.seen.map((r) => r.url);
    expect(urls).toContain('/customers');
    expect(urls).not.toContain('/customers?cursor=page-2');
    expect(urls.filter((u) => u === `/customers/${CUSTOMERS[1]!.id}`)).toHaveLength(2);
    expect(urls).toContain(`/customers/${CUSTOMERS[0]!.id}`);
    expect(urls.filter((u) => u.startsWith('/customers/simplane-probe-missing'))).toHaveLength(1);
    expect(elsewhere.seen).toEqual([]);
  });

  it('is ready, and says what it could not use: the slow endpoint, the redirect, the drifting answer', () => {
    expect((learned as unknown as { status: string }).status).toBe('ready');
    const warnings = learned.build.warnings;
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'probe_failed', operation: 'getStatus', message: expect.stringMatching(/no answer/) as unknown }));
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'probe_failed', operation: 'getAccount', message: expect.stringContaining('302') as unknown }));
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'system_drift', operation: 'listInvoices', message: expect.stringContaining('total') as unknown }));
  });

  it('lists and reads the real records by their real ids, and makes new ids of their form', async () => {
    const simulation = await h.createSimulation(learned.id);
    const list = await kept(h.sim(simulation, 'GET', '/customers', { headers: { [HEADER]: 'any' } }));
    expect(list.status).toBe(200);
    const ids = list.json<{ data: Array<{ id: string }> }>().data.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([CUSTOMERS[0]!.id, CUSTOMERS[1]!.id]));
    const read = await kept(h.sim(simulation, 'GET', `/customers/${CUSTOMERS[0]!.id}`, { headers: { [HEADER]: 'any' } }));
    expect(read.json()).toMatchObject({ id: CUSTOMERS[0]!.id, name: 'Ada Lovelace', email: 'ada@example.com' });
    const echoed = await kept(h.sim(simulation, 'GET', `/customers/${CUSTOMERS[1]!.id}`, { headers: { [HEADER]: 'any' } }));
    expect(echoed.json()).toMatchObject({ id: CUSTOMERS[1]!.id, note: 'asked with <redacted>' });
    const made = await kept(h.sim(simulation, 'POST', '/customers', { json: { name: 'New' }, headers: { [HEADER]: 'any' } }));
    expect(made.status).toBe(201);
    expect(made.json<{ id: string }>().id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    const missing = await kept(h.sim(simulation, 'GET', '/customers/cus_nothere', { headers: { [HEADER]: 'any' } }));
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const steps = await kept(h.request('GET', `/v1/simulations/${simulation.id}/steps`));
    expect(steps.status).toBe(200);
    const count = steps.json<{ steps: unknown[] }>().steps.length;
    expect(count).toBeGreaterThanOrEqual(1);
    // Each step holds the messages the Simulation exchanged: the create among them.
    const each = await Promise.all(Array.from({ length: count }, (_, i) => kept(h.request('GET', `/v1/simulations/${simulation.id}/steps/${i + 1}`))));
    expect(each.map((step) => step.status)).toEqual(Array(count).fill(200));
    expect(each.map((step) => step.text()).join('')).toContain(made.json<{ id: string }>().id);
  });

  it('leaves a Simulator built without the Credential generating its own records', async () => {
    const simulation = await h.createSimulation(generated.id);
    const ids = (await kept(h.sim(simulation, 'GET', '/customers', { headers: { [HEADER]: 'any' } }))).json<{ data: Array<{ id: string }> }>().data.map((c) => c.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const customer of CUSTOMERS) expect(ids).not.toContain(customer.id);
  });

  it('shows what it learned, and from which operation, in the behaviour', async () => {
    const behaviour = (await kept(h.request('GET', `/v1/simulators/${learned.id}/behaviour`))).json<{ resources: Array<{ name: string; records: { learned?: { operation: string; records: Array<{ id: string }> }; idForm: { from?: string } | null } }> }>();
    const customers = behaviour.resources.find((r) => r.name === 'customers');
    expect(customers?.records.learned?.operation).toBe('listCustomers');
    expect(customers?.records.learned?.records.map((r) => r.id)).toEqual([CUSTOMERS[0]!.id, CUSTOMERS[1]!.id]);
    expect(customers?.records.idForm).toMatchObject({ from: 'system' });
    const plain = (await kept(h.request('GET', `/v1/simulators/${generated.id}/behaviour`))).json<typeof behaviour>();
    expect(plain.resources.find((r) => r.name === 'customers')?.records.learned).toBeUndefined();
  });

  it('keeps the secret out of every answer, log line and stored byte', async () => {
    await kept(h.request('GET', `/v1/simulators/${learned.id}/operations`));
    const blobs = h.plane.ports.blobStore;
    const artifact = await blobs.get(blobKeys.artifact(learned.digest));
    const lessons = await blobs.get(blobKeys.lessons(learned.digest));
    expect(artifact).not.toBeNull();
    expect(lessons).not.toBeNull();
    const stored = [Buffer.from(artifact!).toString('utf8'), Buffer.from(lessons!).toString('utf8')];
    // The real system did echo it: in the field the Simulation now shows redacted.
    expect(stored.join('')).toContain('<redacted>');
    for (const text of [...answered, ...logged, ...stored]) expect(text).not.toContain(SECRET);
    expect(answered.length).toBeGreaterThan(10);
  });
});
