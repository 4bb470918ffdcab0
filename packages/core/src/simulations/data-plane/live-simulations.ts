import { SimplaneError } from '../../errors/simplane-error.js';
import type { Logger } from '../../logging/logger.port.js';
import type { Clock } from '../../time/clock.port.js';
import type { SimulationRecord } from '../simulation.js';
import { notFound, stopped } from '../simulation-errors.js';
import { describe, unreachable } from './simulation-failures.js';
import type { SimulationLoader } from '../simulation-loader.js';
import type { LiveSimulation, SimulationPool } from '../simulation-pool.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import type { StepLog } from '../step-log.port.js';

/** Brings Simulations into this process's memory: a paused or unloaded one is woken from its log. */
export class LiveSimulations {
  constructor(
    private readonly repository: SimulationRepository,
    private readonly steps: StepLog,
    private readonly loader: SimulationLoader,
    private readonly pool: SimulationPool,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** The Simulation in memory, loading (waking) it if this process does not hold it. */
  async ensure(record: SimulationRecord): Promise<LiveSimulation> {
    const held = this.pool.get(record.id);
    if (held !== undefined) return held;
    if (record.lock !== null) throw unreachable(record.id, 'is being changed by the platform');
    return this.pool.serial(record.id, () => this.held(record.id));
  }

  /**
   * The Simulation in memory, loading (waking) it if this process does not hold it. Callers
   * hold its queue.
   */
  async held(id: string): Promise<LiveSimulation> {
    const again = this.pool.get(id);
    if (again !== undefined) return again;
    const reservation = this.pool.reserve();
    try {
      const current = await this.repository.get(id);
      if (current === null) throw notFound(id);
      if (current.status === 'stopped') throw stopped(id);
      const loaded = await this.loader.runtimeFor(current.simulatorDigest);
      // The log, not the record, knows the latest step: a step writes only the log.
      const step = await this.steps.head(current.id);
      const state = await this.loader.stateAt(current, loaded, step);
      if (current.status === 'paused') await this.repository.update(current.id, { status: ['paused'], lock: null }, { status: 'running' });
      const live: LiveSimulation = { id: current.id, loaded, state, seed: current.seed, currentTime: current.currentTime, step, snapshotStep: step, lastUsedAt: this.clock.now().getTime() };
      this.pool.admit(live, reservation);
      return live;
    } catch (error) {
      reservation.release();
      if (SimplaneError.is(error) && (error.code === 'simulation_not_found' || error.code === 'simulation_stopped' || error.code === 'simulation_capacity')) throw error;
      this.logger.warn('simulation could not be loaded', { simulation_id: id, cause: describe(error, false) });
      throw unreachable(id, 'could not be loaded');
    }
  }

  /**
   * Why a Simulation that was in memory when its request queued is gone when the request's
   * turn comes: deleted or stopped by the work queued before it (answered as they would be to a
   * request arriving afterwards: retrying cannot help), else unloaded (retry: the next request
   * wakes it).
   */
  async leftWhileWaiting(id: string): Promise<never> {
    const record = await this.repository.get(id);
    if (record === null) throw notFound(id);
    if (record.status === 'stopped') throw stopped(id);
    throw unreachable(id, 'was unloaded while the request waited');
  }
}
