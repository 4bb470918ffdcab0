import { describe, expect, it } from 'vitest';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

/** A Simulation of a document in test-fixtures/records, with no sample records unless asked. */
async function simulation(name: string, sampleRecords = 0): Promise<SimClient> {
  const { artifact } = await compileArtifact(fixture(`records/${name}`));
  return SimClient.open(artifact, { sampleRecords });
}

const bearer = { authorization: 'Bearer sk-test' };
const basic = { authorization: `Basic ${Buffer.from('sk_test:').toString('base64')}` };

describe('a catalog the server owns', () => {
  it('is decided for collections a client reads and never makes, not for those it makes', async () => {
    const decided = async (name: string) => (await compileArtifact(fixture(`records/${name}`))).artifact.resources.map((r) => [r.name, r.records?.catalog]);
    expect(await decided('models-catalog-3.1.yaml')).toEqual(expect.arrayContaining([['models', true], ['files', false]]));
    expect(await decided('locations-catalog-3.0.yaml')).toEqual(expect.arrayContaining([['locations', true], ['server_types', true], ['servers', false]]));
    expect(await decided('currencies-catalog-2.0.yaml')).toEqual(expect.arrayContaining([['currencies', true], ['payments', false]]));
  });

  it('reads any model by id: the documented example for its id, a generated record for another', async () => {
    const client = await simulation('models-catalog-3.1.yaml');
    const known = client.call({ method: 'GET', path: '/v1/models/gpt-4o-mini', headers: bearer });
    expect(known.status).toBe(200);
    expect(known.json).toEqual({ id: 'gpt-4o-mini', object: 'model', created: 1686935002, owned_by: 'openai' });
    const other = client.call({ method: 'GET', path: '/v1/models/ft:gpt-4o-mini:acme::abc123', headers: bearer });
    expect(other.status).toBe(200);
    expect(other.json).toMatchObject({ id: 'ft:gpt-4o-mini:acme::abc123', object: 'model' });
    // The same id reads the same record every time, and a file a client never made is still not found.
    expect(client.call({ method: 'GET', path: '/v1/models/ft:gpt-4o-mini:acme::abc123', headers: bearer }).text).toBe(other.text);
    expect(client.call({ method: 'GET', path: '/v1/files/file-missing', headers: bearer }).status).toBe(404);
  });

  it('reads any location or server type by a well-formed id, and refuses an ill-formed one', async () => {
    const client = await simulation('locations-catalog-3.0.yaml');
    const location = client.call({ method: 'GET', path: '/v1/locations/42', headers: bearer });
    expect(location.status).toBe(200);
    expect(location.json).toMatchObject({ location: { id: 42 } });
    expect(client.call({ method: 'GET', path: '/v1/server_types/7', headers: bearer }).status).toBe(200);
    expect(client.call({ method: 'GET', path: '/v1/locations/fsn1', headers: bearer }).status).toBe(400);
    expect(client.call({ method: 'GET', path: '/v1/servers/42', headers: bearer }).status).toBe(404);
  });

  it('reads any currency by its code', async () => {
    const client = await simulation('currencies-catalog-2.0.yaml');
    const euro = client.call({ method: 'GET', path: '/v2/currencies/EUR', headers: { authorization: 'key' } });
    expect(euro.status).toBe(200);
    expect(euro.json).toMatchObject({ data: { code: 'EUR' } });
    expect(client.call({ method: 'GET', path: '/v2/payments/pay_1', headers: { authorization: 'key' } }).status).toBe(404);
  });
});

describe('a deleted record', () => {
  it('reads as its deleted form where the read admits one (anyOf)', async () => {
    const client = await simulation('customers-deleted-3.0.yaml');
    const made = client.call({ method: 'POST', path: '/v1/customers', headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=ada%40example.com&name=Ada' });
    const id = (made.json as { id: string }).id;
    expect(client.call({ method: 'DELETE', path: `/v1/customers/${id}`, headers: basic }).status).toBe(200);
    const read = client.call({ method: 'GET', path: `/v1/customers/${id}`, headers: basic });
    expect(read.status).toBe(200);
    expect(read.json).toEqual({ id, object: 'customer', deleted: true });
    // Gone from what a write can reach.
    expect(client.call({ method: 'DELETE', path: `/v1/customers/${id}`, headers: basic }).status).toBe(404);
  });

  it('reads as its deleted form where the read admits one (oneOf with const)', async () => {
    const client = await simulation('contacts-deleted-3.1.yaml');
    const made = client.call({ method: 'POST', path: '/contacts', headers: bearer, body: { role: 'user', email: 'ada@example.com' } });
    const id = (made.json as { id: string }).id;
    client.call({ method: 'DELETE', path: `/contacts/${id}`, headers: bearer });
    expect(client.call({ method: 'GET', path: `/contacts/${id}`, headers: bearer }).json).toEqual({ type: 'contact', id, deleted: true });
  });

  it('is not found where the read admits no deleted form', async () => {
    const { artifact } = await compileArtifact(fixture('records/projects-labels-3.0.yaml'));
    expect(artifact.resources.find((r) => r.name === 'projects')?.records?.deleted).toBeNull();
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const id = (client.call({ method: 'POST', path: '/v3/projects', body: { displayName: 'p' } }).json as { projectId: string }).projectId;
    client.call({ method: 'DELETE', path: `/v3/projects/${id}` });
    expect(client.call({ method: 'GET', path: `/v3/projects/${id}` }).status).toBe(404);
  });
});

describe('a map-valued field', () => {
  it('is merged key by key by a form update (metadata)', async () => {
    const client = await simulation('customers-deleted-3.0.yaml');
    const form = { ...basic, 'content-type': 'application/x-www-form-urlencoded' };
    const id = (client.call({ method: 'POST', path: '/v1/customers', headers: form, body: 'metadata[plan]=pro&metadata[region]=eu' }).json as { id: string }).id;
    const updated = client.call({ method: 'POST', path: `/v1/customers/${id}`, headers: form, body: 'metadata[region]=us&metadata[seats]=5' });
    expect(updated.status).toBe(200);
    expect((updated.json as { metadata: unknown }).metadata).toEqual({ plan: 'pro', region: 'us', seats: '5' });
  });

  it('is merged key by key by a JSON update, a null removing a key', async () => {
    const client = await simulation('contacts-deleted-3.1.yaml');
    const id = (client.call({ method: 'POST', path: '/contacts', headers: bearer, body: { role: 'lead', custom_attributes: { tier: 'gold', source: 'ads' } } }).json as { id: string }).id;
    const updated = client.call({ method: 'PATCH', path: `/contacts/${id}`, headers: bearer, body: { custom_attributes: { source: null, owner: 'kim' } } });
    expect((updated.json as { custom_attributes: unknown }).custom_attributes).toEqual({ tier: 'gold', owner: 'kim' });
  });

  it('loses a key a merge patch sets to null, the null checked as a removal, not as a value', async () => {
    const client = await simulation('projects-labels-3.0.yaml');
    const id = (client.call({ method: 'POST', path: '/v3/projects', body: { displayName: 'p', labels: { env: 'dev', team: 'core' } } }).json as { projectId: string }).projectId;
    const merged = client.call({ method: 'PATCH', path: `/v3/projects/${id}`, headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ labels: { team: null } }) });
    expect(merged.status).toBe(200);
    expect((merged.json as { labels: unknown }).labels).toEqual({ env: 'dev' });
    // As plain JSON the same null is a value the schema refuses.
    expect(client.call({ method: 'PATCH', path: `/v3/projects/${id}`, body: { labels: { team: null } } }).status).toBe(400);
  });

  it('is merged key by key by a plain PATCH, each map apart', async () => {
    const client = await simulation('projects-labels-3.0.yaml');
    const id = (client.call({ method: 'POST', path: '/v3/projects', body: { displayName: 'p', labels: { env: 'dev', team: 'core' }, annotations: { note: 'a' } } }).json as { projectId: string }).projectId;
    const plain = client.call({ method: 'PATCH', path: `/v3/projects/${id}`, body: { labels: { env: 'prod' }, annotations: { owner: 'kim' } } });
    expect(plain.json).toMatchObject({ labels: { env: 'prod', team: 'core' }, annotations: { note: 'a', owner: 'kim' } });
  });
});
