/**
 * How another project's vitest suite uses Simplane: an in-memory control plane per test, called
 * through the same handler a server uses, with API keys ready. No ports, no processes.
 */
import { createHarness, type Harness } from '@simplane/harness';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/** The API your code talks to, as its OpenAPI document (usually read from a file). */
const PETS = `openapi: 3.1.0
info: { title: Pets, version: 1.0.0 }
paths:
  /pets:
    post:
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
      responses: { '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
  /pets/{petId}:
    get:
      parameters: [{ name: petId, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: A pet, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } } }
components:
  schemas:
    Pet: { type: object, required: [name], properties: { id: { type: string, readOnly: true }, name: { type: string } } }
`;

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

  it('simulates an API from its document and hands out a fetch for it', async () => {
    // Built once per harness, however many Simulations of the document a suite creates.
    const pets = await simplane.simulate(PETS, { seed: 'example' });
    // Give `pets.fetch` and `pets.baseUrl` to any client that takes a custom fetch; the fetch
    // sends the Simulation's token, and calls to any other host reject without a network call.
    const created = await pets.fetch(`${pets.baseUrl}/pets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Rex' }) });
    expect(created.status).toBe(201);
    const rex = (await created.json()) as { id: string; name: string };

    const read = await pets.fetch(`${pets.baseUrl}/pets/${encodeURIComponent(rex.id)}`);
    expect(await read.json()).toEqual(rex);
    await expect(pets.fetch('https://api.example.com/pets')).rejects.toThrow(TypeError);
  }, 60_000); // the first simulate() of a document waits for its build

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
