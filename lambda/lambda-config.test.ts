import { ConfigError } from '@simplane/composition';
import { describe, expect, it } from 'vitest';
import { lambdaConfig } from './lambda-config.js';

const URL = 'postgres://simplane:secret-password@db.internal:5432/simplane';
const KEY = Buffer.alloc(32, 7).toString('base64');

function refusal(env: NodeJS.ProcessEnv): string {
  let thrown: unknown;
  try {
    lambdaConfig(env);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ConfigError);
  return (thrown as Error).message;
}

describe('the Lambda configuration', () => {
  it('keeps state on the Postgres server with a small pool and no prepared statements', () => {
    const config = lambdaConfig({ SIMPLANE_DATABASE_URL: URL, SIMPLANE_SECRET_KEY: KEY });
    expect([config.storage, config.blobs, config.secret_key]).toEqual([
      { kind: 'postgres', database_url: URL, max_connections: 2, prepared_statements: false, query_timeout_ms: 10_000, connect_timeout_ms: 5_000, simulation_lease_ms: 0 },
      { kind: 'default' },
      KEY,
    ]);
  });

  it('takes the configuration JSON, its pool settings and S3 from the variables, which win', () => {
    const config = lambdaConfig({
      SIMPLANE_CONFIG_JSON: JSON.stringify({
        organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_key_sha256: ['a'.repeat(64)] }] }],
        storage: { kind: 'postgres', database_url: 'postgres://other/db', max_connections: 5, prepared_statements: true, query_timeout_ms: 3_000, simulation_lease_ms: 5_000 },
        catalog: false,
      }),
      SIMPLANE_DATABASE_URL: URL,
      SIMPLANE_SECRET_KEY: KEY,
      SIMPLANE_S3_BUCKET: 'acme-simplane',
      SIMPLANE_S3_PREFIX: 'prod/',
      AWS_REGION: 'eu-west-1',
    });
    expect([config.storage, config.blobs, config.catalog, config.organizations[0]?.name]).toEqual([
      { kind: 'postgres', database_url: URL, max_connections: 5, prepared_statements: true, query_timeout_ms: 3_000, connect_timeout_ms: 5_000, simulation_lease_ms: 5_000 },
      { kind: 's3', bucket: 'acme-simplane', prefix: 'prod/', region: 'eu-west-1', force_path_style: false },
      false,
      'acme',
    ]);
  });

  it('refuses a function without a Postgres server, or with another store, never repeating the URL', () => {
    expect(refusal({})).toMatch(/^SIMPLANE_DATABASE_URL: required/);
    expect(refusal({ SIMPLANE_CONFIG_JSON: '{"storage":{"kind":"embedded","data_dir":"/tmp/s"}}' })).toMatch(/^SIMPLANE_CONFIG_JSON: storage: .*not 'embedded'/);
    expect(refusal({ SIMPLANE_DATABASE_URL: 'mysql://u:secret-password@h/db', SIMPLANE_SECRET_KEY: KEY })).not.toContain('secret-password');
  });

  it('refuses malformed variables by name', () => {
    const base = { SIMPLANE_DATABASE_URL: URL, SIMPLANE_SECRET_KEY: KEY };
    expect(refusal({ ...base, SIMPLANE_CONFIG_JSON: '[1]' })).toBe('SIMPLANE_CONFIG_JSON: not a JSON object');
    expect(refusal({ ...base, SIMPLANE_CONFIG_JSON: '{' })).toBe('SIMPLANE_CONFIG_JSON: not JSON');
    expect(refusal({ ...base, SIMPLANE_CONFIG_JSON: ' '.repeat(5000) })).toMatch(/^SIMPLANE_CONFIG_JSON: longer than 4096/);
    expect(refusal({ ...base, SIMPLANE_S3_BUCKET: 'b-ok', SIMPLANE_S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/^SIMPLANE_S3_FORCE_PATH_STYLE/);
    expect(refusal({ ...base, SIMPLANE_S3_BUCKET: 'Not_A_Bucket' })).toMatch(/^the environment: blobs\.bucket/);
    expect(refusal({ SIMPLANE_DATABASE_URL: URL, SIMPLANE_SECRET_KEY: 'short' })).toMatch(/^the environment: secret_key/);
  });
});
