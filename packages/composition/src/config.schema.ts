import { hashApiKey } from '@simplane/core';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const name = z.string().min(1).max(128).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, ".", "_" or "-"');
/** Plain keys are hashed as they are parsed: the resolved config holds only SHA-256 hashes. */
const apiKey = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(4096)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
  .transform(hashApiKey);
const apiKeyHash = z.string().regex(/^[0-9a-f]{64}$/, 'must be a lower-case hex SHA-256 hash');

const workspace = z.strictObject({
  name,
  id: z.string().regex(/^wsp_[0-9A-HJKMNP-TV-Z]{26}$/).optional(),
  api_keys: z.array(apiKey).max(100).default([]),
  api_key_sha256: z.array(apiKeyHash).max(100).default([]),
});

const organization = z.strictObject({
  name,
  id: z.string().regex(/^org_[0-9A-HJKMNP-TV-Z]{26}$/).optional(),
  workspaces: z.array(workspace).min(1).max(1000),
});

const s3 = z.strictObject({
  kind: z.literal('s3'),
  bucket: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'),
  /** Keys start with this, so several deployments can share a bucket. */
  prefix: z.string().max(256).regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be empty or end with "/"').default(''),
  region: z.string().min(1).max(64).default('us-east-1'),
  /** An S3-compatible service's URL; AWS's own endpoint when absent. */
  endpoint: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  force_path_style: z.boolean().default(false),
});

/**
 * Where state is kept (docs/configuration.md, *Storage*): in memory, in an embedded PGlite
 * database in a data directory, or on a Postgres server shared by several processes.
 */
const storage = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('memory') }),
  z.strictObject({ kind: z.literal('embedded'), data_dir: z.string().min(1).max(4096) }),
  z.strictObject({
    kind: z.literal('postgres'),
    database_url: z.string().max(4096).regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
    /** Connections this process opens at most; keep it low on Lambda. */
    max_connections: z.int().min(1).max(1000).default(10),
    /** Prepare statements by name on each connection; off behind a pooler that cannot keep them. */
    prepared_statements: z.boolean().default(true),
    /** Time one statement has for its answer; past it the request answers 503 and the connection is dropped. */
    query_timeout_ms: z.int().min(100).max(600_000).default(10_000),
    /** Time a request waits for a connection, free in the pool or newly opened, before 503. */
    connect_timeout_ms: z.int().min(100).max(600_000).default(5_000),
    /**
     * How long a process's lease on a Simulation it serves lasts unless renewed: the owner
     * answers from memory without reading the database. 0: no leases, every request reads the
     * log's head (the Lambda, whose frozen environments cannot hand a lease over).
     */
    simulation_lease_ms: z.union([z.literal(0), z.int().min(1_000).max(600_000)]).default(10_000),
  }),
]);

/** Where documents, artifacts and snapshots go: beside the state (`default`) or on S3. */
const blobs = z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('default') }), s3]);

const count = (fallback: number) => z.int().min(0).max(1_000_000).default(fallback);

/**
 * The configuration file (`SIMPLANE_CONFIG`). The input type has every field optional; the
 * output has the documented defaults filled in. `docs/configuration.md` describes each field.
 */
export const configSchema = z.strictObject({
  organizations: z.array(organization).max(1000).default([]),
  quotas: z
    .strictObject({
      active_simulations: count(50),
      builds_per_day: count(100),
      concurrent_builds: count(10),
      concurrent_world_builds: count(10),
    })
    .default({ active_simulations: 50, builds_per_day: 100, concurrent_builds: 10, concurrent_world_builds: 10 }),
  session_secret: z.string().min(32, 'must be at least 32 characters').max(4096).optional(),
  secret_key: z
    .string()
    .refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded')
    .optional(),
  allow_http_loopback_credentials: z.boolean().default(false),
  /** Lets a credential-backed build ask real systems at private addresses (10/8, 172.16/12, 192.168/16, fc00::/7). */
  allow_private_credentials: z.boolean().default(false),
  /** Time one probe request of a credential-backed build has, from sending to the answer's last byte. */
  probe_timeout_ms: z.int().min(100).max(60_000).default(10_000),
  body_timeout_ms: z.int().min(100).max(600_000).default(30_000),
  build_workers: z.int().min(0).max(64).default(Math.max(1, availableParallelism() - 1)),
  catalog: z.boolean().default(true),
  /** How long a build stays with its process unless renewed: a dead process's builds are taken over after this. */
  build_lease_seconds: z.int().min(1).max(3600).default(30),
  /** Simulations this process holds in memory at once; past it, 429 simulation_capacity. */
  max_simulations: z.int().min(1).max(1_000_000).default(10_000),
  /** A Simulation with no data-plane request for this long is unloaded (paused). */
  simulation_idle_seconds: z.int().min(1).max(2_592_000).default(900),
  /** Time a Simulation runtime has to load on create, fork and start before 504. */
  simulation_start_timeout_ms: z.int().min(10).max(600_000).default(10_000),
  /** Lifetime of the token that create, fork and start answer. */
  simulation_token_ttl_seconds: z.int().min(60).max(86_400).default(86_400),
  /** How often idle Simulations are unloaded and expired ones deleted; 0 turns the sweeper off. */
  simulation_sweep_interval_ms: z.int().min(0).max(3_600_000).default(10_000),
  /**
   * Where clients reach this server, so a Simulation's `endpoint` is an absolute URL.
   * `serve` defaults it to the address it listens on; without it endpoints are relative.
   */
  public_base_url: z
    .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
    .max(2048)
    .refine((u) => !/[?#]/.test(u), 'must not have a query or fragment')
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** Absent: in memory for an embedding (the harness); `serve` chooses the embedded default. */
  storage: storage.optional(),
  blobs: blobs.default({ kind: 'default' }),
  log_level: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type ConfigInput = z.input<typeof configSchema>;
export type Config = z.output<typeof configSchema>;
