import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationView, SimulationWithToken } from '@simplane/core';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);

interface Page {
  simulations: SimulationView[];
  next_cursor: string | null;
}

describe('POST /v1/simulations', () => {
  it('creates a running Simulation with the documented fields and a token', async () => {
    const { h, simulatorId } = await simulationHarness();
    const created = await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1', seed: 'abc', ttl_seconds: 3600, metadata: { team: 'qa' } } });
    expect(created.status, created.text()).toBe(201);
    const body = created.json<SimulationWithToken>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'id', 'name', 'simulator_id', 'simulator_digest', 'parent_id', 'world_id', 'status', 'endpoint', 'seed', 'start_time', 'current_time',
        'active_advance_id', 'step', 'ttl_seconds', 'expires_at', 'metadata', 'created_at', 'token', 'token_expires_at',
      ].sort(),
    );
    expect(body).toMatchObject({
      simulator_id: simulatorId,
      parent_id: null,
      world_id: null,
      status: 'running',
      endpoint: `/sim/${body.id}`,
      seed: 'abc',
      start_time: '2024-01-01T00:00:00.000Z',
      current_time: '2024-01-01T00:00:00.000Z',
      active_advance_id: null,
      step: 0,
      ttl_seconds: 3600,
      metadata: { team: 'qa' },
      name: 'pets',
    });
    expect(body.id).toMatch(/^sim_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(body.simulator_digest).toMatch(/^sha256:/);
    expect(Date.parse(body.expires_at!) - Date.parse(body.created_at)).toBe(3_600_000);
    expect(body.token.length).toBeGreaterThan(30);
    const read = await h.request('GET', `/v1/simulations/${body.id}`);
    expect(read.json()).toEqual(Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'token' && k !== 'token_expires_at')));
  });

  it('accepts a Simulator ID, a start time and sample_records', async () => {
    const { h, simulatorId } = await simulationHarness();
    const sim = await h.createSimulation(simulatorId, { start_time: '2030-05-06T07:08:09Z', sample_records: 0, name: 'empty' });
    expect(sim).toMatchObject({ start_time: '2030-05-06T07:08:09.000Z', current_time: '2030-05-06T07:08:09.000Z', name: 'empty', ttl_seconds: null, expires_at: null });
    const list = await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH });
    expect(list.status).toBe(200);
    expect(list.json()).toEqual([]);
  });

  it('refuses unknown and unready Simulators and bad fields', async () => {
    const { h } = await simulationHarness();
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'nope:v1' } }), 400, 'simulator_unknown');
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'smr_01J00000000000000000000000' } }), 400, 'simulator_unknown');
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1', ttl_seconds: 59 } }), 422, 'validation');
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1', ttl_seconds: 2_592_001 } }), 422, 'validation');
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1', sample_records: 1001 } }), 422, 'validation');
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1', extra: 1 } }), 422, 'validation');
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1', start_time: 'yesterday' } }), 422, 'validation');
    expectProblem(await h.request('POST', '/v1/simulations', { json: {} }), 422, 'validation');
    expect(expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1', seed: 'a\u0000b' } }), 422, 'validation').detail).toMatch(/^seed: /);
    expectProblem(await h.request('POST', '/v1/simulations', { body: '{', headers: { 'content-type': 'application/json' } }), 400, 'bad_request');
    // Metadata nested 150,000 levels (900 KB) is refused before anything recurses through it.
    const deep = `{"simulator_id":"pets:v1","metadata":{"a":${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}}}`;
    const tooDeep = await h.request('POST', '/v1/simulations', { body: deep, headers: { 'content-type': 'application/json' } });
    expectProblem(tooDeep, 400, 'bad_request');
    expect(tooDeep.text()).toContain('deeper than 512 levels');
    const nested = `{"simulator_id":"pets:v1","metadata":{"a":${'['.repeat(500)}${']'.repeat(500)}}}`;
    expect((await h.request('POST', '/v1/simulations', { body: nested, headers: { 'content-type': 'application/json' } })).status).toBe(201);
    const other = await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' }, apiKey: h.keys.beta! });
    expectProblem(other, 400, 'simulator_unknown');
    const failed = await h.upload('openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses: {"200": {$ref: "#/components/responses/Missing"}}\n', {});
    await h.settled();
    const id = failed.json<{ id: string }>().id;
    expect((await h.request('GET', `/v1/simulators/${id}`)).json()).toMatchObject({ status: 'failed' });
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: id } }), 409, 'simulator_not_ready');
  });
});

describe('reading and listing', () => {
  it('lists newest first, pages, and filters by status and Simulator', async () => {
    const { h, simulatorId } = await simulationHarness();
    const made: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      made.push((await h.createSimulation('pets:v1')).id);
      h.clock.advance(1000);
    }
    await h.request('POST', `/v1/simulations/${made[0]}/stop`);
    const first = (await h.request('GET', '/v1/simulations?limit=2')).json<Page>();
    expect(first.simulations.map((s) => s.id)).toEqual([made[2], made[1]]);
    const second = (await h.request('GET', `/v1/simulations?limit=2&cursor=${first.next_cursor}`)).json<Page>();
    expect(second).toMatchObject({ next_cursor: null });
    expect(second.simulations.map((s) => s.id)).toEqual([made[0]]);
    expect((await h.request('GET', '/v1/simulations?status=stopped')).json<Page>().simulations.map((s) => s.id)).toEqual([made[0]]);
    expect((await h.request('GET', `/v1/simulations?simulator=${simulatorId}`)).json<Page>().simulations).toHaveLength(3);
    expect((await h.request('GET', '/v1/simulations?simulator=pets:v1&status=running')).json<Page>().simulations).toHaveLength(2);
    expectProblem(await h.request('GET', '/v1/simulations?status=sleeping'), 400, 'bad_request');
    // An empty or repeated filter is an invalid filter too (SPEC section 7), not a schema violation.
    expectProblem(await h.request('GET', '/v1/simulations?status='), 400, 'bad_request');
    expectProblem(await h.request('GET', '/v1/simulations?status=running&status=stopped'), 400, 'bad_request');
    expectProblem(await h.request('GET', '/v1/simulations?simulator='), 400, 'bad_request');
    expectProblem(await h.request('GET', '/v1/simulations?simulator=ghost:v1'), 400, 'simulator_unknown');
    expectProblem(await h.request('GET', '/v1/simulations?cursor=forged'), 400, 'bad_request');
    expect((await h.request('GET', '/v1/simulations', { apiKey: h.keys.beta! })).json<Page>().simulations).toEqual([]);
  });

  it('answers 404 for unknown or malformed IDs and 403 for another workspace', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    expectProblem(await h.request('GET', '/v1/simulations/sim_01J00000000000000000000000'), 404, 'simulation_not_found');
    expectProblem(await h.request('GET', '/v1/simulations/nonsense'), 404, 'simulation_not_found');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('DELETE', `/v1/simulations/${sim.id}`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}`, { apiKey: null }), 401, 'auth_invalid');
  });
});

describe('stop, start and delete', () => {
  it('stops (saving state, freeing the slot) and starts again with the state restored exactly', async () => {
    const { h } = await simulationHarness({ config: { quotas: { active_simulations: 1 } } });
    const sim = await h.createSimulation('pets:v1', { seed: 's1' });
    const created = await h.sim(sim, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    expect(created.status).toBe(201);
    const before = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).body;
    const stopped = await h.request('POST', `/v1/simulations/${sim.id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', step: 1 });
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).json()).toMatchObject({ status: 'stopped' });
    expect((await h.request('GET', '/v1/quota')).json()).toMatchObject({ active_simulations: { used: 0, limit: 1 } });
    expectProblem(await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH }), 409, 'simulation_stopped');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps`), 409, 'simulation_stopped');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/1`), 409, 'simulation_stopped');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: {} }), 409, 'simulation_stopped');
    // The slot is free: another Simulation fits, and then starting this one is over the quota.
    const other = await h.createSimulation('pets:v1');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/start`), 429, 'simulation_quota_exceeded');
    await h.request('DELETE', `/v1/simulations/${other.id}`);
    const started = await h.request('POST', `/v1/simulations/${sim.id}/start`);
    expect(started.status, started.text()).toBe(200);
    const body = started.json<SimulationWithToken>();
    expect(body).toMatchObject({ status: 'running', step: 1 });
    // The old token survives stop and start; the new one works too.
    expect((await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).body).toEqual(before);
    expect((await h.sim({ id: sim.id, token: body.token }, 'GET', '/pets', { headers: PETSTORE_AUTH })).body).toEqual(before);
    const again = await h.sim(sim, 'POST', '/pets', { json: { name: 'Fido' }, headers: PETSTORE_AUTH });
    expect(again.status).toBe(201);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 2 });
    expect((await h.request('POST', `/v1/simulations/${sim.id}/start`)).json()).toMatchObject({ status: 'running', step: 2 });
  });

  it('deletes a Simulation with its state and steps', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    await h.sim(sim, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    const deleted = await h.request('DELETE', `/v1/simulations/${sim.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body.length).toBe(0);
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}`), 404, 'simulation_not_found');
    expectProblem(await h.request('DELETE', `/v1/simulations/${sim.id}`), 404, 'simulation_not_found');
    expectProblem(await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH }), 404, 'simulation_not_found');
    const steps = h.plane.ports.stepLog;
    expect(await steps.head(sim.id)).toBe(0);
    expect(await steps.latestSnapshot(sim.id, 10)).toBeNull();
  });

  it('answers requests that waited behind a delete or a stop as it would answer them afterwards', async () => {
    const { h, steps } = await simulationHarness();
    for (const [change, status, code] of [['DELETE', 404, 'simulation_not_found'], ['stop', 409, 'simulation_stopped']] as const) {
      const sim = await h.createSimulation('pets:v1');
      const post = () => h.sim(sim, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
      // The first create holds the Simulation's queue in its append; the change queues behind
      // it, and five more creates behind the change.
      const release = steps.holdAppends();
      const first = post();
      await new Promise((resolve) => setImmediate(resolve));
      const changed = change === 'DELETE' ? h.request('DELETE', `/v1/simulations/${sim.id}`) : h.request('POST', `/v1/simulations/${sim.id}/stop`);
      await new Promise((resolve) => setImmediate(resolve));
      const waiting = Array.from({ length: 5 }, post);
      await new Promise((resolve) => setImmediate(resolve));
      release();
      expect((await first).status).toBe(201);
      expect((await changed).status).toBe(change === 'DELETE' ? 204 : 200);
      // Retrying cannot help them: they get what a request sent after the change gets.
      for (const answer of await Promise.all(waiting)) expectProblem(answer, status, code);
    }
  });

  it('refuses to delete a Simulator while Simulations use it', async () => {
    const { h, simulatorId } = await simulationHarness();
    const sim = await h.createSimulation(simulatorId);
    expectProblem(await h.request('DELETE', `/v1/simulators/${simulatorId}`), 409, 'simulator_in_use');
    await h.request('POST', `/v1/simulations/${sim.id}/stop`);
    expectProblem(await h.request('DELETE', `/v1/simulators/${simulatorId}`), 409, 'simulator_in_use');
    await h.request('DELETE', `/v1/simulations/${sim.id}`);
    expect((await h.request('DELETE', `/v1/simulators/${simulatorId}`)).status).toBe(204);
  });
});

describe('tokens', () => {
  it('issues tokens with a lifetime, read-only or not, and refuses bad lifetimes', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const issued = await h.request('POST', `/v1/simulations/${sim.id}/tokens`, { json: { ttl_seconds: 60, read_only: true } });
    expect(issued.status).toBe(201);
    const token = issued.json<{ token: string; expires_at: string; read_only: boolean }>();
    expect(Object.keys(token).sort()).toEqual(['expires_at', 'read_only', 'token']);
    expect(token.read_only).toBe(true);
    expect(Date.parse(token.expires_at) - h.clock.now().getTime()).toBe(60_000);
    expect((await h.sim({ id: sim.id, token: token.token }, 'GET', '/pets', { headers: PETSTORE_AUTH })).status).toBe(200);
    h.clock.advance(60_000);
    expectProblem(await h.sim({ id: sim.id, token: token.token }, 'GET', '/pets', { headers: PETSTORE_AUTH }), 401, 'auth_invalid');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/tokens`, { json: { ttl_seconds: 59 } }), 422, 'validation');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/tokens`, { json: { ttl_seconds: 86_401 } }), 422, 'validation');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/tokens`, { json: {} }), 422, 'validation');
    expectProblem(await h.request('POST', '/v1/simulations/sim_01J00000000000000000000000/tokens', { json: { ttl_seconds: 60 } }), 404, 'simulation_not_found');
  });
});

describe('World members', () => {
  it('refuses stop, start and delete of a World-owned Simulation', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const repo = h.plane.ports.simulationRepository;
    await repo.update(sim.id, {}, { worldId: 'wld_01J00000000000000000000000' });
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/stop`), 409, 'simulation_world_owned');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/start`), 409, 'simulation_world_owned');
    expectProblem(await h.request('DELETE', `/v1/simulations/${sim.id}`), 409, 'simulation_world_owned');
  });
});
