/**
 * The typed client against a real control plane on a loopback socket (the node:http host, as
 * `simplane serve` runs it, with memory storage): builds followed to the end, every list paged
 * to its end and no further, the life of a Simulation, Worlds, credentials and the quota, and
 * refusals thrown as one error class.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';
import { SimplaneApiError, SimplaneClient, SimplaneConnectionError, type BuildProgress, type Fetch } from './index.js';

const KEY = 'client-test-key-0001';
const tasks = readFileSync(new URL('../../../tests/clients/fixtures/tasks.openapi.yaml', import.meta.url), 'utf8');
/** Polls and retries without real pauses: the test waits on answers, not on time. */
const noPause = () => Promise.resolve();

let plane: ControlPlane;
let server: Server;
let url: string;
let simplane: SimplaneClient;

/** A client whose answers pass through `rewrite` first: a server that pages badly, seen from the client. */
function rewriting(rewrite: (body: Record<string, unknown>) => Record<string, unknown>): SimplaneClient {
  const fetchThrough: Fetch = async (request) => {
    const response = await fetch(request);
    if (!response.ok || request.method !== 'GET') return response;
    return Response.json(rewrite((await response.json()) as Record<string, unknown>), { status: response.status });
  };
  return new SimplaneClient({ url, apiKey: KEY, fetch: fetchThrough, wait: noPause });
}

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of iterable) found.push(item);
  return found;
}

beforeAll(async () => {
  plane = composeControlPlane(parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }));
  server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  simplane = new SimplaneClient({ url: `${url}/`, apiKey: KEY, wait: noPause });
  await simplane.simulators.build({ document: tasks, fileName: 'tasks.yaml', request: { references: ['tasks:v1'] } });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await plane?.close();
});

describe('building a Simulator', () => {
  it('uploads a document given as bytes and follows the build to ready, reporting each change', async () => {
    const seen: BuildProgress[] = [];
    const simulator = await simplane.simulators.build({ document: new TextEncoder().encode(tasks), fileName: 'tasks.yaml', request: { name: 'Tasks', references: ['tasks:v2'] }, onProgress: (p) => seen.push(p) });
    expect(simulator).toMatchObject({ status: 'ready', name: 'Tasks', references: ['tasks:v2'], operations: 5 });
    expect(seen.at(-1)).toMatchObject({ status: 'ready', stage: 'complete', done: 5, total: 5, counting: 'operations' });
    // Each report is a change: no two in a row are alike.
    const keys = seen.map((p) => `${p.status}/${p.stage}/${p.done}/${p.total}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect((await simplane.simulators.get('tasks:v2')).id).toBe(simulator.id);
    expect((await simplane.simulators.operations('tasks:v2')).operations.map((op) => op.behaviour).sort()).toEqual(['create', 'delete', 'list', 'read', 'update']);
  });

  it('answers the accepted build at once without waiting, and a failed build with its diagnostics', async () => {
    const accepted = await simplane.simulators.build({ document: new Blob([tasks]), wait: false });
    expect(['pending', 'building']).toContain(accepted.status);
    expect((await simplane.simulators.waitUntilSettled(accepted.id)).status).toBe('ready');

    const broken = 'openapi: 3.0.3\ninfo: { title: Broken, version: "1" }\npaths:\n  /a:\n    get:\n      responses: { "200": { $ref: "#/components/responses/Missing" } }\n';
    const failed = await simplane.simulators.build({ document: broken, fileName: 'broken.yaml' });
    expect(failed.status).toBe('failed');
    expect(failed.error?.code).toBe('specification_validation_failed');
    expect(failed.error?.validation?.issues.length).toBeGreaterThan(0);
    await expect(simplane.simulators.build({ document: new Uint8Array(64 * 1024 * 1024 + 1) })).rejects.toThrow(RangeError);
  });
});

describe('a Simulation through its life', () => {
  it('creates, calls, lists steps, forks at a step, issues a read-only token, advances time, stops, starts and deletes', async () => {
    const created = await simplane.simulations.create({ simulator_id: 'tasks:v1', seed: 'client', sample_records: 0, start_time: '2024-03-01T09:00:00.000Z' });
    expect(created).toMatchObject({ seed: 'client', status: 'running' });
    const endpoint = new URL(created.endpoint, `${url}/`).href;
    for (const title of ['one', 'two', 'three']) {
      const made = await fetch(`${endpoint}/tasks`, { method: 'POST', headers: { 'simulation-token': created.token, 'content-type': 'application/json' }, body: JSON.stringify({ title }) });
      expect(made.status).toBe(201);
    }
    expect((await all(simplane.simulations.steps(created.id, { limit: 1 }))).map((s) => s.step)).toEqual([1, 2, 3]);
    expect((await all(simplane.simulations.steps(created.id, { at_step: 2, limit: 1 }))).map((s) => s.step)).toEqual([2, 3]);
    const step = await simplane.simulations.step(created.id, 1);
    expect(step.request?.method).toBe('POST');
    expect(step.response?.status).toBe(201);

    const changed = await all(simplane.simulations.stepChanges(created.id, 2, { limit: 1 }));
    expect(changed.map((c) => [c.resource, c.change, (c.after as { title?: string } | null)?.title])).toEqual([['tasks', 'created', 'two']]);
    const records = await all(simplane.simulations.records(created.id, { at_step: 2, resource: 'tasks', limit: 1 }));
    expect(records.map((r) => (r.value as { title?: string }).title)).toEqual(['one', 'two']);
    const unrecorded = await all(simplane.simulations.records(created.id, { at_step: 9 })).catch((error: unknown) => error);
    expect(unrecorded).toMatchObject({ status: 422, code: 'validation' });

    const fork = await simplane.simulations.fork(created.id, { at_step: 1 });
    expect(fork).toMatchObject({ parent_id: created.id, step: 1 });
    const grant = await simplane.simulations.issueToken(created.id, { ttl_seconds: 600, read_only: true });
    expect(grant.read_only).toBe(true);

    const advance = await simplane.simulations.advanceTime(created.id, { to: '2024-03-02T09:00:00.000Z' }, 'next-day');
    expect((await simplane.simulations.advanceTime(created.id, { to: '2024-03-02T09:00:00.000Z' }, 'next-day')).id).toBe(advance.id);
    expect((await all(simplane.simulations.advances(created.id))).map((a) => a.id)).toEqual([advance.id]);
    expect((await simplane.simulations.advance(created.id, advance.id)).to).toBe('2024-03-02T09:00:00.000Z');

    expect((await simplane.simulations.stop(created.id)).status).toBe('stopped');
    expect((await simplane.simulations.start(created.id)).token).toEqual(expect.any(String));
    await simplane.simulations.delete(fork.id);
    await simplane.simulations.delete(created.id);
    const gone = await simplane.simulations.get(created.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(SimplaneApiError);
    expect(gone).toMatchObject({ status: 404, code: 'simulation_not_found', validation: null });
  });
});

describe('lists', () => {
  it('pages every list to its end: Simulations newest first, in pages of one', async () => {
    const ids: string[] = [];
    for (const seed of ['a', 'b', 'c']) ids.push((await simplane.simulations.create({ simulator_id: 'tasks:v1', seed })).id);
    const listed = await all(simplane.simulations.list({ limit: 1, simulator: 'tasks:v1' }));
    expect(listed.map((s) => s.id).slice(0, 3)).toEqual(ids.reverse());
    const pages = await all(simplane.simulations.pages({ limit: 2 }));
    expect(pages.at(-1)?.next_cursor).toBeNull();
    expect(pages.flatMap((p) => p.simulations).length).toBe(listed.length);
    expect((await all(simplane.simulators.list({ limit: 1 }))).length).toBeGreaterThanOrEqual(2);
    for (const id of ids) await simplane.simulations.delete(id);
  });

  it('stops after one page when an answer carries no cursor, and when a cursor comes back again', async () => {
    const withoutCursor = rewriting(({ next_cursor: _dropped, ...rest }) => rest);
    expect(await all(withoutCursor.simulators.list({ limit: 1 }))).toHaveLength(1);
    let first: unknown;
    const repeating = rewriting((body) => {
      first ??= body.next_cursor;
      return { ...body, next_cursor: first };
    });
    // The first page names a cursor; the second names it again: two pages, then the end.
    expect(await all(repeating.simulators.pages({ limit: 1 }))).toHaveLength(2);
  });
});

describe('Worlds, credentials and the quota', () => {
  it('creates a World and waits until it runs, then stops and deletes it', async () => {
    const world = await simplane.worlds.create({ simulators: ['tasks:v1', { simulator: 'tasks:v1', name: 'other' }], seed: 'w' });
    const running = await simplane.worlds.waitUntilCreated(world.id);
    expect(running.status).toBe('running');
    expect(Object.keys(running.members).sort()).toEqual(['other', 'tasks']);
    expect((await all(simplane.worlds.list())).map((w) => w.id)).toContain(world.id);
    expect((await simplane.worlds.stop(world.id)).status).toBe('stopped');
    await simplane.worlds.delete(world.id);
  });

  it('stores a credential whose value never comes back, and reads the quota', async () => {
    const credential = await simplane.credentials.create({ name: 'sandbox', header: 'X-Api-Key', value: 'sk_test_secret' });
    expect(JSON.stringify(credential)).not.toContain('sk_test_secret');
    expect((await simplane.credentials.update(credential.id, { name: 'renamed' })).name).toBe('renamed');
    expect((await all(simplane.credentials.list())).map((c) => c.id)).toEqual([credential.id]);
    await simplane.credentials.delete(credential.id);
    expect(await all(simplane.credentials.list())).toEqual([]);
    const quota = await simplane.quota();
    expect(quota.builds_today.used).toBeGreaterThan(0);
  });
});

describe('failures', () => {
  it('throws refusals as SimplaneApiError with code, status, detail and validation', async () => {
    const refused = await simplane.simulations.create({ simulator_id: 'tasks:v1', ttl_seconds: 5 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SimplaneApiError);
    expect(refused).toMatchObject({ status: 422, code: 'validation', detail: expect.stringMatching(/ttl_seconds/), validation: null, requestId: expect.any(String) });
    const unknown = await simplane.simulators.get('nope:v1').catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 404, code: 'simulator_not_found' });
    const wrongKey = new SimplaneClient({ url, apiKey: 'not-the-key' });
    await expect(wrongKey.quota()).rejects.toMatchObject({ status: 401, code: 'auth_invalid' });
  });

  it('throws a SimplaneConnectionError for a server not answering and an answer over the limit, never showing the key', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const nobody = await new SimplaneClient({ url: closed, apiKey: KEY }).quota().catch((error: unknown) => error);
    expect(nobody).toBeInstanceOf(SimplaneConnectionError);
    expect(nobody).toMatchObject({ url: closed, reason: 'ECONNREFUSED' });
    const small = await new SimplaneClient({ url, apiKey: KEY, maxAnswerBytes: 64 }).quota().catch((error: unknown) => error);
    expect(small).toBeInstanceOf(SimplaneConnectionError);
    expect(String((small as Error).message)).toMatch(/larger than 64 bytes/);
    expect(`${String(nobody)} ${String(small)}`).not.toContain(KEY);
  });

  it('retries a read answered 503 with a short Retry-After, and refuses bad URLs and keys at once', async () => {
    let refusals = 1;
    const starting: Fetch = (request) => (refusals-- > 0 ? Promise.resolve(Response.json({ code: 'internal_unavailable', detail: 'starting', validation: null }, { status: 503, headers: { 'retry-after': '1' } })) : fetch(request));
    expect((await new SimplaneClient({ url, apiKey: KEY, fetch: starting, wait: noPause }).quota()).active_simulations).toBeDefined();
    expect(refusals).toBe(-1);
    expect(() => new SimplaneClient({ url: 'http://me:hunter2@127.0.0.1', apiKey: KEY })).toThrow(/must not carry a user or password/);
    expect(() => new SimplaneClient({ url: 'ftp://example.com', apiKey: KEY })).toThrow(/not an http or https URL/);
    expect(() => new SimplaneClient({ url, apiKey: 'two\nlines' })).toThrow(/not a single line/);
    expect(() => new SimplaneClient({ url, workspaceId: '' })).toThrow(/workspace ID is empty/);
  });

  it('sends no Authorization without a key (a browser’s session cookie rides instead) and names the workspace', async () => {
    const sent: Request[] = [];
    const recording: Fetch = (request) => {
      sent.push(request.clone());
      return fetch(request);
    };
    const anonymous = await new SimplaneClient({ url, workspaceId: 'wsp_01J00000000000000000000000', fetch: recording, wait: noPause }).quota().catch((error: unknown) => error);
    expect(anonymous).toMatchObject({ status: 401 });
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect(sent[0]!.headers.get('x-workspace-id')).toBe('wsp_01J00000000000000000000000');
  });
});
