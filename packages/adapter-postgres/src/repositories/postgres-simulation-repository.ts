import {
  ACTIVE_STATUSES,
  type ActiveLimit,
  type PageQuery,
  type SimulationFilter,
  type SimulationGuard,
  type SimulationRecord,
  type SimulationRepository,
  type SimulationTokenRecord,
} from '@simplane/core';
import type { Database, Sql } from '../sql/database.js';

/** Each record field's column and SQL type: every field is a column, so a guarded update is one statement. */
const COLUMNS = {
  id: ['id', 'text'],
  workspaceId: ['workspace_id', 'text'],
  organizationId: ['organization_id', 'text'],
  name: ['name', 'text'],
  simulatorId: ['simulator_id', 'text'],
  simulatorDigest: ['simulator_digest', 'text'],
  parentId: ['parent_id', 'text'],
  worldId: ['world_id', 'text'],
  status: ['status', 'text'],
  lock: ['lock', 'text'],
  lockedAt: ['locked_at', 'text'],
  lockedBy: ['locked_by', 'text'],
  seed: ['seed', 'text'],
  startTime: ['start_time', 'text'],
  currentTime: ['clock_time', 'text'],
  activeAdvanceId: ['active_advance_id', 'text'],
  step: ['step', 'integer'],
  baseStep: ['base_step', 'integer'],
  sampleRecords: ['sample_records', 'integer'],
  ttlSeconds: ['ttl_seconds', 'integer'],
  expiresAt: ['expires_at', 'text'],
  metadata: ['metadata', 'json'],
  createdAt: ['created_at', 'text'],
} as const satisfies Record<keyof SimulationRecord, readonly [column: string, type: string]>;

type Field = keyof typeof COLUMNS;
const FIELDS = Object.keys(COLUMNS) as Field[];

/** A row as both drivers answer it: `json` parsed, `integer` as numbers. */
type SimulationRow = { [F in Field as (typeof COLUMNS)[F][0]]: SimulationRecord[F] };

/** `$n::type` for the field, the parameter numbered `n`. */
const param = (field: Field, n: number) => `$${n}::${COLUMNS[field][1]}`;
/** A field's value as a parameter: JSON as text, so no driver turns it into a Postgres array. */
const valueOf = <F extends Field>(field: F, value: SimulationRecord[F]) => (field === 'metadata' ? JSON.stringify(value) : (value ?? null));

const ACTIVE_SQL = `status IN (${ACTIVE_STATUSES.map((s) => `'${s}'`).join(', ')})`;
const INSERT_COLUMNS = FIELDS.map((f) => COLUMNS[f][0]).join(', ');
const INSERT_VALUES = FIELDS.map((f, i) => param(f, i + 1)).join(', ');
const INSERT = `INSERT INTO simulations (${INSERT_COLUMNS}) VALUES (${INSERT_VALUES})`;
/** Inserts only while the workspace (parameter 2) has fewer active records than the last parameter. */
const INSERT_WITHIN_LIMIT = `INSERT INTO simulations (${INSERT_COLUMNS}) SELECT ${INSERT_VALUES}
  WHERE (SELECT count(*) FROM simulations WHERE workspace_id = $2 AND ${ACTIVE_SQL}) < $${FIELDS.length + 1}::int`;

/**
 * Advisory locks taken by a workspace's active-limit checks, in their own key space (the
 * two-key form), keyed by the hash of the workspace ID: the checks of one workspace run one
 * at a time across every process, those of different workspaces in parallel.
 */
const ACTIVE_LIMIT_LOCKS = 0x53_49_4d_41; // "SIMA"

/** Simulations and their data-plane tokens in Postgres. */
export class PostgresSimulationRepository implements SimulationRepository {
  constructor(private readonly db: Database) {}

  async insert(record: SimulationRecord, active?: ActiveLimit, token?: SimulationTokenRecord): Promise<'ok' | 'quota'> {
    const values = FIELDS.map((f) => valueOf(f, record[f]));
    const limited = active !== undefined && ACTIVE_STATUSES.includes(record.status);
    if (!limited && token === undefined) {
      await this.db.query(INSERT, values);
      return 'ok';
    }
    // The record and its first token in one transaction: never one without the other.
    return this.db.transaction(async (tx) => {
      if (limited) {
        await lockWorkspace(tx, record.workspaceId);
        const { rowCount } = await tx.query(INSERT_WITHIN_LIMIT, [...values, active.limit]);
        if (rowCount !== 1) return 'quota';
      } else {
        await tx.query(INSERT, values);
      }
      if (token !== undefined) {
        await tx.query('INSERT INTO simulation_tokens (simulation_id, hash, read_only, expires_at) VALUES ($1, $2, $3, $4)', [record.id, token.hash, token.readOnly, token.expiresAt]);
      }
      return 'ok';
    });
  }

  async get(id: string): Promise<SimulationRecord | null> {
    const { rows } = await this.db.query<SimulationRow>('SELECT * FROM simulations WHERE id = $1', [id]);
    return rows[0] === undefined ? null : recordOf(rows[0]);
  }

  async list(filter: SimulationFilter, page: PageQuery): Promise<SimulationRecord[]> {
    const params: unknown[] = [filter.workspaceId];
    const where = ['workspace_id = $1'];
    if (filter.status !== undefined) where.push(`status = $${params.push(filter.status)}`);
    if (filter.simulatorId !== undefined) where.push(`simulator_id = $${params.push(filter.simulatorId)}`);
    if (page.after !== undefined) where.push(`(created_at, id) < ($${params.push(page.after.createdAt)}, $${params.push(page.after.id)})`);
    const { rows } = await this.db.query<SimulationRow>(
      `SELECT * FROM simulations WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${params.push(page.limit)}`,
      params,
    );
    return rows.map(recordOf);
  }

  async update(id: string, guard: SimulationGuard, change: Partial<SimulationRecord>, active?: ActiveLimit): Promise<SimulationRecord | null | 'quota'> {
    const params: unknown[] = [id];
    const matches = guardClause(guard, params);
    const activates = active !== undefined && change.status !== undefined && ACTIVE_STATUSES.includes(change.status);
    if (!activates) {
      const { rows } = await this.db.query<SimulationRow>(`UPDATE simulations SET ${setClause(change, params)} WHERE id = $1 AND ${matches} RETURNING *`, params);
      return rows[0] === undefined ? null : recordOf(rows[0]);
    }
    // Making a record active: hold it, then its workspace's limit lock, then count the slots.
    return this.db.transaction(async (tx) => {
      const held = await tx.query<{ workspace_id: string; status: SimulationRecord['status'] }>(
        `SELECT workspace_id, status FROM simulations WHERE id = $1 AND ${matches} FOR NO KEY UPDATE`,
        params,
      );
      const current = held.rows[0];
      if (current === undefined) return null;
      if (!ACTIVE_STATUSES.includes(current.status)) {
        await lockWorkspace(tx, current.workspace_id);
        if ((await countActive(tx, current.workspace_id)) >= active.limit) return 'quota';
      }
      const changed: unknown[] = [id];
      const { rows } = await tx.query<SimulationRow>(`UPDATE simulations SET ${setClause(change, changed)} WHERE id = $1 RETURNING *`, changed);
      return recordOf(rows[0]!);
    });
  }

  async addToken(id: string, token: SimulationTokenRecord, now: string): Promise<boolean> {
    // The record is held (KEY SHARE) while its token goes in, so a concurrent delete either
    // finds the token to cascade to or leaves nothing for it to be added to.
    const { rows } = await this.db.query<{ added: number }>(
      `WITH record AS (SELECT id FROM simulations WHERE id = $1 FOR KEY SHARE),
            dropped AS (DELETE FROM simulation_tokens WHERE simulation_id = $1 AND hash <> $2 AND expires_at <= $5 AND EXISTS (SELECT 1 FROM record)),
            added AS (
              INSERT INTO simulation_tokens (simulation_id, hash, read_only, expires_at) SELECT id, $2::text, $3::boolean, $4::text FROM record
              ON CONFLICT (simulation_id, hash) DO UPDATE SET read_only = excluded.read_only, expires_at = excluded.expires_at
              RETURNING 1
            )
       SELECT count(*)::int AS added FROM added`,
      [id, token.hash, token.readOnly, token.expiresAt, now],
    );
    return rows[0]!.added === 1;
  }

  async findToken(id: string, hash: string, now: string): Promise<SimulationTokenRecord | null> {
    const { rows } = await this.db.query<{ read_only: boolean; expires_at: string }>(
      'SELECT read_only, expires_at FROM simulation_tokens WHERE simulation_id = $1 AND hash = $2 AND expires_at > $3',
      [id, hash, now],
    );
    const row = rows[0];
    return row === undefined ? null : { hash, readOnly: row.read_only, expiresAt: row.expires_at };
  }

  async delete(id: string): Promise<boolean> {
    // Its tokens go with it (ON DELETE CASCADE).
    const { rowCount } = await this.db.query('DELETE FROM simulations WHERE id = $1', [id]);
    return rowCount === 1;
  }

  async countActive(workspaceId: string): Promise<number> {
    return countActive(this.db, workspaceId);
  }

  async countBySimulator(simulatorId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM simulations WHERE simulator_id = $1', [simulatorId]);
    return rows[0]!.n;
  }

  async listExpired(now: string, limit: number): Promise<SimulationRecord[]> {
    const { rows } = await this.db.query<SimulationRow>(
      'SELECT * FROM simulations WHERE expires_at IS NOT NULL AND expires_at <= $1 ORDER BY expires_at, id LIMIT $2',
      [now, limit],
    );
    return rows.map(recordOf);
  }
}

async function lockWorkspace(tx: Sql, workspaceId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${ACTIVE_LIMIT_LOCKS}, hashtext($1))`, [workspaceId]);
}

async function countActive(sql: Sql, workspaceId: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM simulations WHERE workspace_id = $1 AND ${ACTIVE_SQL}`, [workspaceId]);
  return rows[0]!.n;
}

/** `column = $n, ...` for the fields `change` gives (the ID never changes), adding their values to `params`. */
function setClause(change: Partial<SimulationRecord>, params: unknown[]): string {
  const sets: string[] = [];
  for (const field of FIELDS) {
    const value = change[field];
    if (field === 'id' || value === undefined) continue;
    sets.push(`${COLUMNS[field][0]} = ${param(field, params.push(valueOf(field, value)))}`);
  }
  return sets.length === 0 ? 'id = id' : sets.join(', ');
}

/** The SQL condition a record matching `guard` meets, adding its values to `params`. */
function guardClause(guard: SimulationGuard, params: unknown[]): string {
  const conditions = ['true'];
  if (guard.status !== undefined) {
    conditions.push(guard.status.length === 0 ? 'false' : `status IN (${guard.status.map((s) => `$${params.push(s)}`).join(', ')})`);
  }
  const exactly = (column: string, value: string | null) => (value === null ? `${column} IS NULL` : `${column} = $${params.push(value)}`);
  if (guard.lock !== undefined) conditions.push(exactly('lock', guard.lock));
  if (guard.lockedAt !== undefined) conditions.push(exactly('locked_at', guard.lockedAt));
  if (guard.activeAdvanceId !== undefined) conditions.push(exactly('active_advance_id', guard.activeAdvanceId));
  return conditions.join(' AND ');
}

function recordOf(row: SimulationRow): SimulationRecord {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    organizationId: row.organization_id,
    name: row.name,
    simulatorId: row.simulator_id,
    simulatorDigest: row.simulator_digest,
    parentId: row.parent_id,
    worldId: row.world_id,
    status: row.status,
    lock: row.lock,
    // Only while locked, as records without a lock are given (the fields are optional).
    ...(row.locked_at == null ? {} : { lockedAt: row.locked_at }),
    ...(row.locked_by == null ? {} : { lockedBy: row.locked_by }),
    seed: row.seed,
    startTime: row.start_time,
    currentTime: row.clock_time,
    activeAdvanceId: row.active_advance_id,
    step: row.step,
    baseStep: row.base_step,
    sampleRecords: row.sample_records,
    ttlSeconds: row.ttl_seconds,
    expiresAt: row.expires_at,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}
