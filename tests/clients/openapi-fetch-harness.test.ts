/**
 * The typed openapi-fetch client of `openapi-fetch.test.ts`, given the harness's fetch instead of
 * a socket: `harness.simulate()` builds `fixtures/tasks.openapi.yaml` and creates a Simulation,
 * and its `fetch` (which carries the Simulation's token) is all the client needs. The types are
 * the ones openapi-typescript made of the document (`generated/tasks.ts`, kept in step by
 * `openapi-fetch.test.ts`). No server listens and no connection is made.
 */
import net from 'node:net';
import { readFileSync } from 'node:fs';
import createClient, { type Client } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createHarness, type Harness, type SimulatedApi } from '@simplane/harness';
import type { components, paths } from './generated/tasks.js';

type Task = components['schemas']['Task'];

const START = '2024-03-01T09:00:00.000Z';
const document = readFileSync(new URL('./fixtures/tasks.openapi.yaml', import.meta.url));

/** Open TCP handles (servers and sockets) of this process. */
const tcpHandles = () => process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP')).length;
const tcpBefore = tcpHandles();
const listen = vi.spyOn(net.Server.prototype, 'listen');
const connect = vi.spyOn(net.Socket.prototype, 'connect');
const realFetch = vi.spyOn(globalThis, 'fetch');

let harness: Harness;
let api: SimulatedApi;
let client: Client<paths>;

beforeAll(async () => {
  harness = createHarness({ config: { catalog: false } });
  api = await harness.simulate(document, { build: { references: ['tasks:v1'] }, seed: 'typed-client', start_time: START });
  client = createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch });
}, 120_000);

afterAll(async () => {
  await harness.close();
  vi.restoreAllMocks();
});

describe('a typed openapi-fetch client on the harness fetch', () => {
  it('creates, reads back, lists and deletes a task, statefully', async () => {
    const created = await client.POST('/tasks', { body: { title: 'Write the report', priority: 'high', due_on: '2024-03-15' } });
    expect(created.response.status).toBe(201);
    expect(created.response.url).toBe(`http://simplane.test/sim/${api.id}/tasks`);
    expectTypeOf(created.data).toEqualTypeOf<Task | undefined>();
    const task = created.data!;
    expect(task).toStrictEqual({ id: expect.any(Number), title: 'Write the report', priority: 'high', due_on: '2024-03-15', done: false, created_at: START, updated_at: START });
    const path = { taskId: task.id };

    const read = await client.GET('/tasks/{taskId}', { params: { path } });
    expect(read.response.status).toBe(200);
    expect(read.data).toStrictEqual(task);

    const listed = await client.GET('/tasks', { params: { query: { limit: 100 } } });
    expect(listed.response.status).toBe(200);
    expect(listed.data!.items).toContainEqual(task);
    expect(listed.data!.total).toBe(listed.data!.items.length);

    const deleted = await client.DELETE('/tasks/{taskId}', { params: { path } });
    expect(deleted.response.status).toBe(204);
    const gone = await client.GET('/tasks/{taskId}', { params: { path } });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toStrictEqual({ code: 'not_found', message: expect.stringContaining(String(task.id)) });
    const after = await client.GET('/tasks', { params: { query: { limit: 100 } } });
    expect(after.data!.items.map((t) => t.id)).not.toContain(task.id);
    expect(after.data!.total).toBe(listed.data!.total - 1);
  });

  it('reaches the same Simulation through harness.fetch with the token set by the caller', async () => {
    const created = await client.POST('/tasks', { body: { title: 'Shared' } });
    const plain = createClient<paths>({ baseUrl: api.baseUrl, fetch: harness.fetch, headers: { 'Simulation-Token': api.token } });
    const read = await plain.GET('/tasks/{taskId}', { params: { path: { taskId: created.data!.id } } });
    expect(read.data).toStrictEqual(created.data);

    // Without the token the data plane refuses, in the platform's problem format.
    const anonymous = createClient<paths>({ baseUrl: api.baseUrl, fetch: harness.fetch });
    const refused = await anonymous.GET('/tasks', {});
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('reuses the built Simulator for a second Simulation of the same document, with its own state', async () => {
    const other = await harness.simulate(document, { build: { references: ['tasks:v1'] }, seed: 'typed-client', start_time: START });
    expect(other.simulation.simulator_id).toBe(api.simulation.simulator_id);
    const simulators = (await harness.request('GET', '/v1/simulators?limit=100')).json<{ simulators: unknown[] }>().simulators;
    expect(simulators).toHaveLength(1);

    const mine = await client.POST('/tasks', { body: { title: 'Only in the first' } });
    const otherClient = createClient<paths>({ baseUrl: other.baseUrl, fetch: other.fetch });
    const theirs = await otherClient.GET('/tasks', { params: { query: { limit: 100 } } });
    expect(theirs.response.status).toBe(200);
    expect(theirs.data!.items.map((t) => t.title)).not.toContain(mine.data!.title);
  }, 60_000);

  it('opened no server and no connection, and never called the real fetch', () => {
    expect(listen).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    expect(realFetch).not.toHaveBeenCalled();
    // Files before this one in the same worker may still be closing sockets of their own: none is added here.
    expect(tcpHandles()).toBeLessThanOrEqual(tcpBefore);
  });
});
