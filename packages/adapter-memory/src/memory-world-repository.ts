import { comparePageOrder, isAfter, sameWorldLock, type PageQuery, type WorldClaim, type WorldFilter, type WorldGuard, type WorldRecord, type WorldRepository } from '@simplane/core';

/** Worlds in a Map. Single-threaded JavaScript makes every method atomic. */
export class MemoryWorldRepository implements WorldRepository {
  private readonly records = new Map<string, WorldRecord>();

  async insert(record: WorldRecord): Promise<void> {
    if (this.records.has(record.id)) throw new Error(`duplicate world ${record.id}`);
    this.records.set(record.id, structuredClone(record));
  }

  async get(id: string): Promise<WorldRecord | null> {
    const found = this.records.get(id);
    return found === undefined ? null : structuredClone(found);
  }

  async list(filter: WorldFilter, page: PageQuery): Promise<WorldRecord[]> {
    const after = page.after;
    return [...this.records.values()]
      .filter((w) => w.workspaceId === filter.workspaceId && (filter.status === undefined || w.status === filter.status))
      .filter((w) => after === undefined || isAfter(w, after))
      .sort(comparePageOrder)
      .slice(0, page.limit)
      .map((w) => structuredClone(w));
  }

  async update(id: string, guard: WorldGuard, change: Partial<Omit<WorldRecord, 'id'>>): Promise<WorldRecord | null> {
    const current = this.records.get(id);
    if (current === undefined) return null;
    if (guard.status !== undefined && !guard.status.includes(current.status)) return null;
    if (guard.activeAdvanceId !== undefined && current.activeAdvanceId !== guard.activeAdvanceId) return null;
    if (guard.buildStarted !== undefined && (current.build.startedAt !== null) !== guard.buildStarted) return null;
    if (guard.leaseOwner !== undefined && current.build.lease?.owner !== guard.leaseOwner) return null;
    if (guard.lock !== undefined && !sameWorldLock(current.lock, guard.lock)) return null;
    const next = structuredClone({ ...current, ...change, id });
    this.records.set(id, next);
    return structuredClone(next);
  }

  async delete(id: string): Promise<boolean> {
    return this.records.delete(id);
  }

  async countBuilding(workspaceId: string): Promise<number> {
    let count = 0;
    for (const w of this.records.values()) if (w.workspaceId === workspaceId && w.status === 'creating' && w.build.startedAt !== null) count += 1;
    return count;
  }

  async listWaiting(workspaceId: string, limit: number): Promise<WorldRecord[]> {
    return [...this.records.values()]
      .filter((w) => w.workspaceId === workspaceId && w.status === 'creating' && w.build.startedAt === null)
      .sort((a, b) => -comparePageOrder(a, b))
      .slice(0, limit)
      .map((w) => structuredClone(w));
  }

  async claimNextBuild(workspaceId: string, concurrency: number, claim: WorldClaim): Promise<WorldRecord | null> {
    // No await between the count and the claim: one turn, so no other claim interleaves.
    let started = 0;
    for (const w of this.records.values()) if (w.workspaceId === workspaceId && w.status === 'creating' && w.build.startedAt !== null) started += 1;
    if (started >= concurrency) return null;
    const [oldest] = [...this.records.values()]
      .filter((w) => w.workspaceId === workspaceId && w.status === 'creating' && w.build.startedAt === null)
      .sort((a, b) => -comparePageOrder(a, b));
    return oldest === undefined ? null : this.apply(oldest, claim);
  }

  async claimExpiredBuild(now: string, claim: WorldClaim): Promise<WorldRecord | null> {
    const [expired] = [...this.records.values()]
      .filter((w) => w.status === 'creating' && w.build.startedAt !== null && (w.build.lease == null || w.build.lease.expiresAt <= now))
      .sort((a, b) => -comparePageOrder(a, b));
    return expired === undefined ? null : this.apply(expired, claim);
  }

  async waitingWorkspaces(limit: number): Promise<string[]> {
    const found = new Set<string>();
    for (const w of this.records.values()) if (found.size < limit && w.status === 'creating' && w.build.startedAt === null) found.add(w.workspaceId);
    return [...found];
  }

  private apply(current: WorldRecord, claim: WorldClaim): WorldRecord {
    const next = structuredClone({ ...current, ...claim(structuredClone(current)), id: current.id });
    this.records.set(current.id, next);
    return structuredClone(next);
  }

  async listBySimulator(simulatorId: string): Promise<string[]> {
    return [...this.records.values()].filter((w) => w.members.some((m) => m.simulatorId === simulatorId)).map((w) => w.id);
  }
}
