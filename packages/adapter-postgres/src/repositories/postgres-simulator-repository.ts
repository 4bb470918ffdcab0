import {
  SimplaneError,
  type PageQuery,
  type SimulatorFilter,
  type SimulatorRecord,
  type SimulatorRepository,
  type SimulatorStatus,
} from '@simplane/core';
import type { Database, Sql } from '../sql/database.js';

/** First key of the two-key advisory locks that order build claims, one lock per scope. */
const BUILD_QUEUE_LOCK = 0x42_55_49_4c; // "BUIL"

/** The stored doc and the record's references, in the order they were given (put together by `toRecord`). */
const RECORD = `s.doc, coalesce((SELECT json_agg(r.reference ORDER BY r.position) FROM simulator_references r WHERE r.simulator_id = s.id), '[]'::json) AS refs`;

const scopeOf = (workspaceId: string | null): string => workspaceId ?? '';

/**
 * Simulators as a `doc` with the filtered and counted fields copied to columns. References
 * live in `simulator_references`, whose key (scope, reference) keeps one holder per name:tag in
 * a workspace or the catalog; a record's references are read back from it.
 */
export class PostgresSimulatorRepository implements SimulatorRepository {
  constructor(private readonly db: Database) {}

  /** Throws if the ID is stored already, or a reference is held by another record. */
  async insert(record: SimulatorRecord): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO simulators (id, workspace_id, scope, source, status, parent_id, digest, clone_key, spec_blob, lease_expires_at, created_at, doc)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::json)`,
        [record.id, record.workspaceId, scopeOf(record.workspaceId), ...columns(record)],
      );
      await writeReferences(tx, record);
    });
  }

  async get(id: string): Promise<SimulatorRecord | null> {
    return one(await this.db.query<Row>(`SELECT ${RECORD} FROM simulators s WHERE s.id = $1`, [id]));
  }

  async list(filter: SimulatorFilter, page: PageQuery): Promise<SimulatorRecord[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT ${RECORD} FROM simulators s
       WHERE (s.source = 'catalog' OR s.workspace_id = $1)
         AND ($2::text IS NULL OR s.status = $2::text)
         AND ($3::text IS NULL OR s.source = $3::text)
         AND ($4::text IS NULL OR s.id = $4::text)
         AND ($5::text IS NULL OR (s.created_at, s.id) < ($5::text, $6::text))
       ORDER BY s.created_at DESC, s.id DESC LIMIT $7`,
      [filter.workspaceId, filter.status ?? null, filter.source ?? null, filter.id ?? null, page.after?.createdAt ?? null, page.after?.id ?? null, page.limit],
    );
    return rows.map(toRecord);
  }

  async transition(id: string, from: readonly SimulatorStatus[], change: Partial<SimulatorRecord>, owner?: string): Promise<SimulatorRecord | null> {
    return this.db.transaction(async (tx) => {
      const current = one(await tx.query<Row>(`SELECT ${RECORD} FROM simulators s WHERE s.id = $1 FOR UPDATE`, [id]));
      if (current === null || !from.includes(current.status)) return null;
      if (owner !== undefined && current.lease?.owner !== owner) return null;
      return rewrite(tx, current, { ...current, ...change, id });
    });
  }

  async claimNextBuild(workspaceId: string | null, concurrency: number, change: Partial<SimulatorRecord>): Promise<SimulatorRecord | null> {
    const scope = scopeOf(workspaceId);
    return this.db.transaction(async (tx) => {
      // Claimers of one scope take turns, so the count below cannot be passed by another's claim.
      await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [BUILD_QUEUE_LOCK, scope]);
      const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM simulators WHERE scope = $1 AND status = 'building'`, [scope]);
      if ((rows[0]?.n ?? 0) >= concurrency) return null;
      // SKIP LOCKED: a record held by a cancel in progress is passed over, not waited for.
      const oldest = one(
        await tx.query<Row>(
          `SELECT ${RECORD} FROM simulators s WHERE s.scope = $1 AND s.status = 'pending'
           ORDER BY s.created_at, s.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [scope],
        ),
      );
      if (oldest === null) return null;
      return rewrite(tx, oldest, { ...oldest, ...change, id: oldest.id, status: 'building' });
    });
  }

  async claimExpiredBuild(now: string, change: Partial<SimulatorRecord>): Promise<SimulatorRecord | null> {
    return this.db.transaction(async (tx) => {
      // SKIP LOCKED: a build another process is taking over now is left to it. One it has just
      // taken over is re-read with its new lease, which has not expired, so it is passed over too.
      const expired = one(
        await tx.query<Row>(
          `SELECT ${RECORD} FROM simulators s WHERE s.status = 'building' AND (s.lease_expires_at IS NULL OR s.lease_expires_at <= $1)
           ORDER BY s.created_at, s.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [now],
        ),
      );
      return expired === null ? null : rewrite(tx, expired, { ...expired, ...change, id: expired.id });
    });
  }

  async pendingWorkspaces(limit: number): Promise<Array<string | null>> {
    // The workspaces whose oldest waiting build is oldest come first.
    const { rows } = await this.db.query<{ workspace_id: string | null }>(
      `SELECT workspace_id FROM simulators WHERE status = 'pending' GROUP BY workspace_id ORDER BY min(created_at), workspace_id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.workspace_id);
  }

  async countBuilding(workspaceId: string | null): Promise<number> {
    return this.count(`scope = $1 AND status = 'building'`, scopeOf(workspaceId));
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM simulators WHERE id = $1', [id]);
    return rowCount > 0;
  }

  async findByReference(workspaceId: string | null, reference: string): Promise<SimulatorRecord | null> {
    return one(
      await this.db.query<Row>(
        `SELECT ${RECORD} FROM simulator_references h JOIN simulators s ON s.id = h.simulator_id WHERE h.scope = $1 AND h.reference = $2`,
        [scopeOf(workspaceId), reference],
      ),
    );
  }

  async findByCloneKey(workspaceId: string, cloneKey: string): Promise<SimulatorRecord | null> {
    return one(
      await this.db.query<Row>(`SELECT ${RECORD} FROM simulators s WHERE s.scope = $1 AND s.clone_key = $2 ORDER BY s.created_at, s.id LIMIT 1`, [
        scopeOf(workspaceId),
        cloneKey,
      ]),
    );
  }

  async moveReference(workspaceId: string | null, reference: string, toId: string): Promise<void> {
    const scope = scopeOf(workspaceId);
    await this.db.transaction(async (tx) => {
      // FOR SHARE: the target cannot be deleted before the reference is given to it.
      const { rows } = await tx.query('SELECT 1 FROM simulators WHERE id = $1 AND scope = $2 FOR SHARE', [toId, scope]);
      if (rows.length === 0) throw new SimplaneError('internal', 'The Simulator a reference was moved to is not in that workspace.');
      await giveReference(tx, scope, reference, toId);
    });
  }

  async completeBuild(id: string, owner: string, change: Partial<SimulatorRecord>, references: readonly string[]): Promise<SimulatorRecord | null> {
    return this.db.transaction(async (tx) => {
      const current = one(await tx.query<Row>(`SELECT ${RECORD} FROM simulators s WHERE s.id = $1 FOR UPDATE`, [id]));
      if (current === null || current.status !== 'building' || current.lease?.owner !== owner) return null;
      await rewrite(tx, current, { ...current, ...change, id });
      for (const reference of references) await giveReference(tx, scopeOf(current.workspaceId), reference, id);
      return one(await tx.query<Row>(`SELECT ${RECORD} FROM simulators s WHERE s.id = $1`, [id]));
    });
  }

  async removeReference(id: string, reference: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM simulator_references WHERE simulator_id = $1 AND reference = $2', [id, reference]);
    return rowCount > 0;
  }

  async countChildren(parentId: string): Promise<number> {
    return this.count('parent_id = $1', parentId);
  }

  async countByDigest(digest: string): Promise<number> {
    return this.count('digest = $1', digest);
  }

  async countUsingBlob(key: string): Promise<number> {
    return this.count(`spec_blob = $1 OR doc::jsonb -> 'overlayBlobs' @> jsonb_build_array($1::text)`, key);
  }

  private async count(where: string, value: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM simulators WHERE ${where}`, [value]);
    return rows[0]?.n ?? 0;
  }
}

/**
 * Gives a reference to a record in one upsert: whichever record held it loses it in the same
 * statement; the new holder lists it last, as a reference appended.
 */
async function giveReference(tx: Sql, scope: string, reference: string, toId: string): Promise<void> {
  await tx.query(
    `INSERT INTO simulator_references (scope, reference, simulator_id, position)
     VALUES ($1, $2, $3, (SELECT coalesce(max(position) + 1, 0) FROM simulator_references WHERE simulator_id = $3))
     ON CONFLICT (scope, reference) DO UPDATE SET simulator_id = EXCLUDED.simulator_id, position = EXCLUDED.position
     WHERE simulator_references.simulator_id <> EXCLUDED.simulator_id`,
    [scope, reference, toId],
  );
}

interface Row {
  doc: Omit<SimulatorRecord, 'references'>;
  refs: string[];
}

function toRecord(row: Row): SimulatorRecord {
  return { ...row.doc, references: row.refs };
}

function one(result: { rows: Row[] }): SimulatorRecord | null {
  const row = result.rows[0];
  return row === undefined ? null : toRecord(row);
}

/** The columns after id, workspace_id and scope, in insert order, the doc without references. */
function columns(r: SimulatorRecord): unknown[] {
  const { references: _references, ...doc } = r;
  return [r.source, r.status, r.parentId, r.digest, r.cloneKey, r.specBlob, r.lease?.expiresAt ?? null, r.createdAt, JSON.stringify(doc)];
}

/** Writes `next` over `current` (locked by the caller), references too when they changed. */
async function rewrite(tx: Sql, current: SimulatorRecord, next: SimulatorRecord): Promise<SimulatorRecord> {
  await tx.query(
    `UPDATE simulators SET workspace_id = $2, scope = $3, source = $4, status = $5, parent_id = $6, digest = $7, clone_key = $8,
       spec_blob = $9, lease_expires_at = $10, created_at = $11, doc = $12::json
     WHERE id = $1`,
    [next.id, next.workspaceId, scopeOf(next.workspaceId), ...columns(next)],
  );
  const moved = scopeOf(current.workspaceId) !== scopeOf(next.workspaceId);
  if (moved || JSON.stringify(current.references) !== JSON.stringify(next.references)) {
    await tx.query('DELETE FROM simulator_references WHERE simulator_id = $1', [next.id]);
    await writeReferences(tx, next);
  }
  return JSON.parse(JSON.stringify(next)) as SimulatorRecord;
}

/** Gives the record its references; one held by another record of the scope makes it throw. */
async function writeReferences(tx: Sql, record: SimulatorRecord): Promise<void> {
  if (record.references.length === 0) return;
  await tx.query(
    `INSERT INTO simulator_references (scope, reference, simulator_id, position)
     SELECT $1, t.reference, $2, t.position::int - 1 FROM jsonb_array_elements_text($3::jsonb) WITH ORDINALITY AS t(reference, position)`,
    [scopeOf(record.workspaceId), record.id, JSON.stringify(record.references)],
  );
}
