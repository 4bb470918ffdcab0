import { afterEach, describe, expect, it } from 'vitest';
import type { ClockAdvanceView, ClockEventView, SimulationView } from '@simplane/core';
import type { Harness } from '@simplane/harness';
import { advanced, passes, START, steps } from '../support/clock.js';
import { closeAll, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);

type Sim = { id: string; token: string };

async function passesSimulation(h: Harness, seed: string): Promise<Sim & SimulationView> {
  return h.createSimulation('passes:v1', { seed, sample_records: 0 });
}

describe('scheduled events', () => {
  it('commits the events that fall due as one advance step, with its events in order; a fork before it advances the same', async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(passes, { references: ['passes:v1'] });
    const sim = await passesSimulation(h, 'passes');
    const created = await h.sim(sim, 'POST', '/passes', { json: { holder: 'ada', expires_at: '2024-01-10T00:00:00Z' } });
    expect(created.status, created.text()).toBe(201);
    const pass = created.json<{ id: string; status: string }>();
    expect(pass.status).toBe('active');

    const early = await advanced(h, sim.id, '2024-01-05T00:00:00Z');
    expect(early).toMatchObject({ status: 'completed', event_count: 0, step: null });
    const due = await advanced(h, sim.id, '2024-02-01T00:00:00Z');
    expect(due).toMatchObject({ status: 'completed', from: '2024-01-05T00:00:00.000Z', to: '2024-02-01T00:00:00.000Z', event_count: 1, step: 2, error: null });
    const events = (await h.request('GET', `/v1/simulations/${sim.id}/advances/${due.id}/events`)).json<{ events: ClockEventView[]; next_cursor: null }>();
    expect(events.next_cursor).toBeNull();
    expect(events.events).toHaveLength(1);
    expect(Object.keys(events.events[0]!).sort()).toEqual(['at', 'event_id', 'record_id', 'resource', 'sequence', 'type']);
    expect(events.events[0]).toMatchObject({ type: 'expiry', record_id: pass.id, at: '2024-01-10T00:00:00.000Z', sequence: 1 });
    expect(events.events[0]!.event_id).toMatch(/^evt_[0-9a-f]+$/);
    expect((await h.sim(sim, 'GET', `/passes/${pass.id}`)).json()).toMatchObject({ status: 'expired' });

    const listed = await steps(h, sim.id);
    expect(listed.map((s) => s.kind)).toEqual(['api', 'advance']);
    expect(listed[1]).toMatchObject({
      step: 2,
      kind: 'advance',
      label: 'advance-time 2024-02-01T00:00:00.000Z',
      operation: null,
      advance_id: due.id,
      time_before: '2024-01-05T00:00:00.000Z',
      time_after: '2024-02-01T00:00:00.000Z',
    });
    expect((await h.request('GET', `/v1/simulations/${sim.id}/steps/2`)).json()).toMatchObject({ step: 2, advance_id: due.id, request: null, response: null });
    // Nothing more is due: the clock moves, no step.
    expect(await advanced(h, sim.id, '2024-03-01T00:00:00Z')).toMatchObject({ event_count: 0, step: null });

    // A fork at the step before the advance has the old clock and the pass still active; its
    // parent's advances are not its own. Advanced to the same target, it commits the same event.
    const forked = await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: 1 } });
    const child = forked.json<Sim & SimulationView>();
    expect(child.current_time).toBe(START);
    expect((await h.sim(child, 'GET', `/passes/${pass.id}`)).json()).toMatchObject({ status: 'active' });
    expect((await h.request('GET', `/v1/simulations/${child.id}/advances`)).json()).toEqual({ advances: [], next_cursor: null });
    const again = await advanced(h, child.id, '2024-02-01T00:00:00Z');
    expect(again).toMatchObject({ from: START, event_count: 1, step: 2 });
    const childEvents = (await h.request('GET', `/v1/simulations/${child.id}/advances/${again.id}/events`)).json();
    expect(childEvents).toEqual(events);
    expect((await h.sim(child, 'GET', `/passes/${pass.id}`)).body).toEqual((await h.sim(sim, 'GET', `/passes/${pass.id}`)).body);

    // The advance step replays: the parent stopped and started has the same state.
    expect((await h.request('POST', `/v1/simulations/${sim.id}/stop`)).status).toBe(200);
    expect((await h.request('POST', `/v1/simulations/${sim.id}/start`)).status).toBe(200);
    expect((await h.sim(sim, 'GET', `/passes/${pass.id}`)).json()).toMatchObject({ status: 'expired' });
  });

  it('is deterministic: one seed, the same requests and advances give the same answers and events', async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(passes, { references: ['passes:v1'] });
    const runs: Array<{ answers: string[]; events: string[]; advances: unknown[] }> = [];
    for (let twin = 0; twin < 2; twin += 1) {
      const sim = await passesSimulation(h, 'twins');
      const answers: string[] = [];
      const events: string[] = [];
      const advances: unknown[] = [];
      for (const [holder, expires] of [['ada', '2024-01-20T00:00:00Z'], ['bob', '2024-01-10T00:00:00Z'], ['cy', '2024-01-10T00:00:00Z'], ['dee', '2025-06-01T00:00:00Z']] as const) {
        answers.push((await h.sim(sim, 'POST', '/passes', { json: { holder, expires_at: expires } })).text());
      }
      for (const to of ['2024-01-15T00:00:00Z', '2024-03-01T00:00:00Z']) {
        const done: ClockAdvanceView = await advanced(h, sim.id, to);
        const { id, created_at: _at, ...rest } = done;
        advances.push(rest);
        events.push((await h.request('GET', `/v1/simulations/${sim.id}/advances/${id}/events`)).text());
        answers.push((await h.sim(sim, 'GET', '/passes')).text());
        answers.push((await h.sim(sim, 'POST', '/passes', { json: { holder: `after ${to}`, expires_at: '2030-01-01T00:00:00Z' } })).text());
      }
      runs.push({ answers, events, advances });
    }
    expect(runs[1]).toEqual(runs[0]);
    const first = JSON.parse(runs[0]!.events[0]!) as { events: ClockEventView[] };
    // Due in time order, ties in the order the records were made: bob then cy, ada later.
    expect(first.events.map((e) => [e.at, e.sequence])).toEqual([
      ['2024-01-10T00:00:00.000Z', 1],
      ['2024-01-10T00:00:00.000Z', 2],
    ]);
    const second = JSON.parse(runs[0]!.events[1]!) as { events: ClockEventView[] };
    expect(second.events.map((e) => e.at)).toEqual(['2024-01-20T00:00:00.000Z']);
    expect(runs[0]!.advances).toMatchObject([{ event_count: 2, step: 5 }, { event_count: 1, step: 7 }]);
  });

  it('commits declared and inferred rules in time order in one step: a pass expires, then is deleted an hour later', async () => {
    const { h } = await simulationHarness();
    // Pass is the document's last schema: the extension lands on it.
    const declared = `${passes}      x-simplane-lifecycle:\n        - after: PT1H\n          from: expires_at\n          delete: true\n`;
    await h.buildSimulator(declared, { references: ['passes:v2'] });
    const sim = await h.createSimulation('passes:v2', { seed: 'declared', sample_records: 0 });
    const created = await h.sim(sim, 'POST', '/passes', { json: { holder: 'ada', expires_at: '2024-01-10T00:00:00Z' } });
    expect(created.status, created.text()).toBe(201);
    const id = created.json<{ id: string }>().id;
    const done = await advanced(h, sim.id, '2024-01-11T00:00:00Z');
    expect(done).toMatchObject({ status: 'completed', event_count: 2, step: 2 });
    const events = (await h.request('GET', `/v1/simulations/${sim.id}/advances/${done.id}/events?limit=1`)).json<{ events: ClockEventView[]; next_cursor: string }>();
    expect(events.events).toMatchObject([{ type: 'expiry', record_id: id, at: '2024-01-10T00:00:00.000Z', sequence: 1 }]);
    const rest = (await h.request('GET', `/v1/simulations/${sim.id}/advances/${done.id}/events?limit=1&cursor=${encodeURIComponent(events.next_cursor)}`)).json();
    expect(rest).toMatchObject({ events: [{ type: 'delete', record_id: id, at: '2024-01-10T01:00:00.000Z', sequence: 2 }], next_cursor: null });
    expect((await h.sim(sim, 'GET', `/passes/${id}`)).status).toBe(404);
    expect((await steps(h, sim.id)).map((s) => s.kind)).toEqual(['api', 'advance']);
  });
});
