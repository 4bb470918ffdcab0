import { describe, expect, it } from 'vitest';
import type { SimulationRecord } from '../simulations/simulation.js';
import type { SimulationRepository } from '../simulations/simulation.repository.port.js';

let counter = 0;

/** A plain running record; tests change what they need. */
export function sampleSimulationRecord(change: Partial<SimulationRecord> = {}): SimulationRecord {
  counter += 1;
  return {
    id: `sim_${String(counter).padStart(26, '0')}`,
    workspaceId: 'wsp_A',
    organizationId: 'org_A',
    name: `simulation ${counter}`,
    simulatorId: 'smr_1',
    simulatorDigest: 'sha256:aa',
    parentId: null,
    worldId: null,
    status: 'running',
    lock: null,
    seed: 'seed',
    startTime: '2024-01-01T00:00:00.000Z',
    currentTime: '2024-01-01T00:00:00.000Z',
    activeAdvanceId: null,
    step: 0,
    baseStep: 0,
    sampleRecords: 3,
    ttlSeconds: null,
    expiresAt: null,
    metadata: { team: 'a' },
    createdAt: `2024-01-01T00:00:${String(counter % 60).padStart(2, '0')}.000Z`,
    ...change,
  };
}

/** The SimulationRepository contract. */
export function describeSimulationRepositoryConformance(name: string, makeRepository: () => Promise<SimulationRepository> | SimulationRepository): void {
  describe(`SimulationRepository conformance: ${name}`, () => {
    it('stores a record with its first token in one write, and neither when the quota refuses it', async () => {
      const repo = await makeRepository();
      const token = { hash: 'f'.repeat(64), readOnly: false, expiresAt: '2099-01-01T00:00:00.000Z' };
      const r = sampleSimulationRecord();
      expect(await repo.insert(r, { limit: 5 }, token)).toBe('ok');
      expect(await repo.findToken(r.id, token.hash, '2024-01-01T00:00:00.000Z')).toEqual(token);
      const refused = sampleSimulationRecord();
      expect(await repo.insert(refused, { limit: 1 }, { ...token, hash: 'e'.repeat(64) })).toBe('quota');
      expect(await repo.get(refused.id)).toBeNull();
      expect(await repo.findToken(refused.id, 'e'.repeat(64), '2024-01-01T00:00:00.000Z')).toBeNull();
    });

    it('stores and reads back a copy', async () => {
      const repo = await makeRepository();
      const r = sampleSimulationRecord();
      expect(await repo.insert(r)).toBe('ok');
      const read = (await repo.get(r.id))!;
      expect(read).toEqual(r);
      read.metadata.team = 'mutated';
      expect((await repo.get(r.id))!.metadata).toEqual({ team: 'a' });
      expect(await repo.get('sim_missing')).toBeNull();
    });

    it('lists a workspace newest first, with filters and a position', async () => {
      const repo = await makeRepository();
      const a = sampleSimulationRecord({ createdAt: '2024-02-01T00:00:00.000Z' });
      const b = sampleSimulationRecord({ createdAt: '2024-02-02T00:00:00.000Z', status: 'stopped', simulatorId: 'smr_2' });
      const other = sampleSimulationRecord({ workspaceId: 'wsp_B', createdAt: '2024-02-03T00:00:00.000Z' });
      for (const r of [a, b, other]) await repo.insert(r);
      const ids = async (filter: Parameters<SimulationRepository['list']>[0]) => (await repo.list(filter, { limit: 10 })).map((r) => r.id);
      expect(await ids({ workspaceId: 'wsp_A' })).toEqual([b.id, a.id]);
      expect(await ids({ workspaceId: 'wsp_A', status: 'running' })).toEqual([a.id]);
      expect(await ids({ workspaceId: 'wsp_A', simulatorId: 'smr_2' })).toEqual([b.id]);
      expect((await repo.list({ workspaceId: 'wsp_A' }, { limit: 10, after: { createdAt: b.createdAt, id: b.id } })).map((r) => r.id)).toEqual([a.id]);
      expect(await repo.list({ workspaceId: 'wsp_A' }, { limit: 1 })).toHaveLength(1);
    });

    it('inserts active records only within the limit, even concurrently', async () => {
      const repo = await makeRepository();
      const results = await Promise.all(Array.from({ length: 6 }, () => repo.insert(sampleSimulationRecord(), { limit: 4 })));
      expect(results.filter((r) => r === 'ok')).toHaveLength(4);
      expect(await repo.countActive('wsp_A')).toBe(4);
      expect(await repo.insert(sampleSimulationRecord({ status: 'stopped' }), { limit: 4 })).toBe('ok');
      expect(await repo.insert(sampleSimulationRecord({ workspaceId: 'wsp_B' }), { limit: 4 })).toBe('ok');
    });

    it('updates only records that match the guard', async () => {
      const repo = await makeRepository();
      const r = sampleSimulationRecord();
      await repo.insert(r);
      expect(await repo.update(r.id, { status: ['stopped'] }, { name: 'x' })).toBeNull();
      expect(await repo.update(r.id, { lock: 'stopping' }, { name: 'x' })).toBeNull();
      const locked = await repo.update(r.id, { status: ['running', 'paused'], lock: null }, { lock: 'stopping' });
      expect(locked).toMatchObject({ lock: 'stopping' });
      const results = await Promise.all([repo.update(r.id, { lock: null }, { lock: 'deleting' }), repo.update(r.id, { lock: 'stopping' }, { lock: null, status: 'stopped' })]);
      expect(results[0]).toBeNull();
      expect(results[1]).toMatchObject({ status: 'stopped', lock: null });
      expect(await repo.update('sim_missing', {}, { name: 'x' })).toBeNull();
    });

    it('guards on the active clock advance: of two advances started at once exactly one holds the clock', async () => {
      const repo = await makeRepository();
      const r = sampleSimulationRecord();
      await repo.insert(r);
      const results = await Promise.all([
        repo.update(r.id, { lock: null, activeAdvanceId: null }, { activeAdvanceId: 'adv_1' }),
        repo.update(r.id, { lock: null, activeAdvanceId: null }, { activeAdvanceId: 'adv_2' }),
      ]);
      expect(results.filter((x) => x !== null)).toHaveLength(1);
      const holder = (await repo.get(r.id))!.activeAdvanceId!;
      expect(await repo.update(r.id, { activeAdvanceId: 'adv_other' }, { activeAdvanceId: null })).toBeNull();
      expect(await repo.update(r.id, { activeAdvanceId: holder }, { activeAdvanceId: null, currentTime: '2024-02-01T00:00:00.000Z' })).toMatchObject({ activeAdvanceId: null, currentTime: '2024-02-01T00:00:00.000Z' });
    });

    it('refuses to activate a stopped record past the limit', async () => {
      const repo = await makeRepository();
      await repo.insert(sampleSimulationRecord());
      const parked = sampleSimulationRecord({ status: 'stopped' });
      await repo.insert(parked);
      expect(await repo.update(parked.id, { status: ['stopped'] }, { status: 'running' }, { limit: 1 })).toBe('quota');
      expect(await repo.update(parked.id, { status: ['stopped'] }, { status: 'running' }, { limit: 2 })).toMatchObject({ status: 'running' });
      expect(await repo.countActive('wsp_A')).toBe(2);
    });

    it('adds tokens without losing concurrent ones, and finds each until it expires', async () => {
      const repo = await makeRepository();
      const r = sampleSimulationRecord();
      await repo.insert(r);
      const now = '2024-06-01T00:00:00.000Z';
      await Promise.all(['a', 'b', 'c'].map((hash) => repo.addToken(r.id, { hash, readOnly: hash === 'b', expiresAt: '2030-01-01T00:00:00.000Z' }, now)));
      for (const hash of ['a', 'b', 'c']) expect(await repo.findToken(r.id, hash, now)).toEqual({ hash, readOnly: hash === 'b', expiresAt: '2030-01-01T00:00:00.000Z' });
      expect(await repo.findToken(r.id, 'd', now)).toBeNull();
      // Expiry is exclusive: a token is good strictly before its expiresAt.
      expect(await repo.findToken(r.id, 'a', '2030-01-01T00:00:00.000Z')).toBeNull();
      expect(await repo.addToken('sim_missing', { hash: 'x', readOnly: true, expiresAt: '2030-01-01T00:00:00.000Z' }, now)).toBe(false);
      expect(await repo.findToken('sim_missing', 'x', now)).toBeNull();
      // A token found is a copy: changing it changes nothing stored.
      const found = (await repo.findToken(r.id, 'a', now))!;
      found.readOnly = true;
      expect((await repo.findToken(r.id, 'a', now))!.readOnly).toBe(false);
    });

    it('drops expired tokens as it adds one, keeps tokens through updates, and deletes them with the record', async () => {
      const repo = await makeRepository();
      const r = sampleSimulationRecord();
      await repo.insert(r);
      await repo.addToken(r.id, { hash: 'short', readOnly: false, expiresAt: '2024-01-01T00:01:00.000Z' }, '2024-01-01T00:00:00.000Z');
      await repo.addToken(r.id, { hash: 'long', readOnly: false, expiresAt: '2030-01-01T00:00:00.000Z' }, '2024-01-01T00:00:00.000Z');
      await repo.addToken(r.id, { hash: 'later', readOnly: false, expiresAt: '2030-01-01T00:00:00.000Z' }, '2024-01-01T00:05:00.000Z');
      // Asked about a time before it expired, the dropped token is still gone.
      expect(await repo.findToken(r.id, 'short', '2024-01-01T00:00:30.000Z')).toBeNull();
      expect(await repo.findToken(r.id, 'long', '2024-01-01T00:00:30.000Z')).not.toBeNull();
      await repo.update(r.id, {}, { status: 'stopped' });
      expect(await repo.findToken(r.id, 'later', '2024-01-01T00:06:00.000Z')).not.toBeNull();
      expect(await repo.delete(r.id)).toBe(true);
      expect(await repo.findToken(r.id, 'long', '2024-01-01T00:06:00.000Z')).toBeNull();
      await repo.insert(r);
      expect(await repo.findToken(r.id, 'long', '2024-01-01T00:06:00.000Z')).toBeNull();
    });

    it('counts by Simulator, finds expired records and deletes', async () => {
      const repo = await makeRepository();
      const a = sampleSimulationRecord({ simulatorId: 'smr_X', expiresAt: '2024-01-01T00:01:00.000Z' });
      const b = sampleSimulationRecord({ simulatorId: 'smr_X', status: 'stopped', expiresAt: '2024-01-01T00:02:00.000Z' });
      for (const r of [a, b]) await repo.insert(r);
      expect(await repo.countBySimulator('smr_X')).toBe(2);
      expect((await repo.listExpired('2024-01-01T00:01:00.000Z', 10)).map((r) => r.id)).toEqual([a.id]);
      expect(await repo.listExpired('2024-01-01T00:05:00.000Z', 1)).toHaveLength(1);
      expect(await repo.delete(a.id)).toBe(true);
      expect(await repo.delete(a.id)).toBe(false);
      expect(await repo.countBySimulator('smr_X')).toBe(1);
    });
  });
}
