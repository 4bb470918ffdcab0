import type { LeaseNotice, RenewedLease, SimulationLeases } from '@simplane/core';
import type { Database } from '../sql/database.js';

/** The channel lease notices travel on: `wanted <id>` and `released <id>`. */
const CHANNEL = 'simplane_leases';

/**
 * Simulation leases in the `simulation_leases` table, and notices between processes through
 * `LISTEN`/`NOTIFY` on one channel. A claim is one statement: the row is inserted, or taken
 * when it is the claimant's own or has lapsed, so of two claimants the row lock lets one win.
 */
export class PostgresSimulationLeases implements SimulationLeases {
  constructor(private readonly db: Database) {}

  async claim(simulationId: string, owner: string, ttlMs: number): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO simulation_leases (simulation_id, owner, expires_at) VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond')
       ON CONFLICT (simulation_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at,
         wanted = simulation_leases.owner = EXCLUDED.owner AND simulation_leases.wanted
       WHERE simulation_leases.owner = EXCLUDED.owner OR simulation_leases.expires_at < clock_timestamp()
       RETURNING 1`,
      [simulationId, owner, ttlMs],
    );
    return rows.length === 1;
  }

  async renew(owner: string, simulationIds: readonly string[], ttlMs: number): Promise<RenewedLease[]> {
    if (simulationIds.length === 0) return [];
    const { rows } = await this.db.query<{ simulation_id: string; wanted: boolean }>(
      `UPDATE simulation_leases SET expires_at = clock_timestamp() + $3 * interval '1 millisecond'
       WHERE owner = $1 AND simulation_id = ANY($2::text[]) RETURNING simulation_id, wanted`,
      [owner, simulationIds, ttlMs],
    );
    return rows.map((r) => ({ simulationId: r.simulation_id, wanted: r.wanted }));
  }

  async release(owner: string, simulationIds: readonly string[]): Promise<void> {
    if (simulationIds.length === 0) return;
    await this.db.query(
      `WITH gone AS (DELETE FROM simulation_leases WHERE owner = $1 AND simulation_id = ANY($2::text[]) RETURNING simulation_id)
       SELECT pg_notify('${CHANNEL}', 'released ' || simulation_id) FROM gone`,
      [owner, simulationIds],
    );
  }

  async want(simulationId: string): Promise<void> {
    await this.db.query(
      `WITH marked AS (UPDATE simulation_leases SET wanted = true WHERE simulation_id = $1 AND NOT wanted)
       SELECT pg_notify('${CHANNEL}', 'wanted ' || $1::text)`,
      [simulationId],
    );
  }

  watch(listener: (notice: LeaseNotice) => void): Promise<() => Promise<void>> {
    return this.db.listen(CHANNEL, (payload) => {
      const [kind, simulationId] = payload.split(' ');
      if ((kind === 'wanted' || kind === 'released') && simulationId !== undefined) listener({ kind, simulationId });
    });
  }
}
