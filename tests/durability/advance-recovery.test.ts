/**
 * Clock advances a process left behind when it died: two control planes on one set of stores
 * stand for the process that died (its step log stops answering mid-advance) and the one that
 * starts next and finishes what was left.
 */
import { ManualClock, type ClockAdvanceView, type SimulationView, type StepEntry, type StepLog } from '@simplane/core';
import { createHarness, type Harness } from '@simplane/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advance, passes, settled } from '../support/clock.js';
import { until } from '../support/gated-provider.js';
import { sharedDatabases } from '../support/shared-stores.js';

const config = { organizations: [{ name: 'acme', workspaces: [{ name: 'alpha', api_keys: ['recovery-key-alpha-1'] }] }], catalog: false };
const databases = sharedDatabases();
beforeAll(() => databases.open('exclusive'), 60_000);
afterAll(() => databases.dispose());
const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close().catch(() => undefined);
});

/** A step log whose `advance` appends never return: before (`before`) or after the step is stored. */
function dyingOnAdvance(inner: StepLog, when: 'before' | 'after'): StepLog {
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key !== 'append') return Reflect.get(target, key, receiver) as unknown;
      return async (id: string, entry: StepEntry) => {
        if (entry.view.kind !== 'advance') return target.append(id, entry);
        if (when === 'after') await target.append(id, entry);
        return new Promise<boolean>(() => undefined);
      };
    },
  });
}

async function orphanedAdvance(when: 'before' | 'after') {
  // The next process holds the store alone, as the embedded default does after a restart.
  const stores = await databases.stores(config, 'exclusive');
  const clock = new ManualClock('2024-01-01T00:00:00.000Z');
  const dying = createHarness({ config, stores, clock, stepLog: (s) => dyingOnAdvance(s, when) });
  open.push(dying);
  await dying.buildSimulator(passes, { references: ['passes:v1'] });
  const sim = await dying.createSimulation('passes:v1', { seed: 'recovery', sample_records: 0 });
  const pass = (await dying.sim(sim, 'POST', '/passes', { json: { holder: 'ada', expires_at: '2024-01-10T00:00:00Z' } })).json<{ id: string }>();
  const accepted = await advance(dying, sim.id, '2024-02-01T00:00:00Z');
  expect(accepted.status).toBe(202);
  const advanceId = accepted.json<ClockAdvanceView>().id;
  await until(async () => (await stores.advances.get(sim.id, advanceId))?.status === 'running');
  if (when === 'after') await until(async () => (await stores.steps.head(sim.id)) === 2);
  // The dying process holds the clock, and the advance looks as it would after a kill -9.
  expect((await stores.simulations.get(sim.id))!.activeAdvanceId).toBe(advanceId);
  return { stores, clock, sim, pass, advanceId };
}

describe('clock advances left by a process that died', () => {
  it('runs again an advance that committed nothing, exactly once, when the next process starts', async () => {
    const { stores, clock, sim, pass, advanceId } = await orphanedAdvance('before');
    expect(await stores.steps.head(sim.id)).toBe(1);
    const next = createHarness({ config, stores, clock });
    open.push(next);
    await next.settled();
    const done = await settled(next, sim.id, advanceId);
    expect(done).toMatchObject({ status: 'completed', event_count: 1, step: 2 });
    const view = (await next.request('GET', `/v1/simulations/${sim.id}`)).json<SimulationView>();
    expect(view).toMatchObject({ current_time: '2024-02-01T00:00:00.000Z', active_advance_id: null });
    const steps = await stores.steps.list(sim.id, { afterStep: 0, limit: 10 });
    expect(steps.map((s) => [s.step, s.kind, s.advance_id])).toEqual([
      [1, 'api', null],
      [2, 'advance', advanceId],
    ]);
    expect((await next.sim(sim, 'GET', `/passes/${pass.id}`)).json()).toMatchObject({ status: 'expired' });
    // The clock is free again.
    const again = await advance(next, sim.id, '2024-03-01T00:00:00Z');
    expect(again.status).toBe(202);
    expect((await settled(next, sim.id, again.json<ClockAdvanceView>().id)).status).toBe('completed');
  });

  it('completes an advance whose step was committed, without committing its events twice', async () => {
    const { stores, clock, sim, pass, advanceId } = await orphanedAdvance('after');
    const next = createHarness({ config, stores, clock });
    open.push(next);
    await next.settled();
    const done = await settled(next, sim.id, advanceId);
    expect(done).toMatchObject({ status: 'completed', step: 2 });
    expect(await stores.steps.head(sim.id)).toBe(2);
    const view = (await next.request('GET', `/v1/simulations/${sim.id}`)).json<SimulationView>();
    expect(view).toMatchObject({ current_time: '2024-02-01T00:00:00.000Z', active_advance_id: null, step: 2 });
    expect((await next.sim(sim, 'GET', `/passes/${pass.id}`)).json()).toMatchObject({ status: 'expired' });
  });
});
