import { afterEach, describe, expect, it } from 'vitest';
import type { ClockAdvanceView, ClockEventView, SimulationView } from '@simplane/core';
import type { Harness } from '@simplane/harness';
import { closeAll, simulationHarness } from '../support/simulations.js';
import { memberTokens, readWorld, runningWorld, worldAdvanced, worldEvents, type Member } from '../support/world-clock.js';
import { billing, support } from '../support/world-documents.js';

afterEach(closeAll);

/** What a member shows: its clock, its advances and their events, and the records named. */
async function snapshot(h: Harness, member: Member, paths: string[]): Promise<unknown> {
  const sim = (await h.request('GET', `/v1/simulations/${member.id}`)).json<SimulationView>();
  const advances = (await h.request('GET', `/v1/simulations/${member.id}/advances`)).json<{ advances: ClockAdvanceView[] }>().advances;
  const events = [];
  for (const a of advances) events.push((await h.request('GET', `/v1/simulations/${member.id}/advances/${a.id}/events`)).body);
  const records = [];
  for (const path of paths) records.push((await h.sim(member, 'GET', path)).body);
  return { current_time: sim.current_time, step: sim.step, advances, events, records };
}

describe('a World of two Simulators that share a Customer', () => {
  it('advances both members past a declared and an inferred rule, and keeps state, clock and events across stop and start', async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(billing, { references: ['billing:v1'] });
    await h.buildSimulator(support, { references: ['support:v1'] });
    const world = await runningWorld(h, { name: 'shop', simulators: ['billing:v1', 'support:v1'], seed: 'story' });
    expect(Object.keys(world.members).sort()).toEqual(['billing', 'support']);
    const m = await memberTokens(h, world);
    const billingMember = m.billing!;
    const supportMember = m.support!;

    // The shared Customer is seeded alike in both members, from the World's seed.
    const seededCustomers = (await h.sim(billingMember, 'GET', '/customers')).json<Array<{ id: string }>>();
    expect(seededCustomers.length).toBeGreaterThan(0);
    expect((await h.sim(supportMember, 'GET', '/customers')).json()).toEqual(seededCustomers);

    // A customer made through one member; the other's records name it.
    const created = await h.sim(billingMember, 'POST', '/customers', { json: { name: 'Ada', email: 'ada@example.com' } });
    expect(created.status, created.text()).toBe(201);
    const customer = created.json<{ id: string }>();
    const invoiceReply = await h.sim(billingMember, 'POST', '/invoices', { json: { customer_id: customer.id, amount: 1200, due_date: '2024-01-10T00:00:00Z' } });
    expect(invoiceReply.status, invoiceReply.text()).toBe(201);
    const invoice = invoiceReply.json<{ id: string; status: string }>();
    expect(invoice.status).toBe('open');
    const ticketReply = await h.sim(supportMember, 'POST', '/tickets', {
      json: { customer_id: customer.id, subject: 'refund', priority: 'normal', expires_at: '2024-01-05T00:00:00Z', escalate_at: '2024-01-03T00:00:00Z' },
    });
    expect(ticketReply.status, ticketReply.text()).toBe(201);
    const ticket = ticketReply.json<{ id: string; status: string; priority: string }>();
    expect(ticket).toMatchObject({ status: 'open', priority: 'normal' });

    const done = await worldAdvanced(h, world.id, '2024-02-01T00:00:00Z');
    expect(done).toMatchObject({ status: 'completed', from: '2024-01-01T00:00:00.000Z', to: '2024-02-01T00:00:00.000Z', step: null, error: null });
    expect(done.members.map((x) => [x.name, x.simulation_id, x.status])).toEqual([
      ['billing', billingMember.id, 'completed'],
      ['support', supportMember.id, 'completed'],
    ]);
    const events = await worldEvents(h, world.id, done.id, 2);
    expect(done.event_count).toBe(events.length);
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    // Member by member, by name; each event names the member that committed it.
    const order = events.map((e) => e.member);
    expect(order).toEqual([...order].sort());
    for (const e of events) expect(e.simulation_id).toBe(m[e.member!]!.id);
    const mine = (e: ClockEventView) => e.record_id === invoice.id || e.record_id === ticket.id;
    expect(events.filter(mine).map((e) => [e.member, e.resource, e.type, e.at])).toEqual([
      ['billing', 'invoices', 'expiry', '2024-01-10T00:00:00.000Z'],
      ['billing', 'invoices', 'set', '2024-01-17T00:00:00.000Z'],
      ['support', 'tickets', 'set', '2024-01-03T00:00:00.000Z'],
      ['support', 'tickets', 'expiry', '2024-01-05T00:00:00.000Z'],
    ]);

    // Each member's part is its own advance, with the same events (less the World's fields).
    for (const part of done.members) {
      expect(part.advance_id).toMatch(/^adv_/);
      const own = (await h.request('GET', `/v1/simulations/${part.simulation_id}/advances/${part.advance_id}`)).json<ClockAdvanceView>();
      expect(own).toMatchObject({ status: 'completed', to: '2024-02-01T00:00:00.000Z', event_count: part.event_count, members: [] });
      const ownEvents = (await h.request('GET', `/v1/simulations/${part.simulation_id}/advances/${part.advance_id}/events?limit=200`)).json<{ events: ClockEventView[] }>().events;
      expect(ownEvents.map((e) => e.event_id)).toEqual(events.filter((e) => e.member === part.name).map((e) => e.event_id));
    }

    // The records changed, read through the data plane.
    expect((await h.sim(billingMember, 'GET', `/invoices/${invoice.id}`)).json()).toMatchObject({ status: 'collections' });
    expect((await h.sim(supportMember, 'GET', `/tickets/${ticket.id}`)).json()).toMatchObject({ status: 'expired', priority: 'high' });
    expect((await readWorld(h, world.id)).current_time).toBe('2024-02-01T00:00:00.000Z');

    const billingPaths = [`/customers/${customer.id}`, '/customers', `/invoices/${invoice.id}`, '/invoices'];
    const supportPaths = ['/customers', `/tickets/${ticket.id}`, '/tickets'];
    const before = [await snapshot(h, billingMember, billingPaths), await snapshot(h, supportMember, supportPaths)];
    const worldAdvances = (await h.request('GET', `/v1/worlds/${world.id}/advances`)).body;

    const stopped = await h.request('POST', `/v1/worlds/${world.id}/stop`);
    expect(stopped.status, stopped.text()).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', current_time: '2024-02-01T00:00:00.000Z' });
    const started = await h.request('POST', `/v1/worlds/${world.id}/start`);
    expect(started.status, started.text()).toBe(200);
    expect(started.json()).toMatchObject({ status: 'running', current_time: '2024-02-01T00:00:00.000Z' });

    // Tokens survive; state, clock, advances and events are as they were.
    expect(await snapshot(h, billingMember, billingPaths)).toEqual(before[0]);
    expect(await snapshot(h, supportMember, supportPaths)).toEqual(before[1]);
    expect((await h.request('GET', `/v1/worlds/${world.id}/advances`)).body).toEqual(worldAdvances);
    expect(await worldEvents(h, world.id, done.id)).toEqual(events);
  });
});
