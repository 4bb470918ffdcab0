import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

const fixture = (name: string) => readFileSync(new URL(`../../test-fixtures/compound/${name}`, import.meta.url), 'utf8');

/** Documents whose records are created under an owner and read by owner and name. */
const KINDS = [
  { document: 'gitea-repos-3.0.yaml', create: '/orgs/{owner}/repos', item: '/repos/{owner}/{name}', list: (json: unknown) => json as Record<string, unknown>[], update: { description: 'renamed' } },
  {
    document: 'registry-repositories-3.1.yaml',
    create: '/v2/namespaces/{owner}/repositories',
    item: '/v2/repositories/{owner}/{name}',
    list: (json: unknown) => (json as { results: Record<string, unknown>[] }).results,
    update: { description: 'renamed' },
  },
];

const at = (template: string, owner: string, name = '') => template.replace('{owner}', owner).replace('{name}', name);

describe.each(KINDS)('records addressed by owner and name in $document', ({ document, create, item, list, update }) => {
  it('are planned with the compound route as their item path', async () => {
    const { artifact } = await compileArtifact(fixture(document));
    const route = at(item, '{x}').replace('/{x}/', '/');
    const reads = artifact.operations.filter((op) => op.path.startsWith(route.slice(0, route.lastIndexOf('/'))) && op.path.split('/').length === item.split('/').length);
    expect(reads.map((op) => [op.method, op.behaviour]).sort()).toEqual([['DELETE', 'delete'], ['GET', 'read'], ['PATCH', 'update']]);
    const resource = artifact.resources.find((r) => r.name === reads[0]!.resource)!;
    expect(resource.records?.compoundKey).toMatchObject({ field: 'name' });
    expect(resource.records?.alternateKeys).toContain('name');
  });

  it('are created under their owner, then read, updated, listed and deleted by owner and name', async () => {
    const { artifact } = await compileArtifact(fixture(document));
    const sim = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = sim.call({ method: 'POST', path: at(create, 'acme'), body: { name: 'widgets', description: 'first' } });
    expect(made.status).toBe(201);
    const read = sim.call({ method: 'GET', path: at(item, 'acme', 'widgets') });
    expect(read.status).toBe(200);
    // As created, never the document's example.
    expect(read.json).toEqual(made.json);
    expect(read.json).toMatchObject({ name: 'widgets', description: 'first' });

    const changed = sim.call({ method: 'PATCH', path: at(item, 'acme', 'widgets'), body: update });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ name: 'widgets', ...update });
    expect(sim.call({ method: 'GET', path: at(item, 'acme', 'widgets') }).json).toMatchObject(update);
    expect(list(sim.call({ method: 'GET', path: at(create, 'acme') }).json).map((r) => [r['name'], r['description']])).toEqual([['widgets', 'renamed']]);

    // Another owner's, or another name, is another record.
    expect(sim.call({ method: 'GET', path: at(item, 'other', 'widgets') }).status).toBe(404);
    expect(sim.call({ method: 'GET', path: at(item, 'acme', 'gadgets') }).status).toBe(404);
    expect(list(sim.call({ method: 'GET', path: at(create, 'other') }).json)).toEqual([]);

    expect(sim.call({ method: 'DELETE', path: at(item, 'acme', 'widgets') }).status).toBeLessThan(300);
    expect(sim.call({ method: 'GET', path: at(item, 'acme', 'widgets') }).status).toBe(404);
  });
});

describe('a name made of the compound key', () => {
  it("is written on create from the owner the create names and the record's name", async () => {
    const { artifact } = await compileArtifact(fixture('gitea-repos-3.0.yaml'));
    const sim = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = sim.call({ method: 'POST', path: '/orgs/acme/repos', body: { name: 'widgets' } }).json;
    expect(made).toMatchObject({ full_name: 'acme/widgets', html_url: 'https://gitea.example.com/acme/widgets' });
  });
});

describe('x-simplane-behaviour on a compound key', () => {
  it('names the field a record is read by within its owner', async () => {
    const overlay = bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'keys', version: '1' }, actions: [{ target: '$.components.schemas.Repository', update: { 'x-simplane-behaviour': { records: { compoundKey: { field: 'slug' } } } } }] }));
    const reads = async (overlays: Uint8Array[]) => {
      const { artifact, outcome } = await compileArtifact(fixture('gitea-repos-3.0.yaml'), { overlays });
      expect(outcome.warnings).toEqual([]);
      const sim = await SimClient.open(artifact, { sampleRecords: 0 });
      sim.call({ method: 'POST', path: '/orgs/acme/repos', body: { name: 'Widgets', slug: 'widgets' } });
      return ['Widgets', 'widgets'].map((key) => sim.call({ method: 'GET', path: `/repos/acme/${key}` }).status);
    };
    expect(await reads([])).toEqual([200, 404]);
    expect(await reads([overlay])).toEqual([404, 200]);
  });
});
