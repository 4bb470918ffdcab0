import { describe, expect, it } from 'vitest';
import { pendingSimulator, type SimulatorRecord } from '../simulators/simulator.js';
import type { SimulatorRepository } from '../simulators/simulator.repository.port.js';

let counter = 0;

/** A plain pending record; tests change what they need. */
export function sampleSimulatorRecord(change: Partial<SimulatorRecord> = {}): SimulatorRecord {
  counter += 1;
  const id = `smr_${String(counter).padStart(26, '0')}`;
  return pendingSimulator({
    id,
    workspaceId: 'wsp_A',
    organizationId: 'org_A',
    name: `simulator ${counter}`,
    source: 'workspace',
    specKind: 'openapi',
    specBlob: `specs/${id}`,
    createdAt: `2024-01-01T00:00:${String(counter % 60).padStart(2, '0')}.000Z`,
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...change,
  });
}

/** The SimulatorRepository contract. */
export function describeSimulatorRepositoryConformance(name: string, makeRepository: () => Promise<SimulatorRepository> | SimulatorRepository): void {
  describe(`SimulatorRepository conformance: ${name}`, () => {
    it('keeps a record as given: nested keys in order, and any text, U+0000 included', async () => {
      const repo = await makeRepository();
      const r = sampleSimulatorRecord({ instructions: 'use \u0000 carefully', error: { code: 'build_failed', detail: 'd', reason: 'build_failed', agent_message: null, validation: null } });
      await repo.insert(r);
      const read = (await repo.get(r.id))!;
      expect(read).toEqual(r);
      expect(JSON.stringify(read.build)).toBe(JSON.stringify(r.build));
      expect(JSON.stringify(read.error)).toBe(JSON.stringify(r.error));
    });

    it('stores and reads back a copy', async () => {
      const repo = await makeRepository();
      const r = sampleSimulatorRecord({ references: ['a:1'] });
      await repo.insert(r);
      const read = (await repo.get(r.id))!;
      expect(read).toEqual(r);
      read.references.push('mutated:1');
      expect((await repo.get(r.id))!.references).toEqual(['a:1']);
    });

    it('lists the workspace and the catalog, newest first, with filters', async () => {
      const repo = await makeRepository();
      const own = sampleSimulatorRecord({ createdAt: '2024-02-01T00:00:00.000Z', status: 'ready' });
      const other = sampleSimulatorRecord({ workspaceId: 'wsp_B', createdAt: '2024-02-02T00:00:00.000Z' });
      const catalog = sampleSimulatorRecord({ workspaceId: null, organizationId: null, source: 'catalog', createdAt: '2024-02-03T00:00:00.000Z', status: 'ready' });
      const older = sampleSimulatorRecord({ createdAt: '2024-01-15T00:00:00.000Z' });
      for (const r of [own, other, catalog, older]) await repo.insert(r);
      const ids = async (filter: Parameters<SimulatorRepository['list']>[0], limit = 10) => (await repo.list(filter, { limit })).map((r) => r.id);
      expect(await ids({ workspaceId: 'wsp_A' })).toEqual([catalog.id, own.id, older.id]);
      expect(await ids({ workspaceId: 'wsp_A', source: 'workspace' })).toEqual([own.id, older.id]);
      expect(await ids({ workspaceId: 'wsp_A', status: 'pending' })).toEqual([older.id]);
      expect(await ids({ workspaceId: 'wsp_A', id: own.id })).toEqual([own.id]);
      const after = { createdAt: own.createdAt, id: own.id };
      expect((await repo.list({ workspaceId: 'wsp_A' }, { limit: 10, after })).map((r) => r.id)).toEqual([older.id]);
    });

    it('transitions only from the given statuses', async () => {
      const repo = await makeRepository();
      const r = sampleSimulatorRecord();
      await repo.insert(r);
      expect(await repo.transition(r.id, ['building'], { status: 'ready' })).toBeNull();
      expect((await repo.transition(r.id, ['pending'], { status: 'canceled' }))!.status).toBe('canceled');
      expect(await repo.transition('smr_missing', ['pending'], { status: 'ready' })).toBeNull();
    });

    it('claims pending builds oldest first, within the concurrency', async () => {
      const repo = await makeRepository();
      const first = sampleSimulatorRecord({ createdAt: '2024-03-01T00:00:00.000Z' });
      const second = sampleSimulatorRecord({ createdAt: '2024-03-02T00:00:00.000Z' });
      const third = sampleSimulatorRecord({ createdAt: '2024-03-03T00:00:00.000Z' });
      const elsewhere = sampleSimulatorRecord({ workspaceId: 'wsp_B', createdAt: '2024-02-01T00:00:00.000Z' });
      for (const r of [third, elsewhere, first, second]) await repo.insert(r);
      const claimed = await Promise.all([repo.claimNextBuild('wsp_A', 2, {}), repo.claimNextBuild('wsp_A', 2, {}), repo.claimNextBuild('wsp_A', 2, {})]);
      expect(claimed.map((c) => c?.id ?? null).sort()).toEqual([first.id, second.id, null].sort());
      expect(await repo.countBuilding('wsp_A')).toBe(2);
      expect((await repo.get(third.id))!.status).toBe('pending');
      expect((await repo.get(elsewhere.id))!.status).toBe('pending');
    });

    it('guards a transition by the lease owner when one is given', async () => {
      const repo = await makeRepository();
      const r = sampleSimulatorRecord({ status: 'building', lease: { owner: 'process-a', expiresAt: '2024-01-01T00:01:00.000Z' } });
      await repo.insert(r);
      expect(await repo.transition(r.id, ['building'], { status: 'ready' }, 'process-b')).toBeNull();
      const renewed = await repo.transition(r.id, ['building'], { lease: { owner: 'process-a', expiresAt: '2024-01-01T00:02:00.000Z' } }, 'process-a');
      expect(renewed!.lease).toEqual({ owner: 'process-a', expiresAt: '2024-01-01T00:02:00.000Z' });
      expect((await repo.transition(r.id, ['building'], { status: 'ready', lease: null }))!.status).toBe('ready');
    });

    it('takes over each build whose lease expired exactly once, oldest first', async () => {
      const repo = await makeRepository();
      const lease = (owner: string, expiresAt: string) => ({ owner, expiresAt });
      const expired = sampleSimulatorRecord({ status: 'building', createdAt: '2024-03-01T00:00:00.000Z', lease: lease('dead', '2024-05-01T00:00:00.000Z') });
      const unleased = sampleSimulatorRecord({ status: 'building', createdAt: '2024-03-02T00:00:00.000Z', workspaceId: null, organizationId: null, source: 'catalog' });
      const live = sampleSimulatorRecord({ status: 'building', createdAt: '2024-02-01T00:00:00.000Z', lease: lease('alive', '2024-05-01T00:00:30.000Z') });
      const pending = sampleSimulatorRecord({ createdAt: '2024-01-01T00:00:00.000Z' });
      for (const r of [live, unleased, pending, expired]) await repo.insert(r);
      const now = '2024-05-01T00:00:10.000Z';
      const change = { lease: lease('taker', '2024-05-01T00:01:00.000Z') };
      const claims = await Promise.all([repo.claimExpiredBuild(now, change), repo.claimExpiredBuild(now, change), repo.claimExpiredBuild(now, change)]);
      expect(claims.map((c) => c?.id ?? null)).toEqual(expect.arrayContaining([expired.id, unleased.id, null]));
      expect(claims.filter((c) => c !== null).every((c) => c!.status === 'building' && c!.lease?.owner === 'taker')).toBe(true);
      expect((await repo.get(live.id))!.lease!.owner).toBe('alive');
      expect((await repo.get(pending.id))!.status).toBe('pending');
      expect(await repo.claimExpiredBuild(now, change)).toBeNull();
    });

    it('names the workspaces that have pending builds', async () => {
      const repo = await makeRepository();
      for (const r of [
        sampleSimulatorRecord(),
        sampleSimulatorRecord(),
        sampleSimulatorRecord({ workspaceId: 'wsp_B', status: 'ready' }),
        sampleSimulatorRecord({ workspaceId: null, organizationId: null, source: 'catalog' }),
      ])
        await repo.insert(r);
      expect((await repo.pendingWorkspaces(10)).sort()).toEqual(['wsp_A', null].sort());
      expect(await repo.pendingWorkspaces(1)).toHaveLength(1);
    });

    it('completes a build and moves its references to it in one step, for the lease owner only', async () => {
      const repo = await makeRepository();
      const lease = { owner: 'builder', expiresAt: '2024-01-01T00:05:00.000Z' };
      const old = sampleSimulatorRecord({ status: 'ready', references: ['pets:v1'] });
      const next = sampleSimulatorRecord({ status: 'building', lease, requestedReferences: ['pets:v1', 'pets:latest'] });
      for (const r of [old, next]) await repo.insert(r);
      expect(await repo.completeBuild(next.id, 'someone-else', { status: 'ready', lease: null }, ['pets:v1'])).toBeNull();
      expect((await repo.findByReference('wsp_A', 'pets:v1'))!.id).toBe(old.id);
      const done = (await repo.completeBuild(next.id, 'builder', { status: 'ready', lease: null, digest: 'sha256:bb' }, ['pets:v1', 'pets:latest']))!;
      expect(done).toMatchObject({ id: next.id, status: 'ready', lease: null, digest: 'sha256:bb', references: ['pets:v1', 'pets:latest'] });
      expect((await repo.findByReference('wsp_A', 'pets:v1'))!.id).toBe(next.id);
      expect((await repo.get(old.id))!.references).toEqual([]);
      // Done once: the record is no longer building.
      expect(await repo.completeBuild(next.id, 'builder', { status: 'ready' }, [])).toBeNull();
    });

    it('moves and removes references within a workspace', async () => {
      const repo = await makeRepository();
      const a = sampleSimulatorRecord({ status: 'ready' });
      const b = sampleSimulatorRecord({ status: 'ready' });
      const foreign = sampleSimulatorRecord({ workspaceId: 'wsp_B', status: 'ready', references: ['pets:v1'] });
      for (const r of [a, b, foreign]) await repo.insert(r);
      await repo.moveReference('wsp_A', 'pets:v1', a.id);
      expect((await repo.findByReference('wsp_A', 'pets:v1'))!.id).toBe(a.id);
      await repo.moveReference('wsp_A', 'pets:v1', b.id);
      expect((await repo.findByReference('wsp_A', 'pets:v1'))!.id).toBe(b.id);
      expect((await repo.get(a.id))!.references).toEqual([]);
      expect((await repo.findByReference('wsp_B', 'pets:v1'))!.id).toBe(foreign.id);
      expect(await repo.removeReference(a.id, 'pets:v1')).toBe(false);
      expect(await repo.removeReference(b.id, 'pets:v1')).toBe(true);
      expect(await repo.findByReference('wsp_A', 'pets:v1')).toBeNull();
    });

    it('counts children, digests and blob users, and finds clones by key', async () => {
      const repo = await makeRepository();
      const parent = sampleSimulatorRecord({ status: 'ready', digest: 'sha256:aa' });
      const child = sampleSimulatorRecord({ parentId: parent.id, specBlob: parent.specBlob, overlayBlobs: ['overlays/x'] });
      const clone = sampleSimulatorRecord({ workspaceId: 'wsp_B', digest: 'sha256:aa', cloneKey: 'k1', clonedFrom: parent.id, specBlob: parent.specBlob });
      for (const r of [parent, child, clone]) await repo.insert(r);
      expect(await repo.countChildren(parent.id)).toBe(1);
      expect(await repo.countByDigest('sha256:aa')).toBe(2);
      expect(await repo.countUsingBlob(parent.specBlob!)).toBe(3);
      expect(await repo.countUsingBlob('overlays/x')).toBe(1);
      expect((await repo.findByCloneKey('wsp_B', 'k1'))!.id).toBe(clone.id);
      expect(await repo.findByCloneKey('wsp_A', 'k1')).toBeNull();
      expect(await repo.delete(child.id)).toBe(true);
      expect(await repo.countChildren(parent.id)).toBe(0);
    });
  });
}
