/**
 * A downstream project that installed @simplane/composition with the durable adapters it chose
 * (PostgreSQL through PGlite, and files): a control plane kept in a data directory of its own
 * keeps a credential and a Simulation's state across a close and a reopen.
 */
import { openControlPlane, parseConfig } from '@simplane/composition';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'simplane-durable-consumer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const config = parseConfig({
  organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: ['durable-consumer-key-1'] }] }],
  log_level: 'silent',
  build_workers: 0,
  storage: { kind: 'embedded', data_dir: dir },
});

describe('an embedded control plane from the packed packages', () => {
  it('keeps its credentials and Simulations in its data directory', { timeout: 120_000 }, async () => {
    const first = await openControlPlane(config);
    const principal = { organizationId: first.tenants.organizations[0]!.id, workspaceId: first.tenants.workspaces.get('acme/dev')!.id, via: 'api_key' as const };
    await first.ready;
    await first.scheduler.idle();
    const credential = await first.services.credentials.create(principal, { name: 'kept', header: 'X-Api-Key', value: 'v', base_url: 'https://api.example.com' });
    const sim = await first.services.simulations.create(principal, { simulator_id: 'catalog/petstore:1.0', sample_records: 0 });
    const created = await first.services.dataPlane.handle({
      simulationId: sim.id,
      token: sim.token,
      readOnly: false,
      method: 'POST',
      path: '/pets',
      query: '',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
      readBody: async () => new TextEncoder().encode(JSON.stringify({ name: 'Rex' })),
    });
    expect(created.status).toBe(201);
    await first.close();

    const second = await openControlPlane(config);
    try {
      expect((await second.services.credentials.get(principal, credential.id)).name).toBe('kept');
      const listed = await second.services.dataPlane.handle({
        simulationId: sim.id,
        token: sim.token,
        readOnly: true,
        method: 'GET',
        path: '/pets',
        query: '',
        headers: { 'x-api-key': 'k' },
        readBody: null,
      });
      expect(listed.status).toBe(200);
      expect(new TextDecoder().decode(listed.body!)).toContain('Rex');
    } finally {
      await second.close();
    }
  });
});
