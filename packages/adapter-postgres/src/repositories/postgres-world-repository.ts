import { sameWorldLock, type PageQuery, type WorldClaim, type WorldFilter, type WorldGuard, type WorldRecord, type WorldRepository } from '@simplane/core';
import type { Database, Sql } from '../sql/database.js';

/**
 * Worlds as a `doc` with the listed and queued-on fields copied to columns; `world_members`
 * copies which Simulators each uses, so a Simulator's delete can ask without reading every doc.
 */
export class PostgresWorldRepository implements WorldRepository {
  constructor(private readonly db: Database) {}

  async insert(record: WorldRecord): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO worlds (id, workspace_id, status, build_started, created_at, doc, lease_expires_at) VALUES ($1, $2, $3, $4, $5, $6::json, $7)`,
        values(record),
      );
      await writeMembers(tx, record);
    });
  }

  async get(id: string): Promise<WorldRecord | null> {
    const { rows } = await this.db.query<Row>('SELECT doc FROM worlds WHERE id = $1', [id]);
    return rows[0]?.doc ?? null;
  }

  async list(filter: WorldFilter, page: PageQuery): Promise<WorldRecord[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT doc FROM worlds
       WHERE workspace_id = $1 AND ($2::text IS NULL OR status = $2::text)
         AND ($3::text IS NULL OR (created_at, id) < ($3::text, $4::text))
       ORDER BY created_at DESC, id DESC LIMIT $5`,
      [filter.workspaceId, filter.status ?? null, page.after?.createdAt ?? null, page.after?.id ?? null, page.limit],
    );
    return rows.map((r) => r.doc);
  }

  async update(id: string, guard: WorldGuard, change: Partial<Omit<WorldRecord, 'id'>>): Promise<WorldRecord | null> {
    return this.db.transaction(async (tx) => {
      // The row lock makes the guard's check and the write one step for every other updater.
      const { rows } = await tx.query<Row>('SELECT doc FROM worlds WHERE id = $1 FOR UPDATE', [id]);
      const current = rows[0]?.doc;
      if (current === undefined || !holds(guard, current)) return null;
      return write(tx, current, () => change);
    });
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM worlds WHERE id = $1', [id]);
    return rowCount > 0;
  }

  async countBuilding(workspaceId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM worlds WHERE workspace_id = $1 AND status = 'creating' AND build_started`,
      [workspaceId],
    );
    return rows[0]?.n ?? 0;
  }

  async listWaiting(workspaceId: string, limit: number): Promise<WorldRecord[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT doc FROM worlds WHERE workspace_id = $1 AND status = 'creating' AND NOT build_started ORDER BY created_at, id LIMIT $2`,
      [workspaceId, limit],
    );
    return rows.map((r) => r.doc);
  }

  async claimNextBuild(workspaceId: string, concurrency: number, claim: WorldClaim): Promise<WorldRecord | null> {
    return this.db.transaction(async (tx) => {
      // Claims of one workspace take turns, so the started count cannot be passed by two at once.
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [WORLD_QUEUE_LOCK, workspaceId]);
      const { rows: counted } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM worlds WHERE workspace_id = $1 AND status = 'creating' AND build_started`,
        [workspaceId],
      );
      if ((counted[0]?.n ?? 0) >= concurrency) return null;
      const { rows } = await tx.query<Row>(
        `SELECT doc FROM worlds WHERE workspace_id = $1 AND status = 'creating' AND NOT build_started
         ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [workspaceId],
      );
      return rows[0] === undefined ? null : write(tx, rows[0].doc, claim);
    });
  }

  async claimExpiredBuild(now: string, claim: WorldClaim): Promise<WorldRecord | null> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<Row>(
        `SELECT doc FROM worlds WHERE status = 'creating' AND build_started AND (lease_expires_at IS NULL OR lease_expires_at <= $1)
         ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      return rows[0] === undefined ? null : write(tx, rows[0].doc, claim);
    });
  }

  async waitingWorkspaces(limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ workspace_id: string }>(
      `SELECT DISTINCT workspace_id FROM worlds WHERE status = 'creating' AND NOT build_started LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.workspace_id);
  }

  async listBySimulator(simulatorId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      'SELECT w.id FROM world_members m JOIN worlds w ON w.id = m.world_id WHERE m.simulator_id = $1 ORDER BY w.created_at, w.id',
      [simulatorId],
    );
    return rows.map((r) => r.id);
  }
}

interface Row {
  doc: WorldRecord;
}

/** Advisory-lock namespace of the World build queue (the second key is the workspace's hash). */
const WORLD_QUEUE_LOCK = 0x57_4c_44_51; // "WLDQ"

/** Applies a change to a row this transaction has locked, keeping its columns and members in step. */
async function write(tx: Sql, current: WorldRecord, claim: WorldClaim): Promise<WorldRecord> {
  const change = claim(current);
  const next = JSON.parse(JSON.stringify({ ...current, ...change, id: current.id })) as WorldRecord;
  await tx.query(
    'UPDATE worlds SET workspace_id = $2, status = $3, build_started = $4, created_at = $5, doc = $6::json, lease_expires_at = $7 WHERE id = $1',
    values(next),
  );
  if (change.members !== undefined) {
    await tx.query('DELETE FROM world_members WHERE world_id = $1', [current.id]);
    await writeMembers(tx, next);
  }
  return next;
}

function holds(guard: WorldGuard, w: WorldRecord): boolean {
  if (guard.status !== undefined && !guard.status.includes(w.status)) return false;
  if (guard.activeAdvanceId !== undefined && w.activeAdvanceId !== guard.activeAdvanceId) return false;
  if (guard.leaseOwner !== undefined && w.build.lease?.owner !== guard.leaseOwner) return false;
  if (guard.lock !== undefined && !sameWorldLock(w.lock, guard.lock)) return false;
  return guard.buildStarted === undefined || (w.build.startedAt !== null) === guard.buildStarted;
}

function values(w: WorldRecord): unknown[] {
  return [w.id, w.workspaceId, w.status, w.build.startedAt !== null, w.createdAt, JSON.stringify(w), w.build.lease?.expiresAt ?? null];
}

async function writeMembers(tx: Sql, w: WorldRecord): Promise<void> {
  if (w.members.length === 0) return;
  await tx.query(
    `INSERT INTO world_members (world_id, simulator_id) SELECT DISTINCT $1, value FROM jsonb_array_elements_text($2::jsonb)`,
    [w.id, JSON.stringify(w.members.map((m) => m.simulatorId))],
  );
}
