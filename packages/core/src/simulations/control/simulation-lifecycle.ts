import type { LoadedSimulator } from '../../runtime/runtime.port.js';
import type { Principal } from '../../tenancy/tenancy.js';
import { formatTime, type Clock } from '../../time/clock.port.js';
import type { SimulationRecord, SimulationTokenRecord, SimulationView, SimulationWithToken } from '../simulation.js';
import { platformOwned, refuseWhileAdvancing } from '../simulation-errors.js';
import type { SimulationLoader } from '../simulation-loader.js';
import { UNLOCKED, type SimulationLocks } from './simulation-locks.js';
import type { SimulationPool } from '../simulation-pool.js';
import type { SimulationRecords } from './simulation-records.js';
import type { SimulationState } from '../simulation-state.js';
import type { SimulationTokens } from './simulation-tokens.js';
import type { StepLog } from '../step-log.port.js';

/** How a new Simulation's state begins: made from the Simulator's seeder, or a fork's bytes. */
export type SimulationStart = { seed: (loaded: LoadedSimulator) => SimulationState } | { snapshot: Uint8Array };

/**
 * A Simulation's lifecycle on its record, for its own routes and for its World alike: launched
 * (created or forked), started, stopped and deleted, each change under the record's lock.
 */
export class SimulationLifecycle {
  constructor(
    private readonly records: SimulationRecords,
    private readonly locks: SimulationLocks,
    private readonly tokens: SimulationTokens,
    private readonly steps: StepLog,
    private readonly loader: SimulationLoader,
    private readonly pool: SimulationPool,
    private readonly clock: Clock,
    private readonly tokenTtlSeconds: number,
  ) {}

  /**
   * Loads the runtime, saves the starting state as the log's first snapshot and inserts the
   * record within the quota, with its first token in the same write: a Simulation is never
   * stored without the token it was answered with. Any failure undoes all of it: no record, no
   * saved state, no slot. A created Simulation is held in memory at once, with the state `seed`
   * makes (its sample records are seeded when a request reaches them, so its starting snapshot
   * is empty). A fork starts from `snapshot`, the parent's state at the fork's step as bytes,
   * and is loaded by its first request, as a woken Simulation is: forking then costs the same
   * whatever the state's size. Until then it is running but unloaded, and idle housekeeping
   * pauses it like an idle one.
   */
  async launch(principal: Principal, record: SimulationRecord, start: SimulationStart, heldQueue?: string): Promise<SimulationWithToken> {
    const minted = this.tokens.mint(this.tokenTtlSeconds);
    await this.insertRunning(record, start, heldQueue, minted.record);
    return { ...this.records.view(record, principal), token: minted.token, token_expires_at: minted.expiresAt };
  }

  async insertRunning(record: SimulationRecord, start: SimulationStart, heldQueue?: string, token?: SimulationTokenRecord): Promise<void> {
    await this.records.ensureQuota(record.workspaceId, heldQueue);
    const reservation = this.pool.reserve();
    let saved = false;
    try {
      const loaded = await this.loader.runtimeFor(record.simulatorDigest);
      let state: SimulationState | null = null;
      let bytes: Uint8Array;
      if ('seed' in start) {
        state = start.seed(loaded);
        bytes = state.toSnapshot();
      } else {
        bytes = start.snapshot;
      }
      await this.steps.putSnapshot(record.id, { step: record.step, bytes });
      saved = true;
      if ((await this.records.repository.insert(record, { limit: this.records.quotas.activeSimulations }, token)) === 'quota') throw this.records.quotaExceeded();
      if (state === null) {
        reservation.release();
        this.pool.markUnloaded(record.id, this.clock.now().getTime());
      } else this.pool.admit({ id: record.id, loaded, state, seed: record.seed, currentTime: record.currentTime, step: record.step, snapshotStep: record.step, lastUsedAt: this.clock.now().getTime() }, reservation);
    } catch (error) {
      reservation.release();
      if (saved) await this.steps.deleteAll(record.id).catch(() => undefined);
      throw error;
    }
  }

  async deleteRecord(record: SimulationRecord): Promise<void> {
    refuseWhileAdvancing(record, 'delete');
    await this.locks.lock(record, ['running', 'paused', 'stopped'], 'deleting');
    await this.pool.serial(record.id, () => this.records.purge(record.id));
  }

  async stopRecord(record: SimulationRecord, principal: Principal | null): Promise<SimulationView> {
    const id = record.id;
    refuseWhileAdvancing(record, 'stop');
    if (record.status === 'stopped' && record.lock === null) return this.records.view(record, principal);
    await this.locks.lock(record, ['running', 'paused'], 'stopping');
    return this.pool.serial(id, async () => {
      try {
        // The log already holds the state (its snapshots and every step since): nothing to serialise.
        const live = this.pool.remove(id);
        const step = this.records.options.shared === true || live === undefined ? await this.records.latestStep(id) : live.step;
        return this.records.view(await this.locks.change(id, 'stopping', { status: 'stopped', step }), principal);
      } catch (error) {
        await this.locks.unlock(id, 'stopping');
        throw error;
      }
    });
  }

  /** Starts a stopped Simulation from its saved state within the quota; a running one is answered as it is. */
  async startRecord(record: SimulationRecord): Promise<SimulationRecord> {
    const id = record.id;
    refuseWhileAdvancing(record, 'start');
    if (record.status !== 'stopped' && record.lock === null) return record;
    await this.records.ensureQuota(record.workspaceId);
    await this.locks.lock(record, ['stopped'], 'starting');
    let reservation;
    try {
      reservation = this.pool.reserve();
    } catch (error) {
      await this.locks.unlock(id, 'starting');
      throw error;
    }
    try {
      const loaded = await this.loader.runtimeFor(record.simulatorDigest);
      const step = await this.steps.head(id);
      const state = await this.loader.stateAt(record, loaded, step);
      const started = await this.records.repository.update(id, { lock: 'starting' }, { status: 'running', ...UNLOCKED, step }, { limit: this.records.quotas.activeSimulations });
      if (started === 'quota') throw this.records.quotaExceeded();
      if (started === null) throw platformOwned(id);
      this.pool.admit({ id, loaded, state, seed: started.seed, currentTime: started.currentTime, step, snapshotStep: step, lastUsedAt: this.clock.now().getTime() }, reservation);
      return started;
    } catch (error) {
      reservation.release();
      await this.locks.unlock(id, 'starting');
      throw error;
    }
  }
}

/** When a Simulation with this lifetime, created now, expires; null: never. */
export function expiry(now: Date, ttlSeconds: number | undefined): string | null {
  return ttlSeconds === undefined ? null : formatTime(new Date(now.getTime() + ttlSeconds * 1000));
}
