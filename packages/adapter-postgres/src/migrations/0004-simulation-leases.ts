import type { Migration } from './migration.js';

/**
 * Which process owns each Simulation, until when (SimulationLeases). Times are the server's
 * (`clock_timestamp()`), so the processes' clocks need not agree. A row outlives its Simulation only until
 * its holder gives it up; a lapsed one is taken over or left as it is, a few bytes. `wanted`
 * marks a lease another process asked for, for a holder whose notices were lost.
 */
export const simulationLeases: Migration = {
  version: 4,
  name: 'simulation-leases',
  sql: `
    CREATE TABLE simulation_leases (
      simulation_id text COLLATE "C" PRIMARY KEY,
      owner text NOT NULL,
      expires_at timestamptz NOT NULL,
      wanted boolean NOT NULL DEFAULT false
    );
  `,
};
