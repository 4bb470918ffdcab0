import { SimplaneError } from '../../errors/simplane-error.js';
import { isId } from '../../ids/id.js';
import type { Quotas } from '../../quotas/quotas.js';
import type { Principal } from '../../tenancy/tenancy.js';
import { formatTime, type Clock } from '../../time/clock.port.js';
import type { AdvanceLog } from '../clock/advance-log.port.js';
import { isExpired, toSimulationView, type SimulationRecord, type SimulationView } from '../simulation.js';
import { notFound, quotaExceeded } from '../simulation-errors.js';
import { visibleStep, type SimulationPool } from '../simulation-pool.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import type { StepLog } from '../step-log.port.js';

export interface SimulationRecordOptions {
  /** Where clients reach this server (`https://sim.example.com`), for absolute `endpoint`s; null: relative. */
  publicBaseUrl?: string | null;
  /**
   * True when other processes write to the same store: a Simulation's latest step is then read
   * from its log, where this process's live copy may be behind another's writes.
   */
  shared?: boolean;
}

/**
 * Simulation records as every control-plane change reads them: found for a caller, shown with
 * their latest step, deleted once expired, counted against the quota.
 */
export class SimulationRecords {
  constructor(
    readonly repository: SimulationRepository,
    private readonly steps: StepLog,
    private readonly advances: AdvanceLog,
    private readonly pool: SimulationPool,
    readonly quotas: Quotas,
    private readonly clock: Clock,
    readonly options: SimulationRecordOptions,
  ) {}

  /**
   * The Simulation's last step: the live copy's, which is ahead of the record; the log's when
   * this process holds none, or when another process may have written since.
   */
  async latestStep(id: string): Promise<number> {
    const held = this.pool.get(id);
    const live = held === undefined ? undefined : visibleStep(held);
    if (live !== undefined && this.options.shared !== true) return live;
    return Math.max(live ?? 0, await this.steps.head(id));
  }

  /** A record as the API shows it; a running Simulation's latest step is the live one. */
  view(record: SimulationRecord, principal: Principal | null): SimulationView {
    const live = this.pool.get(record.id);
    const step = live === undefined ? record.step : visibleStep(live);
    const current = step === record.step ? record : { ...record, step };
    return toSimulationView(current, this.options.publicBaseUrl ?? principal?.origin ?? null);
  }

  /**
   * A step writes only the log: the record's step is behind it for a Simulation this process
   * does not hold (a previous process ran it and ended without saving it as paused), or that
   * another process sharing the storage may have written to.
   */
  async withLatestStep(record: SimulationRecord): Promise<SimulationRecord> {
    if (record.status === 'stopped' || (this.options.shared !== true && this.pool.get(record.id) !== undefined)) return record;
    return { ...record, step: await this.latestStep(record.id) };
  }

  /** By path ID: unknown or expired is 404, another workspace's is 403. */
  async load(principal: Principal, id: string): Promise<SimulationRecord> {
    if (!isId('simulation', id)) throw notFound(id);
    const record = await this.repository.get(id);
    if (record === null || (await this.expireIfDue(record))) throw notFound(id);
    if (record.workspaceId !== principal.workspaceId) throw new SimplaneError('auth_forbidden', 'The Simulation belongs to another workspace.');
    return record;
  }

  /** Removes a Simulation, its state and steps. Callers hold its queue. */
  async purge(id: string): Promise<void> {
    this.pool.remove(id);
    await this.repository.delete(id);
    await this.steps.deleteAll(id);
    await this.advances.deleteAll(id);
  }

  /**
   * Refuses when the workspace's active Simulations fill its quota. Expired ones do not count:
   * at the limit, those due are deleted first (`except`, the one whose queue the caller holds,
   * is left to its own next read).
   */
  async ensureQuota(workspaceId: string, except?: string): Promise<void> {
    const full = async () => (await this.repository.countActive(workspaceId)) >= this.quotas.activeSimulations;
    if ((await full()) && ((await this.expireDue(except)) === 0 || (await full()))) throw this.quotaExceeded();
  }

  quotaExceeded(): SimplaneError {
    return quotaExceeded(this.quotas.activeSimulations);
  }

  /**
   * Deletes every Simulation past its expiry, with its state and steps, and answers how many:
   * the housekeeping sweep's work, done also before a list and at a full quota, so an expired
   * Simulation is never listed and never holds a slot, however long until the next sweep.
   * `except`: one whose queue the caller holds.
   */
  async expireDue(except?: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const due = (await this.repository.listExpired(formatTime(this.clock.now()), 100)).filter((r) => r.id !== except);
      let pass = 0;
      for (const record of due) if (await this.expireIfDue(record)) pass += 1;
      deleted += pass;
      if (pass === 0) return deleted;
    }
  }

  /** Deletes a Simulation past its expiry; answers whether it did. */
  /** `now`: the caller's formatted clock reading, when it has one already. */
  async expireIfDue(record: SimulationRecord, now: string = formatTime(this.clock.now())): Promise<boolean> {
    if (!isExpired(record, now)) return false;
    await this.pool.serial(record.id, () => this.purge(record.id));
    return true;
  }
}
