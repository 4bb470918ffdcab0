/**
 * The control plane as an AWS Lambda function behind API Gateway REST (v1), an HTTP API (v2)
 * or a function URL: one handler recognises all three event shapes.
 *
 * Configure it with SIMPLANE_CONFIG_JSON, the same JSON as a `SIMPLANE_CONFIG` file, e.g.
 *   {"organizations":[{"name":"acme","workspaces":[{"name":"dev","api_key_sha256":["<hex>"]}]}]}
 * Prefer `api_key_sha256` in the environment, so the plain key is not stored there at all.
 * State is kept on PostgreSQL (RDS, Aurora) with SIMPLANE_DATABASE_URL and SIMPLANE_SECRET_KEY,
 * and blobs on S3 with SIMPLANE_S3_BUCKET (docs/deployment.md): every execution environment
 * shares it. Without a database it is kept in /tmp (SIMPLANE_DATA_DIR), which lasts only as
 * long as this execution environment and is seen by no other.
 */
import { ConfigError, openControlPlane, parseConfig } from '@simplane/composition';
import { createLambdaHandler } from '@simplane/host-lambda';
import { storageFromEnvironment } from './storage-from-env.js';

function configFromEnvironment(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
    return value as Record<string, unknown>;
  } catch {
    throw new ConfigError('SIMPLANE_CONFIG_JSON: not a JSON object');
  }
}

const env = process.env;
const config = parseConfig(
  {
    ...configFromEnvironment(env.SIMPLANE_CONFIG_JSON),
    // One or two connections per execution environment: many run at once, behind RDS Proxy,
    // which cannot keep prepared statements (docs/deployment.md).
    ...storageFromEnvironment(env, { dataDir: '/tmp/simplane', maxConnections: 2, preparedStatements: false }),
    ...(env.SIMPLANE_S3_BUCKET ? { blobs: { kind: 's3', bucket: env.SIMPLANE_S3_BUCKET, region: env.AWS_REGION ?? 'us-east-1' } } : {}),
  },
  'the environment',
);

// Opened once per cold start (migrating the schema under a lock), outside the handler, and
// reused by every invocation of this execution environment; its start-up work is done before
// the first invocation is answered.
const plane = await openControlPlane(config);
await plane.ready;

export const handler = createLambdaHandler(plane.handle);
