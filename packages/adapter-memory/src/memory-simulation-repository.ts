import {
  ACTIVE_STATUSES,
  cloneJson,
  comparePageOrder,
  isAfter,
  type ActiveLimit,
  type PageQuery,
  type SimulationFilter,
  type SimulationGuard,
  type SimulationRecord,
  type SimulationRepository,
  type SimulationTokenRecord,
} from '@simplane/core';

/** A deep copy; by hand because the data plane reads a record on every request. */
const copy = (r: SimulationRecord): SimulationRecord => ({
  ...r,
  metadata: cloneJson(r.metadata),
});

/** Simulations in a Map. Single-threaded JavaScript makes every method atomic. */
export class MemorySimulationRepository implements SimulationRepository {
  private readonly records = new Map<string, SimulationRecord>();
  /** Each record's tokens by hash: a data-plane request finds its token without a scan. */
  private readonly tokens = new Map<string, Map<string, SimulationTokenRecord>>();

  async insert(record: SimulationRecord, active?: ActiveLimit, token?: SimulationTokenRecord): Promise<'ok' | 'quota'> {
    if (this.records.has(record.id)) throw new Error(`duplicate simulation ${record.id}`);
    if (active !== undefined && ACTIVE_STATUSES.includes(record.status) && this.active(record.workspaceId) >= active.limit) return 'quota';
    this.records.set(record.id, copy(record));
    if (token !== undefined) this.tokens.set(record.id, new Map([[token.hash, { ...token }]]));
    return 'ok';
  }

  async get(id: string): Promise<SimulationRecord | null> {
    const found = this.records.get(id);
    return found === undefined ? null : copy(found);
  }

  async list(filter: SimulationFilter, page: PageQuery): Promise<SimulationRecord[]> {
    const after = page.after;
    return [...this.records.values()]
      .filter((r) => r.workspaceId === filter.workspaceId)
      .filter((r) => filter.status === undefined || r.status === filter.status)
      .filter((r) => filter.simulatorId === undefined || r.simulatorId === filter.simulatorId)
      .filter((r) => after === undefined || isAfter(r, after))
      .sort(comparePageOrder)
      .slice(0, page.limit)
      .map(copy);
  }

  async update(id: string, guard: SimulationGuard, change: Partial<SimulationRecord>, active?: ActiveLimit): Promise<SimulationRecord | null | 'quota'> {
    const current = this.records.get(id);
    if (current === undefined) return null;
    if (guard.status !== undefined && !guard.status.includes(current.status)) return null;
    if (guard.lock !== undefined && current.lock !== guard.lock) return null;
    if (guard.lockedAt !== undefined && (current.lockedAt ?? null) !== guard.lockedAt) return null;
    if (guard.activeAdvanceId !== undefined && current.activeAdvanceId !== guard.activeAdvanceId) return null;
    const next: SimulationRecord = copy({ ...current, ...change, id });
    const activates = !ACTIVE_STATUSES.includes(current.status) && ACTIVE_STATUSES.includes(next.status);
    if (active !== undefined && activates && this.active(current.workspaceId) >= active.limit) return 'quota';
    this.records.set(id, next);
    return copy(next);
  }

  async addToken(id: string, token: SimulationTokenRecord, now: string): Promise<boolean> {
    if (!this.records.has(id)) return false;
    let tokens = this.tokens.get(id);
    if (tokens === undefined) {
      tokens = new Map();
      this.tokens.set(id, tokens);
    }
    for (const [hash, kept] of tokens) if (kept.expiresAt <= now) tokens.delete(hash);
    tokens.set(token.hash, { ...token });
    return true;
  }

  async findToken(id: string, hash: string, now: string): Promise<SimulationTokenRecord | null> {
    const token = this.tokens.get(id)?.get(hash);
    return token !== undefined && token.expiresAt > now ? { ...token } : null;
  }

  async delete(id: string): Promise<boolean> {
    this.tokens.delete(id);
    return this.records.delete(id);
  }

  async countActive(workspaceId: string): Promise<number> {
    return this.active(workspaceId);
  }

  async countBySimulator(simulatorId: string): Promise<number> {
    let n = 0;
    for (const r of this.records.values()) if (r.simulatorId === simulatorId) n += 1;
    return n;
  }

  async listExpired(now: string, limit: number): Promise<SimulationRecord[]> {
    return [...this.records.values()]
      .filter((r) => r.expiresAt !== null && r.expiresAt <= now)
      .slice(0, limit)
      .map(copy);
  }

  private active(workspaceId: string): number {
    let n = 0;
    for (const r of this.records.values()) if (r.workspaceId === workspaceId && ACTIVE_STATUSES.includes(r.status)) n += 1;
    return n;
  }
}
