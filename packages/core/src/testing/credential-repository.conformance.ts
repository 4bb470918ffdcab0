import { describe, expect, it } from 'vitest';
import type { CredentialRecord } from '../credentials/credential.js';
import type { CredentialRepository } from '../credentials/credential.repository.port.js';

function record(id: number, workspaceId: string, createdAt: string): CredentialRecord {
  const suffix = String(id).padStart(26, '0');
  return {
    id: `crd_${suffix}`,
    workspaceId,
    name: `credential ${id}`,
    baseUrl: id % 2 === 0 ? null : `https://api${id}.example.com`,
    header: 'X-Api-Key',
    sealedValue: `v1.sealed-${id}`,
    createdAt,
    updatedAt: createdAt,
  };
}

/** The CredentialRepository contract. Every adapter calls this with a factory of fresh stores. */
export function describeCredentialRepositoryConformance(
  name: string,
  makeRepository: () => Promise<CredentialRepository> | CredentialRepository,
): void {
  describe(`CredentialRepository conformance: ${name}`, () => {
    it('stores, reads back and deletes a record', async () => {
      const repo = await makeRepository();
      const r = record(1, 'wsp_A', '2024-01-01T00:00:00.000Z');
      await repo.insert(r);
      expect(await repo.get(r.id)).toEqual(r);
      expect(await repo.delete(r.id)).toBe(true);
      expect(await repo.get(r.id)).toBeNull();
      expect(await repo.delete(r.id)).toBe(false);
    });

    it('returns copies, not live objects', async () => {
      const repo = await makeRepository();
      const r = record(2, 'wsp_A', '2024-01-01T00:00:00.000Z');
      await repo.insert(r);
      const read = (await repo.get(r.id))!;
      read.name = 'changed';
      r.name = 'changed too';
      expect((await repo.get(r.id))!.name).toBe('credential 2');
    });

    it('updates only known records', async () => {
      const repo = await makeRepository();
      const r = record(3, 'wsp_A', '2024-01-01T00:00:00.000Z');
      expect(await repo.update(r)).toBe(false);
      expect(await repo.get(r.id)).toBeNull();
      await repo.insert(r);
      expect(await repo.update({ ...r, name: 'renamed', baseUrl: null })).toBe(true);
      expect(await repo.get(r.id)).toMatchObject({ name: 'renamed', baseUrl: null });
    });

    it('lists one workspace, newest first, in keyset pages', async () => {
      const repo = await makeRepository();
      const same = '2024-01-02T00:00:00.000Z';
      const rows = [
        record(10, 'wsp_A', '2024-01-01T00:00:00.000Z'),
        record(11, 'wsp_A', same),
        record(12, 'wsp_A', same),
        record(13, 'wsp_B', '2024-01-03T00:00:00.000Z'),
        record(14, 'wsp_A', '2024-01-04T00:00:00.000Z'),
      ];
      for (const r of rows) await repo.insert(r);
      const all = await repo.listByWorkspace('wsp_A', { limit: 10 });
      expect(all.map((r) => r.id)).toEqual([rows[4]!.id, rows[2]!.id, rows[1]!.id, rows[0]!.id]);
      const first = await repo.listByWorkspace('wsp_A', { limit: 2 });
      expect(first.map((r) => r.id)).toEqual([rows[4]!.id, rows[2]!.id]);
      const last = first.at(-1)!;
      const second = await repo.listByWorkspace('wsp_A', { limit: 2, after: { createdAt: last.createdAt, id: last.id } });
      expect(second.map((r) => r.id)).toEqual([rows[1]!.id, rows[0]!.id]);
      expect(await repo.listByWorkspace('wsp_C', { limit: 10 })).toEqual([]);
    });
  });
}
