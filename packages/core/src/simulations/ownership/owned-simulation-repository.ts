import { cloneJson } from '../../objects/clone-json.js';
import type { SimulationRecord } from '../simulation.js';
import { DelegatingSimulationRepository } from '../delegating-simulation-repository.js';
import type { ActiveLimit, SimulationGuard, SimulationRepository } from '../simulation.repository.port.js';
import type { SimulationOwnership } from './simulation-ownership.js';

const copy = (r: SimulationRecord): SimulationRecord => ({ ...r, metadata: cloneJson(r.metadata) });

/**
 * Simulation records on a store other processes share, where Simulations are owned
 * (SimulationOwnership): every change to a Simulation's record is made by its owner, so a
 * process first takes the lease of a Simulation whose record it changes (a stop, a clock
 * advance, a lock), and the owner, which alone changes the record while it holds the lease,
 * answers it from memory. A record remembered under an older lease is read again.
 */
export class OwnedSimulationRepository extends DelegatingSimulationRepository {
  private readonly records = new Map<string, { generation: number; record: SimulationRecord }>();

  constructor(
    inner: SimulationRepository,
    private readonly ownership: SimulationOwnership,
  ) {
    super(inner);
    ownership.onLost((id) => this.records.delete(id));
  }

  override async get(id: string): Promise<SimulationRecord | null> {
    const generation = this.ownership.generation(id);
    const known = this.records.get(id);
    if (generation !== undefined && known?.generation === generation) return copy(known.record);
    const found = await this.inner.get(id);
    this.remember(id, generation, found);
    return found;
  }

  override async update(id: string, guard: SimulationGuard, change: Partial<SimulationRecord>, active?: ActiveLimit): Promise<SimulationRecord | null | 'quota'> {
    await this.ownership.acquire(id);
    const generation = this.ownership.generation(id);
    this.records.delete(id);
    const result = await this.inner.update(id, guard, change, active);
    // A refused change (null: the guard failed) says nothing of the record: it is read again.
    if (result !== null && result !== 'quota') this.remember(id, generation, result);
    return result;
  }

  override async delete(id: string): Promise<boolean> {
    await this.ownership.acquire(id);
    this.records.delete(id);
    try {
      return await this.inner.delete(id);
    } finally {
      this.records.delete(id);
    }
  }

  /** Keeps a record read or written under a lease this process still holds with the same generation. */
  private remember(id: string, generation: number | undefined, record: SimulationRecord | null): void {
    if (generation === undefined || record === null || this.ownership.generation(id) !== generation) return;
    this.records.set(id, { generation, record: copy(record) });
  }
}
