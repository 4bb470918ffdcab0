import type { LeaseNotice, RenewedLease, SimulationLeases } from '@simplane/core';

/**
 * Simulation leases in memory: several SimulationOwnership instances in one process share it
 * as processes share a database (tests of ownership and hand-over). Time is the given clock's.
 */
export class MemorySimulationLeases implements SimulationLeases {
  private readonly leases = new Map<string, { owner: string; expiresAt: number; wanted: boolean }>();
  private readonly listeners = new Set<(notice: LeaseNotice) => void>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async claim(simulationId: string, owner: string, ttlMs: number): Promise<boolean> {
    const lease = this.leases.get(simulationId);
    if (lease !== undefined && lease.owner !== owner && lease.expiresAt >= this.now()) return false;
    this.leases.set(simulationId, { owner, expiresAt: this.now() + ttlMs, wanted: lease?.owner === owner && lease.wanted });
    return true;
  }

  async renew(owner: string, simulationIds: readonly string[], ttlMs: number): Promise<RenewedLease[]> {
    const renewed: RenewedLease[] = [];
    for (const id of simulationIds) {
      const lease = this.leases.get(id);
      if (lease?.owner !== owner) continue;
      lease.expiresAt = this.now() + ttlMs;
      renewed.push({ simulationId: id, wanted: lease.wanted });
    }
    return renewed;
  }

  async release(owner: string, simulationIds: readonly string[]): Promise<void> {
    for (const id of simulationIds) {
      if (this.leases.get(id)?.owner !== owner) continue;
      this.leases.delete(id);
      this.send({ kind: 'released', simulationId: id });
    }
  }

  async want(simulationId: string): Promise<void> {
    const lease = this.leases.get(simulationId);
    if (lease !== undefined) lease.wanted = true;
    this.send({ kind: 'wanted', simulationId });
  }

  async watch(listener: (notice: LeaseNotice) => void): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    return async () => {
      this.listeners.delete(listener);
    };
  }

  /** Delivered in a later turn, as a database delivers a notice after the statement that sent it. */
  private send(notice: LeaseNotice): void {
    for (const listener of this.listeners) setImmediate(() => listener(notice));
  }
}
