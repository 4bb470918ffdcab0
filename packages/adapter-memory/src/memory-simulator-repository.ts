import {
  comparePageOrder,
  isAfter,
  type PageQuery,
  type SimulatorFilter,
  type SimulatorRecord,
  type SimulatorRepository,
  type SimulatorStatus,
} from '@simplane/core';

const copy = (r: SimulatorRecord): SimulatorRecord => structuredClone(r);

/** Simulators in a Map. Single-threaded JavaScript makes every method atomic. */
export class MemorySimulatorRepository implements SimulatorRepository {
  private readonly records = new Map<string, SimulatorRecord>();

  async insert(record: SimulatorRecord): Promise<void> {
    if (this.records.has(record.id)) throw new Error(`duplicate simulator ${record.id}`);
    this.records.set(record.id, copy(record));
  }

  async get(id: string): Promise<SimulatorRecord | null> {
    const found = this.records.get(id);
    return found === undefined ? null : copy(found);
  }

  async list(filter: SimulatorFilter, page: PageQuery): Promise<SimulatorRecord[]> {
    const after = page.after;
    return [...this.records.values()]
      .filter((r) => r.source === 'catalog' || r.workspaceId === filter.workspaceId)
      .filter((r) => filter.status === undefined || r.status === filter.status)
      .filter((r) => filter.source === undefined || r.source === filter.source)
      .filter((r) => filter.id === undefined || r.id === filter.id)
      .filter((r) => after === undefined || isAfter(r, after))
      .sort(comparePageOrder)
      .slice(0, page.limit)
      .map(copy);
  }

  async transition(id: string, from: readonly SimulatorStatus[], change: Partial<SimulatorRecord>, owner?: string): Promise<SimulatorRecord | null> {
    const current = this.records.get(id);
    if (current === undefined || !from.includes(current.status)) return null;
    if (owner !== undefined && current.lease?.owner !== owner) return null;
    const next = { ...current, ...structuredClone(change), id };
    this.records.set(id, next);
    return copy(next);
  }

  async claimNextBuild(workspaceId: string | null, concurrency: number, change: Partial<SimulatorRecord>): Promise<SimulatorRecord | null> {
    // No await before the claim: the check and the change must happen in one turn.
    if (this.building(workspaceId) >= concurrency) return null;
    const oldest = [...this.records.values()]
      .filter((r) => r.workspaceId === workspaceId && r.status === 'pending')
      .sort((a, b) => -comparePageOrder(a, b))[0];
    if (oldest === undefined) return null;
    const next = { ...oldest, ...structuredClone(change), id: oldest.id, status: 'building' as const };
    this.records.set(oldest.id, next);
    return copy(next);
  }

  async claimExpiredBuild(now: string, change: Partial<SimulatorRecord>): Promise<SimulatorRecord | null> {
    const expired = [...this.records.values()]
      .filter((r) => r.status === 'building' && (r.lease === null || r.lease.expiresAt <= now))
      .sort((a, b) => -comparePageOrder(a, b))[0];
    if (expired === undefined) return null;
    const next = { ...expired, ...structuredClone(change), id: expired.id };
    this.records.set(expired.id, next);
    return copy(next);
  }

  async pendingWorkspaces(limit: number): Promise<Array<string | null>> {
    const found = new Set<string | null>();
    for (const r of this.records.values()) {
      if (found.size >= limit) break;
      if (r.status === 'pending') found.add(r.workspaceId);
    }
    return [...found];
  }

  async countBuilding(workspaceId: string | null): Promise<number> {
    return this.building(workspaceId);
  }

  private building(workspaceId: string | null): number {
    return this.count((r) => r.workspaceId === workspaceId && r.status === 'building');
  }

  async delete(id: string): Promise<boolean> {
    return this.records.delete(id);
  }

  async findByReference(workspaceId: string | null, reference: string): Promise<SimulatorRecord | null> {
    for (const r of this.records.values()) if (r.workspaceId === workspaceId && r.references.includes(reference)) return copy(r);
    return null;
  }

  async findByCloneKey(workspaceId: string, cloneKey: string): Promise<SimulatorRecord | null> {
    for (const r of this.records.values()) if (r.workspaceId === workspaceId && r.cloneKey === cloneKey) return copy(r);
    return null;
  }

  async moveReference(workspaceId: string | null, reference: string, toId: string): Promise<void> {
    const target = this.records.get(toId);
    if (target === undefined || target.workspaceId !== workspaceId) throw new Error(`no simulator ${toId} in that workspace`);
    for (const r of this.records.values()) {
      if (r.workspaceId === workspaceId && r.id !== toId && r.references.includes(reference)) {
        r.references = r.references.filter((ref) => ref !== reference);
      }
    }
    if (!target.references.includes(reference)) target.references = [...target.references, reference];
  }

  async completeBuild(id: string, owner: string, change: Partial<SimulatorRecord>, references: readonly string[]): Promise<SimulatorRecord | null> {
    // No await: the change and the moves happen in one turn.
    const current = this.records.get(id);
    if (current === undefined || current.status !== 'building' || current.lease?.owner !== owner) return null;
    const next = { ...current, ...structuredClone(change), id };
    this.records.set(id, next);
    for (const reference of references) {
      for (const r of this.records.values()) {
        if (r.workspaceId === next.workspaceId && r.id !== id && r.references.includes(reference)) r.references = r.references.filter((ref) => ref !== reference);
      }
      if (!next.references.includes(reference)) next.references = [...next.references, reference];
    }
    return copy(next);
  }

  async removeReference(id: string, reference: string): Promise<boolean> {
    const record = this.records.get(id);
    if (record === undefined || !record.references.includes(reference)) return false;
    record.references = record.references.filter((ref) => ref !== reference);
    return true;
  }

  async countChildren(parentId: string): Promise<number> {
    return this.count((r) => r.parentId === parentId);
  }

  async countByDigest(digest: string): Promise<number> {
    return this.count((r) => r.digest === digest);
  }

  async countUsingBlob(key: string): Promise<number> {
    return this.count((r) => r.specBlob === key || r.overlayBlobs.includes(key));
  }

  private count(predicate: (r: SimulatorRecord) => boolean): number {
    let n = 0;
    for (const r of this.records.values()) if (predicate(r)) n += 1;
    return n;
  }
}
