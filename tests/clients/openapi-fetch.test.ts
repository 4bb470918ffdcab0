/**
 * A typed client made from the document alone drives a Simulation over a real loopback socket.
 * openapi-typescript turned `fixtures/tasks.openapi.yaml` into `generated/tasks.ts`; openapi-fetch
 * calls the Simulation with those types through Node's own `fetch`. Every call type-checks
 * (`tsc -b` compiles this file) and is answered as the types promise, and a call the types refuse
 * is refused at run time too, in the document's own error format.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import createClient, { type Client } from 'openapi-fetch';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';
import type { components, paths } from './generated/tasks.js';

type Task = components['schemas']['Task'];
type ErrorBody = components['schemas']['Error'];
type ValidationErrorBody = components['schemas']['ValidationError'];

const KEY = 'typed-client-key-0001';
const START = '2024-03-01T09:00:00.000Z';
const documentUrl = new URL('./fixtures/tasks.openapi.yaml', import.meta.url);
const generatedUrl = new URL('./generated/tasks.ts', import.meta.url);

let plane: ControlPlane;
let server: Server;
let base: string;
let simBase: string;
let client: Client<paths>;

beforeAll(async () => {
  plane = composeControlPlane(
    parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }),
  );
  // The node:http host, as `simplane serve` runs it.
  server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const auth = { authorization: `Bearer ${KEY}` };
  const upload = new FormData();
  upload.append('spec', new Blob([readFileSync(documentUrl)]), 'tasks.openapi.yaml');
  upload.append('request', JSON.stringify({ references: ['tasks:v1'] }));
  const built = await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: upload });
  expect(built.status).toBe(202);
  await plane.scheduler.idle();
  const created = await fetch(`${base}/v1/simulations`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ simulator_id: 'tasks:v1', seed: 'typed-client', start_time: START }),
  });
  expect(created.status).toBe(201);
  const sim = (await created.json()) as { id: string; token: string };

  simBase = `${base}/sim/${sim.id}`;
  client = createClient<paths>({ baseUrl: simBase, headers: { 'Simulation-Token': sim.token } });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await plane.close();
});

/** The keys of a body, sorted: the document's error schemas allow no others. */
const keys = (body: object | undefined): string[] => Object.keys(body ?? {}).sort();

describe('a typed openapi-fetch client against a Simulation', () => {
  it('uses types that are exactly what openapi-typescript makes of the document', async () => {
    const regenerated = COMMENT_HEADER + astToString(await openapiTS(documentUrl));
    // Regenerate with: npx openapi-typescript tests/clients/fixtures/tasks.openapi.yaml -o tests/clients/generated/tasks.ts
    expect(readFileSync(generatedUrl, 'utf8')).toBe(regenerated);
  });

  it('creates, reads, lists, updates and deletes a task, statefully', async () => {
    const created = await client.POST('/tasks', { body: { title: 'Write the report', priority: 'high', due_on: '2024-03-15' } });
    expect(created.response.status).toBe(201);
    expect(created.response.url).toBe(`${simBase}/tasks`); // over the loopback socket
    expect(created.error).toBeUndefined();
    expectTypeOf(created.data).toEqualTypeOf<Task | undefined>();
    const task = created.data!;
    // What was sent, plus the server's fields: a minted integer id, `done` from its default, the
    // virtual clock's time.
    expect(task).toStrictEqual({ id: expect.any(Number), title: 'Write the report', priority: 'high', due_on: '2024-03-15', done: false, created_at: START, updated_at: START });
    expect(Number.isInteger(task.id) && task.id >= 1).toBe(true);
    const path = { taskId: task.id };

    const read = await client.GET('/tasks/{taskId}', { params: { path } });
    expect(read.response.status).toBe(200);
    expect(read.data).toStrictEqual(task);

    const second = await client.POST('/tasks', { body: { title: 'Book the room' } });
    expect(second.response.status).toBe(201);
    expect(second.data).toMatchObject({ title: 'Book the room', done: false, priority: 'normal' });
    expect(second.data!.id).not.toBe(task.id);

    const listed = await client.GET('/tasks', { params: { query: { limit: 100 } } });
    expect(listed.response.status).toBe(200);
    expectTypeOf(listed.data).toEqualTypeOf<components['schemas']['TaskList'] | undefined>();
    const { items, total } = listed.data!;
    expect(total).toBe(items.length);
    expect(items).toContainEqual(task);
    expect(items).toContainEqual(second.data);
    // Creation order: the two new tasks come last, after the Simulation's seeded ones.
    expect(items.slice(-2).map((t) => t.id)).toEqual([task.id, second.data!.id]);

    const updated = await client.PATCH('/tasks/{taskId}', { params: { path }, body: { done: true, title: 'Write the final report' } });
    expect(updated.response.status).toBe(200);
    const expected: Task = { ...task, done: true, title: 'Write the final report' };
    expect(updated.data).toStrictEqual(expected);
    expect((await client.GET('/tasks/{taskId}', { params: { path } })).data).toStrictEqual(expected);
    const doneOnly = await client.GET('/tasks', { params: { query: { done: true, limit: 100 } } });
    expect(doneOnly.data!.items).toContainEqual(expected);
    expect(doneOnly.data!.items.every((t) => t.done)).toBe(true);
    expect(doneOnly.data!.items.map((t) => t.id)).not.toContain(second.data!.id);

    const deleted = await client.DELETE('/tasks/{taskId}', { params: { path } });
    expect(deleted.response.status).toBe(204);
    expect(deleted.data).toBeUndefined();
    expect(deleted.error).toBeUndefined();

    const gone = await client.GET('/tasks/{taskId}', { params: { path } });
    expect(gone.response.status).toBe(404);
    expect(gone.data).toBeUndefined();
    expect(gone.response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expectTypeOf(gone.error).toEqualTypeOf<ErrorBody | undefined>();
    expect(keys(gone.error)).toEqual(['code', 'message']);
    expect(gone.error).toStrictEqual({ code: 'not_found', message: expect.stringContaining(String(task.id)) });
    const after = await client.GET('/tasks', { params: { query: { limit: 100 } } });
    expect(after.data!.items.map((t) => t.id)).not.toContain(task.id);
    expect(after.data!.total).toBe(total - 1);
  });

  it('refuses, at compile time and at run time, a body that lacks a required field', async () => {
    const refused = await client.POST('/tasks', {
      // @ts-expect-error -- TaskInput requires `title`.
      body: { priority: 'low' },
    });
    expect(refused.response.status).toBe(422);
    expect(refused.data).toBeUndefined();
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expectTypeOf(refused.error).toEqualTypeOf<ErrorBody | ValidationErrorBody | undefined>();
    const error = refused.error as ValidationErrorBody;
    // The document's ValidationError, not the platform's problem+json.
    expect(keys(error)).toEqual(['code', 'errors', 'message']);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toContain('title is required');
    expect(error.errors).toHaveLength(1);
    expect(keys(error.errors[0])).toEqual(['field', 'message']);
    expect(error.errors[0]!.field).toBe('title');
  });

  it('refuses, at compile time and at run time, a path parameter of the wrong type', async () => {
    const refused = await client.GET('/tasks/{taskId}', {
      // @ts-expect-error -- taskId is an integer.
      params: { path: { taskId: 'first' } },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.data).toBeUndefined();
    expect(refused.response.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(keys(refused.error)).toEqual(['code', 'message']);
    expect(refused.error!.code).toBe('invalid_parameter');
    expect(refused.error!.message).toContain('taskId');
  });

  it('refuses a well-typed call that breaks a constraint types cannot express, in the same format', async () => {
    const refused = await client.POST('/tasks', { body: { title: '' } });
    expect(refused.response.status).toBe(422);
    expect(keys(refused.error)).toEqual(['code', 'errors', 'message']);
    expect(refused.error!.code).toBe('validation_failed');
    expect((refused.error as ValidationErrorBody).errors[0]!.field).toBe('title');
  });
});
