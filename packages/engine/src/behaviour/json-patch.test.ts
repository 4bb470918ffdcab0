import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

const fixture = (name: string) => readFileSync(new URL(`../../test-fixtures/patches/${name}`, import.meta.url), 'utf8');

async function simulation(name: string) {
  const { artifact } = await compileArtifact(fixture(name));
  return { artifact, sim: await SimClient.open(artifact, { sampleRecords: 0 }) };
}

const JSON_PATCH = 'application/json-patch+json';

describe('an update planned as an RFC 6902 JSON Patch', () => {
  it('is planned from the request media types, or from a body that lists operations', async () => {
    const mode = async (name: string, id: string) => (await compileArtifact(fixture(name))).artifact.operations.find((op) => op.id === id)?.write?.patch;
    expect(await mode('deployments-patch-3.0.yaml', 'patchNamespacedDeployment')).toBe('content-type');
    expect(await mode('work-items-patch-3.0.yaml', 'WorkItems_Update')).toBe('json-patch');
    expect(await mode('todos-patch-3.0.yaml', 'PatchTodo')).toBe('json-patch');
  });

  it('applies every operation of the patch to the record', async () => {
    const { sim } = await simulation('work-items-patch-3.0.yaml');
    const made = sim.call({ method: 'POST', path: '/wit/workitems', body: { rev: 1, fields: { 'System.Title': 'Printer on fire', 'System.State': 'New' } } }).json as { id: number };
    const patched = sim.call({
      method: 'PATCH',
      path: `/wit/workitems/${made.id}`,
      headers: { 'content-type': JSON_PATCH },
      body: [
        { op: 'test', path: '/rev', value: 1 },
        { op: 'replace', path: '/fields/System.State', value: 'Active' },
        { op: 'add', path: '/fields/System.AssignedTo', value: 'jane@example.com' },
        { op: 'remove', path: '/fields/System.Title' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ id: made.id, fields: { 'System.State': 'Active', 'System.AssignedTo': 'jane@example.com' } });
    expect((patched.json as { fields: Record<string, unknown> }).fields).not.toHaveProperty('System.Title');
    expect(sim.call({ method: 'GET', path: `/wit/workitems/${made.id}` }).json).toEqual(patched.json);
  });

  it('applies none of a patch one of whose operations fails, and says which', async () => {
    const { sim } = await simulation('todos-patch-3.0.yaml');
    const made = sim.call({ method: 'POST', path: '/api/todos', body: { name: 'walk the dog', isComplete: false, tags: ['home'] } }).json as { id: number };
    const failed = sim.call({ method: 'PATCH', path: `/api/todos/${made.id}`, body: [{ op: 'replace', path: '/isComplete', value: true }, { op: 'test', path: '/name', value: 'feed the cat' }] });
    expect(failed.status).toBe(409);
    expect(JSON.stringify(failed.json)).toContain('operation 1');
    expect(sim.call({ method: 'GET', path: `/api/todos/${made.id}` }).json).toMatchObject({ name: 'walk the dog', isComplete: false });
    const done = sim.call({ method: 'PATCH', path: `/api/todos/${made.id}`, body: [{ op: 'replace', path: '/isComplete', value: true }, { op: 'add', path: '/tags/-', value: 'today' }] });
    expect(done.json).toMatchObject({ id: made.id, isComplete: true, tags: ['home', 'today'] });
    // A record keeps its fields as its own: no patch reaches its prototype.
    expect(sim.call({ method: 'PATCH', path: `/api/todos/${made.id}`, body: [{ op: 'add', path: '/__proto__', value: { polluted: true } }] }).status).toBe(422);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reads the request content type where the operation takes several kinds of patch', async () => {
    const { sim } = await simulation('deployments-patch-3.0.yaml');
    sim.call({ method: 'POST', path: '/apis/apps/v1/namespaces/prod/deployments', body: { name: 'web', replicas: 2, labels: { app: 'web', tier: 'front' } } });
    const at = '/apis/apps/v1/namespaces/prod/deployments/web';
    const asPatch = sim.call({ method: 'PATCH', path: at, headers: { 'content-type': JSON_PATCH }, body: [{ op: 'replace', path: '/replicas', value: 5 }] });
    expect(asPatch.json).toMatchObject({ name: 'web', replicas: 5, labels: { app: 'web', tier: 'front' } });
    const asMerge = sim.call({ method: 'PATCH', path: at, headers: { 'content-type': 'application/merge-patch+json' }, body: { labels: { tier: null } } });
    expect(asMerge.json).toMatchObject({ replicas: 5, labels: { app: 'web' } });
    expect((asMerge.json as { labels: Record<string, string> }).labels).not.toHaveProperty('tier');
  });
});
