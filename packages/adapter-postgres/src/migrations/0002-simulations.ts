import type { Migration } from './migration.js';

/**
 * Simulations and their tokens, step logs with snapshot indexes, clock advances and their events.
 *
 * Keys and times are `text COLLATE "C"`: RFC 3339 times and IDs then compare byte by byte, as
 * the memory adapter's string comparisons do, whatever the server's default collation. JSON
 * is kept as `json`, not `jsonb`: `json` keeps the text as written, so object keys (a
 * Simulation's metadata, recorded headers) read back in their order. A step's changes are
 * plain text (JSON.stringify): a replay and a fork's snapshot read them back byte for byte.
 * Snapshot bytes live in the BlobStore; `snapshots` only indexes them.
 */
export const simulations: Migration = {
  version: 2,
  name: 'simulations',
  sql: `
    CREATE TABLE simulations (
      id text COLLATE "C" PRIMARY KEY,
      workspace_id text COLLATE "C" NOT NULL,
      organization_id text NOT NULL,
      name text NOT NULL,
      simulator_id text COLLATE "C" NOT NULL,
      simulator_digest text NOT NULL,
      parent_id text,
      world_id text,
      status text NOT NULL,
      lock text,
      locked_at text,
      locked_by text,
      seed text NOT NULL,
      start_time text NOT NULL,
      clock_time text NOT NULL, -- currentTime (current_time is an SQL keyword)
      active_advance_id text,
      step integer NOT NULL,
      base_step integer NOT NULL,
      sample_records integer NOT NULL,
      ttl_seconds integer,
      expires_at text COLLATE "C",
      metadata json NOT NULL,
      created_at text COLLATE "C" NOT NULL
    );
    CREATE INDEX simulations_workspace_page ON simulations (workspace_id, created_at DESC, id DESC);
    CREATE INDEX simulations_workspace_active ON simulations (workspace_id) WHERE status IN ('running', 'paused');
    CREATE INDEX simulations_simulator ON simulations (simulator_id);
    CREATE INDEX simulations_expiry ON simulations (expires_at) WHERE expires_at IS NOT NULL;

    CREATE TABLE simulation_tokens (
      simulation_id text COLLATE "C" NOT NULL REFERENCES simulations (id) ON DELETE CASCADE,
      hash text COLLATE "C" NOT NULL,
      read_only boolean NOT NULL,
      expires_at text COLLATE "C" NOT NULL,
      PRIMARY KEY (simulation_id, hash)
    );

    CREATE TABLE steps (
      simulation_id text COLLATE "C" NOT NULL,
      step integer NOT NULL,
      view json NOT NULL,
      request json,
      request_body bytea,
      response json,
      response_body bytea,
      changes text NOT NULL,
      PRIMARY KEY (simulation_id, step)
    );

    CREATE TABLE snapshots (
      simulation_id text COLLATE "C" NOT NULL,
      step integer NOT NULL,
      blob_key text NOT NULL,
      PRIMARY KEY (simulation_id, step)
    );

    CREATE TABLE clock_advances (
      simulation_id text COLLATE "C" NOT NULL,
      id text COLLATE "C" NOT NULL,
      idempotency_key text COLLATE "C" NOT NULL,
      created_at text COLLATE "C" NOT NULL,
      doc json NOT NULL,
      PRIMARY KEY (simulation_id, id),
      UNIQUE (simulation_id, idempotency_key)
    );
    CREATE INDEX clock_advances_page ON clock_advances (simulation_id, created_at DESC, id DESC);
    -- Advances still pending or running: the few a process that died can leave behind.
    CREATE INDEX clock_advances_active ON clock_advances (created_at, id) WHERE (doc->>'status') IN ('pending', 'running');

    CREATE TABLE clock_events (
      simulation_id text COLLATE "C" NOT NULL,
      advance_id text COLLATE "C" NOT NULL,
      position integer NOT NULL,
      sequence integer NOT NULL,
      event json NOT NULL,
      PRIMARY KEY (simulation_id, advance_id, position)
    );
  `,
};
