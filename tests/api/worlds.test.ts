import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationView, WorldView } from '@simplane/core';
import type { Harness } from '@simplane/harness';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';
import { builtWorld, createWorld, memberIds, world, worldAction } from '../support/worlds.js';

afterEach(closeAll);

const WORLD_FIELDS = [
  'id', 'name', 'created_at', 'from', 'seed', 'status', 'members', 'services', 'error', 'start_time', 'current_time', 'active_advance_id', 'build', 'metadata', 'updated_at',
].sort();

interface Page {
  worlds: WorldView[];
  next_cursor: string | null;
}

async function simulationIds(h: Harness): Promise<string[]> {
  return (await h.request('GET', '/v1/simulations?limit=200')).json<{ simulations: SimulationView[] }>().simulations.map((s) => s.id);
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

async function quota(h: Harness): Promise<{ active_simulations: { used: number }; concurrent_world_builds: { used: number; limit: number } }> {
  return (await h.request('GET', '/v1/quota')).json();
}

describe('POST /v1/worlds', () => {
  it('answers 202 creating, then builds one World-owned Simulation per member, seeded from the World, and runs', async () => {
    const { h, simulatorId } = await simulationHarness();
    const accepted = await createWorld(h, { name: 'shop', simulators: ['pets:v1', { simulator: simulatorId, name: 'store' }], seed: 'world-seed', metadata: { team: 'qa' } });
    expect(Object.keys(accepted).sort()).toEqual(WORLD_FIELDS);
    expect(accepted.id).toMatch(/^wld_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(accepted).toMatchObject({ name: 'shop', from: '', seed: 'world-seed', status: 'creating', error: null, members: {}, services: {}, metadata: { team: 'qa' } });
    expect(accepted).toMatchObject({ start_time: '2024-01-01T00:00:00.000Z', current_time: '2024-01-01T00:00:00.000Z', active_advance_id: null });
    await h.settled();
    const running = await world(h, accepted.id);
    expect(running.status).toBe('running');
    expect(Object.keys(running.members)).toEqual(['pets', 'store']);
    for (const [name, member] of Object.entries(running.members)) {
      expect(member.status).toBe('running');
      expect(running.services[name]).toEqual({ endpoint: `/sim/${member.simulation_id}`, simulation_id: member.simulation_id });
      const sim = (await h.request('GET', `/v1/simulations/${member.simulation_id}`)).json<SimulationView>();
      expect(sim).toMatchObject({ world_id: running.id, seed: 'world-seed', simulator_id: simulatorId, name, status: 'running', ttl_seconds: null, start_time: '2024-01-01T00:00:00.000Z' });
    }
    expect(running.build.started_at).not.toBeNull();
    expect(running.build.deadline).not.toBeNull();
  });

  it('names members after their Simulator, made unique, around explicit names; seeds every member alike', async () => {
    const { h } = await simulationHarness();
    const w = await builtWorld(h, { simulators: ['pets:v1', 'pets:v1', { simulator: 'pets:v1', name: 'pets-2' }], start_time: '2030-01-02T03:04:05Z' });
    expect(Object.keys(w.members).sort()).toEqual(['pets', 'pets-2', 'pets-3']);
    expect(w).toMatchObject({ status: 'running', name: 'pets+pets-3+pets-2', start_time: '2030-01-02T03:04:05.000Z', current_time: '2030-01-02T03:04:05.000Z' });
    expect(w.seed.length).toBeGreaterThan(0);
    // One seed: members of one Simulator start with the same records.
    const tokens = await Promise.all(Object.values(w.members).map(async (m) => (await h.request('POST', `/v1/simulations/${m.simulation_id}/tokens`, { json: { ttl_seconds: 600 } })).json<{ token: string }>().token));
    const ids = Object.values(memberIds(w));
    const bodies = await Promise.all(ids.map(async (id, i) => (await h.sim({ id, token: tokens[i]! }, 'GET', '/pets', { headers: PETSTORE_AUTH })).text()));
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]!)).not.toEqual([]);
  });

  it('refuses unknown and unready Simulators and invalid fields', async () => {
    const { h, simulatorId } = await simulationHarness();
    const post = (json: unknown) => h.request('POST', '/v1/worlds', { json });
    expectProblem(await post({ simulators: ['ghost:v1'] }), 400, 'simulator_unknown');
    expectProblem(await post({ simulators: ['pets:v1', { simulator: 'smr_01J00000000000000000000000' }] }), 400, 'simulator_unknown');
    expectProblem(await h.request('POST', '/v1/worlds', { json: { simulators: [simulatorId] }, apiKey: h.keys.beta! }), 400, 'simulator_unknown');
    const failed = await h.upload('openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {"200": {$ref: "#/components/responses/Missing"}}\n', {});
    await h.settled();
    expectProblem(await post({ simulators: ['pets:v1', failed.json<{ id: string }>().id] }), 409, 'simulator_not_ready');
    for (const body of [
      {},
      { simulators: [] },
      { simulators: Array.from({ length: 33 }, () => 'pets:v1') },
      { simulators: ['pets:v1'], extra: 1 },
      { simulators: [{ simulator: 'pets:v1', extra: 1 }] },
      { simulators: [{ simulator: 'pets:v1', name: 'a' }, { simulator: 'pets:v1', name: 'a' }] },
      { simulators: [{ simulator: 'pets:v1', name: 'Bad Name' }] },
      { simulators: [{ simulator: 'pets:v1', name: '-x' }] },
      { simulators: [{ simulator: 'pets:v1', name: 'x'.repeat(64) }] },
      { simulators: [42] },
      { simulators: ['pets:v1'], timeout_seconds: 0 },
      { simulators: ['pets:v1'], timeout_seconds: 72_001 },
      { simulators: ['pets:v1'], start_time: 'soon' },
      { simulators: ['pets:v1'], seed: '' },
    ]) {
      expectProblem(await post(body), 422, 'validation');
    }
    expectProblem(await h.request('POST', '/v1/worlds', { body: '{', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
    expectProblem(await h.request('POST', '/v1/worlds', { body: 'x', headers: { 'content-type': 'text/plain' } }), 415, 'unsupported_media_type');
    const big = JSON.stringify({ simulators: ['pets:v1'], metadata: { a: 'x'.repeat(1024 * 1024) } });
    expectProblem(await h.request('POST', '/v1/worlds', { body: big, headers: { 'content-type': 'application/json' } }), 413, 'payload_too_large');
    expect((await h.request('GET', '/v1/worlds')).json<Page>().worlds).toEqual([]);
  });

  it('fails the build, creating nothing, when the workspace lacks an active slot for every member', async () => {
    const { h } = await simulationHarness({ config: { quotas: { active_simulations: 2 } } });
    const other = await h.createSimulation('pets:v1');
    const w = await builtWorld(h, { simulators: ['pets:v1', 'pets:v1'] });
    expect(w).toMatchObject({ status: 'failed', members: {}, services: {}, error: { code: 'simulation_quota_exceeded' } });
    expect(w.error!.detail.length).toBeGreaterThan(0);
    expect(await simulationIds(h)).toEqual([other.id]);
    // A failed World reads, lists, and refuses stop, start and cancel; it can be deleted.
    expect((await h.request('GET', '/v1/worlds?status=failed')).json<Page>().worlds.map((x) => x.id)).toEqual([w.id]);
    expectProblem(await worldAction(h, w.id, 'stop'), 409, 'world_conflict');
    expectProblem(await worldAction(h, w.id, 'start'), 409, 'world_conflict');
    expectProblem(await worldAction(h, w.id, 'cancel'), 409, 'world_conflict');
    expect((await h.request('DELETE', `/v1/worlds/${w.id}`)).status).toBe(204);
    expectProblem(await h.request('GET', `/v1/worlds/${w.id}`), 404, 'world_not_found');
  });

  it('fails the build, keeping no member, when a member cannot start', async () => {
    const { h, runtime } = await simulationHarness();
    runtime.mode = 'gate';
    const accepted = await createWorld(h, { simulators: ['pets:v1', 'pets:v1'] });
    await until(() => runtime.waiting === 1);
    // The first member loads (it was past the gate); the second finds the runtime down.
    runtime.open();
    runtime.mode = 'throw';
    await h.settled();
    const failed = await world(h, accepted.id);
    expect(failed).toMatchObject({ status: 'failed', members: {}, services: {}, error: { code: 'build_failed' } });
    expect(failed.error!.detail).toContain('pets-2');
    expect(runtime.loads).toBe(2);
    expect(await simulationIds(h)).toEqual([]);
  });

  it('fails a build that passes its deadline and keeps no member', async () => {
    const { h, runtime } = await simulationHarness();
    runtime.mode = 'gate';
    const accepted = await createWorld(h, { simulators: ['pets:v1', 'pets:v1'], timeout_seconds: 1 });
    await until(() => runtime.waiting === 1);
    h.clock.advance(2000);
    runtime.open();
    await h.settled();
    const failed = await world(h, accepted.id);
    expect(failed).toMatchObject({ status: 'failed', members: {}, error: { code: 'build_failed' } });
    expect(failed.error!.detail).toContain('deadline');
    expect(await simulationIds(h)).toEqual([]);
  });
});

describe('the World build queue', () => {
  it('runs concurrent_world_builds at once, the rest wait in creation order; cancel while waiting or building', async () => {
    const { h, runtime } = await simulationHarness({ config: { quotas: { concurrent_world_builds: 1 } } });
    runtime.mode = 'gate';
    const a = await createWorld(h, { name: 'a', simulators: ['pets:v1'] });
    await until(() => runtime.waiting === 1);
    h.clock.advance(1000);
    const b = await createWorld(h, { name: 'b', simulators: ['pets:v1'] });
    h.clock.advance(1000);
    const c = await createWorld(h, { name: 'c', simulators: ['pets:v1'] });
    h.clock.advance(1000);
    const d = await createWorld(h, { name: 'd', simulators: ['pets:v1'] });
    expect((await quota(h)).concurrent_world_builds).toEqual({ used: 1, limit: 1 });
    expect((await world(h, a.id)).build.started_at).not.toBeNull();
    for (const waiting of [b, c, d]) expect(await world(h, waiting.id)).toMatchObject({ status: 'creating', build: { started_at: null, deadline: null } });

    // Cancel one waiting: it never builds.
    const canceled = await worldAction(h, b.id, 'cancel');
    expect(canceled.status, canceled.text()).toBe(200);
    expect(canceled.json()).toMatchObject({ id: b.id, status: 'failed', members: {}, error: { code: 'build_canceled' } });
    expectProblem(await worldAction(h, b.id, 'cancel'), 409, 'world_conflict');

    // A finishes; the oldest waiting (C) is claimed next, and D still waits.
    runtime.open();
    runtime.mode = 'gate';
    await until(() => runtime.waiting === 1);
    expect((await world(h, a.id)).status).toBe('running');
    expect((await world(h, c.id)).build.started_at).not.toBeNull();
    expect((await world(h, d.id)).build.started_at).toBeNull();
    expect((await quota(h)).concurrent_world_builds.used).toBe(1);

    // Cancel C while it builds: failed at once, and its member is deleted when the step ends.
    expect((await worldAction(h, c.id, 'cancel')).json()).toMatchObject({ status: 'failed', error: { code: 'build_canceled' }, members: {} });
    runtime.open();
    await h.settled();
    expect((await world(h, c.id)).status).toBe('failed');
    expect((await world(h, d.id)).status).toBe('running');
    expectProblem(await worldAction(h, d.id, 'cancel'), 409, 'world_conflict');
    expect((await quota(h)).concurrent_world_builds.used).toBe(0);
    const worldsOwning = new Set((await Promise.all((await simulationIds(h)).map(async (id) => (await h.request('GET', `/v1/simulations/${id}`)).json<SimulationView>().world_id))));
    expect(worldsOwning).toEqual(new Set([a.id, d.id]));
    const page = (await h.request('GET', '/v1/worlds?status=creating')).json<Page>();
    expect(page.worlds).toEqual([]);
  });

  it('deletes a World still being built: canceled, nothing left', async () => {
    const { h, runtime } = await simulationHarness();
    runtime.mode = 'gate';
    const w = await createWorld(h, { simulators: ['pets:v1', 'pets:v1'] });
    await until(() => runtime.waiting === 1);
    expect((await h.request('DELETE', `/v1/worlds/${w.id}`)).status).toBe(204);
    runtime.open();
    await h.settled();
    expectProblem(await h.request('GET', `/v1/worlds/${w.id}`), 404, 'world_not_found');
    expect(await simulationIds(h)).toEqual([]);
  });
});

describe('reading and listing', () => {
  it('lists newest first, pages, filters by status; 404 for unknown or malformed IDs, 403 for another workspace', async () => {
    const { h } = await simulationHarness();
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      made.push((await builtWorld(h, { simulators: ['pets:v1'] })).id);
      h.clock.advance(1000);
    }
    await worldAction(h, made[0]!, 'stop');
    const first = (await h.request('GET', '/v1/worlds?limit=2')).json<Page>();
    expect(first.worlds.map((w) => w.id)).toEqual([made[2], made[1]]);
    const second = (await h.request('GET', `/v1/worlds?limit=2&cursor=${first.next_cursor}`)).json<Page>();
    expect(second).toMatchObject({ next_cursor: null });
    expect(second.worlds.map((w) => w.id)).toEqual([made[0]]);
    expect((await h.request('GET', '/v1/worlds?status=stopped')).json<Page>().worlds.map((w) => w.id)).toEqual([made[0]]);
    expect((await h.request('GET', '/v1/worlds?status=running')).json<Page>().worlds).toHaveLength(2);
    expectProblem(await h.request('GET', '/v1/worlds?status=sleeping'), 400, 'bad_request');
    expectProblem(await h.request('GET', '/v1/worlds?cursor=forged'), 400, 'bad_request');
    expectProblem(await h.request('GET', '/v1/worlds?limit=x'), 422, 'validation');
    expect((await h.request('GET', '/v1/worlds', { apiKey: h.keys.beta! })).json<Page>().worlds).toEqual([]);
    expectProblem(await h.request('GET', '/v1/worlds/wld_01J00000000000000000000000'), 404, 'world_not_found');
    expectProblem(await h.request('GET', '/v1/worlds/nonsense'), 404, 'world_not_found');
    expectProblem(await worldAction(h, 'nonsense', 'stop'), 404, 'world_not_found');
    expectProblem(await h.request('GET', `/v1/worlds/${made[1]}`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('POST', `/v1/worlds/${made[1]}/stop`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('DELETE', `/v1/worlds/${made[1]}`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', '/v1/worlds', { apiKey: null }), 401, 'auth_invalid');
  });
});

describe('stop, start and delete', () => {
  it('stops every member (saving state) and starts them again with their state and tokens', async () => {
    const { h } = await simulationHarness();
    const w = await builtWorld(h, { simulators: ['pets:v1', { simulator: 'pets:v1', name: 'shelter' }] });
    const { pets } = memberIds(w);
    const token = (await h.request('POST', `/v1/simulations/${pets}/tokens`, { json: { ttl_seconds: 3600 } })).json<{ token: string }>().token;
    const member = { id: pets!, token };
    expect((await h.sim(member, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH })).status).toBe(201);
    const before = (await h.sim(member, 'GET', '/pets', { headers: PETSTORE_AUTH })).text();

    const stopped = await worldAction(h, w.id, 'stop');
    expect(stopped.status, stopped.text()).toBe(200);
    const stoppedView = stopped.json<WorldView>();
    expect(stoppedView.status).toBe('stopped');
    expect(Object.values(stoppedView.members).map((m) => m.status)).toEqual(['stopped', 'stopped']);
    expect((await quota(h)).active_simulations.used).toBe(0);
    expectProblem(await h.sim(member, 'GET', '/pets', { headers: PETSTORE_AUTH }), 409, 'simulation_stopped');
    // Only a running World admits stop (SPEC 3): a stopped one is a conflict, and stays as it was.
    expectProblem(await worldAction(h, w.id, 'stop'), 409, 'world_conflict');
    expect(await world(h, w.id)).toMatchObject({ status: 'stopped', members: stoppedView.members });

    const started = await worldAction(h, w.id, 'start');
    expect(started.status, started.text()).toBe(200);
    expect(Object.values(started.json<WorldView>().members).map((m) => m.status)).toEqual(['running', 'running']);
    expect(started.json<WorldView>()).toMatchObject({ status: 'running', services: stoppedView.services });
    expect((await h.sim(member, 'GET', '/pets', { headers: PETSTORE_AUTH })).text()).toBe(before);
    // Only a stopped World admits start.
    expectProblem(await worldAction(h, w.id, 'start'), 409, 'world_conflict');
    expect((await world(h, w.id)).status).toBe('running');
    expect((await quota(h)).active_simulations.used).toBe(2);
  });

  it('starts all or nothing: without a slot for every member, 429 and nothing starts', async () => {
    const { h } = await simulationHarness({ config: { quotas: { active_simulations: 3 } } });
    const w = await builtWorld(h, { simulators: ['pets:v1', 'pets:v1'] });
    const { pets } = memberIds(w);
    const token = (await h.request('POST', `/v1/simulations/${pets}/tokens`, { json: { ttl_seconds: 3600 } })).json<{ token: string }>().token;
    expect((await h.sim({ id: pets!, token }, 'POST', '/pets', { json: { name: 'Kept' }, headers: PETSTORE_AUTH })).status).toBe(201);
    const before = (await h.sim({ id: pets!, token }, 'GET', '/pets', { headers: PETSTORE_AUTH })).text();
    expect((await worldAction(h, w.id, 'stop')).status).toBe(200);
    const first = await h.createSimulation('pets:v1');
    await h.createSimulation('pets:v1');
    expectProblem(await worldAction(h, w.id, 'start'), 429, 'simulation_quota_exceeded');
    const after = await world(h, w.id);
    expect(after.status).toBe('stopped');
    expect(Object.values(after.members).map((m) => m.status)).toEqual(['stopped', 'stopped']);
    expect((await quota(h)).active_simulations.used).toBe(2);

    expect((await h.request('POST', `/v1/simulations/${first.id}/stop`)).status).toBe(200);
    const started = await worldAction(h, w.id, 'start');
    expect(started.status, started.text()).toBe(200);
    expect(started.json()).toMatchObject({ status: 'running' });
    expect((await h.sim({ id: pets!, token }, 'GET', '/pets', { headers: PETSTORE_AUTH })).text()).toBe(before);
    expect((await quota(h)).active_simulations.used).toBe(3);
  });

  it('starts no member when one cannot start: the World stays stopped', async () => {
    const { h, runtime } = await simulationHarness();
    const w = await builtWorld(h, { simulators: ['pets:v1', 'pets:v1'] });
    expect((await worldAction(h, w.id, 'stop')).status).toBe(200);
    runtime.mode = 'throw';
    expectProblem(await worldAction(h, w.id, 'start'), 503, 'simulation_provider_unavailable');
    const after = await world(h, w.id);
    expect(after.status).toBe('stopped');
    expect(Object.values(after.members).map((m) => m.status)).toEqual(['stopped', 'stopped']);
    runtime.mode = 'ok';
    expect((await worldAction(h, w.id, 'start')).json()).toMatchObject({ status: 'running' });
  });

  it('deletes a World with its members and their saved state; a Simulator in use cannot be deleted meanwhile', async () => {
    const { h, simulatorId } = await simulationHarness();
    const w = await builtWorld(h, { simulators: ['pets:v1', 'pets:v1'] });
    expectProblem(await h.request('DELETE', `/v1/simulators/${simulatorId}`), 409, 'simulator_in_use');
    await worldAction(h, w.id, 'stop');
    expectProblem(await h.request('DELETE', `/v1/simulators/${simulatorId}`), 409, 'simulator_in_use');
    expect((await h.request('DELETE', `/v1/worlds/${w.id}`)).status).toBe(204);
    for (const id of Object.values(memberIds(w))) expectProblem(await h.request('GET', `/v1/simulations/${id}`), 404, 'simulation_not_found');
    expect(await simulationIds(h)).toEqual([]);
    expectProblem(await h.request('DELETE', `/v1/worlds/${w.id}`), 404, 'world_not_found');
    // A failed World still names its Simulator until it is deleted.
    const failed = await createWorld(h, { simulators: ['pets:v1'] });
    expect((await worldAction(h, failed.id, 'cancel')).status).toBe(200);
    await h.settled();
    expectProblem(await h.request('DELETE', `/v1/simulators/${simulatorId}`), 409, 'simulator_in_use');
    expect((await h.request('DELETE', `/v1/worlds/${failed.id}`)).status).toBe(204);
    expect((await h.request('DELETE', `/v1/simulators/${simulatorId}`)).status).toBe(204);
  });

  it('refuses stop, start, cancel and delete while the World\'s clock advances (409 clock_conflict)', async () => {
    const { h } = await simulationHarness();
    const w = await builtWorld(h, { simulators: ['pets:v1'] });
    const repository = h.plane.ports.worldRepository;
    await repository.update(w.id, {}, { activeAdvanceId: 'adv_01J00000000000000000000000' });
    expect((await world(h, w.id)).active_advance_id).toBe('adv_01J00000000000000000000000');
    expectProblem(await worldAction(h, w.id, 'stop'), 409, 'clock_conflict');
    expectProblem(await worldAction(h, w.id, 'cancel'), 409, 'clock_conflict');
    expectProblem(await h.request('DELETE', `/v1/worlds/${w.id}`), 409, 'clock_conflict');
    await repository.update(w.id, {}, { activeAdvanceId: null, status: 'stopped' });
    await repository.update(w.id, {}, { activeAdvanceId: 'adv_01J00000000000000000000000' });
    expectProblem(await worldAction(h, w.id, 'start'), 409, 'clock_conflict');
    await repository.update(w.id, {}, { activeAdvanceId: null, status: 'running' });
    expect((await h.request('DELETE', `/v1/worlds/${w.id}`)).status).toBe(204);
  });
});

describe('members', () => {
  it('are managed only through their World; their data plane, steps, tokens and forks work as any Simulation\'s', async () => {
    const { h } = await simulationHarness();
    const w = await builtWorld(h, { simulators: ['pets:v1'] });
    const { pets } = memberIds(w);
    expectProblem(await h.request('POST', `/v1/simulations/${pets}/stop`), 409, 'simulation_world_owned');
    expectProblem(await h.request('POST', `/v1/simulations/${pets}/start`), 409, 'simulation_world_owned');
    expectProblem(await h.request('DELETE', `/v1/simulations/${pets}`), 409, 'simulation_world_owned');
    expectProblem(
      await h.request('POST', `/v1/simulations/${pets}/advance-time`, { json: { to: '2024-02-01T00:00:00Z' }, headers: { 'idempotency-key': 'k1' } }),
      409,
      'simulation_world_owned',
    );
    const minted = await h.request('POST', `/v1/simulations/${pets}/tokens`, { json: { ttl_seconds: 600 } });
    expect(minted.status).toBe(201);
    const member = { id: pets!, token: minted.json<{ token: string }>().token };
    expectProblem(await h.sim({ id: pets! }, 'GET', '/pets', { headers: PETSTORE_AUTH }), 401, 'auth_invalid');
    const created = await h.sim(member, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    expect(created.status, created.text()).toBe(201);
    const steps = (await h.request('GET', `/v1/simulations/${pets}/steps`)).json<{ steps: Array<{ label: string }> }>().steps;
    expect(steps.map((s) => s.label)).toEqual(['POST /pets']);

    const fork = await h.request('POST', `/v1/simulations/${pets}/fork`, { json: { name: 'copy' } });
    expect(fork.status, fork.text()).toBe(201);
    const child = fork.json<SimulationView & { token: string }>();
    expect(child).toMatchObject({ world_id: null, parent_id: pets, status: 'running' });
    expect((await h.sim(child, 'GET', '/pets', { headers: PETSTORE_AUTH })).text()).toBe((await h.sim(member, 'GET', '/pets', { headers: PETSTORE_AUTH })).text());
    expect((await h.request('POST', `/v1/simulations/${child.id}/stop`)).status).toBe(200);
    expect((await h.request('DELETE', `/v1/simulations/${child.id}`)).status).toBe(204);
    expect((await world(h, w.id)).members.pets).toEqual({ simulation_id: pets, status: 'running' });
  });
});
