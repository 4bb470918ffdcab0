import type { Migration } from './migration.js';

/** Simulations and their tokens, step logs with snapshot indexes, clock advances and their events. */
export const simulations: Migration = {
  version: 2,
  name: 'simulations',
  sql: `
    -- filled in by the repositories' migration
  `,
};
