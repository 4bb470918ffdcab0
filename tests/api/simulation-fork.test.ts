import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationView } from '@simplane/core';
import type { Harness } from '@simplane/harness';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);

type Sim = { id: string; token: string };

/** Creates `n` pets, one step each; answers their IDs in order. */
async function createPets(h: Harness, sim: Sim, n: number, prefix = 'pet'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const reply = await h.sim(sim, 'POST', '/pets', { json: { name: `${prefix}-${i}` }, headers: PETSTORE_AUTH });
    expect(reply.status).toBe(201);
    ids.push(reply.json<{ id: string }>().id);
  }
  return ids;
}

async function pets(h: Harness, sim: Sim): Promise<Buffer> {
  return (await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH })).body;
}

async function fork(h: Harness, parent: Sim, body: Record<string, unknown>): Promise<Sim & SimulationView> {
  const reply = await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: body });
  expect(reply.status, reply.text()).toBe(201);
  return reply.json();
}

describe('POST /v1/simulations/{id}/fork', () => {
  it('forks at the first, a middle and the last step, matching a Simulation replayed to that step', async () => {
    const { h } = await simulationHarness();
    // More steps than one snapshot interval (64), so forks use a snapshot plus a short replay.
    const parent = await h.createSimulation('pets:v1', { seed: 'fork-seed' });
    await createPets(h, parent, 150);
    const parentPets = await pets(h, parent);
    const log = h.plane.ports.stepLog;
    // Snapshots at 0 and 64, then one more spaced out by the state's size (snapshot-policy):
    // forks at 70 and 150 each start from a snapshot and replay the steps since.
    const newest = (await log.latestSnapshot(parent.id, 150))!.step;
    expect(newest).toBeGreaterThan(127);
    expect(newest).toBeLessThan(150);
    expect((await log.latestSnapshot(parent.id, 127))!.step).toBe(64);
    expect((await log.latestSnapshot(parent.id, 63))!.step).toBe(0);
    for (const at of [1, 70, 150]) {
      const child = await fork(h, parent, { at_step: at, name: `fork-${at}` });
      expect(child).toMatchObject({ parent_id: parent.id, step: at, seed: 'fork-seed', name: `fork-${at}`, status: 'running' });
      // A twin that made only the first `at` requests has the same state as the fork.
      const twin = await h.createSimulation('pets:v1', { seed: 'fork-seed' });
      await createPets(h, twin, at);
      expect((await pets(h, child)).equals(await pets(h, twin))).toBe(true);
      // Both continue identically: the child's next step is at + 1 with the parent's seed.
      const next = await h.sim(child, 'POST', '/pets', { json: { name: 'after' }, headers: PETSTORE_AUTH });
      const twinNext = await h.sim(twin, 'POST', '/pets', { json: { name: 'after' }, headers: PETSTORE_AUTH });
      expect(next.body.equals(twinNext.body)).toBe(true);
      const steps = (await h.request('GET', `/v1/simulations/${child.id}/steps`)).json<{ steps: Array<{ step: number }> }>();
      expect(steps.steps.map((s) => s.step)).toEqual([at + 1]);
      await h.request('DELETE', `/v1/simulations/${twin.id}`);
    }
    // The parent is untouched.
    expect((await pets(h, parent)).equals(parentPets)).toBe(true);
    expect((await h.request('GET', `/v1/simulations/${parent.id}`)).json()).toMatchObject({ step: 150 });
  });

  it('forks the latest step by default, with no body at all', async () => {
    const { h } = await simulationHarness();
    const parent = await h.createSimulation('pets:v1', { seed: 'x', ttl_seconds: 600 });
    await createPets(h, parent, 3);
    const reply = await h.request('POST', `/v1/simulations/${parent.id}/fork`);
    expect(reply.status, reply.text()).toBe(201);
    const child = reply.json<Sim & SimulationView>();
    expect(child).toMatchObject({ step: 3, parent_id: parent.id, ttl_seconds: 600 });
    expect((await pets(h, child)).equals(await pets(h, parent))).toBe(true);
    // A fork of a fork, at its own starting point.
    const grandchild = await fork(h, child, { at_step: 3, ttl_seconds: 120 });
    expect(grandchild).toMatchObject({ step: 3, parent_id: child.id, ttl_seconds: 120 });
  });

  it('copies the state without reading it: a fork never requested can be stopped, started and forked again', async () => {
    const { h } = await simulationHarness();
    const parent = await h.createSimulation('pets:v1', { seed: 'lazy', sample_records: 0 });
    await createPets(h, parent, 100);
    const twin = await h.createSimulation('pets:v1', { seed: 'lazy', sample_records: 0 });
    await createPets(h, twin, 90);
    const log = h.plane.ports.stepLog;
    // Step 90 is past the snapshot at 64: the fork saves that snapshot's bytes as they are,
    // followed by the changes of steps 65 to 90.
    const base = (await log.latestSnapshot(parent.id, 90))!;
    expect(base.step).toBe(64);
    const child = await fork(h, parent, { at_step: 90 });
    const saved = (await log.latestSnapshot(child.id, 90))!;
    expect(Buffer.from(saved.bytes).subarray(0, base.bytes.byteLength).equals(Buffer.from(base.bytes))).toBe(true);
    // A fork of the fork at its starting point, and a stop and start, all before any request.
    const grandchild = await fork(h, child, { at_step: 90 });
    expect((await h.request('POST', `/v1/simulations/${child.id}/stop`)).json()).toMatchObject({ status: 'stopped', step: 90 });
    const started = (await h.request('POST', `/v1/simulations/${child.id}/start`)).json<Sim & SimulationView>();
    expect(started).toMatchObject({ status: 'running', step: 90 });
    const sims = [{ id: child.id, token: started.token }, grandchild];
    for (const sim of sims) expect((await pets(h, sim)).equals(await pets(h, twin))).toBe(true);
    const next = [];
    for (const sim of [...sims, twin]) next.push((await h.sim(sim, 'POST', '/pets', { json: { name: 'next' }, headers: PETSTORE_AUTH })).body);
    expect(next[0]!.equals(next[2]!)).toBe(true);
    expect(next[1]!.equals(next[2]!)).toBe(true);
  });

  it('holds no capacity until its first request, which answers 429 simulation_capacity when the process is full', async () => {
    const { h } = await simulationHarness({ config: { max_simulations: 2 } });
    const parent = await h.createSimulation('pets:v1', { seed: 'full' });
    await createPets(h, parent, 2);
    const child = await fork(h, parent, {});
    const other = await h.createSimulation('pets:v1');
    expectProblem(await h.sim(child, 'GET', '/pets', { headers: PETSTORE_AUTH }), 429, 'simulation_capacity');
    expect((await h.request('DELETE', `/v1/simulations/${other.id}`)).status).toBe(204);
    expect((await pets(h, child)).equals(await pets(h, parent))).toBe(true);
  });

  it('refuses an at_step that is not a recorded step', async () => {
    const { h } = await simulationHarness();
    const parent = await h.createSimulation('pets:v1');
    await createPets(h, parent, 2);
    expectProblem(await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: { at_step: 3 } }), 422, 'validation');
    expectProblem(await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: { at_step: -1 } }), 422, 'validation');
    expectProblem(await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: { at_step: 1.5 } }), 422, 'validation');
    expectProblem(await h.request('POST', `/v1/simulations/${parent.id}/fork`, { json: { ttl_seconds: 10 } }), 422, 'validation');
    const child = await fork(h, parent, { at_step: 2 });
    await createPets(h, child, 1);
    // The child's log starts at the fork: earlier steps are the parent's.
    expectProblem(await h.request('POST', `/v1/simulations/${child.id}/fork`, { json: { at_step: 1 } }), 422, 'validation');
    expect((await fork(h, parent, { at_step: 0 })).step).toBe(0);
  });
});
