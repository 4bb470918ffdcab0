/**
 * `simplane migrate`: brings the schema of the storage `serve` would use up to date and exits;
 * an embedded data directory in use by a server is refused.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MIGRATIONS } from '@simplane/adapter-postgres';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { bin, children, root, serveProcess, stopProcess } from '../support/serve-process.js';

/** Every migration the adapter has, and the version they bring a schema to. */
const VERSIONS = MIGRATIONS.map((m) => m.version);
const LATEST = Math.max(...VERSIONS);
const APPLIED = new RegExp(`^Applied migrations ${VERSIONS.join(', ')}; the schema is at version ${LATEST}\\.$`, 'm');

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'simplane-migrate-'));
const databases: TestDatabase[] = [];

afterEach(async () => {
  await Promise.all([...children].map(stopProcess));
});
afterAll(async () => {
  for (const db of databases) await db.dispose();
  rmSync(scratch, { recursive: true, force: true });
});

async function migrate(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean: Record<string, string | undefined> = { ...process.env, SIMPLANE_DATABASE_URL: undefined, SIMPLANE_CONFIG: undefined, SIMPLANE_SECRET_KEY: undefined };
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, 'migrate'], { cwd: root, env: { ...clean, ...env }, timeout: 60_000, encoding: 'utf8' });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('simplane migrate', { timeout: 120_000 }, () => {
  it('migrates a fresh embedded data directory, then finds it up to date', async () => {
    const dataDir = join(scratch, 'embedded');
    const first = await migrate({ SIMPLANE_DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(APPLIED);
    const again = await migrate({ SIMPLANE_DATA_DIR: dataDir });
    expect(again.stdout).toMatch(new RegExp(`^The schema is up to date \\(version ${LATEST}\\)\\.$`, 'm'));
  });

  it('refuses a data directory a running server holds', async () => {
    const dataDir = join(scratch, 'busy');
    const server = await serveProcess({ SIMPLANE_DATA_DIR: dataDir });
    const refused = await migrate({ SIMPLANE_DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by another Simplane server (process ${server.child.pid})`);
  });

  it('migrates an empty Postgres database named by SIMPLANE_DATABASE_URL, and names no SQL when it cannot', async () => {
    const database = await createServerDatabase();
    databases.push(database);
    await database.db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    const migrated = await migrate({ SIMPLANE_DATABASE_URL: database.url! });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(APPLIED);
    expect((await migrate({ SIMPLANE_DATABASE_URL: database.url! })).stdout).toMatch(`up to date (version ${LATEST})`);
    // The tables are there but their record is gone: applying them again fails, and says no SQL.
    await database.db.query('DROP TABLE simplane_migrations');
    const broken = await migrate({ SIMPLANE_DATABASE_URL: database.url! });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^simplane: /);
    expect(broken.stderr).not.toMatch(/CREATE|relation|already exists/i);
  });
});
