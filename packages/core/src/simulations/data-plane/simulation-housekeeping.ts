import type { Clock } from '../../time/clock.port.js';
import type { SimulationPool } from '../simulation-pool.js';
import type { SimulationRecords } from '../control/simulation-records.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import type { SimulationOwnership } from '../ownership/simulation-ownership.js';

/** The Simulations' housekeeping: idle ones unloaded (paused), expired ones deleted. */
export class SimulationHousekeeping {
  constructor(
    private readonly repository: SimulationRepository,
    private readonly pool: SimulationPool,
    private readonly records: SimulationRecords,
    private readonly clock: Clock,
    private readonly idleMs: number,
    private readonly ownership?: SimulationOwnership,
  ) {}

  /**
   * On a store shared by owners, whether this process may pause the Simulation: a copy of one
   * another process owns (kept to answer reads) is only let go of; the owner pauses it.
   */
  private async mayPause(id: string): Promise<boolean> {
    return this.ownership === undefined || (await this.ownership.tryAcquire(id));
  }

  /**
   * Unloads Simulations idle for the configured time: they become `paused`, their state kept by
   * the log. Running Simulations this process left out of memory (a fork nobody has requested,
   * a state dropped after a failure) are paused once as long without a request.
   */
  async sweepIdle(): Promise<number> {
    const cutoff = this.clock.now().getTime() - this.idleMs;
    let paused = 0;
    for (const id of this.pool.unloadedBefore(cutoff)) {
      if (this.pool.busy(id)) continue;
      await this.pool.serial(id, async () => {
        const since = this.pool.unloadedSince(id);
        if (this.pool.get(id) !== undefined || since === undefined || since > cutoff) return;
        if (!(await this.mayPause(id))) {
          this.pool.remove(id);
          return;
        }
        // Anything but a running, unlocked record (stopped, deleted, in a lifecycle change) is left
        // as it is; a failed update keeps the note, so the next sweep tries again.
        const changed = await this.repository.update(id, { status: ['running'], lock: null }, { status: 'paused' });
        this.pool.remove(id);
        if (changed !== null && changed !== 'quota') paused += 1;
      });
    }
    for (const live of this.pool.entries()) {
      if (live.lastUsedAt > cutoff || this.pool.busy(live.id)) continue;
      await this.pool.serial(live.id, async () => {
        if (this.pool.get(live.id) !== live || live.lastUsedAt > cutoff) return;
        if (!(await this.mayPause(live.id))) {
          this.pool.remove(live.id);
          return;
        }
        // The log already holds the state (its snapshots and every step since): waking reads it from there.
        const changed = await this.repository.update(live.id, { status: ['running'], lock: null }, { status: 'paused', step: live.step });
        if (changed === null || changed === 'quota') return;
        this.pool.remove(live.id);
        paused += 1;
      });
    }
    return paused;
  }

  /** Deletes Simulations past their expiry, with their state and steps. */
  sweepExpired(): Promise<number> {
    return this.records.expireDue();
  }
}
