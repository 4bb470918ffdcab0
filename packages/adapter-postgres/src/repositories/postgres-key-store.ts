import type { KeyStore, Organization, Workspace } from '@simplane/core';
import type { Database } from '../sql/database.js';

/** The tenants the configuration names: it is the source of truth for the key store. */
export interface TenantConfiguration {
  organizations: readonly Organization[];
  workspaces: readonly Workspace[];
  /** SHA-256 hex hashes of the API keys, each with the workspace it opens. */
  keyHashes: readonly { hash: string; workspaceId: string }[];
}

/** Two-key advisory lock space of this adapter's locks (the first key). */
const TENANT_SYNC_LOCK = 0x54_45_4e_54; // "TENT"

const WORKSPACE_COLUMNS = `w.id, w.organization_id AS "organizationId", w.name`;

/**
 * Organizations, workspaces and API key hashes in Postgres, loaded from configuration at
 * start-up by `syncTenants`. Plain keys never reach it.
 */
export class PostgresKeyStore implements KeyStore {
  constructor(private readonly db: Database) {}

  /**
   * Makes the stored tenants match the configuration: organizations and workspaces are
   * upserted (ones no longer configured are kept, as records still name them), and the stored
   * key hashes become exactly the configured ones, so a key removed from configuration stops
   * working. Servers starting together take turns under an advisory lock.
   */
  async syncTenants(config: TenantConfiguration): Promise<void> {
    const keys = checkTenants(config);
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [TENANT_SYNC_LOCK]);
      await tx.query(
        `INSERT INTO organizations (id, name)
         SELECT id, name FROM jsonb_to_recordset($1::jsonb) AS t(id text, name text)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`,
        [JSON.stringify(config.organizations.map(({ id, name }) => ({ id, name })))],
      );
      await tx.query(
        `INSERT INTO workspaces (id, organization_id, name)
         SELECT id, "organizationId", name FROM jsonb_to_recordset($1::jsonb) AS t(id text, "organizationId" text, name text)
         ON CONFLICT (id) DO UPDATE SET organization_id = EXCLUDED.organization_id, name = EXCLUDED.name`,
        [JSON.stringify(config.workspaces.map(({ id, organizationId, name }) => ({ id, organizationId, name })))],
      );
      const configured = JSON.stringify([...keys].map(([hash, workspaceId]) => ({ hash, workspaceId })));
      await tx.query(
        `DELETE FROM api_keys WHERE key_hash NOT IN (SELECT hash FROM jsonb_to_recordset($1::jsonb) AS t(hash text))`,
        [configured],
      );
      await tx.query(
        `INSERT INTO api_keys (key_hash, workspace_id)
         SELECT hash, "workspaceId" FROM jsonb_to_recordset($1::jsonb) AS t(hash text, "workspaceId" text)
         ON CONFLICT (key_hash) DO UPDATE SET workspace_id = EXCLUDED.workspace_id`,
        [configured],
      );
    });
  }

  async findWorkspaceByKeyHash(keyHash: string): Promise<Workspace | null> {
    const { rows } = await this.db.query<Workspace>(
      `SELECT ${WORKSPACE_COLUMNS} FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id WHERE k.key_hash = $1`,
      [keyHash],
    );
    return rows[0] ?? null;
  }

  async getWorkspace(workspaceId: string): Promise<Workspace | null> {
    const { rows } = await this.db.query<Workspace>(`SELECT ${WORKSPACE_COLUMNS} FROM workspaces w WHERE w.id = $1`, [workspaceId]);
    return rows[0] ?? null;
  }
}

/**
 * Refuses a configuration that names an unknown organization or workspace or a key that is not
 * a hash, before anything is written; answers the keys by hash (a repeated hash: the last wins).
 */
function checkTenants(config: TenantConfiguration): Map<string, string> {
  const organizations = new Set(config.organizations.map((o) => o.id));
  const workspaces = new Set<string>();
  for (const workspace of config.workspaces) {
    if (!organizations.has(workspace.organizationId)) throw new Error(`unknown organization ${workspace.organizationId}`);
    workspaces.add(workspace.id);
  }
  const keys = new Map<string, string>();
  for (const { hash, workspaceId } of config.keyHashes) {
    if (!workspaces.has(workspaceId)) throw new Error(`unknown workspace ${workspaceId}`);
    if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error('API keys are registered by their SHA-256 hex hash');
    keys.set(hash, workspaceId);
  }
  return keys;
}
