import type { CredentialRecord, CredentialRepository, PageQuery } from '@simplane/core';
import type { Database } from '../sql/database.js';

const RECORD = `id, workspace_id AS "workspaceId", name, base_url AS "baseUrl", header, sealed_value AS "sealedValue",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Credentials in one table of plain columns: the record is flat and every field is its own column. */
export class PostgresCredentialRepository implements CredentialRepository {
  constructor(private readonly db: Database) {}

  async insert(record: CredentialRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO credentials (id, workspace_id, name, base_url, header, sealed_value, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      values(record),
    );
  }

  async get(id: string): Promise<CredentialRecord | null> {
    const { rows } = await this.db.query<CredentialRecord>(`SELECT ${RECORD} FROM credentials WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async listByWorkspace(workspaceId: string, page: PageQuery): Promise<CredentialRecord[]> {
    const { rows } = await this.db.query<CredentialRecord>(
      `SELECT ${RECORD} FROM credentials
       WHERE workspace_id = $1 AND ($2::text IS NULL OR (created_at, id) < ($2::text, $3::text))
       ORDER BY created_at DESC, id DESC LIMIT $4`,
      [workspaceId, page.after?.createdAt ?? null, page.after?.id ?? null, page.limit],
    );
    return rows;
  }

  async update(record: CredentialRecord): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE credentials SET workspace_id = $2, name = $3, base_url = $4, header = $5, sealed_value = $6, created_at = $7, updated_at = $8
       WHERE id = $1`,
      values(record),
    );
    return rowCount > 0;
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.db.query('DELETE FROM credentials WHERE id = $1', [id]);
    return rowCount > 0;
  }
}

function values(r: CredentialRecord): unknown[] {
  return [r.id, r.workspaceId, r.name, r.baseUrl, r.header, r.sealedValue, r.createdAt, r.updatedAt];
}
