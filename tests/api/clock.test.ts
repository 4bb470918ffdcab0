import { afterEach, describe, expect, it } from 'vitest';
import type { ClockAdvanceView, SimulationView } from '@simplane/core';
import type { Harness } from '@simplane/harness';
import { advance, advanced, settled, simulation, START, steps } from '../support/clock.js';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);

type Sim = { id: string; token: string };

async function createPet(h: Harness, sim: Sim, name: string): Promise<{ id: string; created_at: string }> {
  const reply = await h.sim(sim, 'POST', '/pets', { json: { name }, headers: PETSTORE_AUTH });
  expect(reply.status, reply.text()).toBe(201);
  return reply.json();
}

describe('POST /v1/simulations/{id}/advance-time', () => {
  it('moves the clock with nothing due: 202 pending, then completed with no step, and later records take the new time', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { seed: 'clock' });
    const accepted = await advance(h, sim.id, '2024-03-01T00:00:00Z');
    expect(accepted.status, accepted.text()).toBe(202);
    const view = accepted.json<ClockAdvanceView>();
    expect(Object.keys(view).sort()).toEqual(['created_at', 'error', 'event_count', 'from', 'id', 'members', 'status', 'step', 'to']);
    expect(view.id).toMatch(/^adv_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(view).toMatchObject({ status: 'pending', from: START, to: '2024-03-01T00:00:00.000Z', event_count: 0, step: null, members: [], error: null });
    const done = await settled(h, sim.id, view.id);
    expect(done).toEqual({ ...view, status: 'completed' });
    expect(await simulation(h, sim.id)).toMatchObject({ current_time: '2024-03-01T00:00:00.000Z', start_time: START, active_advance_id: null, step: 0 });
    expect(await steps(h, sim.id)).toEqual([]);
    expect((await h.request('GET', `/v1/simulations/${sim.id}/advances/${view.id}/events`)).json()).toEqual({ events: [], next_cursor: null });
    expect((await createPet(h, sim, 'after')).created_at).toBe('2024-03-01T00:00:00.000Z');

    // Any RFC 3339 offset, kept in UTC; the current time itself is a target too.
    const offset = await advanced(h, sim.id, '2024-04-01T02:00:00+02:00');
    expect(offset).toMatchObject({ status: 'completed', from: '2024-03-01T00:00:00.000Z', to: '2024-04-01T00:00:00.000Z' });
    expect(await advanced(h, sim.id, '2024-04-01T00:00:00.000Z')).toMatchObject({ status: 'completed', from: '2024-04-01T00:00:00.000Z', to: '2024-04-01T00:00:00.000Z' });
    expect((await simulation(h, sim.id)).current_time).toBe('2024-04-01T00:00:00.000Z');
  });

  it('refuses a missing or oversized key, a bad or earlier target, and unknown or foreign Simulations', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    expectProblem(await advance(h, sim.id, '2024-02-01T00:00:00Z', null), 422, 'validation');
    expectProblem(await advance(h, sim.id, '2024-02-01T00:00:00Z', ''), 422, 'validation');
    expectProblem(await advance(h, sim.id, '2024-02-01T00:00:00Z', 'k'.repeat(257)), 422, 'validation');
    // 129 two-byte characters: 258 bytes.
    expectProblem(await advance(h, sim.id, '2024-02-01T00:00:00Z', 'é'.repeat(129)), 422, 'validation');
    expectProblem(await advance(h, sim.id, 'soon'), 422, 'validation');
    expectProblem(await advance(h, sim.id, 1_700_000_000), 422, 'validation');
    expectProblem(await advance(h, sim.id, '2023-12-31T23:59:59.999Z'), 422, 'validation');
    const extra = await h.request('POST', `/v1/simulations/${sim.id}/advance-time`, { json: { to: '2024-02-01T00:00:00Z', by: 1 }, headers: { 'idempotency-key': 'x' } });
    expectProblem(extra, 422, 'validation');
    const broken = await h.request('POST', `/v1/simulations/${sim.id}/advance-time`, { body: '{', headers: { 'idempotency-key': 'y', 'content-type': 'application/json' } });
    expectProblem(broken, 400, 'bad_request');
    const big = await h.request('POST', `/v1/simulations/${sim.id}/advance-time`, { body: JSON.stringify({ to: 'x'.repeat(1024 * 1024 + 1) }), headers: { 'idempotency-key': 'z', 'content-type': 'application/json' } });
    expectProblem(big, 413, 'payload_too_large');
    // Nothing was accepted, and a key of exactly 256 bytes is.
    expect((await h.request('GET', `/v1/simulations/${sim.id}/advances`)).json()).toEqual({ advances: [], next_cursor: null });
    expect((await advance(h, sim.id, '2024-02-01T00:00:00Z', 'k'.repeat(256))).status).toBe(202);

    expectProblem(await advance(h, 'sim_01J00000000000000000000000', '2024-02-01T00:00:00Z'), 404, 'simulation_not_found');
    expectProblem(await advance(h, 'nope', '2024-02-01T00:00:00Z'), 404, 'simulation_not_found');
    expectProblem(await advance(h, sim.id, '2024-02-01T00:00:00Z', 'foreign', h.keys.beta!), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/advances`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', '/v1/simulations/sim_01J00000000000000000000000/advances'), 404, 'simulation_not_found');
  });

  it('answers 404 clock_advance_not_found for an unknown, malformed or other Simulation’s advance', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const other = await h.createSimulation('pets:v1');
    const theirs = await advanced(h, other.id, '2024-02-01T00:00:00Z');
    for (const advanceId of ['adv_01J00000000000000000000000', 'nope', theirs.id]) {
      expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/advances/${advanceId}`), 404, 'clock_advance_not_found');
      expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/advances/${advanceId}/events`), 404, 'clock_advance_not_found');
    }
    expectProblem(await h.request('GET', `/v1/simulations/sim_01J00000000000000000000000/advances/${theirs.id}`), 404, 'simulation_not_found');
  });

  it('answers the same advance for a reused key and target, 409 clock_conflict for another target; keys are per Simulation', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const first = await advance(h, sim.id, '2024-02-01T00:00:00Z', 'monthly');
    const id = first.json<ClockAdvanceView>().id;
    const done = await settled(h, sim.id, id);
    const again = await advance(h, sim.id, '2024-02-01T00:00:00.000Z', 'monthly');
    expect(again.status).toBe(202);
    expect(again.json()).toEqual(done);
    expectProblem(await advance(h, sim.id, '2024-03-01T00:00:00Z', 'monthly'), 409, 'clock_conflict');
    expect((await simulation(h, sim.id)).current_time).toBe('2024-02-01T00:00:00.000Z');
    const other = await h.createSimulation('pets:v1');
    const theirs = await advance(h, other.id, '2024-03-01T00:00:00Z', 'monthly');
    expect(theirs.status).toBe(202);
    expect(theirs.json<ClockAdvanceView>().id).not.toBe(id);
  });

  it('holds the clock while an advance is active: another advance, stop, start, fork and delete answer 409 clock_conflict', async () => {
    const { h, steps: log } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    // A write holds the Simulation's queue (its step is stored slowly); the advance waits behind it.
    const release = log.holdAppends();
    const before = h.sim(sim, 'POST', '/pets', { json: { name: 'before' }, headers: PETSTORE_AUTH });
    const accepted = await advance(h, sim.id, '2024-06-01T00:00:00Z', 'held');
    expect(accepted.status).toBe(202);
    const view = accepted.json<ClockAdvanceView>();
    // Queued after the advance: it runs at the new time.
    const after = h.sim(sim, 'POST', '/pets', { json: { name: 'after' }, headers: PETSTORE_AUTH });
    expect(await simulation(h, sim.id)).toMatchObject({ active_advance_id: view.id, current_time: START });
    expect((await h.request('GET', `/v1/simulations/${sim.id}/advances/${view.id}`)).json()).toMatchObject({ status: 'pending' });

    expectProblem(await advance(h, sim.id, '2024-07-01T00:00:00Z'), 409, 'clock_conflict');
    expectProblem(await advance(h, sim.id, '2024-07-01T00:00:00Z', 'held'), 409, 'clock_conflict');
    const same = await advance(h, sim.id, '2024-06-01T00:00:00Z', 'held');
    expect(same.status).toBe(202);
    expect(same.json<ClockAdvanceView>().id).toBe(view.id);
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/stop`), 409, 'clock_conflict');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/start`), 409, 'clock_conflict');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: {} }), 409, 'clock_conflict');
    expectProblem(await h.request('DELETE', `/v1/simulations/${sim.id}`), 409, 'clock_conflict');

    release();
    expect((await before).json<{ created_at: string }>().created_at).toBe(START);
    expect((await after).json<{ created_at: string }>().created_at).toBe('2024-06-01T00:00:00.000Z');
    expect(await settled(h, sim.id, view.id)).toMatchObject({ status: 'completed', from: START, step: null });
    expect(await simulation(h, sim.id)).toMatchObject({ active_advance_id: null, current_time: '2024-06-01T00:00:00.000Z', step: 2 });
    expect((await steps(h, sim.id)).map((s) => [s.time_before, s.time_after])).toEqual([
      [START, START],
      ['2024-06-01T00:00:00.000Z', '2024-06-01T00:00:00.000Z'],
    ]);
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).status).toBe(200);
    expect((await h.request('POST', `/v1/simulations/${sim.id}/start`)).json()).toMatchObject({ status: 'running', current_time: '2024-06-01T00:00:00.000Z' });
  });

  it('answers 409 simulation_stopped for a stopped Simulation and 409 simulation_world_owned for a World member', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).status).toBe(200);
    expectProblem(await advance(h, sim.id, '2024-02-01T00:00:00Z'), 409, 'simulation_stopped');
    expect((await h.request('GET', `/v1/simulations/${sim.id}/advances`)).json()).toEqual({ advances: [], next_cursor: null });
    // No World can be built yet: make one a member as a World build would.
    const member = await h.createSimulation('pets:v1');
    const repository = h.plane.ports.simulationRepository;
    await repository.update(member.id, {}, { worldId: 'wld_01J00000000000000000000000' });
    expectProblem(await advance(h, member.id, '2024-02-01T00:00:00Z'), 409, 'simulation_world_owned');
  });

  it('fails an advance whose runtime throws, leaving the state and the clock as they were', async () => {
    const { h, runtime } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    await createPet(h, sim, 'kept');
    runtime.failingAdvances = 1;
    const failed = await advanced(h, sim.id, '2024-02-01T00:00:00Z');
    expect(failed).toMatchObject({ status: 'failed', step: null, event_count: 0, error: { code: 'internal' } });
    expect(failed.error!.detail.length).toBeGreaterThan(0);
    expect(await simulation(h, sim.id)).toMatchObject({ current_time: START, active_advance_id: null, step: 1 });
    const names = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<Array<{ name: string }>>().map((p) => p.name);
    expect(names).toEqual(['kept']);
    expect(await advanced(h, sim.id, '2024-02-01T00:00:00Z')).toMatchObject({ status: 'completed' });
  });
});

describe('GET /v1/simulations/{id}/advances', () => {
  it('lists advances newest first, in pages', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const ids: string[] = [];
    for (const month of ['02', '03', '04']) {
      ids.push((await advanced(h, sim.id, `2024-${month}-01T00:00:00Z`)).id);
      h.clock.advance(1000);
    }
    const first = (await h.request('GET', `/v1/simulations/${sim.id}/advances?limit=2`)).json<{ advances: ClockAdvanceView[]; next_cursor: string }>();
    expect(first.advances.map((a) => a.id)).toEqual([ids[2], ids[1]]);
    expect(first.advances[0]).toMatchObject({ status: 'completed', from: '2024-03-01T00:00:00.000Z', to: '2024-04-01T00:00:00.000Z' });
    const rest = (await h.request('GET', `/v1/simulations/${sim.id}/advances?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)).json<{ advances: ClockAdvanceView[]; next_cursor: null }>();
    expect(rest).toMatchObject({ advances: [{ id: ids[0] }], next_cursor: null });
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/advances?cursor=bogus`), 400, 'bad_request');
  });
});

describe('the clock and the step log', () => {
  it('forks keep the clock as it was at their step', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    await createPet(h, sim, 'one');
    await advanced(h, sim.id, '2024-05-01T00:00:00Z');
    expect((await createPet(h, sim, 'two')).created_at).toBe('2024-05-01T00:00:00.000Z');
    for (const [atStep, time] of [
      [0, START],
      [1, START],
      [2, '2024-05-01T00:00:00.000Z'],
    ] as const) {
      const reply = await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: atStep } });
      expect(reply.status, reply.text()).toBe(201);
      const child = reply.json<Sim & SimulationView>();
      expect(child.current_time).toBe(time);
      expect((await createPet(h, child, 'in the fork')).created_at).toBe(time);
      expect((await h.request('GET', `/v1/simulations/${child.id}/advances`)).json()).toEqual({ advances: [], next_cursor: null });
    }
  });

  it('is deterministic: one seed, the same requests and advances give the same bytes', async () => {
    const { h } = await simulationHarness();
    const answers: string[][] = [];
    const advances: ClockAdvanceView[][] = [];
    for (let twin = 0; twin < 2; twin += 1) {
      const sim = await h.createSimulation('pets:v1', { seed: 'same', name: 'twin' });
      const seen: string[] = [];
      const own: ClockAdvanceView[] = [];
      seen.push((await h.sim(sim, 'POST', '/pets', { json: { name: 'rex' }, headers: PETSTORE_AUTH })).text());
      own.push(await advanced(h, sim.id, '2024-02-10T10:00:00Z'));
      seen.push((await h.sim(sim, 'POST', '/pets', { json: { name: 'later' }, headers: PETSTORE_AUTH })).text());
      own.push(await advanced(h, sim.id, '2025-01-01T00:00:00Z'));
      seen.push((await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).text());
      seen.push((await h.sim(sim, 'POST', '/store/orders', { json: { pet_id: 'p', quantity: 1 }, headers: PETSTORE_AUTH })).text());
      answers.push(seen);
      advances.push(own);
    }
    expect(answers[1]).toEqual(answers[0]);
    const strip = (list: ClockAdvanceView[]) => list.map(({ id: _id, created_at: _at, ...rest }) => rest);
    expect(strip(advances[1]!)).toEqual(strip(advances[0]!));
  });
});
