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
    const state = new MapState();
    simulator.seed(state, { seed: 'x', sampleRecords: 4, now: new Date('2024-01-01T00:00:00.000Z') });
    expect(state.size('organizations')).toBe(4);
    const orgs = [...state.entries('organizations')].map(([k]) => k);
    expect(state.size(`organizations.members:${orgs[0]}`)).toBe(4);
    expect(state.size(`organizations.members:${orgs[1]}`)).toBe(0);
    for (const org of orgs) expect(state.size(`organizations.billing:${org}`)).toBe(1);
    expect(state.size('me')).toBe(1);
    expect(state.size('settings')).toBe(1);
    const again = new MapState();
    simulator.seed(again, { seed: 'x', sampleRecords: 4, now: new Date('2024-01-01T00:00:00.000Z') });
    expect(again.snapshot()).toBe(state.snapshot());
  });
});
