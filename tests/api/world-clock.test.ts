import { afterEach, describe, expect, it } from 'vitest';
import type { ClockAdvanceView, ClockEventView, SimulationView, StepView } from '@simplane/core';
import type { Harness } from '@simplane/harness';
import { advance } from '../support/clock.js';
import { expectProblem } from '../support/problem.js';
import { closeAll, simulationHarness } from '../support/simulations.js';
import { advanceWorld, memberTokens, readWorld, runningWorld, worldAdvanced, worldEvents, worldSettled, type Member, type WorldBody } from '../support/world-clock.js';
import { billing, support } from '../support/world-documents.js';

afterEach(closeAll);

const START = '2024-01-01T00:00:00.000Z';

async function shop(h: Harness, seed = 'clock'): Promise<{ world: WorldBody; m: Record<string, Member> }> {
  await h.buildSimulator(billing, { references: ['billing:v1'] });
  await h.buildSimulator(support, { references: ['support:v1'] });
  const world = await runningWorld(h, { simulators: ['billing:v1', 'support:v1'], seed });
  return { world, m: await memberTokens(h, world) };
}

async function invoice(h: Harness, member: Member, due: string): Promise<{ id: string }> {
  const reply = await h.sim(member, 'POST', '/invoices', { json: { customer_id: 'cus_1', amount: 10, due_date: due } });
  expect(reply.status, reply.text()).toBe(201);
  return reply.json();
}

describe('POST /v1/worlds/{id}/advance-time', () => {
  it('answers 202 pending, advances every member as its own advance step, then the World; later records take the new time', async () => {
    const { h } = await simulationHarness();
    const { world, m } = await shop(h);
    const accepted = await advanceWorld(h, world.id, '2024-03-01T00:00:00+01:00', 'march');
    expect(accepted.status, accepted.text()).toBe(202);
    const view = accepted.json<ClockAdvanceView>();
    expect(view).toMatchObject({ status: 'pending', from: START, to: '2024-02-29T23:00:00.000Z', event_count: 0, step: null, members: [], error: null });
    expect(view.id).toMatch(/^adv_[0-9A-HJKMNP-TV-Z]{26}$/);
    const done = await worldSettled(h, world.id, view.id);
    expect(done).toMatchObject({ status: 'completed', step: null, error: null });
    expect(done.members.map((x) => x.name)).toEqual(['billing', 'support']);
    expect(done.event_count).toBe(done.members.reduce((n, x) => n + (x.event_count ?? 0), 0));
    expect(await readWorld(h, world.id)).toMatchObject({ current_time: '2024-02-29T23:00:00.000Z', active_advance_id: null });
    for (const part of done.members) {
      const sim = (await h.request('GET', `/v1/simulations/${part.simulation_id}`)).json<SimulationView>();
      expect(sim).toMatchObject({ current_time: '2024-02-29T23:00:00.000Z', active_advance_id: null });
      const advances = (await h.request('GET', `/v1/simulations/${part.simulation_id}/advances`)).json<{ advances: ClockAdvanceView[] }>().advances;
      expect(advances.map((a) => a.id)).toEqual([part.advance_id]);
      const steps = (await h.request('GET', `/v1/simulations/${part.simulation_id}/steps`)).json<{ steps: StepView[] }>().steps;
      if ((part.event_count ?? 0) > 0) expect(steps.at(-1)).toMatchObject({ kind: 'advance', advance_id: part.advance_id });
    }
    const later = await invoice(h, m.billing!, '2024-04-01T00:00:00Z');
    expect((await h.sim(m.billing!, 'GET', `/invoices/${later.id}`)).json()).toMatchObject({ status: 'open' });
    // The same key and target: the same advance; the current time itself is a target.
    const again = await advanceWorld(h, world.id, '2024-02-29T23:00:00Z', 'march');
    expect(again.status).toBe(202);
    expect(again.json()).toEqual(done);
    expectProblem(await advanceWorld(h, world.id, '2024-05-01T00:00:00Z', 'march'), 409, 'clock_conflict');
    expect(await worldAdvanced(h, world.id, '2024-02-29T23:00:00.000Z')).toMatchObject({ status: 'completed', event_count: 0 });
  });

  it('refuses a missing or oversized key, a bad or earlier target, unknown, foreign and non-running Worlds', async () => {
    const { h } = await simulationHarness();
    const { world } = await shop(h);
    expectProblem(await advanceWorld(h, world.id, '2024-02-01T00:00:00Z', null), 422, 'validation');
    expectProblem(await advanceWorld(h, world.id, '2024-02-01T00:00:00Z', 'k'.repeat(257)), 422, 'validation');
    expectProblem(await advanceWorld(h, world.id, 'soon'), 422, 'validation');
    expectProblem(await advanceWorld(h, world.id, '2023-12-31T23:59:59.999Z'), 422, 'validation');
    const extra = await h.request('POST', `/v1/worlds/${world.id}/advance-time`, { json: { to: '2024-02-01T00:00:00Z', by: 1 }, headers: { 'idempotency-key': 'x' } });
    expectProblem(extra, 422, 'validation');
    expect((await h.request('GET', `/v1/worlds/${world.id}/advances`)).json()).toEqual({ advances: [], next_cursor: null });
    expectProblem(await advanceWorld(h, 'wld_01J00000000000000000000000', '2024-02-01T00:00:00Z'), 404, 'world_not_found');
    expectProblem(await advanceWorld(h, 'nope', '2024-02-01T00:00:00Z'), 404, 'world_not_found');
    expectProblem(await h.request('GET', '/v1/worlds/wld_01J00000000000000000000000/advances'), 404, 'world_not_found');
    expectProblem(await advanceWorld(h, world.id, '2024-02-01T00:00:00Z', 'foreign', h.keys.beta!), 403, 'auth_forbidden');
    expectProblem(await h.request('GET', `/v1/worlds/${world.id}/advances`, { apiKey: h.keys.beta! }), 403, 'auth_forbidden');
    for (const advanceId of ['adv_01J00000000000000000000000', 'nope']) {
      expectProblem(await h.request('GET', `/v1/worlds/${world.id}/advances/${advanceId}`), 404, 'clock_advance_not_found');
      expectProblem(await h.request('GET', `/v1/worlds/${world.id}/advances/${advanceId}/events`), 404, 'clock_advance_not_found');
    }
    // A member's advance is not its World's.
    const member = Object.values(world.members)[0]!.simulation_id;
    const done = await worldAdvanced(h, world.id, '2024-02-01T00:00:00Z', 'feb');
    expectProblem(await h.request('GET', `/v1/worlds/${world.id}/advances/${done.members[0]!.advance_id}`), 404, 'clock_advance_not_found');
    expectProblem(await h.request('GET', `/v1/simulations/${member}/advances/${done.id}`), 404, 'clock_advance_not_found');
    // A member is advanced only through its World.
    expectProblem(await advance(h, member, '2024-03-01T00:00:00Z'), 409, 'simulation_world_owned');

    expect((await h.request('POST', `/v1/worlds/${world.id}/stop`)).status).toBe(200);
    expectProblem(await advanceWorld(h, world.id, '2024-03-01T00:00:00Z'), 409, 'world_conflict');
    // A key already used still answers its advance, whatever the World's state.
    const used = await advanceWorld(h, world.id, '2024-02-01T00:00:00Z', 'feb');
    expect(used.status).toBe(202);
    expect(used.json()).toEqual(done);
  });

  it('holds the World while an advance is active: another advance, stop, start and delete answer 409 clock_conflict', async () => {
    const { h, steps: log } = await simulationHarness();
    const { world, m } = await shop(h);
    await invoice(h, m.billing!, '2024-01-10T00:00:00Z');
    // The billing member's advance step is stored slowly: the World's advance stays running.
    const release = log.holdAppends();
    const accepted = await advanceWorld(h, world.id, '2024-02-01T00:00:00Z', 'held');
    expect(accepted.status).toBe(202);
    const view = accepted.json<ClockAdvanceView>();
    expect((await readWorld(h, world.id)).active_advance_id).toBe(view.id);
    expectProblem(await advanceWorld(h, world.id, '2024-03-01T00:00:00Z'), 409, 'clock_conflict');
    expectProblem(await advanceWorld(h, world.id, '2024-03-01T00:00:00Z', 'held'), 409, 'clock_conflict');
    const same = await advanceWorld(h, world.id, '2024-02-01T00:00:00Z', 'held');
    expect(same.status).toBe(202);
    expect(same.json<ClockAdvanceView>().id).toBe(view.id);
    expectProblem(await h.request('POST', `/v1/worlds/${world.id}/stop`), 409, 'clock_conflict');
    expectProblem(await h.request('POST', `/v1/worlds/${world.id}/start`), 409, 'clock_conflict');
    expectProblem(await h.request('DELETE', `/v1/worlds/${world.id}`), 409, 'clock_conflict');
    release();
    const done = await worldSettled(h, world.id, view.id);
    expect(done.status).toBe('completed');
    expect(await readWorld(h, world.id)).toMatchObject({ active_advance_id: null, current_time: '2024-02-01T00:00:00.000Z' });
    expect((await h.request('POST', `/v1/worlds/${world.id}/stop`)).status).toBe(200);
  });

  it('reports a member that fails and one not running; the World keeps its clock, and a new key moves the rest', async () => {
    const { h, runtime } = await simulationHarness();
    const { world, m } = await shop(h);
    const repository = h.plane.ports.simulationRepository;
    runtime.failingAdvances = 1;
    const failed = await worldAdvanced(h, world.id, '2024-02-01T00:00:00Z');
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'member_advance_failed' } });
    expect(failed.members).toMatchObject([
      { name: 'billing', status: 'failed' },
      { name: 'support', status: 'completed' },
    ]);
    expect(failed.members[0]!.advance_id).toMatch(/^adv_/);
    expect(await readWorld(h, world.id)).toMatchObject({ current_time: START, active_advance_id: null });
    expect((await h.request('GET', `/v1/simulations/${m.billing!.id}`)).json()).toMatchObject({ current_time: START });
    expect((await h.request('GET', `/v1/simulations/${m.support!.id}`)).json()).toMatchObject({ current_time: '2024-02-01T00:00:00.000Z' });

    const retried = await worldAdvanced(h, world.id, '2024-02-01T00:00:00Z');
    expect(retried).toMatchObject({ status: 'completed', from: START });
    expect(retried.members.map((x) => x.status)).toEqual(['completed', 'completed']);
    expect(retried.members[1]!.event_count).toBe(0);
    expect((await readWorld(h, world.id)).current_time).toBe('2024-02-01T00:00:00.000Z');

    // A member that is not running (stopped behind the World's back, as only the platform can) is skipped.
    await repository.update(m.support!.id, {}, { status: 'stopped' });
    const skipped = await worldAdvanced(h, world.id, '2024-03-01T00:00:00Z');
    expect(skipped).toMatchObject({ status: 'completed' });
    expect(skipped.members[1]).toEqual({ name: 'support', simulation_id: m.support!.id, status: 'skipped' });
  });

  it('loads a paused member to advance it, as a Simulation is', async () => {
    const { h } = await simulationHarness({ config: { simulation_idle_seconds: 300 } });
    const { world, m } = await shop(h);
    const due = await invoice(h, m.billing!, '2024-01-10T00:00:00Z');
    h.clock.advance(301_000);
    expect((await h.sweep()).paused).toBe(2);
    expect((await h.request('GET', `/v1/simulations/${m.billing!.id}`)).json()).toMatchObject({ status: 'paused' });
    const done = await worldAdvanced(h, world.id, '2024-02-01T00:00:00Z');
    expect(done.members.map((x) => x.status)).toEqual(['completed', 'completed']);
    expect((await h.sim(m.billing!, 'GET', `/invoices/${due.id}`)).json()).toMatchObject({ status: 'collections' });
  });

  it('lists advances newest first and events in pages, each event naming its member', async () => {
    const { h } = await simulationHarness();
    const { world, m } = await shop(h);
    for (const due of ['2024-01-02T00:00:00Z', '2024-01-03T00:00:00Z', '2024-01-04T00:00:00Z']) await invoice(h, m.billing!, due);
    const first = await worldAdvanced(h, world.id, '2024-01-15T00:00:00Z');
    const second = await worldAdvanced(h, world.id, '2024-02-15T00:00:00Z');
    const page = (await h.request('GET', `/v1/worlds/${world.id}/advances?limit=1`)).json<{ advances: ClockAdvanceView[]; next_cursor: string }>();
    expect(page.advances.map((a) => a.id)).toEqual([second.id]);
    const rest = (await h.request('GET', `/v1/worlds/${world.id}/advances?limit=1&cursor=${encodeURIComponent(page.next_cursor)}`)).json<{ advances: ClockAdvanceView[]; next_cursor: null }>();
    expect(rest).toEqual({ advances: [first], next_cursor: null });
    expectProblem(await h.request('GET', `/v1/worlds/${world.id}/advances?cursor=junk`), 400, 'bad_request');

    const all = await worldEvents(h, world.id, first.id, 200);
    expect(all.length).toBe(first.event_count);
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(await worldEvents(h, world.id, first.id, 1)).toEqual(all);
    for (const e of all) {
      expect(Object.keys(e).sort()).toEqual(['at', 'event_id', 'member', 'record_id', 'resource', 'sequence', 'simulation_id', 'type']);
      expect(e.simulation_id).toBe(m[e.member!]!.id);
    }
    const own = (await h.request('GET', `/v1/simulations/${m.billing!.id}/advances/${first.members[0]!.advance_id}/events?limit=200`)).json<{ events: ClockEventView[] }>().events;
    expect(all.filter((e) => e.member === 'billing').map(({ member: _m, simulation_id: _s, sequence: _q, ...rest }) => rest)).toEqual(own.map(({ sequence: _q, ...rest }) => rest));
  });
});

describe('deleting a World', () => {
  it('takes its own clock advances with it, as its members take theirs', async () => {
    const { h } = await simulationHarness();
    const { world } = await shop(h);
    const accepted = (await advanceWorld(h, world.id, '2024-02-01T00:00:00Z', 'feb')).json<ClockAdvanceView>();
    const done = await worldSettled(h, world.id, accepted.id);
    const log = h.plane.ports.advanceLog;
    expect((await log.list(world.id, { limit: 10 })).map((a) => a.id)).toEqual([accepted.id]);
    expect(await log.listEvents(world.id, accepted.id, { afterSequence: 0, limit: 10 })).toHaveLength(done.event_count);
    expect((await h.request('DELETE', `/v1/worlds/${world.id}`)).status).toBe(204);
    expect(await log.list(world.id, { limit: 10 })).toEqual([]);
    expect(await log.listEvents(world.id, accepted.id, { afterSequence: 0, limit: 10 })).toEqual([]);
    for (const part of done.members) expect(await log.list(part.simulation_id, { limit: 10 })).toEqual([]);
  });
});

describe('clock determinism across a World', () => {
  it('gives two Worlds of one seed, the same requests and advances, identical bytes; a member fork before an advance commits the same events', async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(billing, { references: ['billing:v1'] });
    await h.buildSimulator(support, { references: ['support:v1'] });
    const runs: Array<{ bytes: string[]; events: unknown[]; members: Record<string, Member>; advances: ClockAdvanceView[] }> = [];
    for (let twin = 0; twin < 2; twin += 1) {
      const world = await runningWorld(h, { simulators: ['billing:v1', 'support:v1'], seed: 'twins' });
      const m = await memberTokens(h, world);
      const bytes: string[] = [];
      const customer = await h.sim(m.billing!, 'POST', '/customers', { json: { name: 'Ada' } });
      bytes.push(customer.text());
      const customerId = customer.json<{ id: string }>().id;
      for (const due of ['2024-01-20T00:00:00Z', '2024-01-10T00:00:00Z', '2024-01-10T00:00:00Z']) {
        bytes.push((await h.sim(m.billing!, 'POST', '/invoices', { json: { customer_id: customerId, amount: 5, due_date: due } })).text());
      }
      bytes.push((await h.sim(m.support!, 'POST', '/tickets', { json: { customer_id: customerId, subject: 'a', priority: 'normal', expires_at: '2024-01-12T00:00:00Z', escalate_at: '2024-01-11T00:00:00Z' } })).text());
      const advances = [await worldAdvanced(h, world.id, '2024-01-15T00:00:00Z'), await worldAdvanced(h, world.id, '2024-03-01T00:00:00Z')];
      // Made after the advances: times from the moved clock.
      bytes.push((await h.sim(m.support!, 'POST', '/tickets', { json: { customer_id: customerId, subject: 'b', priority: 'normal', expires_at: '2024-04-01T00:00:00Z', escalate_at: '2024-03-15T00:00:00Z' } })).text());
      for (const [name, paths] of [['billing', ['/customers', '/invoices']], ['support', ['/customers', '/tickets']]] as const) {
        for (const path of paths) bytes.push((await h.sim(m[name]!, 'GET', path)).text());
      }
      const events = [];
      for (const a of advances) events.push((await worldEvents(h, world.id, a.id)).map(({ simulation_id: _s, ...rest }) => rest));
      runs.push({ bytes, events, members: m, advances });
    }
    const [a, b] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect(b.bytes).toEqual(a.bytes);
    expect(b.events).toEqual(a.events);
    expect((a.events[0] as unknown[]).length).toBeGreaterThan(0);
    const shape = (x: ClockAdvanceView) => ({ ...x, id: '', created_at: '', members: x.members.map((p) => ({ ...p, simulation_id: '', advance_id: '' })) });
    expect(b.advances.map(shape)).toEqual(a.advances.map(shape));

    // The billing member forked at the step before its part of the first advance, then advanced
    // to the same target by itself: the same events, the same records.
    const part = a.advances[0]!.members[0]!;
    const own = (await h.request('GET', `/v1/simulations/${part.simulation_id}/advances/${part.advance_id}`)).json<ClockAdvanceView>();
    expect(own.step).not.toBeNull();
    const forked = await h.request('POST', `/v1/simulations/${part.simulation_id}/fork`, { json: { at_step: own.step! - 1 } });
    expect(forked.status, forked.text()).toBe(201);
    const child = forked.json<Member & SimulationView>();
    expect(child).toMatchObject({ world_id: null, current_time: START });
    const accepted = await advance(h, child.id, '2024-01-15T00:00:00Z');
    expect(accepted.status, accepted.text()).toBe(202);
    let again = accepted.json<ClockAdvanceView>();
    while (again.status === 'pending' || again.status === 'running') again = (await h.request('GET', `/v1/simulations/${child.id}/advances/${again.id}`)).json<ClockAdvanceView>();
    expect(again).toMatchObject({ status: 'completed', event_count: part.event_count, step: own.step });
    const childEvents = (await h.request('GET', `/v1/simulations/${child.id}/advances/${again.id}/events?limit=200`)).body;
    expect(childEvents).toEqual((await h.request('GET', `/v1/simulations/${part.simulation_id}/advances/${part.advance_id}/events?limit=200`)).body);
  });
});
