import { afterEach, describe, expect, it } from 'vitest';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);

describe('idle Simulations', () => {
  it('are unloaded (paused) after the idle time, keep their slot, and wake on the next request with their state', async () => {
    const { h, runtime } = await simulationHarness({ config: { simulation_idle_seconds: 300, max_simulations: 1 } });
    const sim = await h.createSimulation('pets:v1');
    await h.sim(sim, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    const before = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).body;
    h.clock.advance(299_000);
    expect((await h.sweep()).paused).toBe(0);
    h.clock.advance(2_000);
    expect((await h.sweep()).paused).toBe(1);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ status: 'paused', step: 1 });
    expect((await h.request('GET', '/v1/quota')).json()).toMatchObject({ active_simulations: { used: 1 } });
    // Unloaded, it frees process capacity.
    const other = await h.createSimulation('pets:v1');
    expectProblem(await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH }), 429, 'simulation_capacity');
    await h.request('DELETE', `/v1/simulations/${other.id}`);
    const loads = runtime.loads;
    const woken = await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH });
    expect(woken.body.equals(before)).toBe(true);
    expect(runtime.loads).toBe(loads + 1);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ status: 'running' });
  });

  it('can be stopped, forked and listed while paused', async () => {
    const { h } = await simulationHarness({ config: { simulation_idle_seconds: 60 } });
    const sim = await h.createSimulation('pets:v1');
    await h.sim(sim, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    h.clock.advance(61_000);
    await h.sweep();
    expect((await h.request('GET', `/v1/simulations/${sim.id}/steps`)).status).toBe(200);
    expect((await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: {} })).status).toBe(201);
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).json()).toMatchObject({ status: 'stopped', step: 1 });
    expect((await h.request('POST', `/v1/simulations/${sim.id}/start`)).status).toBe(200);
    const list = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<Array<{ name: string }>>();
    expect(list.map((p) => p.name)).toContain('Rex');
  });
});

describe('running Simulations out of memory', () => {
  it('a fork nobody requests is paused after the idle time and wakes with the state at its step', async () => {
    const { h } = await simulationHarness({ config: { simulation_idle_seconds: 60 } });
    const parent = await h.createSimulation('pets:v1', { sample_records: 0 });
    await h.sim(parent, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    const fork = (await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: {} })).json<{ id: string; token: string }>();
    const stopped = (await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: {} })).json<{ id: string }>();
    await h.request('POST', `/v1/simulations/${stopped.id}/stop`);
    h.clock.advance(59_000);
    await h.sim(parent, 'GET', '/pets', { headers: PETSTORE_AUTH });
    expect((await h.sweep()).paused).toBe(0);
    h.clock.advance(2_000);
    // The parent was used a second ago; the fork has waited 61 s; the stopped fork stays stopped.
    expect((await h.sweep()).paused).toBe(1);
    expect((await h.request('GET', `/v1/simulations/${fork.id}`)).json()).toMatchObject({ status: 'paused', step: 1 });
    expect((await h.request('GET', `/v1/simulations/${parent.id}`)).json()).toMatchObject({ status: 'running' });
    expect((await h.request('GET', `/v1/simulations/${stopped.id}`)).json()).toMatchObject({ status: 'stopped' });
    expect((await h.request('GET', '/v1/quota')).json()).toMatchObject({ active_simulations: { used: 2 } });
    const pets = (await h.sim(fork, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<Array<{ name: string }>>();
    expect(pets.map((p) => p.name)).toEqual(['Rex']);
    expect((await h.request('GET', `/v1/simulations/${fork.id}`)).json()).toMatchObject({ status: 'running' });
    // Loaded now, it is an ordinary idle Simulation: not paused again before its own idle time.
    expect((await h.sweep()).paused).toBe(0);
  });

  it('a Simulation dropped after a runtime failure is paused after the idle time unless a request loads it first', async () => {
    const { h, runtime } = await simulationHarness({ config: { simulation_idle_seconds: 60 } });
    const dropped = await h.createSimulation('pets:v1', { sample_records: 0 });
    const reloaded = await h.createSimulation('pets:v1', { sample_records: 0 });
    for (const sim of [dropped, reloaded]) {
      runtime.failingRequests = 1;
      expectProblem(await h.sim(sim, 'POST', '/pets', { json: { name: 'lost' }, headers: PETSTORE_AUTH }), 503, 'simulation_unreachable');
    }
    h.clock.advance(59_000);
    expect((await h.sim(reloaded, 'GET', '/pets', { headers: PETSTORE_AUTH })).status).toBe(200);
    h.clock.advance(2_000);
    expect((await h.sweep()).paused).toBe(1);
    expect((await h.request('GET', `/v1/simulations/${dropped.id}`)).json()).toMatchObject({ status: 'paused' });
    expect((await h.request('GET', `/v1/simulations/${reloaded.id}`)).json()).toMatchObject({ status: 'running' });
    expect((await h.sim(dropped, 'POST', '/pets', { json: { name: 'kept' }, headers: PETSTORE_AUTH })).status).toBe(201);
    expect((await h.request('GET', `/v1/simulations/${dropped.id}`)).json()).toMatchObject({ status: 'running', step: 1 });
  });
});

describe('the latest step', () => {
  it('is written to the step log alone while running, and a state dropped after a runtime failure is rebuilt from the log', async () => {
    const { h, runtime } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    for (const name of ['a', 'b', 'c']) expect((await h.sim(sim, 'POST', '/pets', { json: { name }, headers: PETSTORE_AUTH })).status).toBe(201);
    const records = h.plane.ports.simulationRepository;
    // A step is one log append: the record keeps the step of its last lifecycle change.
    expect((await records.get(sim.id))!.step).toBe(0);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 3 });
    expect((await h.request('GET', '/v1/simulations')).json()).toMatchObject({ simulations: [{ id: sim.id, step: 3 }] });
    runtime.failingRequests = 1;
    expectProblem(await h.sim(sim, 'POST', '/pets', { json: { name: 'lost' }, headers: PETSTORE_AUTH }), 503, 'simulation_unreachable');
    // Dropped from memory, the Simulation's record now holds the log's step.
    expect((await records.get(sim.id))!.step).toBe(3);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 3 });
    // The half-changed state was dropped; the next request loads the state at the log's head.
    expect((await h.sim(sim, 'POST', '/pets', { json: { name: 'd' }, headers: PETSTORE_AUTH })).status).toBe(201);
    const steps = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: Array<{ step: number }> }>();
    expect(steps.steps.map((s) => s.step)).toEqual([1, 2, 3, 4]);
    const names = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<Array<{ name: string }>>().map((p) => p.name);
    expect(names).toEqual(['a', 'b', 'c', 'd']);
    // Forking at the latest step and stopping both use the live step, not the record's.
    expect((await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: {} })).json()).toMatchObject({ step: 4 });
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: 5 } }), 422, 'validation');
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).json()).toMatchObject({ status: 'stopped', step: 4 });
    expect((await records.get(sim.id))!.step).toBe(4);
    expect((await h.request('POST', `/v1/simulations/${sim.id}/start`)).json()).toMatchObject({ status: 'running', step: 4 });
    expect((await h.sim(sim, 'POST', '/pets', { json: { name: 'e' }, headers: PETSTORE_AUTH })).status).toBe(201);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 5 });
  });
});

describe('step storage failures', () => {
  it('a step that cannot be recorded is not kept: 503, and the next request starts from the log', async () => {
    const { h, steps } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    expect((await h.sim(sim, 'POST', '/pets', { json: { name: 'a' }, headers: PETSTORE_AUTH })).status).toBe(201);
    steps.failingAppends = 1;
    expectProblem(await h.sim(sim, 'POST', '/pets', { json: { name: 'unrecorded' }, headers: PETSTORE_AUTH }), 503, 'simulation_unreachable');
    expect((await h.sim(sim, 'POST', '/pets', { json: { name: 'b' }, headers: PETSTORE_AUTH })).status).toBe(201);
    const names = (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).json<Array<{ name: string }>>().map((p) => p.name);
    expect(names).toEqual(['a', 'b']);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 2 });
  });

  it('a snapshot that cannot be saved fails no request and is saved after the next step', async () => {
    const { h, steps } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    const log = h.plane.ports.stepLog;
    for (let i = 1; i < 64; i += 1) expect((await h.sim(sim, 'POST', '/pets', { json: { name: `p${i}` }, headers: PETSTORE_AUTH })).status).toBe(201);
    steps.failingSnapshots = 1;
    // Step 64 is due a snapshot; saving it fails, the request does not.
    expect((await h.sim(sim, 'POST', '/pets', { json: { name: 'p64' }, headers: PETSTORE_AUTH })).status).toBe(201);
    expect((await log.latestSnapshot(sim.id, 64))!.step).toBe(0);
    expect((await h.sim(sim, 'POST', '/pets', { json: { name: 'p65' }, headers: PETSTORE_AUTH })).status).toBe(201);
    expect((await log.latestSnapshot(sim.id, 65))!.step).toBe(65);
  });
});

describe('snapshots of a large state', () => {
  it('are written a slice with each following request, and hold the state of their step', async () => {
    const { h } = await simulationHarness({ snapshotSliceRecords: 8 });
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    const log = h.plane.ports.stepLog;
    for (let i = 1; i <= 64; i += 1) expect((await h.sim(sim, 'POST', '/pets', { json: { name: `p${i}` }, headers: PETSTORE_AUTH })).status).toBe(201);
    // Step 64 is due a snapshot of 64 records: eight slices of eight, one per request, reads
    // included, while the requests change the state.
    expect((await log.latestSnapshot(sim.id, 64))!.step).toBe(0);
    for (let i = 65; i <= 71; i += 1) expect((await h.sim(sim, 'POST', '/pets', { json: { name: `p${i}` }, headers: PETSTORE_AUTH })).status).toBe(201);
    expect((await log.latestSnapshot(sim.id, 71))!.step).toBe(0);
    expect((await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).status).toBe(200);
    const saved = (await log.latestSnapshot(sim.id, 71))!;
    expect(saved.step).toBe(64);
    const snapshot = JSON.parse(Buffer.from(saved.bytes).toString('utf8')) as { seeded: string[]; collections: Array<[string, Array<[string, { name: string }]>]> };
    expect(snapshot.seeded).toContain('pets');
    const names = new Map(snapshot.collections).get('pets')!.map(([, pet]) => pet.name);
    expect(names).toEqual(Array.from({ length: 64 }, (_, i) => `p${i + 1}`));
    // Forks on and past it see exactly their steps.
    const onIt = (await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: 64 } })).json<{ id: string; token: string }>();
    expect((await h.sim(onIt, 'GET', '/pets?limit=100', { headers: PETSTORE_AUTH })).json<unknown[]>()).toHaveLength(64);
    const past = (await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: 71 } })).json<{ id: string; token: string }>();
    expect((await h.sim(past, 'GET', '/pets?limit=100', { headers: PETSTORE_AUTH })).json<unknown[]>()).toHaveLength(71);
  });

  it('leave with their Simulation: one stopped meanwhile serialises nothing, and starts again from the log', async () => {
    const { h } = await simulationHarness({ snapshotSliceRecords: 8 });
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    const log = h.plane.ports.stepLog;
    for (let i = 1; i <= 66; i += 1) await h.sim(sim, 'POST', '/pets', { json: { name: `p${i}` }, headers: PETSTORE_AUTH });
    expect((await log.latestSnapshot(sim.id, 66))!.step).toBe(0);
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).json()).toMatchObject({ status: 'stopped', step: 66 });
    // The log holds the state already (snapshot of step 0 and 66 steps): a stop writes no snapshot.
    expect((await log.latestSnapshot(sim.id, 66))!.step).toBe(0);
    const started = (await h.request('POST', `/v1/simulations/${sim.id}/start`)).json<{ token: string }>();
    const pets = (await h.sim({ id: sim.id, token: started.token }, 'GET', '/pets?limit=100', { headers: PETSTORE_AUTH })).json<Array<{ name: string }>>();
    expect(pets.map((p) => p.name)).toEqual(Array.from({ length: 66 }, (_, i) => `p${i + 1}`));
    for (let i = 0; i < 10; i += 1) await h.sim({ id: sim.id, token: started.token }, 'GET', '/pets', { headers: PETSTORE_AUTH });
    // The pending snapshot of step 64 went with the stopped state: none is written later.
    expect((await log.latestSnapshot(sim.id, 66))!.step).toBe(0);
  });
});

describe('expiry', () => {
  it('deletes an expired Simulation and its state, by the sweeper or on access', async () => {
    const { h } = await simulationHarness();
    const swept = await h.createSimulation('pets:v1', { ttl_seconds: 60 });
    const touched = await h.createSimulation('pets:v1', { ttl_seconds: 120 });
    const forever = await h.createSimulation('pets:v1');
    await h.sim(swept, 'POST', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    h.clock.advance(59_999);
    expect((await h.sweep()).expired).toBe(0);
    h.clock.advance(1);
    expect((await h.sweep()).expired).toBe(1);
    expectProblem(await h.request('GET', `/v1/simulations/${swept.id}`), 404, 'simulation_not_found');
    const steps = h.plane.ports.stepLog;
    expect(await steps.head(swept.id)).toBe(0);
    expect(await steps.latestSnapshot(swept.id, 100)).toBeNull();
    h.clock.advance(60_000);
    expectProblem(await h.sim(touched, 'GET', '/pets', { headers: PETSTORE_AUTH }), 404, 'simulation_not_found');
    expectProblem(await h.request('GET', `/v1/simulations/${touched.id}`), 404, 'simulation_not_found');
    expect((await h.request('GET', `/v1/simulations/${forever.id}`)).status).toBe(200);
    expect((await h.request('GET', '/v1/quota')).json()).toMatchObject({ active_simulations: { used: 1 } });
  });

  it('never lists an expired Simulation nor counts it against the quota, before any sweep', async () => {
    const { h } = await simulationHarness({ config: { quotas: { active_simulations: 2 } } });
    const brief = await h.createSimulation('pets:v1', { ttl_seconds: 60 });
    const parent = await h.createSimulation('pets:v1', { ttl_seconds: 600 });
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' } }), 429, 'simulation_quota_exceeded');
    h.clock.advance(60_000);
    const listed = (await h.request('GET', '/v1/simulations')).json<{ simulations: Array<{ id: string }> }>();
    expect(listed.simulations.map((s) => s.id)).toEqual([parent.id]);
    expect((await h.request('GET', '/v1/quota')).json()).toMatchObject({ active_simulations: { used: 1 } });
    // At the limit again, the fork finds the slot an expiry frees, with no sweep between.
    const other = await h.createSimulation('pets:v1', { ttl_seconds: 60 });
    h.clock.advance(60_000);
    expect((await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: {} })).status).toBe(201);
    expectProblem(await h.request('GET', `/v1/simulations/${other.id}`), 404, 'simulation_not_found');
    expectProblem(await h.request('GET', `/v1/simulations/${brief.id}`), 404, 'simulation_not_found');
    expect((await h.sweep()).expired).toBe(0);
  });
});
