import { cloneJson } from '../objects/clone-json.js';
import type { SimulationRecord, SimulationTokenRecord } from './simulation.js';
import { DelegatingSimulationRepository } from './delegating-simulation-repository.js';
import type { ActiveLimit, SimulationGuard, SimulationRepository } from './simulation.repository.port.js';

/**
 * A deep copy, by hand, as the memory store makes it: every data-plane request reads its
 * record, and `structuredClone` goes through a generic algorithm (clone-json.ts). Every field
 * but the metadata is a primitive.
 */
const copy = (r: SimulationRecord): SimulationRecord => ({ ...r, metadata: cloneJson(r.metadata) });

/** Records remembered at most; past it the cache starts again. */
const CAPACITY = 50_000;

/**
 * Simulation records remembered in front of a store that only this process writes (the
 * embedded default: its data directory is locked to one server). Every data-plane request
 * reads its Simulation's record; with a database in the process that read costs as much as
 * the request itself. Writes go to the store first and the cache takes what the store
 * answered, so the cache never holds what the store does not. Never for a shared store:
 * another process's writes would not be seen.
 */
export class CachedSimulationRepository extends DelegatingSimulationRepository {
  private readonly records = new Map<string, SimulationRecord>();

  constructor(inner: SimulationRepository) {
    super(inner);
  }

  override async insert(record: SimulationRecord, active?: ActiveLimit, token?: SimulationTokenRecord): Promise<'ok' | 'quota'> {
    const result = await this.inner.insert(record, active, token);
    if (result === 'ok') this.remember(record);
    return result;
  }

  override async get(id: string): Promise<SimulationRecord | null> {
    const known = this.records.get(id);
    if (known !== undefined) return copy(known);
    const found = await this.inner.get(id);
    if (found !== null) this.remember(found);
    return found;
  }

  override async update(id: string, guard: SimulationGuard, change: Partial<SimulationRecord>, active?: ActiveLimit): Promise<SimulationRecord | null | 'quota'> {
    let result: SimulationRecord | null | 'quota';
    try {
      result = await this.inner.update(id, guard, change, active);
    } catch (error) {
      // The store may or may not have taken the change: read it again next time.
      this.records.delete(id);
      throw error;
    }
    if (result !== null && result !== 'quota') this.remember(result);
    return result;
  }

  override async delete(id: string): Promise<boolean> {
    this.records.delete(id);
    try {
      return await this.inner.delete(id);
    } finally {
      this.records.delete(id);
    }
  }

  private remember(record: SimulationRecord): void {
    if (this.records.size >= CAPACITY) this.records.clear();
    this.records.set(record.id, structuredClone(record));
  }
}
