import { formatTime, type Clock } from '../../time/clock.port.js';
import type { SimulationRecord } from '../simulation.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import { notFound, platformOwned, refuseWhileAdvancing, stopped } from '../simulation-errors.js';

/** A lifecycle lock older than this is taken as abandoned by a process that stopped mid-change. */
const ABANDONED_LOCK_MS = 5 * 60_000;

/** A record's lock released: the lock and who took it when. */
export const UNLOCKED = { lock: null, lockedAt: null, lockedBy: null } as const satisfies Partial<SimulationRecord>;

export type LifecycleLock = NonNullable<SimulationRecord['lock']>;

export interface SimulationLockOptions {
  /** This process's name in the locks it takes (as in build leases). */
  owner?: string;
  /**
   * True when no other process uses the store (the embedded default, memory): a lock another
   * process took is then abandoned at once, whatever its age.
   */
  exclusive?: boolean;
}

/**
 * A Simulation record's lifecycle lock: start, stop and delete hold it while they run, taken
 * with a conditional update, so any other change meanwhile answers `409 simulation_platform_owned`.
 */
export class SimulationLocks {
  constructor(
    private readonly repository: SimulationRepository,
    private readonly clock: Clock,
    private readonly options: SimulationLockOptions,
  ) {}

  async lock(record: SimulationRecord, from: SimulationRecord['status'][], lock: LifecycleLock): Promise<void> {
    const at = this.clock.now();
    const change = { lock, lockedAt: formatTime(at), lockedBy: this.options.owner ?? null };
    let locked = await this.repository.update(record.id, { status: from, lock: null, activeAdvanceId: null }, change);
    if (locked === null || locked === 'quota') {
      const now = await this.repository.get(record.id);
      if (now === null) throw notFound(record.id);
      // A lock its process left behind (it stopped mid-change) is taken over, once.
      if (now.lock !== null && from.includes(now.status) && this.abandoned(now, at)) {
        locked = await this.repository.update(record.id, { status: from, lock: now.lock, lockedAt: now.lockedAt ?? null, activeAdvanceId: null }, change);
        if (locked !== null && locked !== 'quota') return;
      }
      refuseWhileAdvancing(now, lock === 'deleting' ? 'delete' : lock === 'stopping' ? 'stop' : 'start');
      if (now.lock === null && now.status === 'stopped' && !from.includes('stopped')) throw stopped(record.id);
      throw platformOwned(record.id);
    }
  }

  /** True when the record's lock was left by a process that is gone: another's on a store this process holds alone, or one held too long. */
  private abandoned(record: SimulationRecord, now: Date): boolean {
    if (record.lock === null) return false;
    if (this.options.exclusive === true && (record.lockedBy ?? null) !== (this.options.owner ?? null)) return true;
    const at = record.lockedAt == null ? Number.NaN : Date.parse(record.lockedAt);
    return !(now.getTime() - at <= ABANDONED_LOCK_MS);
  }

  async unlock(id: string, lock: LifecycleLock): Promise<void> {
    await this.repository.update(id, { lock }, UNLOCKED).catch(() => undefined);
  }

  /** Applies the change the lock was taken for and releases it in one write. */
  async change(id: string, lock: LifecycleLock, change: Partial<SimulationRecord>): Promise<SimulationRecord> {
    const changed = await this.repository.update(id, { lock }, { ...change, ...UNLOCKED });
    if (changed === null || changed === 'quota') throw platformOwned(id);
    return changed;
  }
}
