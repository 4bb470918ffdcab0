import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationView, SimulatorView } from '@simplane/core';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);


async function listIds(h: Awaited<ReturnType<typeof simulationHarness>>['h']): Promise<string[]> {
  return (await h.request('GET', '/v1/simulations')).json<{ simulations: SimulationView[] }>().simulations.map((s) => s.id);
}

async function used(h: Awaited<ReturnType<typeof simulationHarness>>['h']): Promise<number> {
  return (await h.request('GET', '/v1/quota')).json<{ active_simulations: { used: number } }>().active_simulations.used;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('runtime failures on create, fork and start', () => {
  it('answers 500 simulation_template_missing when the artifact is gone, leaving nothing behind', async () => {
    const { h, simulatorId } = await simulationHarness();
    const live = await h.createSimulation('pets:v1');
    await h.request('POST', `/v1/simulations/${live.id}/stop`);
    const digest = (await h.request('GET', `/v1/simulators/${simulatorId}`)).json<SimulatorView>().digest!;
    await h.plane.ports.blobStore.delete(`artifacts/${digest.replace(':', '/')}`);
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' } }), 500, 'simulation_template_missing');
    expectProblem(await h.request('POST', `/v1/simulations/${live.id}/start`), 500, 'simulation_template_missing');
    expect(await listIds(h)).toEqual([live.id]);
    expect((await h.request('GET', `/v1/simulations/${live.id}`)).json()).toMatchObject({ status: 'stopped' });
    expect(await used(h)).toBe(0);
  });

  it('answers 503 simulation_provider_unavailable when the runtime cannot load, leaving nothing behind', async () => {
    const { h, runtime } = await simulationHarness();
    const parent = await h.createSimulation('pets:v1');
    const parked = await h.createSimulation('pets:v1');
    await h.request('POST', `/v1/simulations/${parked.id}/stop`);
    runtime.mode = 'throw';
    const created = await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' } });
    expectProblem(created, 503, 'simulation_provider_unavailable');
    expect(created.headers['retry-after']).toBeDefined();
    expectProblem(await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: {} }), 503, 'simulation_provider_unavailable');
    expectProblem(await h.request('POST', `/v1/simulations/${parked.id}/start`), 503, 'simulation_provider_unavailable');
    expect((await listIds(h)).sort()).toEqual([parent.id, parked.id].sort());
    expect(await used(h)).toBe(1);
    runtime.mode = 'ok';
    expect((await h.request('POST', `/v1/simulations/${parked.id}/start`)).status).toBe(200);
  });

  it('answers 504 simulation_timeout when the runtime does not load in time, leaving nothing behind', async () => {
    const { h, runtime } = await simulationHarness({ config: { simulation_start_timeout_ms: 50, max_simulations: 3 } });
    const parent = await h.createSimulation('pets:v1');
    runtime.mode = 'hang';
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' } }), 504, 'simulation_timeout');
    expectProblem(await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: {} }), 504, 'simulation_timeout');
    await h.request('POST', `/v1/simulations/${parent.id}/stop`);
    expectProblem(await h.request('POST', `/v1/simulations/${parent.id}/start`), 504, 'simulation_timeout');
    expect(await listIds(h)).toEqual([parent.id]);
    expect(await used(h)).toBe(0);
    // No capacity was kept by the failures: three fit again.
    runtime.mode = 'ok';
    expect((await h.request('POST', `/v1/simulations/${parent.id}/start`)).status).toBe(200);
    await h.createSimulation('pets:v1');
    await h.createSimulation('pets:v1');
  });

  it('answers 503 simulation_unreachable with Retry-After on the data plane when a paused Simulation cannot load', async () => {
    const { h, runtime } = await simulationHarness({ config: { simulation_idle_seconds: 60 } });
    const sim = await h.createSimulation('pets:v1');
    h.clock.advance(61_000);
    expect((await h.sweep()).paused).toBe(1);
    runtime.mode = 'throw';
    const reply = await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH });
    expectProblem(reply, 503, 'simulation_unreachable');
    expect(reply.headers['retry-after']).toBe('1');
    runtime.mode = 'ok';
    expect((await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).status).toBe(200);
  });
});

describe('quota and capacity', () => {
  it('refuses create, fork and start past the active-Simulation quota; stopped ones use no slot', async () => {
    const { h } = await simulationHarness({ config: { quotas: { active_simulations: 2 } } });
    const a = await h.createSimulation('pets:v1');
    const b = await h.createSimulation('pets:v1');
    expect(await used(h)).toBe(2);
    expectProblem(await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' } }), 429, 'simulation_quota_exceeded');
    expectProblem(await h.request('POST', `/v1/simulations/${a.id}/fork`, { json: {} }), 429, 'simulation_quota_exceeded');
    await h.request('POST', `/v1/simulations/${b.id}/stop`);
    const c = await h.createSimulation('pets:v1');
    expectProblem(await h.request('POST', `/v1/simulations/${b.id}/start`), 429, 'simulation_quota_exceeded');
    expect((await listIds(h)).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await used(h)).toBe(2);
  });

  it('holds to the quota under concurrent creates', async () => {
    const { h } = await simulationHarness({ config: { quotas: { active_simulations: 3 } } });
    const replies = await Promise.all(Array.from({ length: 8 }, () => h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' } })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of replies.filter((x) => x.status !== 201)) expectProblem(r, 429, 'simulation_quota_exceeded');
    expect(await used(h)).toBe(3);
  });

  it('answers 429 simulation_capacity when the process holds max_simulations, and frees capacity on stop', async () => {
    const { h } = await simulationHarness({ config: { max_simulations: 2 } });
    const a = await h.createSimulation('pets:v1');
    await h.createSimulation('pets:v1');
    const refused = await h.request('POST', '/v1/simulations', { json: { simulator_id: 'pets:v1' } });
    expectProblem(refused, 429, 'simulation_capacity');
    expect(refused.headers['retry-after']).toBeDefined();
    expectProblem(await h.request('POST', `/v1/simulations/${a.id}/fork`, { json: {} }), 429, 'simulation_capacity');
    await h.request('POST', `/v1/simulations/${a.id}/stop`);
    const c = await h.createSimulation('pets:v1');
    expectProblem(await h.request('POST', `/v1/simulations/${a.id}/start`), 429, 'simulation_capacity');
    await h.request('DELETE', `/v1/simulations/${c.id}`);
    expect((await h.request('POST', `/v1/simulations/${a.id}/start`)).status).toBe(200);
  });
});

describe('simulation_platform_owned', () => {
  it('refuses changes while the platform is starting a Simulation', async () => {
    const { h, runtime } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    await h.request('POST', `/v1/simulations/${sim.id}/stop`);
    runtime.mode = 'gate';
    const starting = h.request('POST', `/v1/simulations/${sim.id}/start`);
    while (runtime.waiting === 0) await tick();
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/stop`), 409, 'simulation_platform_owned');
    expectProblem(await h.request('DELETE', `/v1/simulations/${sim.id}`), 409, 'simulation_platform_owned');
    expectProblem(await h.request('POST', `/v1/simulations/${sim.id}/start`), 409, 'simulation_platform_owned');
    runtime.open();
    expect((await starting).status).toBe(200);
    expect((await h.request('DELETE', `/v1/simulations/${sim.id}`)).status).toBe(204);
  });
});
