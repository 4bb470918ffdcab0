import { describe, expect, it } from 'vitest';
import { serialiseArtifact } from '../artifact/build-artifact.js';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { MapState } from '../testing/map-state.js';
import { EngineRuntime } from './engine-runtime.js';

describe('EngineRuntime', () => {
  it('loads an artifact once per digest and shares it', async () => {
    const { artifact } = await compileArtifact(fixture('shop-3.1.json'));
    const { bytes, digest } = serialiseArtifact(artifact);
    const runtime = new EngineRuntime();
    const [a, b] = await Promise.all([runtime.load(bytes, digest), runtime.load(bytes, digest)]);
    expect(a).toBe(b);
    expect(await runtime.load(bytes, digest)).toBe(a);
  });

  it('refuses a corrupted artifact, and does not cache the failure', async () => {
    const runtime = new EngineRuntime();
    await expect(runtime.load(new TextEncoder().encode('{"format":"other"}'), 'sha256:00')).rejects.toThrow(/not a Simplane artifact/);
    await expect(runtime.load(new TextEncoder().encode('not json'), 'sha256:01')).rejects.toThrow();
    await expect(runtime.load(new TextEncoder().encode('{"format":"simplane.artifact","version":1}'), 'sha256:02')).rejects.toThrow(/incomplete/);
    const { artifact } = await compileArtifact(fixture('coupons-3.1.json'));
    const { bytes } = serialiseArtifact(artifact);
    await expect(runtime.load(bytes, 'sha256:00')).resolves.toBeDefined();
  });

  it('seeds every top-level collection, nested ones under the first parent, and singletons', async () => {
    const { artifact } = await compileArtifact(fixture('saas-3.1.yaml'));
    const { bytes, digest } = serialiseArtifact(artifact);
    const simulator = await new EngineRuntime().load(bytes, digest);
    const seeder = simulator.seeder({ seed: 'x', sampleRecords: 4, now: new Date('2024-01-01T00:00:00.000Z') });
    const state = new MapState();
    for (const part of seeder.parts) seeder.seed(part, state);
    expect(state.size('organizations')).toBe(4);
    const orgs = [...state.entries('organizations')].map(([k]) => k);
    expect(state.size(`organizations.members:${orgs[0]}`)).toBe(4);
    expect(state.size(`organizations.members:${orgs[1]}`)).toBe(0);
    for (const org of orgs) expect(state.size(`organizations.billing:${org}`)).toBe(1);
    expect(state.size('me')).toBe(1);
    expect(state.size('settings')).toBe(1);
    const again = new MapState();
    for (const part of simulator.seeder({ seed: 'x', sampleRecords: 4, now: new Date('2024-01-01T00:00:00.000Z') }).parts.toReversed()) seeder.seed(part, again);
    // Each part seeds the same records whichever part comes first.
    const collections = (seeded: MapState) => new Map((JSON.parse(seeded.snapshot()) as { collections: Array<[string, unknown]> }).collections);
    expect(collections(again)).toEqual(collections(state));
    expect(again.snapshot()).not.toBe(state.snapshot());
  });

  it('names the part every collection of a resource belongs to, nested and id counters included', async () => {
    const { artifact } = await compileArtifact(fixture('saas-3.1.yaml'));
    const { bytes, digest } = serialiseArtifact(artifact);
    const seeder = (await new EngineRuntime().load(bytes, digest)).seeder({ seed: 'x', sampleRecords: 2, now: new Date('2024-01-01T00:00:00.000Z') });
    expect(seeder.parts).toEqual(expect.arrayContaining(['organizations', 'me', 'settings']));
    expect(seeder.parts.every((part) => !part.includes('.'))).toBe(true);
    expect(seeder.partsFor('organizations')).toEqual(['organizations']);
    expect(seeder.partsFor('organizations', 'org_1')).toEqual(['organizations']);
    expect(seeder.partsFor('organizations.members:org%3A1')).toEqual(['organizations']);
    expect(seeder.partsFor('organizations.billing:')).toEqual(['organizations']);
    expect(seeder.partsFor('me')).toEqual(['me']);
    expect(seeder.partsFor('_simplane.ids', 'organizations.members:org_1')).toEqual(['organizations']);
    expect(seeder.partsFor('_simplane.ids')).toEqual(seeder.parts);
    expect(seeder.partsFor('nothing')).toEqual([]);
    expect(seeder.partsFor('nothing:organizations')).toEqual([]);
    expect(seeder.partsFor('organization')).toEqual([]);
  });
});
