import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationView } from '@simplane/core';
import { closeAll, simulationHarness } from '../support/simulations.js';
import { createWorld, world } from '../support/worlds.js';

afterEach(closeAll);

const WORLD_FIELDS = [
  'id', 'name', 'created_at', 'from', 'seed', 'status', 'members', 'services', 'error', 'start_time', 'current_time', 'active_advance_id', 'build', 'metadata', 'updated_at',
].sort();

describe('POST /v1/worlds', () => {
  it('answers 202 creating, then builds one World-owned Simulation per member and runs', async () => {
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
      expect(sim).toMatchObject({ world_id: running.id, seed: 'world-seed', simulator_id: simulatorId, name, status: 'running', ttl_seconds: null });
    }
    expect(running.build.started_at).not.toBeNull();
  });
});
