/**
 * The handler's `root` option (what `simplane mock` turns on): one Simulation's API at the root
 * of the server, beside the control plane under /v1, called through the same neutral handler a
 * host uses. Without the option nothing changes: the root is unknown routes, /sim wants tokens.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler, DEFAULT_HANDLER_OPTIONS, type Handler, type HttpResponse, type RootSimulation } from '@simplane/http';
import { createHarness, type Harness } from '@simplane/harness';
import { expectProblem } from '../support/problem.js';
import { NOTES } from '../support/notes-document.js';

const harnesses: Harness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});

interface Reply {
  status: number;
  headers: Record<string, string>;
  json<T = unknown>(): T;
  text(): string;
}

async function reply(response: HttpResponse): Promise<Reply> {
  let body = Buffer.alloc(0);
  if (response.body instanceof Uint8Array) body = Buffer.from(response.body);
  else if (response.body !== null) for await (const chunk of response.body) body = Buffer.concat([body, Buffer.from(chunk)]);
  return { status: response.status, headers: response.headers, json: <T>() => JSON.parse(body.toString('utf8')) as T, text: () => body.toString('utf8') };
}

/** A harness with one Simulation of the notes API, and a handler serving it at the root as `root` says. */
async function rootServer(root: Partial<RootSimulation> = {}) {
  const harness = createHarness();
  harnesses.push(harness);
  const simulator = await harness.buildSimulator(NOTES, {}, { filename: 'notes.yaml' });
  const simulation = await harness.createSimulation(simulator.id, { seed: 'root', sample_records: 0 });
  const served: RootSimulation = { current: () => simulation.id, tokenless: true, readOnly: false, endpoint: 'http://127.0.0.1:4010', ...root };
  const handler: Handler = createHandler(harness.plane.routes, harness.plane.services, { ...DEFAULT_HANDLER_OPTIONS, root: served });
  const call = async (method: string, url: string, options: { json?: unknown; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    return reply(await handler({ method, url, headers, body: options.json === undefined ? null : Buffer.from(JSON.stringify(options.json)) }));
  };
  return { harness, simulation, call };
}

describe('a Simulation served at the root', () => {
  it('answers the API without a token, with and without its base path, and records steps', async () => {
    const { harness, simulation, call } = await rootServer();
    const created = await call('POST', '/notes', { json: { text: 'at the root' } });
    expect(created.status, created.text()).toBe(201);
    const id = created.json<{ id: string }>().id;
    const read = await call('GET', `/notes/${encodeURIComponent(id)}`);
    expect(read.status).toBe(200);
    expect(read.json()).toMatchObject({ id, text: 'at the root' });
    // The document's base path: /v1/notes is no control-plane route, so it is the API's.
    const listed = await call('GET', '/v1/notes');
    expect(listed.status).toBe(200);
    expect(listed.json<Array<{ id: string }>>().map((note) => note.id)).toEqual([id]);
    // The same Simulation under /sim, which still wants its token.
    expectProblem(await call('GET', `/sim/${simulation.id}/notes`), 401, 'auth_invalid');
    const viaSim = await call('GET', `/sim/${simulation.id}/notes/${encodeURIComponent(id)}`, { headers: { 'simulation-token': simulation.token } });
    expect(viaSim.json()).toMatchObject({ id });
    const steps = await harness.request('GET', `/v1/simulations/${simulation.id}/steps`);
    expect(steps.json<{ steps: Array<{ label: string }> }>().steps.map((step) => step.label)).toEqual(['POST /notes']);
  });

  it('leaves the control plane under /v1, with its key', async () => {
    const { harness, simulation, call } = await rootServer();
    const got = await call('GET', `/v1/simulations/${simulation.id}`, { headers: { authorization: `Bearer ${harness.apiKey}` } });
    expect(got.status).toBe(200);
    expect(got.json()).toMatchObject({ id: simulation.id });
    expectProblem(await call('GET', '/v1/simulations'), 401, 'auth_invalid');
    expect((await call('GET', '/v1/openapi.json')).status).toBe(200);
  });

  it('wants the Simulation token at the root when it is not tokenless', async () => {
    const { simulation, call } = await rootServer({ tokenless: false });
    expectProblem(await call('GET', '/notes'), 401, 'auth_invalid');
    expectProblem(await call('GET', '/notes', { headers: { 'simulation-token': 'sim_not-the-token' } }), 401, 'auth_invalid');
    expect((await call('GET', '/notes', { headers: { 'simulation-token': simulation.token } })).status).toBe(200);
  });

  it('refuses writes when read-only, and answers reads', async () => {
    const { call } = await rootServer({ readOnly: true });
    expectProblem(await call('POST', '/notes', { json: { text: 'refused' } }), 403, 'simulation_read_only');
    expect((await call('GET', '/notes')).status).toBe(200);
  });

  it('answers 503 while no Simulation is served, then the one put in place', async () => {
    let current: string | null = null;
    const { simulation, call } = await rootServer({ current: () => current });
    const waiting = expectProblem(await call('GET', '/notes'), 503, 'internal_unavailable');
    expect(waiting.detail).toContain('No Simulation is served at the root yet');
    current = simulation.id;
    expect((await call('GET', '/notes')).status).toBe(200);
  });

  it('keeps _sim for the platform, and answers a browser as the data plane does', async () => {
    const { call } = await rootServer();
    expectProblem(await call('GET', '/_sim/anything'), 404, 'simulation_not_found');
    const preflight = await call('OPTIONS', '/notes', { headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://app.test');
    const listed = await call('GET', '/notes', { headers: { origin: 'http://app.test' } });
    expect(listed.headers['access-control-allow-origin']).toBe('http://app.test');
  });

  it('is off unless turned on: the root is unknown routes', async () => {
    const harness = createHarness();
    harnesses.push(harness);
    expectProblem(await harness.request('GET', '/notes', { apiKey: null }), 404, 'not_found');
  });
});
