import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bytes, compileArtifact } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

const fixture = (name: string) => readFileSync(new URL(`../../test-fixtures/answers/${name}`, import.meta.url), 'utf8');
const SEEDS = ['a', 'b', 'c', 'd', 'e', 'f'];

async function answers(document: string, call: Parameters<SimClient['call']>[0], overlays: Uint8Array[] = []): Promise<unknown[]> {
  const { artifact } = await compileArtifact(fixture(document), { overlays });
  return Promise.all(
    SEEDS.map(async (seed) => {
      const sim = await SimClient.open(artifact, { seed, sampleRecords: 0 });
      const answer = sim.call(call);
      expect(answer.status).toBe(200);
      return answer.json;
    }),
  );
}

describe('a computed answer that lists its results', () => {
  it('is planned per operation: the lists that must hold items and how many', async () => {
    const planned = async (document: string) => Object.fromEntries((await compileArtifact(fixture(document))).artifact.operations.map((op) => [op.id, op.answerArrays]));
    expect(await planned('embeddings-3.1.yaml')).toEqual({ createEmbedding: [{ path: ['data'], min: 1 }] });
    expect(await planned('translate-2.0.yaml')).toEqual({ translate: [{ path: ['data', 'translations'], min: 1 }] });
    expect(await planned('geocode-3.0.yaml')).toEqual({ search: [{ path: [], min: 1 }], suggest: [{ path: ['suggestions'], min: 2 }] });
  });

  it('holds at least one result, even where the example answers none', async () => {
    for (const body of await answers('embeddings-3.1.yaml', { method: 'POST', path: '/embeddings', body: { input: 'hello', model: 'text-embedding-3-small' } })) {
      const { data } = body as { data: Array<{ object: string; embedding: number[] }> };
      expect(data.length).toBeGreaterThanOrEqual(1);
      expect(data[0]).toMatchObject({ object: 'embedding' });
    }
    for (const body of await answers('translate-2.0.yaml', { method: 'POST', path: '/v2', body: { q: ['hello'], target: 'de' } })) {
      expect((body as { data: { translations: unknown[] } }).data.translations.length).toBeGreaterThanOrEqual(1);
    }
    for (const body of await answers('geocode-3.0.yaml', { method: 'GET', path: '/search', query: 'q=Akron' })) {
      expect((body as unknown[]).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('honours minItems and leaves lists that are no results as the generator draws them', async () => {
    const drawn = (await answers('geocode-3.0.yaml', { method: 'GET', path: '/suggest', query: 'q=Ak' })) as Array<{ suggestions: string[]; warnings?: string[] }>;
    for (const { suggestions } of drawn) {
      expect(suggestions.length).toBeGreaterThanOrEqual(2);
      expect(suggestions.length).toBeLessThanOrEqual(5);
    }
    // Some seeds leave `warnings` out: nothing asks for a warning.
    expect(drawn.some((body) => body.warnings === undefined)).toBe(true);
  });

  it('follows an override of which lists hold items', async () => {
    const overlay = bytes(JSON.stringify({ overlay: '1.0.0', info: { title: 'answers', version: '1' }, actions: [{ target: "$.paths['/suggest'].get", update: { 'x-simplane-behaviour': { answerArrays: [{ path: ['warnings'], min: 3 }] } } }] }));
    for (const body of (await answers('geocode-3.0.yaml', { method: 'GET', path: '/suggest', query: 'q=Ak' }, [overlay])) as Array<{ warnings: string[] }>) {
      expect(body.warnings.length).toBeGreaterThanOrEqual(3);
    }
  });
});
