import type { PageQuery } from '../pagination/page.js';
import type { SimulationRecord, SimulationTokenRecord } from './simulation.js';
import type { ActiveLimit, SimulationFilter, SimulationGuard, SimulationRepository } from './simulation.repository.port.js';

/**
 * A SimulationRepository that passes every call to another: the base of the ones that keep
 * records in front of a store (CachedSimulationRepository, OwnedSimulationRepository), which
 * override only the calls they answer differently.
 */
export abstract class DelegatingSimulationRepository implements SimulationRepository {
  constructor(protected readonly inner: SimulationRepository) {}

  insert(record: SimulationRecord, active?: ActiveLimit, token?: SimulationTokenRecord): Promise<'ok' | 'quota'> {
    return this.inner.insert(record, active, token);
  }

  get(id: string): Promise<SimulationRecord | null> {
    return this.inner.get(id);
  }

  list(filter: SimulationFilter, page: PageQuery): Promise<SimulationRecord[]> {
    return this.inner.list(filter, page);
  }

  update(id: string, guard: SimulationGuard, change: Partial<SimulationRecord>, active?: ActiveLimit): Promise<SimulationRecord | null | 'quota'> {
    return this.inner.update(id, guard, change, active);
  }

  addToken(id: string, token: SimulationTokenRecord, now: string): Promise<boolean> {
    return this.inner.addToken(id, token, now);
  }

  findToken(id: string, hash: string, now: string): Promise<SimulationTokenRecord | null> {
    return this.inner.findToken(id, hash, now);
  }

  delete(id: string): Promise<boolean> {
    return this.inner.delete(id);
  }

  countActive(workspaceId: string): Promise<number> {
    return this.inner.countActive(workspaceId);
  }

  countBySimulator(simulatorId: string): Promise<number> {
    return this.inner.countBySimulator(simulatorId);
  }

  listExpired(now: string, limit: number): Promise<SimulationRecord[]> {
    return this.inner.listExpired(now, limit);
  }
}
