import type { Migration } from './migration.js';

/**
 * Organizations, workspaces and API key hashes (the key store), credentials, the daily build
 * allowance, Simulators with their references, and Worlds with the Simulators they use.
 *
 * IDs and creation times are `COLLATE "C"`: pages are ordered by (created_at, id) compared
 * byte by byte, as the memory adapter compares strings, whatever the server's default
 * collation. Records whose shape grows with the product keep the whole record in `doc` and
 * copy out only the fields that are filtered, ordered or guarded on. `doc` is `json`, not
 * `jsonb`: it keeps the record as written, its objects' keys in their order and `\u0000`
 * escapes (which `jsonb` refuses) included.
 */
export const controlPlane: Migration = {
  version: 1,
  name: 'control plane',
  sql: `
    CREATE TABLE organizations (
      id text COLLATE "C" PRIMARY KEY,
      name text NOT NULL
    );

    CREATE TABLE workspaces (
      id text COLLATE "C" PRIMARY KEY,
      organization_id text COLLATE "C" NOT NULL REFERENCES organizations (id),
      name text NOT NULL
    );

    CREATE TABLE api_keys (
      key_hash text PRIMARY KEY CHECK (key_hash ~ '^[0-9a-f]{64}$'),
      workspace_id text COLLATE "C" NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE
    );
    CREATE INDEX api_keys_workspace ON api_keys (workspace_id);

    CREATE TABLE credentials (
      id text COLLATE "C" PRIMARY KEY,
      workspace_id text COLLATE "C" NOT NULL,
      name text NOT NULL,
      base_url text,
      header text NOT NULL,
      sealed_value text NOT NULL,
      created_at text COLLATE "C" NOT NULL,
      updated_at text NOT NULL
    );
    CREATE INDEX credentials_page ON credentials (workspace_id, created_at DESC, id DESC);

    CREATE TABLE usage (
      workspace_id text COLLATE "C" NOT NULL,
      day text COLLATE "C" NOT NULL,
      used integer NOT NULL CHECK (used >= 0),
      PRIMARY KEY (workspace_id, day)
    );

    -- scope: the workspace, or '' for the catalog, so that (scope, ...) keys are unique where
    -- a nullable workspace_id would let every catalog row through.
    CREATE TABLE simulators (
      id text COLLATE "C" PRIMARY KEY,
      workspace_id text COLLATE "C",
      scope text COLLATE "C" NOT NULL,
      source text NOT NULL,
      status text NOT NULL,
      parent_id text COLLATE "C",
      digest text,
      clone_key text,
      spec_blob text,
      lease_expires_at text COLLATE "C",
      created_at text COLLATE "C" NOT NULL,
      doc json NOT NULL,
      CHECK (scope = coalesce(workspace_id, ''))
    );
    CREATE INDEX simulators_page ON simulators (workspace_id, created_at DESC, id DESC);
    CREATE INDEX simulators_catalog_page ON simulators (created_at DESC, id DESC) WHERE source = 'catalog';
    CREATE INDEX simulators_queue ON simulators (scope, status, created_at, id);
    CREATE INDEX simulators_running ON simulators (created_at, id) WHERE status = 'building';
    CREATE INDEX simulators_parent ON simulators (parent_id) WHERE parent_id IS NOT NULL;
    CREATE INDEX simulators_digest ON simulators (digest) WHERE digest IS NOT NULL;
    CREATE INDEX simulators_clone_key ON simulators (scope, clone_key) WHERE clone_key IS NOT NULL;
    CREATE INDEX simulators_spec_blob ON simulators (spec_blob) WHERE spec_blob IS NOT NULL;

    -- A record's references live here, not in its doc: one holder per name:tag and scope.
    CREATE TABLE simulator_references (
      scope text COLLATE "C" NOT NULL,
      reference text COLLATE "C" NOT NULL,
      simulator_id text COLLATE "C" NOT NULL REFERENCES simulators (id) ON DELETE CASCADE,
      position integer NOT NULL,
      PRIMARY KEY (scope, reference)
    );
    CREATE INDEX simulator_references_holder ON simulator_references (simulator_id, position);

    CREATE TABLE worlds (
      id text COLLATE "C" PRIMARY KEY,
      workspace_id text COLLATE "C" NOT NULL,
      status text NOT NULL,
      build_started boolean NOT NULL,
      created_at text COLLATE "C" NOT NULL,
      doc json NOT NULL,
      -- The running build's lease end: a build whose process died is found by it.
      lease_expires_at text COLLATE "C"
    );
    CREATE INDEX worlds_page ON worlds (workspace_id, created_at DESC, id DESC);
    CREATE INDEX worlds_build_queue ON worlds (workspace_id, build_started, created_at, id) WHERE status = 'creating';

    -- Which Simulators each World's members use, copied from its doc whenever they change.
    CREATE TABLE world_members (
      world_id text COLLATE "C" NOT NULL REFERENCES worlds (id) ON DELETE CASCADE,
      simulator_id text COLLATE "C" NOT NULL,
      PRIMARY KEY (world_id, simulator_id)
    );
    CREATE INDEX world_members_simulator ON world_members (simulator_id);
  `,
};
