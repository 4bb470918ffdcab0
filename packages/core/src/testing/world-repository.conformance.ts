import { describe, expect, it } from 'vitest';
import type { WorldRecord } from '../worlds/world.js';
import type { WorldRepository } from '../worlds/world.repository.port.js';

let counter = 0;

/** A plain running World of two members; tests change what they need. */
export function sampleWorldRecord(change: Partial<WorldRecord> = {}): WorldRecord {
  counter += 1;
  const createdAt = `2024-01-01T00:00:${String(counter % 60).padStart(2, '0')}.000Z`;
  return {
    id: `wld_${String(counter).padStart(26, '0')}`,
    workspaceId: 'wsp_A',
    organizationId: 'org_A',
    name: `world ${counter}`,
    from: '',
    seed: 'seed',
    status: 'running',
    startTime: '2024-01-01T00:00:00.000Z',
    currentTime: '2024-01-01T00:00:00.000Z',
    activeAdvanceId: null,
    members: [
      { name: 'billing', simulatorId: 'smr_1', simulationId: `sim_${String(counter).padStart(25, '0')}1` },
      { name: 'crm', simulatorId: 'smr_2', simulationId: `sim_${String(counter).padStart(25, '0')}2` },
    ],
    build: { startedAt: createdAt, deadline: '2024-01-01T04:00:00.000Z' },
    error: null,
    metadata: { team: 'a' },
    createdAt,
    updatedAt: createdAt,
    ...change,
  };
}

/** The WorldRepository contract. */
export function describeWorldRepositoryConformance(name: string, makeRepository: () => Promise<WorldRepository> | WorldRepository): void {
  describe(`WorldRepository conformance: ${name}`, () => {
    it('keeps metadata as given: its keys in order, and any text, U+0000 included', async () => {
      const repo = await makeRepository();
      const w = sampleWorldRecord({ metadata: { zeta: 1, alpha: 'a\u0000b', nested: { y: true, x: [2, 1] } } });
      await repo.insert(w);
      const read = (await repo.get(w.id))!;
      expect(read.metadata).toEqual(w.metadata);
      expect(JSON.stringify(read.metadata)).toBe(JSON.stringify(w.metadata));
    });

    it('stores and reads back a copy, and refuses an ID stored before', async () => {
      const repo = await makeRepository();
      const w = sampleWorldRecord();
      await repo.insert(w);
      const read = (await repo.get(w.id))!;
      expect(read).toEqual(w);
      read.members[0]!.name = 'mutated';
      read.metadata.team = 'mutated';
      expect(await repo.get(w.id)).toEqual(w);
      expect(await repo.get('wld_missing')).toBeNull();
      await expect(repo.insert(w)).rejects.toThrow();
    });

    it('lists a workspace newest first, by status, after a position', async () => {
      const repo = await makeRepository();
      const a = sampleWorldRecord({ createdAt: '2024-02-01T00:00:00.000Z' });
      const b = sampleWorldRecord({ createdAt: '2024-02-02T00:00:00.000Z', status: 'stopped' });
      const tie = sampleWorldRecord({ createdAt: '2024-02-02T00:00:00.000Z' });
      const other = sampleWorldRecord({ workspaceId: 'wsp_B', createdAt: '2024-02-03T00:00:00.000Z' });
      for (const w of [a, b, tie, other]) await repo.insert(w);
      const ids = async (filter: Parameters<WorldRepository['list']>[0], limit = 10) => (await repo.list(filter, { limit })).map((w) => w.id);
      expect(await ids({ workspaceId: 'wsp_A' })).toEqual([tie.id, b.id, a.id]);
      expect(await ids({ workspaceId: 'wsp_A' }, 2)).toEqual([tie.id, b.id]);
      expect(await ids({ workspaceId: 'wsp_A', status: 'running' })).toEqual([tie.id, a.id]);
      expect(await ids({ workspaceId: 'wsp_B' })).toEqual([other.id]);
      const after = await repo.list({ workspaceId: 'wsp_A' }, { limit: 10, after: { createdAt: tie.createdAt, id: tie.id } });
      expect(after.map((w) => w.id)).toEqual([b.id, a.id]);
    });

    it('updates only while the guard holds, and never the ID', async () => {
      const repo = await makeRepository();
      const w = sampleWorldRecord({ status: 'running' });
      await repo.insert(w);
      expect(await repo.update(w.id, { status: ['stopped'] }, { status: 'running' })).toBeNull();
      expect(await repo.update(w.id, { activeAdvanceId: 'adv_other' }, { status: 'stopped' })).toBeNull();
      expect(await repo.update('wld_missing', {}, { status: 'stopped' })).toBeNull();
      const stopped = await repo.update(w.id, { status: ['running'], activeAdvanceId: null }, { status: 'stopped', updatedAt: '2024-03-01T00:00:00.000Z' });
      expect(stopped).toMatchObject({ id: w.id, status: 'stopped', updatedAt: '2024-03-01T00:00:00.000Z', members: w.members });
      expect((await repo.get(w.id))!.status).toBe('stopped');
      stopped!.members.length = 0;
      expect((await repo.get(w.id))!.members).toEqual(w.members);
    });

    it('takes each active advance once: of two updates guarded on none, one wins', async () => {
      const repo = await makeRepository();
      const w = sampleWorldRecord();
      await repo.insert(w);
      const results = await Promise.all([
        repo.update(w.id, { activeAdvanceId: null }, { activeAdvanceId: 'adv_1' }),
        repo.update(w.id, { activeAdvanceId: null }, { activeAdvanceId: 'adv_2' }),
      ]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect([(await repo.get(w.id))!.activeAdvanceId]).toContain(results.find((r) => r !== null)!.activeAdvanceId);
    });

    it('keeps the build queue: running builds counted, waiting ones oldest first', async () => {
      const repo = await makeRepository();
      const building = sampleWorldRecord({ status: 'creating' });
      const waitingLate = sampleWorldRecord({ status: 'creating', createdAt: '2024-05-02T00:00:00.000Z', build: { startedAt: null, deadline: '2024-05-02T04:00:00.000Z' } });
      const waitingEarly = sampleWorldRecord({ status: 'creating', createdAt: '2024-05-01T00:00:00.000Z', build: { startedAt: null, deadline: '2024-05-01T04:00:00.000Z' } });
      const elsewhere = sampleWorldRecord({ status: 'creating', workspaceId: 'wsp_B', build: { startedAt: null, deadline: '2024-05-01T04:00:00.000Z' } });
      const done = sampleWorldRecord({ status: 'running' });
      for (const w of [building, waitingLate, waitingEarly, elsewhere, done]) await repo.insert(w);
      expect(await repo.countBuilding('wsp_A')).toBe(1);
      expect((await repo.listWaiting('wsp_A', 10)).map((w) => w.id)).toEqual([waitingEarly.id, waitingLate.id]);
      expect((await repo.listWaiting('wsp_A', 1)).map((w) => w.id)).toEqual([waitingEarly.id]);
      // Starting a waiting build is guarded: of two schedulers, one starts it.
      const claims = await Promise.all([
        repo.update(waitingEarly.id, { status: ['creating'], buildStarted: false }, { build: { ...waitingEarly.build, startedAt: '2024-05-03T00:00:00.000Z' } }),
        repo.update(waitingEarly.id, { status: ['creating'], buildStarted: false }, { build: { ...waitingEarly.build, startedAt: '2024-05-03T00:00:01.000Z' } }),
      ]);
      expect(claims.filter((c) => c !== null)).toHaveLength(1);
      expect(await repo.countBuilding('wsp_A')).toBe(2);
      expect((await repo.listWaiting('wsp_A', 10)).map((w) => w.id)).toEqual([waitingLate.id]);
    });

    it('claims waiting builds oldest first within the concurrency, each once, however many ask', async () => {
      const repo = await makeRepository();
      const waiting = (second: number, workspaceId = 'wsp_Q') =>
        sampleWorldRecord({ status: 'creating', workspaceId, createdAt: `2024-02-01T00:00:0${second}.000Z`, build: { startedAt: null, deadline: '2024-02-01T04:00:00.000Z' } });
      const [a, b, c] = [waiting(1), waiting(2), waiting(3)];
      const other = waiting(0, 'wsp_R');
      for (const w of [c, other, a, b]) await repo.insert(w);
      const claim = (w: WorldRecord) => ({ build: { ...w.build, startedAt: '2024-02-01T00:01:00.000Z', lease: { owner: 'p', expiresAt: '2024-02-01T00:02:00.000Z' } } });
      const claims = await Promise.all([repo.claimNextBuild('wsp_Q', 2, claim), repo.claimNextBuild('wsp_Q', 2, claim), repo.claimNextBuild('wsp_Q', 2, claim)]);
      expect(claims.map((w) => w?.id ?? null).sort()).toEqual([a.id, b.id, null].sort());
      expect(claims.find((w) => w !== null)!.build.lease).toEqual({ owner: 'p', expiresAt: '2024-02-01T00:02:00.000Z' });
      expect(await repo.countBuilding('wsp_Q')).toBe(2);
      expect((await repo.listWaiting('wsp_Q', 10)).map((w) => w.id)).toEqual([c.id]);
      expect((await repo.waitingWorkspaces(10)).sort()).toEqual(['wsp_Q', 'wsp_R']);
    });

    it('takes over each started build whose lease expired exactly once, and guards updates by the lease owner', async () => {
      const repo = await makeRepository();
      const started = (owner: string | null, expiresAt: string, second: number) =>
        sampleWorldRecord({
          status: 'creating',
          createdAt: `2024-03-01T00:00:0${second}.000Z`,
          build: { startedAt: '2024-03-01T00:00:10.000Z', deadline: '2024-03-01T04:00:00.000Z', lease: owner === null ? null : { owner, expiresAt } },
        });
      const dead = started('dead', '2024-03-01T00:01:00.000Z', 1);
      const unleased = started(null, '', 2);
      const alive = started('alive', '2024-03-01T00:09:00.000Z', 3);
      for (const w of [alive, unleased, dead]) await repo.insert(w);
      expect(await repo.update(dead.id, { leaseOwner: 'someone-else' }, { name: 'x' })).toBeNull();
      expect((await repo.update(dead.id, { leaseOwner: 'dead' }, { name: 'renamed' }))!.name).toBe('renamed');
      const claim = (w: WorldRecord) => ({ build: { ...w.build, lease: { owner: 'taker', expiresAt: '2024-03-01T00:10:00.000Z' } } });
      const now = '2024-03-01T00:05:00.000Z';
      const claims = await Promise.all([repo.claimExpiredBuild(now, claim), repo.claimExpiredBuild(now, claim), repo.claimExpiredBuild(now, claim)]);
      expect(claims.map((w) => w?.id ?? null)).toEqual(expect.arrayContaining([dead.id, unleased.id, null]));
      expect((await repo.get(alive.id))!.build.lease!.owner).toBe('alive');
      expect((await repo.get(dead.id))!.build.lease!.owner).toBe('taker');
      expect(await repo.claimExpiredBuild(now, claim)).toBeNull();
    });

    it('guards an update by the lifecycle lock, absent counting as none', async () => {
      const repo = await makeRepository();
      const w = sampleWorldRecord();
      await repo.insert(w);
      const lock = { action: 'stopping' as const, at: '2024-01-01T00:00:00.000Z' };
      const locked = await repo.update(w.id, { status: ['running'], lock: null }, { status: 'stopped', lock });
      expect(locked!.lock).toEqual(lock);
      expect(await repo.update(w.id, { lock: null }, { status: 'running' })).toBeNull();
      expect(await repo.update(w.id, { lock: { ...lock, at: '2024-01-01T00:00:01.000Z' } }, { lock: null })).toBeNull();
      expect((await repo.update(w.id, { lock }, { lock: null }))!.lock).toBeNull();
    });

    it('finds the Worlds that use a Simulator, and deletes', async () => {
      const repo = await makeRepository();
      const uses = sampleWorldRecord({ members: [{ name: 'a', simulatorId: 'smr_used', simulationId: null }] });
      const not = sampleWorldRecord();
      await repo.insert(uses);
      await repo.insert(not);
      expect(await repo.listBySimulator('smr_used')).toEqual([uses.id]);
      expect(await repo.listBySimulator('smr_none')).toEqual([]);
      expect(await repo.delete(uses.id)).toBe(true);
      expect(await repo.delete(uses.id)).toBe(false);
      expect(await repo.get(uses.id)).toBeNull();
      expect(await repo.listBySimulator('smr_used')).toEqual([]);
    });
  });
}
