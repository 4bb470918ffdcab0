/**
 * How another project's vitest suite uses Simplane: an in-memory control plane per test, called
 * through the same handler a server uses, with API keys ready. No ports, no processes.
 */
import { createHarness, type Harness } from '@simplane/harness';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

describe('my integration code against Simplane', () => {
  let simplane: Harness;

  beforeEach(() => {
    // Two workspaces, `alpha` and `beta`, each with a fresh key; requests use alpha's by default.
    simplane = createHarness();
  });

  afterEach(async () => {
    await simplane.close();
  });

  it('stores a credential and lists it without its value', async () => {
    const created = await simplane.request('POST', '/v1/credentials', {
      json: { name: 'payments sandbox', base_url: 'https://sandbox.payments.example', header: 'X-Api-Key', value: 'sk_test_123' },
    });
    expect(created.status).toBe(201);
    const credential = created.json<{ id: string; name: string }>();
    expect(credential.id).toMatch(/^crd_/);

    const listed = await simplane.request('GET', '/v1/credentials?limit=10');
    expect(listed.status).toBe(200);
    expect(listed.json()).toEqual({ credentials: [expect.objectContaining({ id: credential.id, name: 'payments sandbox' })], next_cursor: null });
    expect(listed.text()).not.toContain('sk_test_123');
  });

  it('keeps workspaces apart', async () => {
    const created = await simplane.request('POST', '/v1/credentials', { json: { name: 'alpha only', header: 'X-Api-Key', value: 'v' } });
    const id = created.json<{ id: string }>().id;

    const fromBeta = await simplane.request('GET', `/v1/credentials/${id}`, { apiKey: simplane.keys.beta! });
    expect(fromBeta.status).toBe(403);
    expect(fromBeta.json<{ code: string }>().code).toBe('auth_forbidden');
  });

  it('can be given its own config, with keys the test chooses', async () => {
    const own = createHarness({ config: { organizations: [{ name: 'acme', workspaces: [{ name: 'ci', api_keys: ['ci-key-0001'] }] }] } });
    try {
      expect(own.apiKey).toBe('ci-key-0001');
      expect((await own.request('GET', '/v1/credentials')).status).toBe(200);
      expect((await own.request('GET', '/v1/credentials', { apiKey: null })).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});
