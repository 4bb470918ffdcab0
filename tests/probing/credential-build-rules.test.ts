/**
 * The rules around a credential-backed build, through the API: the addresses a build does not
 * call (and the setting that lets tests call loopback), `probe_requests`, incremental builds
 * that keep or relearn what their parent learned, and a Credential read as it is when the
 * build leaves its queue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@simplane/harness';
import { BuildProbing, type RealSystemClient } from '@simplane/core';
import { expectProblem } from '../support/problem.js';

const SECRET = 'rk_live_rules_0123456789abcdef';

const document = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'Orders', version: '1' },
  paths: {
    '/orders': { get: { operationId: 'listOrders', responses: { '200': { description: 'Orders.', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Order' } } } } } } } },
    '/orders/{orderId}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'orderId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'An order.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } },
      },
    },
  },
  components: { schemas: { Order: { type: 'object', required: ['id', 'total'], properties: { id: { type: 'string' }, total: { type: 'integer' }, currency: { type: 'string' } } } } },
});

const ORDERS = [
  { id: 'ord_7QmT2xW9', total: 1250, currency: 'EUR' },
  { id: 'ord_3KdP8vZ1', total: 90, currency: 'USD' },
];

/** Requests the real system received, by URL and the key they carried. */
const seen: Array<{ url: string; key: string | undefined }> = [];
let real: Server;
let port: number;
const harnesses: Harness[] = [];

beforeAll(async () => {
  real = createServer((request, response) => {
    seen.push({ url: request.url ?? '', key: request.headers['x-api-key'] as string | undefined });
    response.setHeader('content-type', 'application/json');
    if (request.url === '/orders') return void response.end(JSON.stringify(ORDERS));
    const order = ORDERS.find((o) => request.url === `/orders/${o.id}`);
    response.writeHead(order === undefined ? 404 : 200).end(JSON.stringify(order ?? { message: 'no such order' }));
  });
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve));
  port = (real.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const h of harnesses) await h.close();
  await new Promise((resolve) => real.close(resolve));
});

function harness(config: Record<string, unknown> = {}): Harness {
  const h = createHarness({ config });
  harnesses.push(h);
  return h;
}

async function credential(h: Harness, baseUrl: string, value = SECRET): Promise<string> {
  const created = await h.request('POST', '/v1/credentials', { json: { name: 'orders', base_url: baseUrl, header: 'x-api-key', value } });
  expect({ status: created.status, body: created.text() }).toMatchObject({ status: 201 });
  return created.json<{ id: string }>().id;
}

interface Built {
  id: string;
  status: string;
  build: { warnings: Array<{ code: string; message: string }> };
}

async function learnedIds(h: Harness, simulatorId: string): Promise<string[] | undefined> {
  const behaviour = (await h.request('GET', `/v1/simulators/${simulatorId}/behaviour`)).json<{ resources: Array<{ name: string; records: { learned?: { records: Array<{ id: string }> } } }> }>();
  return behaviour.resources.find((r) => r.name === 'orders')?.records.learned?.records.map((r) => r.id);
}

describe('the addresses a build does not call', () => {
  it.each([
    ['a loopback address', () => `https://127.0.0.1:${port}`, /127\.0\.0\.1 is a loopback address.*allow_http_loopback_credentials/],
    ['a name that resolves to loopback', () => `https://localhost:${port}`, /localhost resolves to .* loopback address/],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest', /169\.254\.169\.254 is a link-local address/],
    ['a private address', () => 'https://10.20.30.40', /10\.20\.30\.40 is a private address.*allow_private_credentials/],
    ['an unspecified address', () => `https://0.0.0.0:${port}`, /0\.0\.0\.0 is an unspecified address/],
  ])('refuses %s with a warning, and builds from the document alone', async (_what, baseUrl, message) => {
    const h = harness();
    const before = seen.length;
    const built = (await h.buildSimulator(document, { credential_id: await credential(h, baseUrl()) }, { filename: 'orders.json' })) as unknown as Built;
    expect(built.status).toBe('ready');
    expect(built.build.warnings).toContainEqual(expect.objectContaining({ code: 'probe_refused', message: expect.stringMatching(message) as unknown }));
    expect(seen.length).toBe(before);
    expect(await learnedIds(h, built.id)).toBeUndefined();
  });

  it('calls loopback where allow_http_loopback_credentials allows it', async () => {
    const h = harness({ allow_http_loopback_credentials: true });
    const before = seen.length;
    const built = (await h.buildSimulator(document, { credential_id: await credential(h, `http://localhost:${port}`) }, { filename: 'orders.json' })) as unknown as Built;
    expect(built.build.warnings.filter((w) => w.code.startsWith('probe'))).toEqual([]);
    expect(seen.slice(before).map((r) => r.url)).toEqual(['/orders', `/orders/${ORDERS[0]!.id}`, `/orders/${ORDERS[1]!.id}`, '/orders/simplane-probe-missing-0']);
    expect(await learnedIds(h, built.id)).toEqual(ORDERS.map((o) => o.id));
  });
});

describe('probe_requests', () => {
  it('is an integer from 0 to 500', async () => {
    const h = harness({ allow_http_loopback_credentials: true });
    for (const bad of [501, -1, 2.5, '10']) {
      expectProblem(await h.upload(document, { probe_requests: bad }, { filename: 'orders.json' }), 422, 'validation');
    }
  });

  it('bounds what the build sends, and 0 sends nothing', async () => {
    const h = harness({ allow_http_loopback_credentials: true });
    const id = await credential(h, `http://127.0.0.1:${port}`);
    let before = seen.length;
    const two = (await h.buildSimulator(document, { credential_id: id, probe_requests: 2 }, { filename: 'orders.json' })) as unknown as Built;
    expect(seen.length - before).toBe(2);
    expect(await learnedIds(h, two.id)).toEqual(ORDERS.map((o) => o.id));
    before = seen.length;
    const none = (await h.buildSimulator(document, { credential_id: id, probe_requests: 0 }, { filename: 'orders.json' })) as unknown as Built;
    expect(seen.length).toBe(before);
    expect(await learnedIds(h, none.id)).toBeUndefined();
  });
});

describe('an incremental build', () => {
  const overlay = (schema: Record<string, unknown>) =>
    JSON.stringify({ overlay: '1.0.0', info: { title: 'change', version: '1' }, actions: [{ target: '$.components.schemas.Order', update: schema }] });

  it("keeps what its parent learned unless it names a Credential, and drops what no longer fits the schema it changed", async () => {
    const h = harness({ allow_http_loopback_credentials: true });
    const id = await credential(h, `http://127.0.0.1:${port}`);
    const parent = await h.buildSimulator(document, { credential_id: id }, { filename: 'orders.json' });
    const before = seen.length;
    const kept = await h.buildSimulator(overlay({ description: 'An order.' }), { parent_id: parent.id }, { filename: 'overlay.json' });
    expect(seen.length).toBe(before);
    expect(await learnedIds(h, kept.id)).toEqual(ORDERS.map((o) => o.id));
    const simulation = await h.createSimulation(kept.id);
    expect((await h.sim(simulation, 'GET', `/orders/${ORDERS[1]!.id}`)).json()).toEqual(ORDERS[1]);
    // Its child keeps them too: what was learned travels down the line.
    const grandchild = await h.buildSimulator(overlay({ title: 'Order' }), { parent_id: kept.id }, { filename: 'overlay.json' });
    expect(await learnedIds(h, grandchild.id)).toEqual(ORDERS.map((o) => o.id));
    // An Overlay that makes currency an enum the second order does not fit keeps only the first.
    const narrowed = (await h.buildSimulator(overlay({ properties: { currency: { type: 'string', enum: ['EUR'] } } }), { parent_id: parent.id }, { filename: 'overlay.json' })) as unknown as Built;
    expect(await learnedIds(h, narrowed.id)).toEqual([ORDERS[0]!.id]);
    expect(narrowed.build.warnings).toContainEqual(expect.objectContaining({ code: 'system_drift', message: expect.stringContaining('no longer fit') as unknown }));
    // Naming the Credential asks the real system again.
    const relearned = await h.buildSimulator(overlay({ description: 'Again.' }), { parent_id: parent.id, credential_id: id }, { filename: 'overlay.json' });
    expect(seen.length).toBeGreaterThan(before);
    expect(await learnedIds(h, relearned.id)).toEqual(ORDERS.map((o) => o.id));
  });
});

describe('a Credential changed after a build was asked for', () => {
  /** A client that records where a build would connect, and connects nowhere. */
  function recordingClient(opened: string[]): RealSystemClient {
    return { open: (baseUrl) => Promise.resolve(void opened.push(baseUrl)).then(() => ({ refused: 'recorded only' })) };
  }

  it('is read as it is when the build leaves its queue: updated, its new base URL; deleted, nothing', async () => {
    const h = harness({ allow_http_loopback_credentials: true });
    const id = await credential(h, `http://127.0.0.1:${port}`);
    const opened: string[] = [];
    const probing = new BuildProbing(h.plane.services.credentials, recordingClient(opened), { allowLoopback: true, allowPrivate: false });
    const workspaceId = h.workspaces.alpha!.id;
    const principal = { organizationId: h.workspaces.alpha!.organizationId, workspaceId, via: 'api_key' as const };
    await h.plane.services.credentials.update(principal, id, { base_url: `http://127.0.0.1:${port}/v2`, value: 'rotated-value-0123' });
    expect(await probing.open({ workspaceId, credentialId: id, budget: 50 })).toMatchObject({ probe: { refused: expect.stringContaining('recorded only') as unknown } });
    expect(opened).toEqual([`http://127.0.0.1:${port}/v2`]);
    await h.plane.services.credentials.delete(principal, id);
    expect(await probing.open({ workspaceId, credentialId: id, budget: 50 })).toMatchObject({ probe: { refused: expect.stringContaining('is gone') as unknown } });
    // Another workspace's build cannot open it, and a budget of 0 opens nothing.
    expect(await probing.open({ workspaceId: h.workspaces.beta!.id, credentialId: id, budget: 50 })).toMatchObject({ probe: { refused: expect.any(String) as unknown } });
    expect(await probing.open({ workspaceId, credentialId: id, budget: 0 })).toBeNull();
    expect(opened).toHaveLength(1);
    expect(h.plane.ports.realSystemClient).toBeDefined();
  });

  it('leaves a Simulator it built as it was when it is deleted', async () => {
    const h = harness({ allow_http_loopback_credentials: true });
    const id = await credential(h, `http://127.0.0.1:${port}`);
    const built = await h.buildSimulator(document, { credential_id: id }, { filename: 'orders.json' });
    expect((await h.request('DELETE', `/v1/credentials/${id}`)).status).toBe(204);
    const after = (await h.request('GET', `/v1/simulators/${built.id}`)).json<{ status: string; digest: string }>();
    expect(after).toMatchObject({ status: 'ready', digest: built.digest });
    const simulation = await h.createSimulation(built.id);
    expect((await h.sim(simulation, 'GET', '/orders')).json<Array<{ id: string }>>().map((o) => o.id)).toEqual(expect.arrayContaining(ORDERS.map((o) => o.id)));
  });
});
