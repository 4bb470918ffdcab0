import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../load-config.js';
import { openControlPlane } from './open-control-plane.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-stores-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const tenants = { organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: ['open-stores-key-1'] }] }], log_level: 'silent' as const, catalog: false, build_workers: 0 };

describe('openControlPlane', () => {
  it('keeps an embedded control plane in its data directory, with a credential key generated there once', { timeout: 60_000 }, async () => {
    const dir = join(scratch, 'embedded');
    const config = parseConfig({ ...tenants, storage: { kind: 'embedded', data_dir: dir } });
    const first = await openControlPlane(config);
    const key = readFileSync(join(dir, 'secret-key'), 'utf8').trim();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(statSync(join(dir, 'secret-key')).mode & 0o777).toBe(0o600);
    const principal = { organizationId: first.tenants.organizations[0]!.id, workspaceId: first.tenants.workspaces.get('acme/dev')!.id, via: 'api_key' as const };
    const created = await first.services.credentials.create(principal, { name: 'kept', header: 'X-Api-Key', value: 'secret-value', base_url: 'https://api.example.com' });
    // A second control plane cannot open the directory while the first holds it.
    await expect(openControlPlane(config)).rejects.toThrow(/already open in this process/);
    await first.close();

    const second = await openControlPlane(config);
    try {
      expect(readFileSync(join(dir, 'secret-key'), 'utf8').trim()).toBe(key);
      expect((await second.services.credentials.get(principal, created.id)).name).toBe('kept');
      // The sealed value opens with the key from the data directory.
      expect((await second.services.credentials.open(principal, created.id)).value).toBe('secret-value');
    } finally {
      await second.close();
    }
  });

  it('refuses Postgres without a credential key, before connecting', async () => {
    const config = parseConfig({ ...tenants, storage: { kind: 'postgres', database_url: 'postgres://nobody@127.0.0.1:1/none' } });
    await expect(openControlPlane(config)).rejects.toThrow(/secret_key: required with a Postgres database/);
  });

  it('refuses S3 blobs with memory storage', async () => {
    const config = parseConfig({ ...tenants, storage: { kind: 'memory' }, blobs: { kind: 's3', bucket: 'some-bucket' } });
    await expect(openControlPlane(config)).rejects.toThrow(/S3 needs durable storage/);
  });
});
