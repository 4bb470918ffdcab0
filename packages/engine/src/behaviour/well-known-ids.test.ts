import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

const fixture = (name: string) => readFileSync(new URL(`../../test-fixtures/well-known/${name}`, import.meta.url), 'utf8');

async function simulation(name: string, overlays: Uint8Array[] = []) {
  const { artifact } = await compileArtifact(fixture(name), { overlays });
  return { artifact, sim: await SimClient.open(artifact, { sampleRecords: 0 }) };
}

const plan = (artifact: Awaited<ReturnType<typeof compileArtifact>>['artifact'], resource: string) => artifact.resources.find((r) => r.name === resource)!.records!;

describe('an id a path parameter describes as always there', () => {
  it("is kept in the record plan: an id as a well-known id, a word as an alias", async () => {
    expect(plan((await compileArtifact(fixture('box-folders-3.0.yaml'))).artifact, 'folders').wellKnownIds).toEqual(['0']);
    expect(plan((await compileArtifact(fixture('zoom-users-3.0.yaml'))).artifact, 'users').aliases).toContain('me');
    const files = plan((await compileArtifact(fixture('drive-files-3.0.yaml'))).artifact, 'files');
    expect(files.aliases).toContain('root');
    expect(files.wellKnownIds).toBeUndefined();
  });

  it('reads in a new Simulation, where nothing was created, and is written to as any record', async () => {
    const { sim } = await simulation('box-folders-3.0.yaml');
    const root = sim.call({ method: 'GET', path: '/folders/0' });
    expect(root.status).toBe(200);
    expect(root.json).toMatchObject({ id: '0', type: 'folder' });
    expect(sim.call({ method: 'GET', path: '/folders/1' }).status).toBe(404);
    expect(sim.call({ method: 'PUT', path: '/folders/0', body: { name: 'All Files' } }).json).toMatchObject({ id: '0', name: 'All Files' });
    expect(sim.call({ method: 'GET', path: '/folders/0' }).json).toMatchObject({ id: '0', name: 'All Files' });
  });

  it("answers the caller's own record for a word the description names", async () => {
    const { sim } = await simulation('zoom-users-3.0.yaml');
    const me = sim.call({ method: 'GET', path: '/users/me' });
    expect(me.status).toBe(200);
    // The record's own id, not the word it was asked by.
    expect((me.json as { id: string }).id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(sim.call({ method: 'GET', path: '/users/someone-else' }).status).toBe(404);
  });

  it('is a parent that needs no creating', async () => {
    const { sim } = await simulation('drive-files-3.0.yaml');
    expect(sim.call({ method: 'GET', path: '/files/root' }).status).toBe(200);
    expect(sim.call({ method: 'GET', path: '/files/root/children' }).status).toBe(200);
    expect(sim.call({ method: 'GET', path: '/files/nothing/children' }).status).toBe(404);
  });

  it('follows an override of the well-known ids', async () => {
    const overlay = bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'ids', version: '1' }, actions: [{ target: '$.components.schemas.Folder', update: { 'x-simplane-behaviour': { records: { wellKnownIds: ['1'] } } } }] }));
    const { sim } = await simulation('box-folders-3.0.yaml', [overlay]);
    expect(sim.call({ method: 'GET', path: '/folders/1' }).status).toBe(200);
    expect(sim.call({ method: 'GET', path: '/folders/0' }).status).toBe(404);
  });
});
