import { describe, expect, it } from 'vitest';
import type { AdvanceLog } from '../simulations/clock/advance-log.port.js';
import type { ClockAdvanceRecord, ClockEventView } from '../simulations/clock/clock-advance.js';

let counter = 0;

/** A pending advance of `sim_a`; tests change what they need. */
export function sampleClockAdvance(change: Partial<ClockAdvanceRecord> = {}): ClockAdvanceRecord {
  counter += 1;
  return {
    id: `adv_${String(counter).padStart(26, '0')}`,
    simulationId: 'sim_a',
    idempotencyKey: `key-${counter}`,
    status: 'pending',
    from: '2024-01-01T00:00:00.000Z',
    to: '2024-02-01T00:00:00.000Z',
    eventCount: 0,
    step: null,
    members: [],
    error: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...change,
  };
}

function sampleEvent(sequence: number): ClockEventView {
  return { event_id: `evt_${sequence}`, type: 'expiry', resource: 'Subscription', record_id: `sub_${sequence}`, at: '2024-01-15T00:00:00.000Z', sequence };
}

/** The AdvanceLog contract. */
export function describeAdvanceLogConformance(name: string, makeLog: () => Promise<AdvanceLog> | AdvanceLog): void {
  describe(`AdvanceLog conformance: ${name}`, () => {
    it('lists the advances still pending or running, of every owner, created by a time, oldest first', async () => {
      const log = await makeLog();
      const old = sampleClockAdvance({ simulationId: 'sim_x', createdAt: '2024-01-01T00:00:01.000Z' });
      const running = sampleClockAdvance({ simulationId: 'wld_y', createdAt: '2024-01-01T00:00:02.000Z', status: 'running' });
      const done = sampleClockAdvance({ simulationId: 'sim_x', createdAt: '2024-01-01T00:00:03.000Z', status: 'completed' });
      const recent = sampleClockAdvance({ simulationId: 'sim_z', createdAt: '2024-01-01T00:10:00.000Z' });
      for (const r of [recent, done, running, old]) await log.insert(r);
      expect((await log.listActive('2024-01-01T00:05:00.000Z', 10)).map((r) => r.id)).toEqual([old.id, running.id]);
      expect((await log.listActive('2024-01-01T00:05:00.000Z', 1)).map((r) => r.id)).toEqual([old.id]);
      await log.update('sim_x', old.id, { status: 'failed' });
      expect((await log.listActive('2024-01-01T00:20:00.000Z', 10)).map((r) => r.id)).toEqual([running.id, recent.id]);
    });

    it('stores an advance once per idempotency key and Simulation', async () => {
      const log = await makeLog();
      const first = sampleClockAdvance({ idempotencyKey: 'k' });
      expect(await log.insert(first)).toEqual({ inserted: true, record: first });
      const again = await log.insert(sampleClockAdvance({ idempotencyKey: 'k', to: '2030-01-01T00:00:00.000Z' }));
      expect(again).toEqual({ inserted: false, record: first });
      expect((await log.insert(sampleClockAdvance({ idempotencyKey: 'k', simulationId: 'sim_b' }))).inserted).toBe(true);
      expect(await log.findByKey('sim_a', 'k')).toEqual(first);
      expect(await log.findByKey('sim_a', 'other')).toBeNull();
      expect(await log.findByKey('sim_c', 'k')).toBeNull();
    });

    it('lets exactly one of two concurrent inserts with one key be stored', async () => {
      const log = await makeLog();
      const results = await Promise.all([log.insert(sampleClockAdvance({ idempotencyKey: 'same' })), log.insert(sampleClockAdvance({ idempotencyKey: 'same' }))]);
      expect(results.filter((r) => r.inserted)).toHaveLength(1);
      expect(results[0]!.record.id).toBe(results[1]!.record.id);
    });

    it('gets an advance only through its own Simulation, and updates it', async () => {
      const log = await makeLog();
      const advance = sampleClockAdvance();
      await log.insert(advance);
      expect(await log.get('sim_a', advance.id)).toEqual(advance);
      expect(await log.get('sim_b', advance.id)).toBeNull();
      const done = await log.update('sim_a', advance.id, { status: 'completed', eventCount: 2, step: 4 });
      expect(done).toEqual({ ...advance, status: 'completed', eventCount: 2, step: 4 });
      expect(await log.get('sim_a', advance.id)).toEqual(done);
      expect(await log.update('sim_b', advance.id, { status: 'failed' })).toBeNull();
      const failed = await log.update('sim_a', advance.id, { status: 'failed', error: { code: 'advance_failed', detail: 'x' } });
      expect(failed?.error).toEqual({ code: 'advance_failed', detail: 'x' });
    });

    it('lists newest first by creation time then ID, in pages', async () => {
      const log = await makeLog();
      const a = sampleClockAdvance({ simulationId: 'sim_list', createdAt: '2024-01-01T00:00:00.000Z' });
      const b = sampleClockAdvance({ simulationId: 'sim_list', createdAt: '2024-01-02T00:00:00.000Z' });
      const c = sampleClockAdvance({ simulationId: 'sim_list', createdAt: '2024-01-02T00:00:00.000Z' });
      for (const r of [a, b, c]) await log.insert(r);
      await log.insert(sampleClockAdvance({ simulationId: 'sim_other' }));
      const page = await log.list('sim_list', { limit: 2 });
      expect(page.map((r) => r.id)).toEqual([c.id, b.id]);
      const rest = await log.list('sim_list', { limit: 2, after: { createdAt: b.createdAt, id: b.id } });
      expect(rest.map((r) => r.id)).toEqual([a.id]);
    });

    it('keeps events in execution order and pages them by sequence', async () => {
      const log = await makeLog();
      const advance = sampleClockAdvance();
      await log.insert(advance);
      const events = [1, 2, 3, 4, 5].map(sampleEvent);
      await log.putEvents('sim_a', advance.id, events);
      expect(await log.listEvents('sim_a', advance.id, { afterSequence: 0, limit: 2 })).toEqual(events.slice(0, 2));
      expect(await log.listEvents('sim_a', advance.id, { afterSequence: 2, limit: 10 })).toEqual(events.slice(2));
      expect(await log.listEvents('sim_b', advance.id, { afterSequence: 0, limit: 10 })).toEqual([]);
      expect(await log.listEvents('sim_a', 'adv_none', { afterSequence: 0, limit: 10 })).toEqual([]);
    });

    it("keeps a World's advances under its ID, with their members and their events' members", async () => {
      const log = await makeLog();
      const members = [
        { name: 'billing', simulation_id: 'sim_b', status: 'completed' as const, advance_id: 'adv_b', event_count: 1 },
        { name: 'crm', simulation_id: 'sim_c', status: 'skipped' as const },
      ];
      const advance = sampleClockAdvance({ simulationId: 'wld_a', idempotencyKey: 'k', members, status: 'completed', eventCount: 1 });
      await log.insert(advance);
      expect(await log.get('wld_a', advance.id)).toEqual(advance);
      expect(await log.findByKey('wld_a', 'k')).toEqual(advance);
      expect(await log.findByKey('sim_a', 'k')).toBeNull();
      const event = { ...sampleEvent(1), member: 'billing', simulation_id: 'sim_b' };
      await log.putEvents('wld_a', advance.id, [event]);
      expect(await log.listEvents('wld_a', advance.id, { afterSequence: 0, limit: 10 })).toEqual([event]);
      expect((await log.update('wld_a', advance.id, { members: [members[1]!] }))?.members).toEqual([members[1]]);
    });

    it('deletes one Simulation and nothing else', async () => {
      const log = await makeLog();
      const a = sampleClockAdvance({ simulationId: 'sim_del', idempotencyKey: 'k' });
      const b = sampleClockAdvance({ simulationId: 'sim_keep' });
      await log.insert(a);
      await log.insert(b);
      await log.putEvents('sim_del', a.id, [sampleEvent(1)]);
      await log.deleteAll('sim_del');
      expect(await log.get('sim_del', a.id)).toBeNull();
      expect(await log.findByKey('sim_del', 'k')).toBeNull();
      expect(await log.listEvents('sim_del', a.id, { afterSequence: 0, limit: 10 })).toEqual([]);
      expect((await log.insert(sampleClockAdvance({ simulationId: 'sim_del', idempotencyKey: 'k' }))).inserted).toBe(true);
      expect(await log.get('sim_keep', b.id)).toEqual(b);
    });

    it('hands out copies', async () => {
      const log = await makeLog();
      const advance = sampleClockAdvance();
      await log.insert(advance);
      const got = (await log.get('sim_a', advance.id))!;
      got.members.push({ name: 'x', simulation_id: 'sim_x', status: 'skipped' });
      got.status = 'failed';
      expect(await log.get('sim_a', advance.id)).toEqual(advance);
      const events = [sampleEvent(1)];
      await log.putEvents('sim_a', advance.id, events);
      events[0]!.type = 'changed';
      const listed = await log.listEvents('sim_a', advance.id, { afterSequence: 0, limit: 10 });
      listed[0]!.type = 'changed too';
      expect((await log.listEvents('sim_a', advance.id, { afterSequence: 0, limit: 10 }))[0]!.type).toBe('expiry');
    });
  });
}
