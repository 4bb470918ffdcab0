import { comparePageOrder, isAfter, type AdvanceLog, type ClockAdvanceRecord, type ClockEventView, type PageQuery } from '@simplane/core';

const copy = (r: ClockAdvanceRecord): ClockAdvanceRecord => ({ ...r, members: r.members.map((m) => ({ ...m })), error: r.error === null ? null : { ...r.error } });

interface SimulationAdvances {
  byId: Map<string, ClockAdvanceRecord>;
  byKey: Map<string, string>;
  events: Map<string, ClockEventView[]>;
}

/** Clock advances in Maps, per Simulation. Single-threaded JavaScript makes every method atomic. */
export class MemoryAdvanceLog implements AdvanceLog {
  private readonly simulations = new Map<string, SimulationAdvances>();

  private of(simulationId: string): SimulationAdvances {
    let held = this.simulations.get(simulationId);
    if (held === undefined) {
      held = { byId: new Map(), byKey: new Map(), events: new Map() };
      this.simulations.set(simulationId, held);
    }
    return held;
  }

  async insert(record: ClockAdvanceRecord): Promise<{ inserted: boolean; record: ClockAdvanceRecord }> {
    const held = this.of(record.simulationId);
    const earlier = held.byKey.get(record.idempotencyKey);
    if (earlier !== undefined) return { inserted: false, record: copy(held.byId.get(earlier)!) };
    if (held.byId.has(record.id)) throw new Error(`duplicate clock advance ${record.id}`);
    held.byId.set(record.id, copy(record));
    held.byKey.set(record.idempotencyKey, record.id);
    return { inserted: true, record: copy(record) };
  }

  async findByKey(simulationId: string, idempotencyKey: string): Promise<ClockAdvanceRecord | null> {
    const id = this.simulations.get(simulationId)?.byKey.get(idempotencyKey);
    return id === undefined ? null : this.get(simulationId, id);
  }

  async get(simulationId: string, advanceId: string): Promise<ClockAdvanceRecord | null> {
    const found = this.simulations.get(simulationId)?.byId.get(advanceId);
    return found === undefined ? null : copy(found);
  }

  async update(simulationId: string, advanceId: string, change: Partial<ClockAdvanceRecord>): Promise<ClockAdvanceRecord | null> {
    const held = this.simulations.get(simulationId);
    const current = held?.byId.get(advanceId);
    if (held === undefined || current === undefined) return null;
    const next = copy({ ...current, ...change, id: current.id, simulationId: current.simulationId, idempotencyKey: current.idempotencyKey });
    held.byId.set(advanceId, next);
    return copy(next);
  }

  async list(simulationId: string, page: PageQuery): Promise<ClockAdvanceRecord[]> {
    const after = page.after;
    const all = [...(this.simulations.get(simulationId)?.byId.values() ?? [])];
    return all
      .filter((r) => after === undefined || isAfter(r, after))
      .sort(comparePageOrder)
      .slice(0, page.limit)
      .map(copy);
  }

  async putEvents(simulationId: string, advanceId: string, events: readonly ClockEventView[]): Promise<void> {
    this.of(simulationId).events.set(advanceId, events.map((e) => ({ ...e })));
  }

  async listEvents(simulationId: string, advanceId: string, page: { afterSequence: number; limit: number }): Promise<ClockEventView[]> {
    const events = this.simulations.get(simulationId)?.events.get(advanceId) ?? [];
    return events
      .filter((e) => e.sequence > page.afterSequence)
      .slice(0, page.limit)
      .map((e) => ({ ...e }));
  }

  async deleteAll(simulationId: string): Promise<void> {
    this.simulations.delete(simulationId);
  }

  async listActive(createdBefore: string, limit: number): Promise<ClockAdvanceRecord[]> {
    const found: ClockAdvanceRecord[] = [];
    for (const held of this.simulations.values()) {
      for (const record of held.byId.values()) if ((record.status === 'pending' || record.status === 'running') && record.createdAt <= createdBefore) found.push(copy(record));
    }
    return found.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1)).slice(0, limit);
  }
}
