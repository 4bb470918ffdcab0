import type { Migration } from './migration.js';

/** Organizations, workspaces and API key hashes (the key store), credentials, the daily build allowance, Simulators and Worlds. */
export const controlPlane: Migration = {
  version: 1,
  name: 'control plane',
  sql: `
    -- filled in by the repositories' migration
  `,
};
