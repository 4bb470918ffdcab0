import type { UsageLedger } from '@simplane/core';
import type { Database } from '../sql/database.js';

/**
 * Daily counters, one row per (workspace, day). `tryConsume` is one statement, so the check and
 * the increment cannot be split by another process: the row lock of the upsert orders them.
 */
export class PostgresUsageLedger implements UsageLedger {
  constructor(private readonly db: Database) {}

  async used(workspaceId: string, day: string): Promise<number> {
    const { rows } = await this.db.query<{ used: number }>('SELECT used FROM usage WHERE workspace_id = $1 AND day = $2', [workspaceId, day]);
    return rows[0]?.used ?? 0;
  }

  async tryConsume(workspaceId: string, day: string, limit: number): Promise<boolean> {
    // float8: a limit need not be a whole number, or finite.
    const { rows } = await this.db.query<{ used: number }>(
      `INSERT INTO usage (workspace_id, day, used) SELECT $1, $2, 1 WHERE $3::float8 > 0
       ON CONFLICT (workspace_id, day) DO UPDATE SET used = usage.used + 1 WHERE usage.used < $3::float8
       RETURNING used`,
      [workspaceId, day, limit],
    );
    const used = rows[0]?.used;
    // The first of a day: the workspace's earlier days are no longer read, so they go.
    if (used === 1) await this.db.query('DELETE FROM usage WHERE workspace_id = $1 AND day < $2', [workspaceId, day]);
    return used !== undefined;
  }

  async refund(workspaceId: string, day: string): Promise<void> {
    await this.db.query('UPDATE usage SET used = used - 1 WHERE workspace_id = $1 AND day = $2 AND used > 0', [workspaceId, day]);
  }
}
