import { SimplaneError, type AdvanceLog, type ClockAdvanceRecord, type ClockEventView, type PageQuery } from '@simplane/core';
import type { Database } from '../sql/database.js';

/**
 * Clock advances in Postgres: the keys as columns, the record as its JSON text. The
 * idempotency key is unique per owner (a Simulation or a World), so of two inserts with one
 * key the database keeps exactly one.
 */
export class PostgresAdvanceLog implements AdvanceLog {
  constructor(private readonly db: Database) {}

  async insert(record: ClockAdvanceRecord): Promise<{ inserted: boolean; record: ClockAdvanceRecord }> {
    // A stored advance cannot be lost between the two statements unless it is deleted with
    // its owner; one more try then stores this one.
    for (let attempt = 1; ; attempt += 1) {
      const { rowCount } = await this.db.query(
        `INSERT INTO clock_advances (simulation_id, id, idempotency_key, created_at, doc) VALUES ($1, $2, $3, $4, $5::json)
         ON CONFLICT (simulation_id, idempotency_key) DO NOTHING`,
        [record.simulationId, record.id, record.idempotencyKey, record.createdAt, JSON.stringify(record)],
      );
      if (rowCount === 1) return { inserted: true, record: copy(record) };
      const earlier = await this.findByKey(record.simulationId, record.idempotencyKey);
      if (earlier !== null) return { inserted: false, record: earlier };
      if (attempt === 2) throw new SimplaneError('internal', 'A clock advance could be neither stored nor found.');
    }
  }

  async findByKey(simulationId: string, idempotencyKey: string): Promise<ClockAdvanceRecord | null> {
    return this.one('SELECT doc FROM clock_advances WHERE simulation_id = $1 AND idempotency_key = $2', [simulationId, idempotencyKey]);
  }

  async get(simulationId: string, advanceId: string): Promise<ClockAdvanceRecord | null> {
    return this.one('SELECT doc FROM clock_advances WHERE simulation_id = $1 AND id = $2', [simulationId, advanceId]);
  }

  async update(simulationId: string, advanceId: string, change: Partial<Omit<ClockAdvanceRecord, 'id' | 'simulationId' | 'idempotencyKey'>>): Promise<ClockAdvanceRecord | null> {
    // Merged here, not with jsonb's `||`, which would reorder the record's keys.
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ doc: ClockAdvanceRecord }>('SELECT doc FROM clock_advances WHERE simulation_id = $1 AND id = $2 FOR UPDATE', [simulationId, advanceId]);
      const current = rows[0]?.doc;
      if (current === undefined) return null;
      const next: ClockAdvanceRecord = { ...current, ...change, id: current.id, simulationId: current.simulationId, idempotencyKey: current.idempotencyKey };
      await tx.query('UPDATE clock_advances SET doc = $3::json, created_at = $4 WHERE simulation_id = $1 AND id = $2', [simulationId, advanceId, JSON.stringify(next), next.createdAt]);
      return next;
    });
  }

  async list(simulationId: string, page: PageQuery): Promise<ClockAdvanceRecord[]> {
    const params: unknown[] = [simulationId];
    const after = page.after === undefined ? '' : `AND (created_at, id) < ($${params.push(page.after.createdAt)}, $${params.push(page.after.id)})`;
    const { rows } = await this.db.query<{ doc: ClockAdvanceRecord }>(
      `SELECT doc FROM clock_advances WHERE simulation_id = $1 ${after} ORDER BY created_at DESC, id DESC LIMIT $${params.push(page.limit)}`,
      params,
    );
    return rows.map((r) => r.doc);
  }

  async listActive(createdBefore: string, limit: number): Promise<ClockAdvanceRecord[]> {
    const { rows } = await this.db.query<{ doc: ClockAdvanceRecord }>(
      `SELECT doc FROM clock_advances WHERE (doc->>'status') IN ('pending', 'running') AND created_at <= $1 ORDER BY created_at, id LIMIT $2`,
      [createdBefore, limit],
    );
    return rows.map((r) => r.doc);
  }

  async putEvents(simulationId: string, advanceId: string, events: readonly ClockEventView[]): Promise<void> {
    // One parameter for all the events, each kept as its own JSON text and in its place.
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM clock_events WHERE simulation_id = $1 AND advance_id = $2', [simulationId, advanceId]);
      await tx.query(
        `INSERT INTO clock_events (simulation_id, advance_id, position, sequence, event)
         SELECT $1, $2, e.position, (e.event->>'sequence')::int, e.event FROM json_array_elements($3::json) WITH ORDINALITY AS e (event, position)`,
        [simulationId, advanceId, JSON.stringify(events)],
      );
    });
  }

  async listEvents(simulationId: string, advanceId: string, page: { afterSequence: number; limit: number }): Promise<ClockEventView[]> {
    const { rows } = await this.db.query<{ event: ClockEventView }>(
      'SELECT event FROM clock_events WHERE simulation_id = $1 AND advance_id = $2 AND sequence > $3 ORDER BY position LIMIT $4',
      [simulationId, advanceId, page.afterSequence, page.limit],
    );
    return rows.map((r) => r.event);
  }

  async deleteAll(simulationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM clock_events WHERE simulation_id = $1', [simulationId]);
      await tx.query('DELETE FROM clock_advances WHERE simulation_id = $1', [simulationId]);
    });
  }

  private async one(text: string, params: unknown[]): Promise<ClockAdvanceRecord | null> {
    const { rows } = await this.db.query<{ doc: ClockAdvanceRecord }>(text, params);
    return rows[0]?.doc ?? null;
  }
}

/** The record as stored: what JSON keeps of it, a copy the caller cannot change. */
function copy(record: ClockAdvanceRecord): ClockAdvanceRecord {
  return JSON.parse(JSON.stringify(record)) as ClockAdvanceRecord;
}
