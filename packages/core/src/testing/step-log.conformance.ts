import { describe, expect, it } from 'vitest';
import type { StepEntry, StepLog } from '../simulations/step-log.port.js';

/** A step entry with one change; tests give the step number. */
export function sampleStepEntry(step: number): StepEntry {
  return {
    view: {
      step,
      kind: 'api',
      label: 'POST /pets',
      operation: 'createPet',
      status: 201,
      time_before: '2024-01-01T00:00:00.000Z',
      time_after: '2024-01-01T00:00:00.000Z',
      advance_id: null,
      via: 'http',
      created_at: '2024-01-01T00:00:00.000Z',
    },
    request: { method: 'POST', path: '/pets', query: '', headers: { 'content-type': 'application/json' }, body: new TextEncoder().encode('{}'), body_bytes: 2 },
    response: null,
    changes: [{ op: 'put', collection: 'pets', key: String(step), value: { id: step } }],
  };
}

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (b: Uint8Array | undefined) => (b === undefined ? undefined : new TextDecoder().decode(b));

/** The StepLog contract. */
export function describeStepLogConformance(name: string, makeLog: () => Promise<StepLog> | StepLog): void {
  describe(`StepLog conformance: ${name}`, () => {
    it('appends steps in order and refuses gaps and repeats', async () => {
      const log = await makeLog();
      expect(await log.head('sim_a')).toBe(0);
      expect(await log.append('sim_a', sampleStepEntry(2))).toBe(false);
      expect(await log.append('sim_a', sampleStepEntry(1))).toBe(true);
      expect(await log.append('sim_a', sampleStepEntry(1))).toBe(false);
      expect(await log.append('sim_a', sampleStepEntry(2))).toBe(true);
      expect(await log.head('sim_a')).toBe(2);
    });

    it('lets exactly one of two concurrent writers have a step', async () => {
      const log = await makeLog();
      const results = await Promise.all([log.append('sim_a', sampleStepEntry(1)), log.append('sim_a', sampleStepEntry(1))]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('keeps a snapshot given in chunks as their bytes joined in order', async () => {
      const log = await makeLog();
      await log.putSnapshot('sim_chunks', { step: 4, chunks: [bytes('{"v":1,'), bytes('"collections":'), bytes('[]}')] });
      expect(await log.head('sim_chunks')).toBe(4);
      const read = (await log.latestSnapshot('sim_chunks', 10))!;
      expect(read.step).toBe(4);
      expect(text(read.bytes)).toBe('{"v":1,"collections":[]}');
    });

    it('answers the heads of several Simulations at once, as head does one by one', async () => {
      const log = await makeLog();
      await log.append('sim_h1', sampleStepEntry(1));
      await log.append('sim_h1', sampleStepEntry(2));
      await log.putSnapshot('sim_h2', { step: 9, bytes: bytes('{}') });
      const heads = await log.heads(['sim_h1', 'sim_h2', 'sim_none']);
      expect([...heads.entries()].sort()).toEqual([
        ['sim_h1', 2],
        ['sim_h2', 9],
        ['sim_none', 0],
      ]);
      expect((await log.heads([])).size).toBe(0);
    });

    it('starts a log from a snapshot: the next step follows it', async () => {
      const log = await makeLog();
      await log.putSnapshot('sim_fork', { step: 7, bytes: bytes('{}') });
      expect(await log.head('sim_fork')).toBe(7);
      expect(await log.append('sim_fork', sampleStepEntry(1))).toBe(false);
      expect(await log.append('sim_fork', sampleStepEntry(8))).toBe(true);
    });

    it('lists ascending pages, gets one step and reads ranges for replay', async () => {
      const log = await makeLog();
      for (let i = 1; i <= 5; i += 1) await log.append('sim_a', sampleStepEntry(i));
      expect((await log.list('sim_a', { afterStep: 0, limit: 2 })).map((s) => s.step)).toEqual([1, 2]);
      expect((await log.list('sim_a', { afterStep: 2, limit: 10 })).map((s) => s.step)).toEqual([3, 4, 5]);
      expect(await log.list('sim_other', { afterStep: 0, limit: 10 })).toEqual([]);
      expect((await log.get('sim_a', 3))!.changes).toEqual(sampleStepEntry(3).changes);
      expect(await log.get('sim_a', 6)).toBeNull();
      expect(await log.changes('sim_a', 1, 4)).toEqual([2, 3, 4].map((step) => ({ step, changes: sampleStepEntry(step).changes })));
      expect(await log.changes('sim_a', 5, 5)).toEqual([]);
      const lines = await log.changesJson('sim_a', 1, 4);
      expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([2, 3, 4].map((step) => sampleStepEntry(step).changes));
      for (const line of lines) expect(line).not.toContain('\n');
      expect(await log.changesJson('sim_a', 5, 5)).toEqual([]);
      expect(await log.changesJson('sim_other', 0, 5)).toEqual([]);
    });

    it('answers the latest snapshot at or before a step', async () => {
      const log = await makeLog();
      await log.putSnapshot('sim_a', { step: 0, bytes: bytes('zero') });
      await log.putSnapshot('sim_a', { step: 64, bytes: bytes('sixty-four') });
      await log.putSnapshot('sim_a', { step: 64, bytes: bytes('replaced') });
      expect(await log.latestSnapshot('sim_a', 63)).toMatchObject({ step: 0 });
      expect(text((await log.latestSnapshot('sim_a', 100))?.bytes)).toBe('replaced');
      expect(await log.latestSnapshot('sim_b', 100)).toBeNull();
    });

    it('deletes one Simulation and nothing else', async () => {
      const log = await makeLog();
      await log.append('sim_a', sampleStepEntry(1));
      await log.append('sim_b', sampleStepEntry(1));
      await log.putSnapshot('sim_a', { step: 1, bytes: bytes('a') });
      await log.deleteAll('sim_a');
      expect(await log.head('sim_a')).toBe(0);
      expect(await log.latestSnapshot('sim_a', 10)).toBeNull();
      expect(await log.get('sim_b', 1)).not.toBeNull();
    });

    it('keeps both messages exactly: headers, bytes that are not text, an empty body apart from none', async () => {
      const log = await makeLog();
      const entry = sampleStepEntry(1);
      entry.request = { method: 'PUT', path: '/pets/1', query: 'a=1', headers: { 'x-many': ['1', '2'] }, body: Uint8Array.from([0xff, 0x00, 0x0a, 0x22]), body_bytes: 70_000 };
      entry.response = { status: 204, headers: {}, body: new Uint8Array(0), body_bytes: 0 };
      await log.append('sim_a', entry);
      const second = sampleStepEntry(2);
      second.request = { method: 'DELETE', path: '/pets/1', query: '', headers: {}, body: null, body_bytes: 0 };
      await log.append('sim_a', second);
      expect(await log.get('sim_a', 1)).toEqual(entry);
      const got = (await log.get('sim_a', 2))!;
      expect(got.request!.body).toBeNull();
      expect(got.response).toBeNull();
    });

    it('hands out copies', async () => {
      const log = await makeLog();
      await log.append('sim_a', sampleStepEntry(1));
      const entry = (await log.get('sim_a', 1))!;
      entry.changes.length = 0;
      entry.request!.body!.fill(0);
      const again = (await log.get('sim_a', 1))!;
      expect(again.changes).toHaveLength(1);
      expect(new TextDecoder().decode(again.request!.body!)).toBe('{}');
    });
  });
}
